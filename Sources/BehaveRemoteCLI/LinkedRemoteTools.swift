#if Remote
    import ArgumentParser
    import Behave
    import BehaveCLI
    import BehavePlatform
    import BehaveRemote

    /// The real ``RemoteTools``: the loader with its cache, and Ed25519 keys and signatures.
    struct LinkedRemoteTools: RemoteTools {
        /// How long the tool waits, after the behaviour ends, for a fetch that `--max-wait` left
        /// running: as long as the fetch may take (the copy and its signature, each within
        /// `--timeout`), so a slow server's copy lands too. The output is already written; only the
        /// exit waits, and a signal ends it at once.
        static func refreshGrace(_ configuration: RemoteConfiguration) -> Double { 2 * configuration.timeout + 1 }

        /// Names this tool's validation (``RemoteConfiguration/validatorIdentity``): the executable
        /// (its path, size and modification time, which change with its modules and version) and
        /// the command line (`--strict`, the context). Another tool or other options validate again.
        static var validatorIdentity: String? {
            guard let executable = Platform.executablePath(), let stamp = Platform.fileStamp(executable) else {
                return nil
            }
            let stampText = stamp.map(String.init).joined(separator: " ")
            return "\(BehaveVersion.current)\n\(executable)\n\(stampText)\n"
                + CommandLine.arguments.dropFirst().joined(separator: "\u{0}")
        }

        func liveEvents(_ url: String, into channel: EventChannel, options: RemoteOptions, messageLimit: Int)
            throws(BehaveExitError) -> @Sendable () -> Void
        {
            let configuration: LiveEventsConfiguration
            do { configuration = try options.liveConfiguration(messageLimit: messageLimit) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
            // The stream's notices of new copies go to the running behaviour's updates, if any.
            var withUpdates = configuration
            withUpdates.updates = { notice in ToolLiveUpdates.announce(notice) }
            let live: LiveEvents
            do { live = try LiveEvents(url: url, configuration: withUpdates) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
            live.start(into: channel)
            return { live.stop() }
        }

        func load(
            _ url: String, options: RemoteOptions, inputLimit: Int,
            liveValidate: (@Sendable (Behaviour) -> [Diagnostic])?, validate: (Behaviour) -> [Diagnostic]
        ) async throws(BehaveExitError) -> LoadedBehaviour {
            var configuration: RemoteConfiguration
            do { configuration = try options.configuration(inputLimit: inputLimit) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
            configuration.validatorIdentity = Self.validatorIdentity
            if let channel = options.fleet.channel {
                return try await loadFleet(
                    url, channel: channel, options: options, configuration: configuration, validate: validate)
            }
            let loaded: RemoteBehaviour
            do { loaded = try await RemoteLoader(configuration).load(url, validate: validate) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
            for note in loaded.notes { StandardError.write("\(BehaveTool.current.name): warning: \(note)\n") }
            if let warning = loaded.warning {
                StandardError.write("\(BehaveTool.current.name): warning: \(warning)\n")
            }
            var behaviour = Self.loadedBehaviour(loaded, configuration: configuration)
            if let liveValidate {
                behaviour.live = ToolLiveUpdates(
                    running: loaded, configuration: configuration, options: options, validate: liveValidate)
            }
            return behaviour
        }

        /// What the tool runs for `loaded`: its exit code when it runs well, its quarantine when it
        /// fails its first run, the fetch `--max-wait` left running.
        static func loadedBehaviour(_ loaded: RemoteBehaviour, configuration: RemoteConfiguration) -> LoadedBehaviour {
            let url = loaded.url
            let loader = RemoteLoader(configuration)
            let verdict = RunVerdict()
            var afterFailure: (@Sendable (String, Recording?) -> Void)?
            if loaded.isFirstRun {
                let recordingPath = BehaviourCache(directory: configuration.cacheDirectory)
                    .quarantineRecordingPath(for: url)
                afterFailure = { reason, recording in
                    verdict.failed = true
                    guard loader.quarantine(loaded, because: reason, recording: recording) else { return }
                    StandardError.write(
                        "\(BehaveTool.current.name): warning: the fresh copy of \(url) failed its first run and is quarantined; "
                            + "the next run uses the copy before it (behave cache \(url))"
                            + (recording == nil ? "" : "; behave replay \(recordingPath) runs the failure again")
                            + "\n")
                }
            } else {
                afterFailure = { _, _ in verdict.failed = true }
            }
            let refresh = loaded.refresh
            let afterRun: @Sendable () async -> Void = {
                // Called after the run, never after an interrupted one: the copy ran well unless it failed.
                if !verdict.failed { loader.ranWell(loaded) }
                guard let refresh else { return }
                let name = BehaveTool.current.name
                let grace = Self.refreshGrace(configuration)
                switch await refresh.wait(atMost: grace) {
                case .fresh?: StandardError.write("\(name): a fresh copy of \(url) is kept for the next run\n")
                case .unchanged?: break
                case .failed(let why)?: StandardError.write("\(name): warning: \(why); the cached copy stays\n")
                case nil:
                    StandardError.write(
                        "\(name): warning: \(url): the fetch in the background did not end within "
                            + "\(Limits.formatSeconds(grace)) of the run's end; the cached copy stays\n"
                    )
                }
            }
            return LoadedBehaviour(
                behaviour: loaded.behaviour, successCode: loaded.origin.successCode, afterRun: afterRun,
                afterFailure: afterFailure, keepsFailingRecording: loaded.isFirstRun)
        }

        func keygen(_ command: KeygenCommand) throws {
            let key = SigningKey()
            let privatePath = command.name + ".key"
            let publicPath = command.name + ".pub"
            do {
                // Both names are checked before either is written, so a refusal leaves nothing behind.
                if !command.force {
                    for path in [privatePath, publicPath] where KeyFiles.exists(path) {
                        throw AtomicWriteError(path: path, reason: "already exists (pass --force to replace it)")
                    }
                }
                try KeyFiles.write(key.text + "\n", to: privatePath, mode: 0o600, replace: command.force)
                try KeyFiles.write(key.publicKey.text + "\n", to: publicPath, mode: 0o644, replace: command.force)
            } catch {
                StandardError.write("\(BehaveTool.current.name): \(error)\n")
                throw ExitCode(BehaveExit.cannotWrite)
            }
            print("wrote \(privatePath): the private key; keep it secret (a CI secret, not the repository)")
            print(
                "wrote \(publicPath): the public key \(key.publicKey.text) (fingerprint \(key.publicKey.fingerprint))")
        }

        func sign(_ command: SignCommand) throws {
            let signingKey: SigningKey
            let behaviour: Behaviour
            do {
                signingKey = try KeyFiles.signingKey(command.key)
                behaviour = try Behaviour.read(path: command.file, limit: command.sandbox.policy.limits.input)
            } catch { throw BehaveExit.report(error) }
            // A behaviour that would be refused by every app is not worth a signature.
            let host = try command.sandbox.makeHost()
            let errors = host.check(behaviour).filter { $0.severity == .error }
            if !errors.isEmpty { throw BehaveExit.report(.invalid(errors)) }
            let path = command.output ?? command.file + ".sig"
            let signature = signingKey.signature(
                for: behaviour.bytes, sequence: command.sequence, expires: command.expirySeconds,
                corpus: command.corpusDigest)
            do {
                try KeyFiles.write(signature.text + "\n", to: path, mode: 0o644, replace: true)
            } catch {
                StandardError.write("\(BehaveTool.current.name): \(error)\n")
                throw ExitCode(BehaveExit.cannotWrite)
            }
            print(
                "wrote \(path): signed by \(signingKey.publicKey.fingerprint), sequence \(signature.sequence)"
                    + (signature.expires.map { ", expires \(UTCDate.text($0))" } ?? "")
                    + (signature.corpus.map { ", against recordings \($0.prefix(12))" } ?? ""))
        }

        func verify(_ command: VerifyCommand) throws {
            let signaturePath = command.signature ?? command.file + ".sig"
            do {
                let keys = try command.publicKeys.map { (key) throws(BehaveError) in try KeyFiles.publicKey(key) }
                let bytes = try FileBytes.read(command.file, limit: command.input.limit)
                let signature = try KeyFiles.signature(signaturePath)
                guard let signer = signature.signer(of: bytes, among: keys) else {
                    StandardError.write(
                        "\(BehaveTool.current.name): \(command.file): the signature in \(signaturePath) is not by any of the \(keys.count) given key\(keys.count == 1 ? "" : "s") over these bytes\n"
                    )
                    throw ExitCode(BehaveExit.invalid)
                }
                if let at = signature.passedExpiry {
                    StandardError.write(
                        "\(BehaveTool.current.name): \(command.file): the signature in \(signaturePath) expired on \(UTCDate.text(at))\n"
                    )
                    throw ExitCode(BehaveExit.invalid)
                }
                print(
                    "\(command.file): signed by \(signer.fingerprint), sequence \(signature.sequence)"
                        + (signature.expires.map { ", expires \(UTCDate.text($0))" } ?? "")
                        + (signature.corpus.map { ", against recordings \($0.prefix(12))" } ?? ""))
            } catch let error as BehaveError {
                throw BehaveExit.report(error)
            }
        }

        func cache(_ command: CacheCommand) throws {
            let cache = BehaviourCache(directory: command.cacheDirectory ?? BehaveTool.current.cacheDirectory)
            if command.clear, let url = command.url {
                cache.forget(url)
                print("forgot \(url)")
                return
            }
            let urls = command.url.map { [$0] } ?? cache.urls()
            if urls.isEmpty { print("nothing cached in \(cache.directory)") }
            for url in urls {
                let status = cache.status(of: url)
                print(url)
                func line(_ label: String, _ entry: CacheEntry?) {
                    guard let entry else { return }
                    let sequence = entry.signature.map { "sequence \($0.sequence), " } ?? "unsigned, "
                    print(
                        "  \(label.padding(12))\(sequence)fetched \(UTCDate.text(seconds: entry.fetchedAt)), \(entry.body.count) bytes"
                    )
                }
                if status.active == nil { print("  active      none: the next run fetches it, or runs the fallback") }
                line("active", status.active)
                line("previous", status.previous)
                line("pending", status.pending)
                if let quarantine = status.quarantine {
                    let sequence = quarantine.sequence.map { "sequence \($0), " } ?? ""
                    print(
                        "  \("quarantined".padding(12))\(sequence)on \(UTCDate.text(seconds: quarantine.at)): \(quarantine.reason)"
                    )
                }
            }
        }
    }

    extension String {
        /// The string followed by spaces up to `width` characters.
        fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
    }
#endif
