#if Remote
    import Behave
    import BehaveRemote
    import FuzzSupport

    /// A quarantine record from any bytes: it is read or refused as damage, never a crash; what is
    /// read prints its date, and written again it is bounded and reads back to the same bytes refused.
    enum QuarantineTarget: FuzzTarget {
        static let name = "quarantine"

        static func check(_ input: [UInt8]) {
            guard let record = try? Quarantine.decode(input) else { return }
            _ = UTCDate.text(seconds: record.at)
            let written = record.encoded()
            if written.count > Quarantine.reasonLimit + 256 {
                finding("a record of \(written.count) bytes was written")
            }
            guard let again = try? Quarantine.decode(written) else { finding("a record read does not read back") }
            if again.digest != record.digest || again.sequence != record.sequence {
                finding("a record read refuses other bytes when written and read again")
            }
        }
    }
#endif
