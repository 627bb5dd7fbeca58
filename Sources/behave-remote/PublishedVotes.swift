#if Remote
    import BehaveCLI
    import BehaveDemos
    import BehaveRemote
    import NIOConcurrencyHelpers

    /// The keynote's votes, sent back through the pub/sub server the events come from (`--vote-url`):
    /// each one a message `{"event": "VOTE", "data": {"destination": …, "voter": …}}` that the
    /// presenter reads from the server in the order it took them.
    struct PublishedVotes: VoteSending {
        /// The publisher, made at the first vote (a host that never votes, as the one that checks a
        /// new copy, makes no client), or why the URL is refused: the vote says so.
        private let publisher: NIOLockedValueBox<Result<LivePublisher, RemoteError>?>
        private let url: String
        private let configuration: LiveEventsConfiguration
        /// Who votes: the same in every vote of the run.
        let voter: String

        /// Votes to `url`, with what the run trusts and sends to its servers.
        init(url: String, voter: String, connection: ModuleConnection) {
            var configuration = LiveEventsConfiguration()
            configuration.headers = connection.headers.map { (name: $0.name, value: $0.value) }
            configuration.certificateAuthorities = connection.certificateAuthorities
            configuration.allowHTTP = connection.allowHTTP
            self.url = url
            self.configuration = configuration
            publisher = NIOLockedValueBox(nil)
            self.voter = voter
        }

        func send(_ destination: TrainDestination) async throws -> String {
            let made = publisher.withLockedValue { made in
                if made == nil {
                    made = Result { () throws(RemoteError) in try LivePublisher(url: url, configuration: configuration)
                    }
                }
                return made!
            }
            let publisher: LivePublisher
            do { publisher = try made.get() } catch {
                throw KeynoteError("the vote for \(destination.rawValue) was not sent: \(error)")
            }
            do {
                try await publisher.publish(
                    #"{"event": "VOTE", "data": {"destination": "\#(destination.rawValue)", "voter": "\#(voter)"}}"#)
            } catch {
                throw KeynoteError("the vote for \(destination.rawValue) was not sent to \(publisher.url): \(error)")
            }
            return "Vote for \(destination.rawValue) sent"
        }

        /// A voter id for a run that names none: random, so that two devices do not share one.
        static func randomVoter() -> String {
            String(UInt64.random(in: 0...UInt64.max), radix: 16)
        }
    }
#endif
