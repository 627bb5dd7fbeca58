#if Remote
    import Behave

    /// A short list of SHA-256 digests in a file of its own, one per line, newest last: the copies of
    /// a URL that have run well, or the validation verdicts that need not be computed again. It is
    /// bounded when written, so it reads back whole; a line that is not a digest is damage, and is
    /// dropped at the next write.
    struct DigestList {
        /// The most digests kept: the oldest are dropped first.
        static let capacity = 32

        /// Whether the file at `path` lists `digest`.
        static func contains(_ digest: String, in path: String) -> Bool {
            read(path).contains(digest)
        }

        /// Adds `digest` to the file at `path`, atomically; a digest already listed is not added twice.
        static func add(_ digest: String, to path: String) throws(AtomicWriteError) {
            var digests = read(path)
            guard !digests.contains(digest) else { return }
            digests.append(digest)
            let kept = digests.suffix(capacity)
            try AtomicFile.write(Array((kept.joined(separator: "\n") + "\n").utf8), to: path, mode: 0o600)
        }

        /// The digests in the file: none when it is missing or unreadable.
        static func read(_ path: String) -> [String] {
            // Larger than a list this type writes: anything past it is damage, and only the start is read.
            guard let bytes = try? FileBytes.readPrefix(path, count: 4 * capacity * 65) else { return [] }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter(isDigest)
        }

        /// Sixty-four lowercase hexadecimal digits.
        static func isDigest(_ text: String) -> Bool {
            text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }
#endif
