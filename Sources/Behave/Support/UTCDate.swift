import BehavePlatform

/// Dates as the signing commands and the loader's warnings write them: UTC, to the minute or the
/// second, read back from `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]Z`.
package enum UTCDate {
    /// `2027-01-31 12:00:00 UTC`; a time with no date in years 0 to 9999 (a damaged or hostile
    /// value) is written as its seconds, `-99999999999 seconds from 1970 UTC`, never a trap.
    package static func text(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil, (-1900...8099).contains(parts.tm_year) else {
            return "\(seconds) seconds from 1970 UTC"
        }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }

    /// Seconds since 1970 for `2027-01-31` (midnight UTC) or `2027-01-31T12:00Z`
    /// (`…T12:00:30Z`); nil for anything else, or a date that does not exist.
    package static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int32? {
            guard range.upperBound <= bytes.count,
                bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
            return Int32(String(decoding: bytes[range], as: UTF8.self))
        }
        guard bytes.count == 10 || bytes.count == 17 || bytes.count == 20,
            let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
            bytes[7] == UInt8(ascii: "-"), let day = number(8..<10)
        else { return nil }
        var hour: Int32 = 0
        var minute: Int32 = 0
        var second: Int32 = 0
        if bytes.count > 10 {
            guard bytes[10] == UInt8(ascii: "T"), let h = number(11..<13), bytes[13] == UInt8(ascii: ":"),
                let m = number(14..<16), bytes.last == UInt8(ascii: "Z")
            else { return nil }
            (hour, minute) = (h, m)
            if bytes.count == 20 {
                guard bytes[16] == UInt8(ascii: ":"), let s = number(17..<19) else { return nil }
                second = s
            }
        }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        // timegm normalises 2027-02-30 to March: a date that does not exist comes back changed.
        guard parts.tm_mon == month - 1, parts.tm_mday == day, hour < 24, minute < 60, second < 60 else { return nil }
        return Int64(seconds)
    }
}
