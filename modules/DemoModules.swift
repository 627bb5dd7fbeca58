import Behave

/// The seed's demo modules, as the `behave` tool carries them.
public enum DemoModules {
    /// `MyFirstModule`, `MySecondModule`, `MyThirdModule` and `Keynote`; `openURLs` lets
    /// `MyThirdModule.openUrl` launch a browser instead of printing the URL; `votes` is where the
    /// keynote's votes go (by default, a count in memory).
    public static func all(openURLs: Bool, votes: (any VoteSending)? = nil) -> [any BehaveModule] {
        [
            MyFirstModule(), MySecondModule(), MyThirdModule(opener: openURLs ? SystemOpener() : PrintingOpener()),
            Keynote(center: votes ?? RecordingVoteCenter()),
        ]
    }

    /// What the tool's `--open-urls` lets ``all(openURLs:)``'s modules do, for its help.
    public static let openURLsHelp = "Let MyThirdModule.openUrl launch xdg-open/open instead of printing 'open URL'."

    /// What the tool's `--vote-url` does, for its help.
    public static let voteURLHelp =
        "Publish the keynote's votes to this URL of the pub/sub server (a POST each; docs/live.md), with the run's --header, --ca-file and --allow-http."

    /// What the tool's `--voter` does, for its help.
    public static let voterHelp =
        "Who votes, in each vote --vote-url publishes (letters, digits, . _ -). Default: a random id."

    /// Whether `voter` may name a voter: 1 to 64 letters, digits, dots, underscores and dashes,
    /// so that it goes into a vote's JSON as it is.
    public static func isVoter(_ voter: String) -> Bool {
        (1...64).contains(voter.utf8.count)
            && voter.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2E || byte == 0x5F || byte == 0x2D
            }
    }
}
