/// The keynote's states, as the server pushes them (seed 003's `KeynoteState`).
public enum KeynoteState: String, CaseIterable, Sendable {
    case welcome = "KEYNOTE_START"
    case end = "KEYNOTE_END"
    case trainVote = "VOTE_TRAIN_START"
    case trainVoteEnd = "VOTE_TRAIN_END"
    case trainDeparture = "TRAIN_DEPARTURE_START"
    case trainDepartureEnd = "TRAIN_DEPARTURE_END"
    case xebiconArrival = "TRAIN_POSITION"
    case hotDeploymentStart = "HOT_DEPLOYMENT_START"
    case hotDeploymentEnd = "HOT_DEPLOYMENT_END"
    case availabilityStart = "AVAILABILITY_START"
    case availabilityEnd = "AVAILABILITY_END"
    case obstacle = "OBSTACLE"
    case obstacleCleared = "OBSTACLE_CLEARED"

    /// The screen the app presents in this state (the seed's router).
    public var screen: KeynoteScreen {
        switch self {
        case .welcome, .end: .keynoteWelcome
        case .trainVote: .trainVote
        case .trainVoteEnd: .trainVoteComplete
        case .trainDeparture: .trainRideStart
        case .trainDepartureEnd: .trainRideEnd
        case .availabilityStart: .purchaseStart
        case .availabilityEnd: .purchaseEnd
        case .hotDeploymentStart: .deploymentStart
        case .hotDeploymentEnd: .deploymentEnd
        case .obstacle: .obstacle
        case .obstacleCleared: .obstacleCleared
        case .xebiconArrival: .keynoteEnd
        }
    }
}

/// The keynote's screens (seed 003's storyboard scenes).
public enum KeynoteScreen: String, CaseIterable, Sendable {
    case keynoteWelcome = "KeynoteWelcome"
    case trainVote = "TrainVote"
    case trainVoteComplete = "TrainVoteComplete"
    case trainRideStart = "TrainRideStart"
    case trainRideEnd = "TrainRideEnd"
    case purchaseStart = "PurchaseStart"
    case purchaseEnd = "PurchaseEnd"
    case deploymentStart = "DeploymentStart"
    case deploymentEnd = "DeploymentEnd"
    case obstacle = "Obstacle"
    case obstacleCleared = "ObstacleCleared"
    case keynoteEnd = "KeynoteEnd"

    /// What the screen says.
    public var title: String {
        switch self {
        case .keynoteWelcome: "Welcome to the Xebicon'16 keynote"
        case .trainVote: "Which train takes you to Xebicon: Bordeaux or Lyon?"
        case .trainVoteComplete: "Votes are closed"
        case .trainRideStart: "The train is leaving"
        case .trainRideEnd: "The train has arrived"
        case .purchaseStart: "The bar car is open"
        case .purchaseEnd: "The bar car is closed"
        case .deploymentStart: "Hot deployment in progress"
        case .deploymentEnd: "Hot deployment done"
        case .obstacle: "Obstacle on the tracks!"
        case .obstacleCleared: "The tracks are clear"
        case .keynoteEnd: "Next stop: Xebicon"
        }
    }
}

/// Where the trains go (seed 003's `TrainDestination`).
public enum TrainDestination: String, CaseIterable, Sendable {
    case bordeaux = "Bordeaux"
    case lyon = "Lyon"
}
