import BehaveTestSupport
import Foundation
import Testing

/// `behave run --trace FILE`: what a behaviour did, one JSON line per action, event and timer.
@Suite("Tracing a run")
struct TraceTests {
    static let script = """
        on("PING", function(payload, name) MyFirstModule.sayHello() end)
        after(1, function() emit("PING", {n = 1}) end)
        every(2, function(h) h:cancel() end)
        print(Keynote.vote("Lyon"))
        wait(3)
        pcall(Keynote.screen, "nope")
        """

    /// The lines with each `"duration":…` (real time, which varies) replaced by `"duration":D`.
    static func steady(_ text: String) -> [String] {
        text.split(separator: "\n").map {
            $0.replacingOccurrences(of: #""duration":[0-9.e-]+"#, with: #""duration":D"#, options: .regularExpression)
        }
    }

    @Test("each action, event and timer is a JSON line, at the behaviour's time, in order")
    func trace() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(Self.script, to: "traced.lua", in: work)
        let result = try Tool.run(["run", "--fast", "--trace", "trace.jsonl", "traced.lua"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Vote #1 for Lyon recorded\nHello My name is MyFirstModule\n")
        let text = try Tool.read("trace.jsonl", in: work)
        let lines = Self.steady(text)
        #expect(
            Array(lines.prefix(5)) == [
                #"{"t":0.5,"type":"action","module":"Keynote","action":"vote","args":["Lyon"],"results":["Vote #1 for Lyon recorded"],"error":null,"duration":D}"#,
                #"{"t":1,"type":"timer","timer":"after 1s"}"#,
                #"{"t":1,"type":"event","name":"PING","payload":{"n":1}}"#,
                #"{"t":1,"type":"action","module":"MyFirstModule","action":"sayHello","args":[],"results":[],"error":null,"duration":D}"#,
                #"{"t":2,"type":"timer","timer":"every 2s"}"#,
            ])
        #expect(lines.count == 6)
        #expect(
            lines.last?.hasPrefix(
                #"{"t":3.5,"type":"action","module":"Keynote","action":"screen","args":["nope"],"results":[],"error":"unknown keynote state 'nope'"#
            ) == true)
        for line in text.split(separator: "\n") {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "\(line)")
        }
    }

    @Test("--trace - writes to stderr; an unwritable FILE exits 73 with one line before anything runs")
    func destinations() throws {
        let toStderr = try Tool.run(["run", "--fast", "--trace", "-", "-e", "MyFirstModule.sayGoodBye()"])
        #expect(toStderr.stdout == "GoodBye My name was MyFirstModule\n")
        #expect(
            Self.steady(toStderr.stderr) == [
                #"{"t":0,"type":"action","module":"MyFirstModule","action":"sayGoodBye","args":[],"results":[],"error":null,"duration":D}"#
            ])
        let refused = try Tool.run(["run", "--trace", "/nonexistent/dir/t.jsonl", "-e", "print(1)"])
        #expect(refused.status == 73)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "behave: cannot write /nonexistent/dir/t.jsonl: No such file or directory\n")
    }
}
