import BehaveTestSupport
import Foundation
import Testing

/// What recordings are for besides replay, through the built tool: a test file made from one,
/// `diff` over a corpus of them, and `sign --against` gating a release on it.
@Suite("Recordings as tests and gates")
struct RecordingDiffTests {
    /// A directory with the keynote, a recording of it with live events on the real clock (in
    /// `corpus/`), and the keynote with one action argument changed.
    static func keynoteCorpus() throws -> URL {
        let directory = try Tool.temporaryDirectory()
        let keynote = try String(
            contentsOf: Tool.root.appendingPathComponent("scripts/examples/keynote.lua"), encoding: .utf8)
        _ = try Tool.write(keynote, to: "keynote.lua", in: directory)
        _ = try Tool.write(
            keynote.replacingOccurrences(
                of: "print(Keynote.vote(destination))",
                with: "print(Keynote.vote(destination == \"Bordeaux\" and \"Lyon\" or destination))"),
            to: "changed.lua", in: directory)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("corpus"), withIntermediateDirectories: true)
        let recorded = try Tool.run(
            ["run", "--record", "corpus/live.rec", "--events", "-", "keynote.lua"], in: directory,
            input: RecordingTests.keynoteEvents)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        return directory
    }

    @Test("a test file made from a recording passes, and fails once the behaviour changes")
    func testFromRecording() throws {
        let directory = try Self.keynoteCorpus()
        let made = try Tool.run(
            ["test", "--from-recording", "corpus/live.rec", "-o", "keynote_test.lua"], in: directory)
        #expect(made.status == 0, "\(made.stderr)")
        let text = try Tool.read("keynote_test.lua", in: directory)
        #expect(text.contains(#"run_behaviour("keynote.lua""#))
        #expect(text.contains(#"expect(fake_Keynote.calls.vote).to_equal({{"Bordeaux"}})"#))
        let passing = try Tool.run(["test", "keynote_test.lua"], in: directory)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.contains("1 passed, 0 failed"))
        // The same test, against the changed copy.
        _ = try Tool.write(
            text.replacingOccurrences(of: #""keynote.lua""#, with: #""changed.lua""#), to: "changed_test.lua",
            in: directory)
        let failing = try Tool.run(["test", "changed_test.lua"], in: directory)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains(#"{{"Lyon"}}"#), "\(failing.stdout)")
        // A test file is someone's work: never written over.
        let again = try Tool.run(
            ["test", "--from-recording", "corpus/live.rec", "-o", "keynote_test.lua"], in: directory)
        #expect(again.status == 73)
        #expect(again.stderr.hasPrefix("behave: cannot write keynote_test.lua: already exists"))
        #expect(try Tool.read("keynote_test.lua", in: directory) == text)
    }

    @Test("tests made from recordings under different contexts pass side by side, each with its run's context")
    func testsFromContexts() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write(
            "print(context.platform, context.build)\nassert(context.platform ~= 'android' or context.build == '7')\n",
            to: "b.lua", in: directory)
        for (platform, build) in [("ios", "3"), ("android", "7")] {
            let recorded = try Tool.run(
                [
                    "run", "--record", "\(platform).rec", "--context", "platform=\(platform)", "--context",
                    "build=\(build)",
                    "b.lua",
                ], in: directory)
            #expect(recorded.stdout == "\(platform)\t\(build)\n", "\(recorded.stderr)")
            let made = try Tool.run(
                ["test", "--from-recording", "\(platform).rec", "-o", "\(platform)_test.lua"], in: directory)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let text = try Tool.read("android_test.lua", in: directory)
        #expect(text.contains(#"build = "7""#) && text.contains(#"platform = "android""#), "\(text)")
        let passing = try Tool.run(["test", "ios_test.lua", "android_test.lua"], in: directory)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.contains("2 passed, 0 failed"), "\(passing.stdout)")
    }

    @Test("diff reports exactly the call whose argument changed, with both sides; the same copy differs in nothing")
    func diff() throws {
        let directory = try Self.keynoteCorpus()
        let changed = try Tool.run(["diff", "keynote.lua", "changed.lua", "--recordings", "corpus"], in: directory)
        #expect(changed.status == 5)
        let lines = changed.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "\(changed.stdout)")
        #expect(lines.first?.hasPrefix("live.rec: the first call that differs, at 1.") == true)
        #expect(lines.dropFirst().first == #"  old (keynote.lua:34): Keynote.vote("Bordeaux")"#)
        #expect(lines.dropFirst(2).first == #"  new (changed.lua:34): Keynote.vote("Lyon")"#)
        let same = try Tool.run(["diff", "keynote.lua", "keynote.lua", "--recordings", "corpus"], in: directory)
        #expect(same.stdout == "live.rec: no difference\n")
        #expect(same.status == 0)
        _ = try Tool.write(
            "-- requires: Keynote.show, Keynote.vote\n" + (try Tool.read("keynote.lua", in: directory)),
            to: "requiring.lua",
            in: directory)
        let requiring = try Tool.run(["diff", "keynote.lua", "requiring.lua", "--recordings", "corpus"], in: directory)
        #expect(requiring.stdout.hasSuffix("requires: + Keynote.show\nrequires: + Keynote.vote\n"))
        #expect(requiring.status == 5)
        let empty = try Tool.run(["diff", "keynote.lua", "keynote.lua", "--recordings", "."], in: directory)
        #expect(empty.stderr == "behave: .: holds no recordings (*.rec files of `run --record`)\n")
        #expect(empty.status == 66)
    }
}
