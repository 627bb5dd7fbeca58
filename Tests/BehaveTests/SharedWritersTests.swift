import Behave
import Testing

/// The one number writer and the one path helper every output and command of the package shares.
@Suite("Shared writers: JSON numbers and lexical paths")
struct SharedWritersTests {
    @Test(
        "a number is written as JSON reads it: whole numbers bare, others shortest, no number JSON lacks",
        arguments: [
            (5.0, "5"), (-3.0, "-3"), (0.25, "0.25"), (0.1 + 0.2, "0.30000000000000004"), (1e15, "1000000000000000"),
            (0x1p60, "1.152921504606847e+18"),
            (Double.infinity, "null"), (-Double.infinity, "null"), (Double.nan, "null"),
        ])
    func numbers(value: Double, text: String) {
        #expect(JSONText.number(value) == text)
    }

    @Test(
        "a path's directory is read from its text: a bare name's is ., a name at the root's is /",
        arguments: [("a.lua", "."), ("/a.lua", "/"), ("dir/a.lua", "dir"), ("/x/y/a.lua", "/x/y"), ("./a", ".")])
    func directories(path: String, directory: String) {
        #expect(LexicalPath.directory(of: path) == directory)
    }

    @Test(
        "a path as seen from a directory climbs out of what they do not share",
        arguments: [
            ("a/b.lua", "a", "b.lua"), ("b.lua", "a", "../b.lua"), ("/x/y/z.lua", "/x/w", "../y/z.lua"),
            ("/x", "/x", "."),
        ])
    func relativePaths(path: String, directory: String, relative: String) {
        #expect(LexicalPath.relative(path, from: directory) == relative)
    }

    @Test(
        "seconds are written to the millisecond with three decimals; what is negative or not finite reads as none",
        arguments: [
            (1.25, "1.250"), (0.0004, "0.000"), (0.0005, "0.001"), (61.0, "61.000"), (-2.0, "0.000"),
            (Double.nan, "0.000"), (Double.infinity, "0.000"),
        ])
    func seconds(value: Double, text: String) {
        #expect(SecondsText.milliseconds(value) == text)
    }
}
