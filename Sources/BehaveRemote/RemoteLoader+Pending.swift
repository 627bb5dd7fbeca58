#if Remote
    import Behave

    extension RemoteLoader {
        /// Fetches `url` now, with every check of a load (signature, sequence, quarantine,
        /// `validate`), and keeps a new copy beside the current one, as a fetch in the background
        /// does: the current copy stays current, so a failure of the copy that runs still
        /// quarantines that copy, and the next load, or ``activate(_:)``, makes the new one
        /// current. Returns the new copy and its signed sequence; nil when the server confirmed the
        /// current copy. Throws why there is no new copy to have.
        nonisolated(nonsending) public func fetchPending(_ url: String, validate: (Behaviour) -> [Diagnostic])
            async throws(RemoteProblem) -> (copy: RemoteBehaviour, sequence: Int64?)?
        {
            var notes: [String] = []
            let cache = BehaviourCache(directory: configuration.cacheDirectory)
            let cached = cachedCopy(of: url, in: cache, notes: &notes, validate: validate)
            let highest = highestSequence(of: url, in: cache, cached: cached, notes: &notes)
            let outcome = admitted(
                await fetchNow(url, cached: cached, highest: highest), url: url, cache: cache, validate: validate)
            switch outcome {
            case .success(let (copy, .downloaded)):
                do { try cache.storePending(copy.entry) } catch { throw .unreachable("\(error)") }
                let loaded = RemoteBehaviour(
                    url: url, behaviour: copy.behaviour, origin: .downloaded, fetchedAt: copy.entry.fetchedAt,
                    signer: copy.signer, notes: notes, isFirstRun: !cache.hasRunWell(url, body: copy.entry.body))
                return (loaded, copy.entry.signature?.sequence)
            case .success(let (copy, _)):
                try? cache.store(copy.entry)  // the confirmation's time and validators
                return nil
            case .failure(let problem):
                throw problem
            }
        }

        /// Makes `copy`, which ``fetchPending(_:validate:)`` kept, the current copy of its URL (the
        /// current one becomes the previous one, which a quarantine of `copy` brings back). False,
        /// changing nothing, when another copy is pending now.
        public func activate(_ copy: RemoteBehaviour) -> Bool {
            let cache = BehaviourCache(directory: configuration.cacheDirectory)
            guard let pending = try? cache.pendingEntry(for: copy.url), pending.body == copy.behaviour.bytes else {
                return false
            }
            do { try cache.store(pending) } catch { return false }
            cache.removePending(for: copy.url)
            cache.removeQuarantine(for: copy.url)  // the server serves other bytes now
            return true
        }
    }
#endif
