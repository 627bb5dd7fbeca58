#if Remote
    import Behave

    /// An install's identifier for percentage rollouts when the app gives none: made once, at
    /// random, and kept in the cache directory, so the device stays in the same buckets.
    public enum FleetInstallID {
        /// The identifier kept in `directory` (made and kept now if there is none). One that cannot
        /// be kept is still returned: the device is then in other buckets at its next run.
        public static func kept(in directory: String) -> String {
            let path = directory + "/install-id"
            if let bytes = try? FileBytes.read(path, limit: 256) {
                let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
                if !text.isEmpty { return text }
            }
            let made = Hex.encode((0..<16).map { _ in UInt8.random(in: 0...255) })
            try? AtomicFile.makeDirectories(directory)
            // Not replacing: two first runs at once agree on the one that was written first.
            try? AtomicFile.write(Array((made + "\n").utf8), to: path, mode: 0o600, replacing: false)
            if let bytes = try? FileBytes.read(path, limit: 256) {
                let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
                if !text.isEmpty { return text }
            }
            return made
        }
    }
#endif
