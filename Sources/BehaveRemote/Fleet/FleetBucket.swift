#if Remote
    import Behave

    /// The sticky bucket a device falls in for a rollout: a number in `0..<10000` that depends only
    /// on the install ID and the rule's salt.
    ///
    /// A rule of `percent` admits the buckets below `percent × 100`, so raising a rollout keeps every
    /// device it already admitted, and a new salt reshuffles the devices for a new rollout.
    public enum FleetBucket {
        /// How many buckets there are.
        public static let count = 10_000

        /// The bucket of `installID` for `salt`: the first 8 bytes of SHA-256 of
        /// `salt + "\n" + installID` (UTF-8) as a big-endian integer, modulo ``count``.
        public static func of(installID: String, salt: String) -> Int {
            let digest = SHA256.digest(Array((salt + "\n" + installID).utf8))
            var value: UInt64 = 0
            for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
            return Int(value % UInt64(count))
        }

        /// How many buckets a rule of `percent` admits.
        public static func threshold(percent: Double) -> Int {
            Int((percent * 100).rounded())
        }
    }
#endif
