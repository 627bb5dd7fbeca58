#if Remote
    import Behave

    /// Loads what a fleet manifest selects for this device: the manifest through the cache like
    /// any copy (last good manifest, signature, sequence, `maximumWait`), its rules evaluated
    /// here, then the copy it names, pinned by the manifest's digest.
    ///
    /// ```swift
    /// let fleet = FleetLoader(configuration, channel: "production", installID: installID)
    /// let loaded = try await fleet.load("https://cdn.example.com/manifest.json", context: ["platform": "ios"]) {
    ///     host.check($0)
    /// }
    /// let report = try await host.run(loaded.copy.behaviour)
    /// ```
    ///
    /// No server decides: any web server or CDN serves the manifest and the copies, and a device
    /// that cannot reach it runs what its last good manifest selected.
    public struct FleetLoader: Sendable {
        /// How the manifest and the copies are fetched, kept and verified; its fallback runs when
        /// the manifest selects the app's own copy or nothing can be had.
        public var configuration: RemoteConfiguration
        /// The channel this app follows (`production`, `beta`).
        public var channel: String
        /// This install's stable identifier: its bucket in every percentage rollout.
        public var installID: String

        /// A loader for `channel`, as the install `installID`.
        public init(_ configuration: RemoteConfiguration, channel: String, installID: String) {
            self.configuration = configuration
            self.channel = channel
            self.installID = installID
        }

        /// Loads the manifest at `url`, selects this device's copy with `context`, and loads that
        /// copy (`validate` decides whether it may run, as for ``RemoteLoader/load(_:validate:)``).
        /// With no manifest to be had, the fallback runs; a manifest that selects the fallback, or
        /// an unknown channel, runs it too. Whichever copy runs, the fallback too, has
        /// ``identity(manifest:channel:)`` as its `Behaviour.identity`: a rollout from one copy to
        /// the next keeps the behaviour's store namespace.
        nonisolated(nonsending) public func load(
            _ url: String, context: [String: String], validate: (Behaviour) -> [Diagnostic]
        ) async throws(RemoteError) -> FleetBehaviour {
            var loaded = try await selected(url, context: context, validate: validate)
            loaded.copy.behaviour.identity = Self.identity(manifest: url, channel: channel)
            return loaded
        }

        /// The store namespace of what `channel` of the manifest at `url` runs, whichever copy it
        /// selects: `MANIFEST_URL#CHANNEL` (`https://cdn.example.com/manifest.json#production`).
        public static func identity(manifest url: String, channel: String) -> String {
            url + "#" + channel
        }

        /// The copy the manifest at `url` selects for this device, loaded, or the fallback.
        nonisolated(nonsending) private func selected(
            _ url: String, context: [String: String], validate: (Behaviour) -> [Diagnostic]
        ) async throws(RemoteError) -> FleetBehaviour {
            let manifest = try await manifest(at: url)
            let current = FleetMemory(configuration: configuration, manifestURL: url, channel: channel).current
            let selection: FleetSelection
            do {
                selection = try manifest.manifest.select(
                    channel: channel, context: context, installID: installID, current: current)
            } catch {
                return try fallback(manifest, because: "\(url): \(error)", notes: manifest.loaded.notes)
            }
            guard let copy = selection.copy else {
                return try fallback(manifest, because: nil, selection: selection, notes: manifest.loaded.notes)
            }
            let loaded: RemoteBehaviour
            do { loaded = try await loadCopy(copy, validate: validate) } catch {
                // The fallback is the app's own copy: checked as a copy is, but not against a digest.
                guard let fallback = configuration.fallback, validate(fallback).allSatisfy({ $0.severity != .error })
                else { throw error }
                var problem = RemoteProblem.protocolError("\(error)")
                var notes: [String] = []
                if case .nothingToRun(_, let why, _, let more) = error { (problem, notes) = (why, more) }
                let copy = RemoteBehaviour(
                    url: copy.url, behaviour: fallback, origin: .fallback, problem: problem, notes: notes)
                return FleetBehaviour(
                    manifest: manifest.loaded, selection: selection, copy: copy, notes: manifest.loaded.notes)
            }
            return FleetBehaviour(
                manifest: manifest.loaded, selection: selection, copy: loaded, notes: manifest.loaded.notes)
        }

        /// The copy `copy` names, through the cache, refused unless its bytes have the manifest's digest.
        nonisolated(nonsending) private func loadCopy(_ copy: FleetCopy, validate: (Behaviour) -> [Diagnostic])
            async throws(RemoteError) -> RemoteBehaviour
        {
            var copyConfiguration = configuration
            // The signed manifest pins the copy's bytes by their digest, so the copy needs no
            // signature of its own; a validation is remembered per digest, not per URL alone.
            copyConfiguration.publicKeys = []
            copyConfiguration.requireSignature = false
            copyConfiguration.validatorIdentity = configuration.validatorIdentity.map { $0 + "\n" + copy.sha256 }
            copyConfiguration.fallback = nil
            return try await RemoteLoader(copyConfiguration).load(copy.url) { behaviour in
                let digest = SHA256.hex(behaviour.bytes)
                guard digest == copy.sha256 else {
                    return [
                        Diagnostic(
                            .error, file: copy.url, at: nil,
                            "its SHA-256 \(digest.prefix(12))… is not the manifest's \(copy.sha256.prefix(12))…")
                    ]
                }
                return validate(behaviour)
            }
        }

        /// Remembers which copy of the channel ran here, so that a paused rollout keeps it on
        /// this device; the fallback forgets it.
        public func ran(_ loaded: FleetBehaviour) {
            guard loaded.manifest.origin != .fallback else { return }
            FleetMemory(configuration: configuration, manifestURL: loaded.manifest.url, channel: channel).current =
                loaded.copy.origin == .fallback ? nil : loaded.selection?.copyName
        }

        /// A manifest and the load it came from.
        public struct LoadedManifest: Sendable {
            /// The manifest's bytes as loaded: fresh, the last good one, or (none) the fallback's.
            public var loaded: RemoteBehaviour
            /// The manifest; empty when none could be had.
            public var manifest: FleetManifest
        }

        /// The manifest at `url`, through the cache; a copy that does not parse as a manifest is
        /// refused like an invalid behaviour, so the last good manifest is used instead.
        nonisolated(nonsending) public func manifest(at url: String) async throws(RemoteError) -> LoadedManifest {
            var manifestConfiguration = configuration
            manifestConfiguration.fallback = nil
            manifestConfiguration.validatorIdentity = nil
            let loaded: RemoteBehaviour
            do {
                loaded = try await RemoteLoader(manifestConfiguration).load(url) { behaviour in
                    do throws(Diagnostic) {
                        _ = try FleetManifest(parsing: behaviour.bytes, file: url)
                        return []
                    } catch {
                        return [error]
                    }
                }
            } catch {
                guard case .nothingToRun(let url, let problem, _, let notes) = error,
                    let fallback = configuration.fallback
                else { throw error }
                let none = RemoteBehaviour(
                    url: url, behaviour: fallback, origin: .fallback, problem: problem, notes: notes)
                return LoadedManifest(loaded: none, manifest: FleetManifest())
            }
            // It parsed when it was admitted: only a manifest that did is ever returned.
            let manifest = (try? FleetManifest(parsing: loaded.behaviour.bytes, file: url)) ?? FleetManifest()
            return LoadedManifest(loaded: loaded, manifest: manifest)
        }

        /// The app's fallback, because the manifest selected it, names no such channel, or could
        /// not be had; nothing runs without one.
        private func fallback(
            _ manifest: LoadedManifest, because reason: String?, selection: FleetSelection? = nil, notes: [String]
        ) throws(RemoteError) -> FleetBehaviour {
            guard let fallback = configuration.fallback else {
                let why = reason ?? "the manifest selects the app's fallback (\(selection?.reason ?? "no copy"))"
                throw .nothingToRun(
                    url: manifest.loaded.url, problem: .protocolError(why), fallbackProblem: nil, notes: notes)
            }
            let copy = RemoteBehaviour(url: manifest.loaded.url, behaviour: fallback, origin: .fallback, notes: [])
            var all = notes
            if let reason { all.append("\(reason); running the fallback \(fallback.name)") }
            return FleetBehaviour(manifest: manifest.loaded, selection: selection, copy: copy, notes: all)
        }
    }
#endif
