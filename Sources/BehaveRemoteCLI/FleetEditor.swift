#if Remote
    import ArgumentParser
    import Behave
    import BehaveCLI
    import BehavePlatform
    import BehaveRemote

    /// Applies a `behave fleet` edit: reads the manifest, changes it, writes it and its signature,
    /// and prints who gets what before and after. Nothing is written when anything is refused.
    struct FleetEditor {
        var options: FleetWriteOptions

        private var name: String { BehaveTool.current.name }

        func apply(_ edit: FleetEdit) throws {
            // The key is read first: a key that cannot sign leaves the manifest as it was.
            let key: SigningKey?
            do { key = try options.key.map { (path) throws(BehaveError) in try KeyFiles.signingKey(path) } } catch {
                throw BehaveExit.report(error)
            }
            let old = try edit == .create ? nil : read()
            if edit == .create && KeyFiles.exists(options.manifest) {
                StandardError.write("\(name): \(options.manifest): already exists; fleet new does not replace it\n")
                throw ExitCode(BehaveExit.cannotWrite)
            }
            let new: FleetManifest
            do { new = try applied(edit, to: old ?? FleetManifest()) } catch let error as FleetError {
                StandardError.write("\(name): \(options.manifest): \(error)\n")
                throw ExitCode(BehaveExit.invalid)
            }
            let diff = FleetDiff.lines(from: old, to: new)
            let written = try write(new, key: key)
            for line in diff { print(line) }
            if diff.isEmpty && edit != .create { print("who gets what is unchanged") }
            print(written)
        }

        /// The manifest file as it is now.
        private func read() throws -> FleetManifest {
            do {
                let bytes = try FileBytes.read(options.manifest, limit: 1 << 24)
                do { return try FleetManifest(parsing: bytes, file: options.manifest) } catch {
                    throw BehaveError.invalid([error])
                }
            } catch let error as BehaveError {
                throw BehaveExit.report(error)
            }
        }

        private func applied(_ edit: FleetEdit, to manifest: FleetManifest) throws -> FleetManifest {
            switch edit {
            case .create:
                return manifest
            case .addCopy(let copy, let file, let url, let sequence):
                return try adding(copy, file: file, url: url, sequence: sequence, to: manifest)
            case .point(let channel, let copy):
                return try manifest.pointing(channel: channel, to: copy)
            case .rollout(let channel, let copy, let percent, let when, let rule):
                var conditions: [FleetCondition] = []
                do {
                    for text in when {
                        for condition in try FleetCondition.conditions(commandLine: text) {
                            // One field is one condition of a rule, all of whose tests must hold.
                            if let index = conditions.firstIndex(where: { $0.field == condition.field }) {
                                conditions[index].tests += condition.tests
                            } else {
                                conditions.append(condition)
                            }
                        }
                    }
                } catch {
                    StandardError.write("\(name): \(error)\n")
                    throw ExitCode(BehaveExit.usage)
                }
                return try manifest.rollingOut(
                    channel: channel, copy: copy, percent: percent, when: when.isEmpty ? nil : conditions, rule: rule)
            case .pause(let channel, let rule):
                return try manifest.pausing(channel: channel, rule: rule)
            case .kill(let copy):
                return try manifest.killing(copy: copy)
            case .rollback(let channel):
                return try manifest.rollingBack(channel: channel)
            }
        }

        /// The copy `copy` of the bytes of `file`, which must be a behaviour every app accepts.
        private func adding(
            _ copy: String, file: String, url: String, sequence: Int64?, to manifest: FleetManifest
        ) throws -> FleetManifest {
            let behaviour: Behaviour
            do { behaviour = try Behaviour.read(path: file, limit: Limits().input) } catch {
                throw BehaveExit.report(error)
            }
            let errors = try SandboxOptions.parse([]).makeHost().check(behaviour).filter { $0.severity == .error }
            if !errors.isEmpty { throw BehaveExit.report(.invalid(errors)) }
            let signed = (try? KeyFiles.signature(file + ".sig")).map { Int($0.sequence) }
            let next = (manifest.copies.values.map(\.sequence).max() ?? 0) + 1
            return try manifest.addingCopy(
                name: copy, url: url, sha256: SHA256.hex(behaviour.bytes),
                sequence: sequence.map(Int.init) ?? signed ?? next)
        }

        /// Writes the manifest, then its signature with a sequence above the one it replaces; the
        /// line that says so.
        private func write(_ manifest: FleetManifest, key: SigningKey?) throws -> String {
            let bytes = manifest.encoded()
            // What devices will read must be what was meant: a manifest they would refuse is not written.
            guard (try? FleetManifest(parsing: bytes, file: options.manifest)) == manifest else {
                StandardError.write(
                    "\(name): \(options.manifest): the changed manifest would not read back as written; nothing is written\n"
                )
                throw ExitCode(BehaveExit.invalid)
            }
            let signaturePath = options.manifest + ".sig"
            let previous = (try? KeyFiles.signature(signaturePath))?.sequence ?? -1
            guard previous < Int64.max else {
                StandardError.write(
                    "\(name): \(signaturePath) has the highest sequence there is; no later one can be signed\n")
                throw ExitCode(BehaveExit.usage)
            }
            let sequence = options.sequence ?? max(Int64(WallClock.now()), previous + 1)
            if let given = options.sequence, given <= previous {
                StandardError.write(
                    "\(name): --sequence \(given) is not above \(signaturePath)'s \(previous): devices would refuse it\n"
                )
                throw ExitCode(BehaveExit.usage)
            }
            do {
                // The signature is written beside the manifest first, under a name no device reads, so a
                // failure leaves the old pair; an unsigned manifest takes no old signature with it.
                let pending = signaturePath + ".new"
                if let key {
                    let signature = key.signature(for: bytes, sequence: sequence, expires: options.expirySeconds)
                    try KeyFiles.write(signature.text + "\n", to: pending, mode: 0o644, replace: true)
                }
                try OutputFile.write(bytes, to: options.manifest)
                if key != nil {
                    guard rename(pending, signaturePath) == 0 else {
                        throw AtomicWriteError(path: signaturePath, reason: "cannot rename \(pending) to it")
                    }
                } else if KeyFiles.exists(signaturePath) {
                    try AtomicFile.remove(signaturePath)
                }
            } catch {
                StandardError.write("\(name): \(error)\n")
                throw ExitCode(BehaveExit.cannotWrite)
            }
            let signed = key.map { ", sequence \(sequence), signed by \($0.publicKey.fingerprint)" } ?? ", unsigned"
            return "wrote \(options.manifest)\(signed)"
        }
    }
#endif
