#if Remote
    import Behave

    /// Loads behaviours from a server the way an app in production needs: the last good copy when the
    /// network fails, conditional requests, a size limit, signatures, a minimum interval between fetches.
    ///
    /// ```swift
    /// let loader = RemoteLoader(configuration)
    /// let loaded = try await loader.load("https://example.com/Protocols.json") { host.check($0) }
    /// if let warning = loaded.warning { log(warning) }
    /// let report = try await host.run(loaded.behaviour)
    /// ```
    ///
    /// A copy replaces the cached one only after it has been fully received, validated and (when keys are
    /// given) verified; the cached copy is checked the same way before it is used.
    public struct RemoteLoader: Sendable {
        public var configuration: RemoteConfiguration

        public init(_ configuration: RemoteConfiguration = RemoteConfiguration()) { self.configuration = configuration }

        /// Loads `url`. `validate` returns what is wrong with a copy (diagnostics of severity `.error` make it
        /// unusable; warnings are ignored here). Whichever copy runs, the fallback too, has `url` as its
        /// `Behaviour.identity`: the URL's copies and its fallback keep one store namespace.
        nonisolated(nonsending) public func load(_ url: String, validate: (Behaviour) -> [Diagnostic])
            async throws(RemoteError) -> RemoteBehaviour
        {
            try refuseUnlessAllowed(url)
            var notes: [String] = []
            let cache = BehaviourCache(directory: configuration.cacheDirectory)
            var cached = cachedCopy(of: url, in: cache, notes: &notes, validate: validate)
            let highest = highestSequence(of: url, in: cache, cached: cached, notes: &notes)
            do { _ = try cache.quarantineRecord(for: url) } catch {
                notes.append("the quarantine record of \(url) is damaged (\(error)) and is ignored")
            }

            let promoted = promotePending(
                url, cached: cached, highest: highest, cache: cache, notes: &notes, validate: validate)
            cached = promoted.copy
            // A copy that has not run well before: a failure of this run quarantines it
            // (quarantine(_:because:)). Bytes that ran well once are never on their first run again.
            let firstRun = promoted.promoted && !cache.hasRunWell(url, body: promoted.copy?.entry.body ?? [])

            if let cached, !configuration.refresh, configuration.minimumFetchInterval > 0 {
                let age = WallClock.now() - cached.entry.fetchedAt
                if age >= 0 && age < configuration.minimumFetchInterval {
                    return RemoteBehaviour(
                        url: url, behaviour: cached.behaviour, origin: .withinInterval,
                        fetchedAt: cached.entry.fetchedAt, signer: cached.signer, notes: notes, isFirstRun: firstRun)
                }
            }

            let outcome: FetchOutcome
            if let cached, let wait = configuration.maximumWait {
                // The fetch runs on its own; the load waits for it at most `wait` seconds.
                let loader = self
                let fetch = Task { await loader.fetchNow(url, cached: cached, highest: highest) }
                // The fetch goes on past the wait: it is not cancelled, only no longer waited for.
                guard let finished = await Race.within(wait, cancelling: false, { await fetch.value }) else {
                    let refresh = BackgroundRefresh(fetch: fetch, url: url, cache: cache)
                    return RemoteBehaviour(
                        url: url, behaviour: cached.behaviour, origin: .cachedWhileRefreshing,
                        fetchedAt: cached.entry.fetchedAt, signer: cached.signer, notes: notes, refresh: refresh,
                        isFirstRun: firstRun)
                }
                outcome = finished
            } else {
                outcome = await fetchNow(url, cached: cached, highest: highest)
            }
            return try settle(
                admitted(outcome, url: url, cache: cache, validate: validate), url: url, cached: cached, cache: cache,
                notes: notes, firstRun: firstRun, validate: validate)
        }

        /// The fresh copy and where it came from, or why there is none.
        typealias FetchOutcome = Result<(UsableCopy, RemoteBehaviour.Origin), RemoteProblem>

        /// Refuses what is not an http(s) URL, and plain http unless the configuration allows it.
        private func refuseUnlessAllowed(_ url: String) throws(RemoteError) {
            let lower = url.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
                throw .refusedURL(url, reason: "expected an https:// URL")
            }
            if lower.hasPrefix("http://") && !configuration.allowHTTP {
                throw .refusedURL(
                    url,
                    reason: "plain http is refused; use https, or pass --allow-http (allowHTTP) for a server you trust"
                )
            }
        }

        /// The cached copy of `url` if it still verifies and validates; nil, with a note saying why, if not.
        func cachedCopy(
            of url: String, in cache: BehaviourCache, notes: inout [String], validate: (Behaviour) -> [Diagnostic]
        ) -> UsableCopy? {
            do {
                if let entry = try cache.entry(for: url) {
                    switch usable(entry, url: url, validate: validate) {
                    case .success(let (behaviour, signer)):
                        return UsableCopy(entry: entry, behaviour: behaviour, signer: signer)
                    case .failure(let why): notes.append("the cached copy of \(url) is not used: \(why)")
                    }
                }
            } catch {
                notes.append("the cached copy of \(url) is damaged (\(error)) and is ignored")
            }
            return nil
        }

        /// The highest sequence ever accepted for `url`, kept apart from the copies: no copy with a
        /// lower one is accepted, whatever became of the copy that carried it.
        func highestSequence(
            of url: String, in cache: BehaviourCache, cached: UsableCopy?, notes: inout [String]
        ) -> Int64? {
            do { return try cache.highestSequence(for: url) } catch {
                notes.append("\(url): \(error); the sequences of the kept copies stand in for it")
                return [cache.previousEntry(for: url), cached?.entry].compactMap { $0?.signature?.sequence }.max()
            }
        }

        /// Fetches the fresh copy with a client of its own, shut down after it.
        nonisolated(nonsending) func fetchNow(
            _ url: String, cached: UsableCopy?, highest: Int64?
        ) async -> FetchOutcome {
            do throws(RemoteProblem) {
                let fetcher = try HTTPFetcher(configuration: configuration)
                let outcome = await fetchFresh(url, cached: cached, highest: highest, fetcher: fetcher)
                await fetcher.shutdown()
                return outcome
            } catch {
                return .failure(error)
            }
        }

        /// A downloaded copy is kept only if it validates and is not the quarantined one.
        func admitted(
            _ outcome: FetchOutcome, url: String, cache: BehaviourCache, validate: (Behaviour) -> [Diagnostic]
        ) -> FetchOutcome {
            guard case .success(let (copy, .downloaded)) = outcome else { return outcome }
            var outcome = outcome
            let errors = validated(copy.entry, copy.behaviour, cache: cache, validate: validate)
            if !errors.isEmpty { outcome = .failure(.invalid(errors)) }
            if let quarantine = cache.quarantine(for: url, matching: copy.entry.body) {
                outcome = .failure(.quarantined(reason: quarantine.reason, at: quarantine.at))
            }
            return outcome
        }

        /// What runs after the fetch: the fresh copy (kept in the cache); else the last good copy; else
        /// the fallback, if it validates; else nothing.
        private func settle(
            _ outcome: FetchOutcome, url: String, cached: UsableCopy?, cache: BehaviourCache, notes: [String],
            firstRun: Bool, validate: (Behaviour) -> [Diagnostic]
        ) throws(RemoteError) -> RemoteBehaviour {
            var notes = notes
            switch outcome {
            case .success(let (copy, origin)):
                do { try cache.store(copy.entry) } catch { notes.append("\(error); the copy runs but is not kept") }
                if origin == .downloaded { cache.removeQuarantine(for: url) }  // the server serves other bytes now
                return RemoteBehaviour(
                    url: url, behaviour: copy.behaviour, origin: origin, fetchedAt: copy.entry.fetchedAt,
                    signer: copy.signer, notes: notes,
                    isFirstRun: (origin == .downloaded || firstRun) && !cache.hasRunWell(url, body: copy.entry.body))
            case .failure(let problem):
                if let cached {
                    return RemoteBehaviour(
                        url: url, behaviour: cached.behaviour, origin: .lastGoodCopy, problem: problem,
                        fetchedAt: cached.entry.fetchedAt, signer: cached.signer, notes: notes, isFirstRun: firstRun)
                }
                guard let fallback = configuration.fallback else {
                    throw .nothingToRun(url: url, problem: problem, fallbackProblem: nil, notes: notes)
                }
                let errors = validate(fallback).filter { $0.severity == .error }
                if let first = errors.first {
                    throw .nothingToRun(url: url, problem: problem, fallbackProblem: "\(first)", notes: notes)
                }
                var shared = fallback
                shared.identity = url
                return RemoteBehaviour(url: url, behaviour: shared, origin: .fallback, problem: problem, notes: notes)
            }
        }

        /// A fresh copy fetched in the background at an earlier load becomes the current one now, if
        /// it still verifies and validates; otherwise it is dropped, with a note saying why.
        private func promotePending(
            _ url: String, cached: UsableCopy?, highest: Int64?, cache: BehaviourCache, notes: inout [String],
            validate: (Behaviour) -> [Diagnostic]
        ) -> (copy: UsableCopy?, promoted: Bool) {
            let pending: CacheEntry?
            do { pending = try cache.pendingEntry(for: url) } catch {
                notes.append("the fresh copy of \(url) fetched in the background is damaged (\(error)) and is dropped")
                cache.removePending(for: url)
                return (cached, false)
            }
            guard let pending else { return (cached, false) }
            defer { cache.removePending(for: url) }
            if cache.quarantine(for: url, matching: pending.body) != nil {
                notes.append("the fresh copy of \(url) fetched in the background is the quarantined one: not used")
                return (cached, false)
            }
            if let floor = highest, let sequence = pending.signature?.sequence, sequence < floor {
                notes.append(
                    "the fresh copy of \(url) fetched in the background is not used: "
                        + "\(RemoteProblem.olderSequence(sequence, lastGood: floor))")
                return (cached, false)
            }
            switch usable(pending, url: url, validate: validate) {
            case .success(let (behaviour, signer)):
                do { try cache.store(pending) } catch { notes.append("\(error); the fresh copy runs but is not kept") }
                cache.removeQuarantine(for: url)
                return (UsableCopy(entry: pending, behaviour: behaviour, signer: signer), true)
            case .failure(let why):
                notes.append("the fresh copy of \(url) fetched in the background is not used: \(why)")
                return (cached, false)
            }
        }

        /// Reports that `loaded` failed its first run (an uncaught error, a limit, a failed handler):
        /// the copy is quarantined with `reason` (and `recording`, the failing run's, kept for
        /// `behave replay` until the quarantine ends), the copy before it becomes current again (or, with
        /// none, the fallback runs next), and the same bytes are refused until the server serves
        /// others. Returns false, doing nothing, for a copy that had run before.
        @discardableResult
        public func quarantine(_ loaded: RemoteBehaviour, because reason: String, recording: Recording? = nil) -> Bool {
            guard loaded.isFirstRun, loaded.origin != .fallback else { return false }
            do {
                try BehaviourCache(directory: configuration.cacheDirectory).quarantineCurrent(
                    of: loaded.url, reason, recording: recording.map { Array($0.jsonLines.utf8) })
            } catch {
                return false
            }
            return true
        }

        /// Reports that `loaded` ran well: its bytes are never on their first run again, so a later
        /// failure of the same bytes (a bad argument, a transient error) does not quarantine them.
        public func ranWell(_ loaded: RemoteBehaviour) {
            guard loaded.origin != .fallback else { return }
            try? BehaviourCache(directory: configuration.cacheDirectory).recordRunWell(
                loaded.url, body: loaded.behaviour.bytes)
        }

        /// What the cache keeps for `url`: the active copy, the previous one, a pending one, a quarantine.
        public func status(of url: String) -> CacheStatus {
            BehaviourCache(directory: configuration.cacheDirectory).status(of: url)
        }

        /// A copy that may run: the cache entry that keeps it, the behaviour, the key that signed it.
        struct UsableCopy: Sendable {
            var entry: CacheEntry
            var behaviour: Behaviour
            var signer: PublicKey?
        }

        /// The fresh copy (downloaded, received in full and verified; or the cached one confirmed by
        /// a 304); or why not. A downloaded copy is not validated yet: the caller does it, now or (for a
        /// copy fetched in the background) at the next load.
        private func fetchFresh(
            _ url: String, cached: UsableCopy?, highest: Int64?, fetcher: HTTPFetcher
        )
            async -> Result<(UsableCopy, RemoteBehaviour.Origin), RemoteProblem>
        {
            let deadline = WallClock.now() + configuration.timeout
            var headers: [(String, String)] = []
            if let etag = cached?.entry.etag { headers.append(("If-None-Match", etag)) }
            if let lastModified = cached?.entry.lastModified { headers.append(("If-Modified-Since", lastModified)) }
            let answer: TransportResponse
            do {
                answer = try await fetcher.get(
                    url, headers: headers, maximumSize: configuration.maximumSize, deadline: deadline)
            } catch {
                return .failure(error)
            }
            let etag = answer.header("etag")
            let lastModified = answer.header("last-modified")
            if answer.status == 304 {
                guard var confirmed = cached else {
                    return .failure(.protocolError("the server answered 304 to an unconditional request"))
                }
                confirmed.entry.fetchedAt = WallClock.now()
                if let etag { confirmed.entry.etag = etag }
                if let lastModified { confirmed.entry.lastModified = lastModified }
                return .success((confirmed, .notModified))
            }
            guard answer.status == 200 else { return .failure(.status(answer.status)) }
            let format: Behaviour.Format
            do {
                format = try ServedFormat.format(
                    contentType: answer.header("content-type"), url: url, body: answer.body)
            } catch {
                return .failure(error)
            }
            var signature: Signature?
            var signer: PublicKey?
            if !configuration.publicKeys.isEmpty {
                switch await fetchSignature(url, fetcher: fetcher, deadline: deadline) {
                case .failure(let problem):
                    return .failure(problem)
                case .success(nil):
                    if configuration.requireSignature { return .failure(.unsigned) }
                case .success(let found?):
                    guard let key = found.signer(of: answer.body, among: configuration.publicKeys) else {
                        return .failure(
                            .badSignature(
                                "none of the \(configuration.publicKeys.count) trusted key\(configuration.publicKeys.count == 1 ? "" : "s") made it over these bytes"
                            ))
                    }
                    if let at = found.passedExpiry { return .failure(.expired(at: at)) }
                    if let lastGood = [cached?.entry.signature?.sequence, highest].compactMap({ $0 }).max(),
                        found.sequence < lastGood
                    {
                        return .failure(.olderSequence(found.sequence, lastGood: lastGood))
                    }
                    signature = found
                    signer = key
                }
            }
            let behaviour = Behaviour(name: url, bytes: answer.body, format: format)
            let entry = CacheEntry(
                url: url, body: answer.body, format: format, etag: etag, lastModified: lastModified,
                fetchedAt: WallClock.now(), signature: signature)
            return .success((UsableCopy(entry: entry, behaviour: behaviour, signer: signer), .downloaded))
        }

        /// `URL.sig`: nil when the server has none (404 or 410).
        private func fetchSignature(
            _ url: String, fetcher: HTTPFetcher,
            deadline: Double
        ) async -> Result<Signature?, RemoteProblem> {
            let signatureURL = RemoteLoader.signatureURL(for: url)
            let answer: TransportResponse
            do {
                answer = try await fetcher.get(signatureURL, maximumSize: Self.signatureLimit, deadline: deadline)
            } catch .tooLarge {
                return .failure(
                    .badSignature(
                        "\(signatureURL) is larger than a signature file may be (\(Self.signatureLimit) bytes)"))
            } catch {
                return .failure(.badSignature("cannot fetch \(signatureURL): \(error)"))
            }
            if answer.status == 404 || answer.status == 410 { return .success(nil) }
            guard answer.status == 200 else {
                return .failure(.badSignature("cannot fetch \(signatureURL): the server answered \(answer.status)"))
            }
            do { return .success(try Signature(text: String(decoding: answer.body, as: UTF8.self))) } catch {
                return .failure(.badSignature("\(signatureURL): \(error)"))
            }
        }

        /// The most bytes a `.sig` may hold: one line of a few dozen bytes, whatever `--max-size` says.
        static let signatureLimit = 4096

        /// Where a behaviour's detached signature is served: the same URL with `.sig` added to its path.
        public static func signatureURL(for url: String) -> String {
            guard let split = url.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return url + ".sig" }
            return url[..<split] + ".sig" + url[split...]
        }

        /// A cached copy is used only if it still verifies with today's keys and still validates.
        private func usable(
            _ entry: CacheEntry, url: String,
            validate: (Behaviour) -> [Diagnostic]
        ) -> Result<(Behaviour, PublicKey?), CacheDamage> {
            var signer: PublicKey?
            if !configuration.publicKeys.isEmpty {
                if let signature = entry.signature {
                    guard let key = signature.signer(of: entry.body, among: configuration.publicKeys) else {
                        return .failure(CacheDamage("its signature is not by any of the trusted keys"))
                    }
                    if let at = signature.passedExpiry {
                        return .failure(CacheDamage("its signature expired on \(UTCDate.text(at))"))
                    }
                    signer = key
                } else if configuration.requireSignature {
                    return .failure(CacheDamage("it is unsigned and a signature is required"))
                }
            }
            let behaviour = Behaviour(name: url, bytes: entry.body, format: entry.format)
            let cache = BehaviourCache(directory: configuration.cacheDirectory)
            if let error = validated(entry, behaviour, cache: cache, validate: validate).first {
                return .failure(CacheDamage("it no longer validates: \(error)"))
            }
            return .success((behaviour, signer))
        }

        /// The errors `validate` finds in a copy. With a ``RemoteConfiguration/validatorIdentity``, a
        /// copy whose bytes passed the same validator before is not validated again.
        private func validated(
            _ entry: CacheEntry, _ behaviour: Behaviour, cache: BehaviourCache, validate: (Behaviour) -> [Diagnostic]
        ) -> [Diagnostic] {
            guard let validator = configuration.validatorIdentity else {
                return validate(behaviour).filter { $0.severity == .error }
            }
            if cache.passedValidation(entry.url, body: entry.body, validator: validator) { return [] }
            let errors = validate(behaviour).filter { $0.severity == .error }
            if errors.isEmpty { cache.recordPassedValidation(entry.url, body: entry.body, validator: validator) }
            return errors
        }
    }
#endif
