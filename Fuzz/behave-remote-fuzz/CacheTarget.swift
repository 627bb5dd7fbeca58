#if Remote
    import Behave
    import BehaveRemote
    import FuzzSupport

    /// A cache file (header lines, a blank line, the body) from any bytes: it is read or refused as
    /// damage, never a crash; what is read has a time that is one, prints, and writes back to itself.
    enum CacheTarget: FuzzTarget {
        static let name = "cache"

        static func check(_ input: [UInt8]) {
            guard let entry = try? CacheEntry.decode(input) else { return }
            guard entry.fetchedAt.isFinite, entry.fetchedAt >= 0, entry.fetchedAt < 253_402_300_800 else {
                finding("read a fetched-at that is no time: \(entry.fetchedAt)")
            }
            _ = UTCDate.text(seconds: entry.fetchedAt)
            guard let again = try? CacheEntry.decode(entry.encoded()) else {
                finding("an entry read does not read back once written")
            }
            // The header keeps each field once: what was read is what is written.
            if again.url != entry.url || again.body != entry.body || again.fetchedAt != entry.fetchedAt
                || again.signature != entry.signature
            {
                finding("an entry read changes when written and read again")
            }
        }
    }
#endif
