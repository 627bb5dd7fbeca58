#if Remote
    import Behave
    import BehavePlatform

    /// What the cache remembers about a URL besides its copies, each in a file of its own written
    /// atomically, so that nothing that happens to a copy changes it: the highest signed sequence ever
    /// accepted, the copies that have run well, and the validation verdicts already reached.
    extension BehaviourCache {
        /// The highest signed sequence ever accepted for `url` (nil when none was signed), or why the
        /// record cannot be read.
        public func highestSequence(for url: String) throws(CacheDamage) -> Int64? {
            let path = siblingPath(for: url, ".sequence")
            guard access(path, F_OK) == 0 else { return nil }
            let bytes: [UInt8]
            do { bytes = try FileBytes.readPrefix(path, count: 256) } catch { throw CacheDamage("\(error)") }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            guard lines.count == 2, lines[0] == Self.sequenceMagic, let sequence = Int64(lines[1]), sequence >= 0 else {
                throw CacheDamage("the record of the highest sequence accepted is damaged")
            }
            return sequence
        }

        /// Records that a copy of `url` signed with `sequence` was accepted; a record already as high
        /// stays. Under the URL's lock: two processes raising it at once never leave the lower.
        func raiseSequence(for url: String, to sequence: Int64) throws(AtomicWriteError) {
            let path = siblingPath(for: url, ".sequence")
            let raised = Platform.withFileLock(siblingPath(for: url, ".lock"), seconds: Self.lockWait) {
                () -> AtomicWriteError? in
                if let highest = try? highestSequence(for: url), highest >= sequence { return nil }
                do throws(AtomicWriteError) {
                    try AtomicFile.write(Array("\(Self.sequenceMagic)\n\(sequence)\n".utf8), to: path, mode: 0o600)
                } catch {
                    return error
                }
                return nil
            }
            guard let raised else {
                throw AtomicWriteError(path: path, reason: "another process has held its lock too long")
            }
            if let raised { throw raised }
        }

        /// The longest a process waits for another's lock on a URL's records.
        static let lockWait = 5.0

        static let sequenceMagic = "behave-sequence 1"

        /// Whether the copy of `url` with these bytes has run well before (it is not on its first run).
        public func hasRunWell(_ url: String, body: [UInt8]) -> Bool {
            DigestList.contains(CacheEntry.digest(body), in: siblingPath(for: url, ".ran"))
        }

        /// Records that the copy of `url` with these bytes ran well: a later failure of the same bytes
        /// does not quarantine them.
        public func recordRunWell(_ url: String, body: [UInt8]) throws(AtomicWriteError) {
            try makeDirectory()
            try addDigest(CacheEntry.digest(body), to: siblingPath(for: url, ".ran"), of: url)
        }

        /// Adds `digest` to the list at `path` under the URL's lock, so no process's addition is lost.
        private func addDigest(_ digest: String, to path: String, of url: String) throws(AtomicWriteError) {
            let added = Platform.withFileLock(siblingPath(for: url, ".lock"), seconds: Self.lockWait) {
                () -> AtomicWriteError? in
                do throws(AtomicWriteError) { try DigestList.add(digest, to: path) } catch { return error }
                return nil
            }
            guard let added else {
                throw AtomicWriteError(path: path, reason: "another process has held its lock too long")
            }
            if let added { throw added }
        }

        /// Whether these bytes of `url` passed the validation of the validator named `validator`.
        func passedValidation(_ url: String, body: [UInt8], validator: String) -> Bool {
            DigestList.contains(Self.verdictKey(body, validator), in: siblingPath(for: url, ".verdicts"))
        }

        /// Records that these bytes of `url` passed the validation of `validator`.
        func recordPassedValidation(_ url: String, body: [UInt8], validator: String) {
            try? makeDirectory()
            try? addDigest(Self.verdictKey(body, validator), to: siblingPath(for: url, ".verdicts"), of: url)
        }

        /// One digest for the bytes and the validator together: either changing means validating again.
        private static func verdictKey(_ body: [UInt8], _ validator: String) -> String {
            CacheEntry.digest(Array("\(validator)\n\(CacheEntry.digest(body))".utf8))
        }
    }
#endif
