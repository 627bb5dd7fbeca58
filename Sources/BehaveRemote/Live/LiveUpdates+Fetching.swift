#if Remote
    import Behave

    extension LiveUpdates {
        /// Fetches, and fetches again while notices came during the fetch.
        func fetchUntilQuiet() async {
            while true {
                await fetchOnce()
                let again: Bool = state.withLockedValue { state in
                    let again = state.again
                    state.again = false
                    state.fetching = again
                    return again
                }
                if !again { return }
            }
        }

        /// One fetch, as a launch makes it but always asking the server; a new copy that passes
        /// every check is kept pending and takes over by the policy.
        private func fetchOnce() async {
            var fresh = configuration
            fresh.refresh = true
            let fetched: (copy: RemoteBehaviour, sequence: Int64?)?
            do { fetched = try await RemoteLoader(fresh).fetchPending(url, validate: validate) } catch {
                say("\(url): no new copy: \(error); the running copy stays")
                return
            }
            guard var fetched, fetched.copy.behaviour.bytes != running.behaviour.bytes else { return }
            // A new copy of the same behaviour: it keeps the running copy's store namespace.
            fetched.copy.behaviour.identity = running.behaviour.identity
            let named = fetched.sequence.map { " (sequence \($0))" } ?? ""
            let notice: PlainValue = .object([
                "url": .string(url), "sequence": fetched.sequence.map { .integer($0) } ?? .null,
            ])
            guard policy != .nextLaunch else {
                say("\(url): a new copy\(named) is kept for the next launch")
                return
            }
            let moment: HandOver.Moment = policy == .now ? .now : .whenIdle
            // Under the lock, so that the copy the request is for and the request go together.
            let asked = state.withLockedValue { state in
                state.candidate = fetched
                return state.channel?.handOver(moment, notice: notice) ?? false
            }
            say(
                asked
                    ? "\(url): a new copy\(named) takes over \(policy == .now ? "now" : "when the behaviour is idle")"
                    : "\(url): a new copy\(named) is kept for the next launch: no run to hand over")
        }

        /// An integer in a notice: a JSON number with no fraction.
        static func integer(_ value: PlainValue?) -> Int64? {
            switch value {
            case .integer(let n)?: n
            case .number(let x)? where x == x.rounded() && abs(x) < 9e18: Int64(x)
            default: nil
            }
        }
    }
#endif
