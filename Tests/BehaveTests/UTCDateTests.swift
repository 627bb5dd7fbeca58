import Behave
import Testing

/// Dates as the signing commands and warnings print them, for any Int64 a damaged or hostile
/// file may hold.
@Suite("UTC dates")
struct UTCDateTests {
    @Test("a date prints to the second, and reads back")
    func roundTrip() {
        #expect(UTCDate.text(1_801_396_800) == "2027-01-31 12:00:00 UTC")
        #expect(UTCDate.seconds("2027-01-31T12:00Z") == 1_801_396_800)
    }

    @Test(
        "a time with no date in years 0 to 9999 prints as its seconds, never a trap or a made-up day",
        arguments: [Int64.max, Int64.min, 67_767_987_341_548_800, 253_402_300_800, -62_167_219_201])
    func extremes(seconds: Int64) {
        #expect(UTCDate.text(seconds) == "\(seconds) seconds from 1970 UTC")
    }
}
