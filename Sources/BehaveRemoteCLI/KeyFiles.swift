#if Remote
    import Behave
    import BehaveLua
    import BehavePlatform
    import BehaveRemote

    /// Reading keys and signatures given on the command line, and writing them without losing anything.
    enum KeyFiles {
        static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

        /// A key or signature file is a line of base64: anything much larger is not one.
        static let maximumSize = 64 << 10

        private static func text(_ path: String) throws(BehaveError) -> String {
            do { return String(decoding: try FileBytes.read(path, limit: maximumSize), as: UTF8.self) } catch {
                // Not the input limit --max-input sets: no key or signature is this long.
                if case .tooLarge = error {
                    throw .unreadable(
                        path, reason: "larger than \(LuaState.formatBytes(maximumSize)): not a key or signature")
                }
                throw error
            }
        }

        /// `--public-key`: base64 text, or a file that holds it.
        static func publicKey(_ argument: String) throws(BehaveError) -> PublicKey {
            if access(argument, F_OK) == 0 {
                let text = try text(argument)
                do { return try PublicKey(text: text) } catch { throw .unreadable(argument, reason: "\(error)") }
            }
            do { return try PublicKey(text: argument) } catch {
                throw .unreadable(argument, reason: "not a file, and not a public key: \(error)")
            }
        }

        static func signingKey(_ path: String) throws(BehaveError) -> SigningKey {
            let text = try text(path)
            do { return try SigningKey(text: text) } catch { throw .unreadable(path, reason: "\(error)") }
        }

        static func signature(_ path: String) throws(BehaveError) -> Signature {
            let text = try text(path)
            do { return try Signature(text: text) } catch { throw .unreadable(path, reason: "\(error)") }
        }

        /// Writes `text` to `path` as an ``OutputFile`` (a regular file atomically, a link's target beside it);
        /// an existing file is replaced only when `replace` is set.
        static func write(_ text: String, to path: String, mode: mode_t, replace: Bool) throws(AtomicWriteError) {
            do { try OutputFile.write(Array(text.utf8), to: path, mode: mode, replacing: replace) } catch {
                if error.reason == "already exists" {
                    throw AtomicWriteError(path: path, reason: "already exists (pass --force to replace it)")
                }
                throw error
            }
        }
    }
#endif
