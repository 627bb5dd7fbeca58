#if Remote
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    /// The one-line base64 text that keys and signatures are stored and passed as.
    enum Base64Text {
        /// The bytes `text` encodes, ignoring surrounding whitespace, or nil when it is not base64.
        static func decode(_ text: String) -> [UInt8]? {
            let trimmed = text.trimmingWhitespace()
            guard !trimmed.isEmpty, let data = Data(base64Encoded: trimmed) else { return nil }
            return Array(data)
        }

        static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
            Data(bytes).base64EncodedString()
        }
    }
#endif
