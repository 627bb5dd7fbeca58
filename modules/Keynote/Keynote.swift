import Behave

/// The interactive keynote of seed 003: shows the screen of each state the server pushes
/// and sends the spectator's vote.
///
/// ```lua
/// on("VOTE_TRAIN_START", function()
///   Keynote.show(Keynote.screen("VOTE_TRAIN_START"))   -- screen TrainVote: Which train…
///   print(Keynote.vote("Bordeaux"))                     -- waits for the server's answer
/// end)
/// ```
public struct Keynote: BehaveModule {
    public let name = "Keynote"
    public var doc: String { "The Xebicon'16 keynote (seed 003): screens and the train vote" }
    /// Where votes go.
    public var center: any VoteSending
    /// Seconds (of the host's clock) a vote takes to reach the server.
    public var latency: Double

    /// A keynote sending votes to `center`, each taking `latency` seconds.
    public init(center: any VoteSending = RecordingVoteCenter(), latency: Double = 0.5) {
        self.center = center
        self.latency = latency
    }

    public var actions: [Action] {
        let center = self.center
        let latency = self.latency
        return [
            Action(
                "screen", doc: "The screen the app presents in a state (KEYNOTE_START → KeynoteWelcome)",
                Action.Parameter("state", doc: "a state the server pushes")
            ) {
                (_, state: String) throws -> String in
                guard let known = KeynoteState(rawValue: state) else {
                    let states = KeynoteState.allCases.map(\.rawValue).joined(separator: ", ")
                    throw KeynoteError("unknown keynote state '\(state)' (expected one of \(states))")
                }
                return known.screen.rawValue
            },
            Action(
                "show", doc: "Presents a screen (the tool prints it)",
                Action.Parameter("screen", doc: "a screen name, e.g. TrainVote")
            ) {
                (context, screen: String) throws in
                guard let known = KeynoteScreen(rawValue: screen) else {
                    let screens = KeynoteScreen.allCases.map(\.rawValue).joined(separator: ", ")
                    throw KeynoteError("unknown screen '\(screen)' (expected one of \(screens))")
                }
                try context.print("screen \(known.rawValue): \(known.title)")
            },
            // snippet: async-action
            Action(
                "vote", doc: "Sends the spectator's vote and returns the server's confirmation",
                Action.Parameter("destination", doc: "Bordeaux or Lyon")
            ) {
                (context, destination: String) async throws -> String in
                guard let train = TrainDestination(rawValue: destination) else {
                    throw KeynoteError("no train goes to '\(destination)' (expected Bordeaux or Lyon)")
                }
                try await context.sleep(latency)
                return try await center.send(train)
            },
            // snippet end
        ]
    }
}

/// A keynote action refused its arguments.
public struct KeynoteError: Error, CustomStringConvertible {
    public var description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
