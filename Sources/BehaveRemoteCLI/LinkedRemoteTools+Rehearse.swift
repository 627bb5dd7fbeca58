#if Remote
    import ArgumentParser
    import Behave
    import BehaveCLI
    import BehavePlatform
    import BehaveRemote

    extension LinkedRemoteTools {
        func rehearse(_ command: RehearseCommand) async throws {
            let rehearsal = try Self.rehearsal(command)
            let outcomes: [RehearsalOutcome]
            do {
                outcomes = try await rehearsal.run(devices: command.devices, workers: max(1, Platform.processorCount))
            } catch let error as FleetError {
                StandardError.write("\(BehaveTool.current.name): \(command.manifest): \(error)\n")
                throw ExitCode(BehaveExit.invalid)
            }
            let report = RehearsalReport(
                outcomes, manifest: command.manifest, channel: command.channel, events: rehearsal.events.count,
                seed: command.seed)
            print(command.json ? report.json : report.text, terminator: "")
        }

        /// The rehearsal the command line describes, every file read and checked before any device runs.
        static func rehearsal(_ command: RehearseCommand) throws -> Rehearsal {
            let limit = command.sandbox.policy.limits.input
            do {
                let manifestBytes = try FileBytes.read(command.manifest, limit: 1 << 24)
                let manifest: FleetManifest
                do { manifest = try FleetManifest(parsing: manifestBytes, file: command.manifest) } catch {
                    throw BehaveError.invalid([error])
                }
                guard manifest.channels[command.channel] != nil else {
                    StandardError.write(
                        "\(BehaveTool.current.name): \(command.manifest): there is no channel \(command.channel)\n")
                    throw ExitCode(BehaveExit.invalid)
                }
                let events = try TimedEvent.parseLines(
                    try FileBytes.read(command.events, limit: limit), file: command.events)
                let contexts: RehearsalContexts
                if let file = command.contexts {
                    contexts = try RehearsalContexts(file: file, limit: limit)
                } else {
                    do { contexts = try RehearsalContexts(vary: command.vary) } catch {
                        StandardError.write("\(BehaveTool.current.name): \(error)\n")
                        throw ExitCode(BehaveExit.usage)
                    }
                }
                for name in command.failing where manifest.copies[name] == nil {
                    StandardError.write(
                        "\(BehaveTool.current.name): --failing \(name): the manifest has no such copy\n")
                    throw ExitCode(BehaveExit.usage)
                }
                return Rehearsal(
                    manifest: manifest, channel: command.channel, events: events,
                    copies: try copies(of: manifest, command: command, limit: limit),
                    fallback: try command.fallback.map { (path) throws(BehaveError) in
                        try Behaviour.read(path: path, limit: limit)
                    },
                    contexts: contexts, offline: command.offline, slow: command.slow, failing: Set(command.failing),
                    seed: command.seed, sandbox: command.sandbox)
            } catch let error as BehaveError {
                throw BehaveExit.report(error)
            }
        }

        /// The manifest's copies from their files: each must have the manifest's digest and pass the
        /// checks a device makes, or nothing is rehearsed.
        static func copies(of manifest: FleetManifest, command: RehearseCommand, limit: Int) throws -> [String:
            Behaviour]
        {
            let directory =
                command.copies
                ?? LexicalPath.directory(of: command.manifest)
            let host = try command.sandbox.makeHost()
            var copies: [String: Behaviour] = [:]
            for (name, copy) in manifest.copies where !manifest.isKilled(name) {
                let path = directory + "/" + fileName(of: copy.url)
                let behaviour = try Behaviour.read(path: path, limit: limit)
                let digest = SHA256.hex(behaviour.bytes)
                guard digest == copy.sha256 else {
                    StandardError.write(
                        "\(BehaveTool.current.name): \(path): its SHA-256 \(digest.prefix(12))… is not the manifest's "
                            + "\(copy.sha256.prefix(12))… for \(name): devices would refuse it\n")
                    throw ExitCode(BehaveExit.invalid)
                }
                let errors = host.check(behaviour).filter { $0.severity == .error }
                if !errors.isEmpty { throw BehaveError.invalid(errors) }
                copies[name] = behaviour
            }
            return copies
        }

        /// The last part of a URL's path: the name the copy was uploaded under.
        static func fileName(of url: String) -> String {
            let path = url.prefix { $0 != "?" && $0 != "#" }
            return String(path.split(separator: "/").last ?? Substring(path))
        }
    }
#endif
