#if Remote
    import Behave

    /// Where one signed behaviour copy is served and which bytes it is.
    public struct FleetCopy: Sendable, Equatable {
        /// The address of the copy's file.
        public var url: String
        /// The SHA-256 of the copy's bytes, 64 lowercase hexadecimal digits.
        public var sha256: String
        /// The copy's sequence number, which only grows from one copy to the next.
        public var sequence: Int

        /// A copy record.
        public init(url: String, sha256: String, sequence: Int) {
            self.url = url
            self.sha256 = sha256
            self.sequence = sequence
        }
    }
#endif
