import BehaveTestSupport
import Foundation
import Testing

/// docs/recording.md's blocks and figures, run against the built tool.
@Suite("Recording docs")
struct RecordingDocTests {
    /// A directory with the keynote's script and events.
    static func keynoteDirectory() throws -> URL {
        let directory = try Tool.temporaryDirectory()
        for name in ["keynote.lua", "keynote-events.jsonl"] {
            let text = try String(
                contentsOf: Tool.root.appendingPathComponent("scripts/examples/\(name)"), encoding: .utf8)
            _ = try Tool.write(text, to: name, in: directory)
        }
        return directory
    }

    @Test("the commands run in order: record, replay to the same output, a test file that passes")
    func commands() throws {
        let directory = try Self.keynoteDirectory()
        let result = try DocsTests.bash(try Docs.block("recording-commands", in: "docs/recording.md"), in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let once = try Tool.run(["run", "--events", "keynote-events.jsonl", "--fast", "keynote.lua"], in: directory)
        #expect(result.stdout.hasPrefix(once.stdout + once.stdout + "keynote_test.lua\n"))
        #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test("the format's lines are lines of the keynote's recording")
    func lines() throws {
        let directory = try Self.keynoteDirectory()
        let run = try Tool.run(
            ["run", "--record", "k.rec", "--events", "keynote-events.jsonl", "--fast", "keynote.lua"], in: directory)
        #expect(run.status == 0)
        let recorded = Set(try Tool.read("k.rec", in: directory).split(separator: "\n").map(String.init))
        let shown = try Docs.block("recording-lines", in: "docs/recording.md").split(separator: "\n").map(String.init)
        for line in shown.dropFirst() { #expect(recorded.contains(line), "\(line)") }
        #expect(shown.first?.hasPrefix(#"{"arguments":[],"behave_recording":1,"behaviour":{"digest":"2b32"#) == true)
    }

    @Test("diff prints what the block shows: the call whose argument changed, both sides")
    func diff() throws {
        let directory = try Self.keynoteDirectory()
        let keynote = try Tool.read("keynote.lua", in: directory)
        _ = try Tool.write(
            keynote.replacingOccurrences(of: "print(Keynote.vote(destination))", with: "print(Keynote.vote(\"Lyon\"))"),
            to: "keynote-v2.lua", in: directory)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        _ = try Tool.run(
            ["run", "--record", "recordings/live.rec", "--events", "-", "keynote.lua"], in: directory,
            input: RecordingTests.keynoteEvents)
        let block = try Docs.block("recording-diff", in: "docs/recording.md").split(separator: "\n").map(String.init)
        let command = try #require(block.first?.dropFirst(2).split(separator: " ").map(String.init))
        let result = try Tool.run(Array(command.dropFirst()), in: directory)
        #expect(result.status == 5)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("live.rec: the first call that differs, at 1.") == true)
        #expect(Array(lines.dropFirst()) == Array(block.dropFirst(2)))
    }

    @Test("a recording's size per 1,000 events is what the doc says")
    func size() throws {
        let directory = try Tool.temporaryDirectory()
        let events = (0..<1000).map { #"{"event": "TRAIN_POSITION", "data": {"km": \#($0)}, "after": 0.01}"# }
        _ = try Tool.write(events.joined(separator: "\n") + "\n", to: "events.jsonl", in: directory)
        let sizes = try [
            "on('TRAIN_POSITION', function(d) end)",
            "on('TRAIN_POSITION', function(d) Keynote.show(Keynote.screen('TRAIN_POSITION')) end)",
        ].map { script in
            let run = try Tool.run(
                ["run", "--record", "r.rec", "--events", "events.jsonl", "--fast", "-e", script], in: directory)
            #expect(run.status == 0)
            let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("r.rec").path)
            return (size[.size] as? Int ?? 0) / 1000
        }
        let text = try Docs.text("docs/recording.md")
        #expect(text.contains("no action take about 110 KB") && (100...120).contains(sizes[0]), "\(sizes)")
        #expect(text.contains("writes a line, about 300 KB") && (280...330).contains(sizes[1]), "\(sizes)")
    }
}
