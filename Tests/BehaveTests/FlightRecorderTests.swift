import Behave
import BehaveDemos
import BehaveLua
import Testing

/// The flight recorder through the library: on by default, bounded, and read back as written.
@Suite("Flight recorder")
struct FlightRecorderTests {
    static func quietHost(_ modules: [any BehaveModule] = [MyFirstModule(), Keynote()]) throws -> BehaveHost {
        try BehaveHost(
            modules: modules, output: OutputSink(write: { _ in }, diagnostic: { _ in }), clock: VirtualClock())
    }

    @Test("every run is recorded by default, and its JSON lines read back to the same recording")
    func roundTrip() async throws {
        let host = try Self.quietHost()
        host.context["destination"] = "Lyon"
        let source = """
            local n = math.random(100)
            on("VOTE_TRAIN_START", function(d) print(Keynote.vote(d.to), n) end)
            MyFirstModule.sayHello()
            """
        try await host.run(
            Behaviour(name: "vote.lua", source: source), arguments: ["a", "b"],
            timeline: [TimedEvent("VOTE_TRAIN_START", data: ["to": "Lyon", "odds": 1.5], after: 2)])
        let recording = try #require(host.lastRecording)
        #expect(recording.behaviour.source == source)
        #expect(recording.context["destination"] == "Lyon")
        #expect(recording.arguments == ["a", "b"])
        #expect(recording.seed.count == 2)
        #expect(recording.outcome == RecordedOutcome(.completed))
        #expect(recording.entries.contains(.call(action: "Keynote.vote", arguments: ["Lyon"], async: 1)))
        #expect(recording.entries.contains(.output("Hello My name is MyFirstModule\n")))
        #expect(recording.events.map(\.at) == [2])
        let text = recording.jsonLines
        #expect(try Recording.parse(Array(text.utf8), file: "r.rec") == recording)
    }

    @Test("a recorder turned off records nothing; a run that fails keeps its recording with the error")
    func offAndFailing() async throws {
        let host = try Self.quietHost()
        host.recordingLimit = 0
        try await host.run(Behaviour(name: "a.lua", source: "print(1)"))
        #expect(host.lastRecording == nil)
        host.recordingLimit = BehaveHost.defaultRecordingLimit
        await #expect(throws: BehaveError.self) {
            try await host.run(Behaviour(name: "b.lua", source: "Keynote.show('nowhere')"))
        }
        let outcome = try #require(host.lastRecording?.outcome)
        #expect(outcome.kind == .failed)
        #expect(outcome.message?.hasPrefix("b.lua:1: unknown screen 'nowhere'") == true)
    }

    @Test("past its byte cap the recorder keeps the start and the latest entries, and counts the cut")
    func bounded() async throws {
        let host = try Self.quietHost()
        host.recordingLimit = 8 * 1024
        try await host.run(Behaviour(name: "many.lua", source: "for i = 1, 2000 do MyFirstModule.sayHello() end"))
        let recording = try #require(host.lastRecording)
        #expect(recording.droppedEntries > 1000)
        #expect(recording.jsonLines.utf8.count < 16 * 1024)
        #expect(recording.entries.first == .step(at: 0))
        #expect(recording.entries.last == .returned([]))
        #expect(recording.outcome == RecordedOutcome(.completed))
        // The ring writes into the chunks it drops: what it keeps after the cut is the latest, in
        // order, the host's entries (output) and the journal's records (results) alike.
        let typed = try Self.quietHost([FlightRecorderEdgeTests.Typed()])
        typed.recordingLimit = 8 * 1024
        try await typed.run(
            Behaviour(name: "say.lua", source: "for i = 1, 2000 do Typed.say(i) Typed.integer(i) end"))
        let afterCut = try #require(typed.lastRecording).entries.drop {
            if case .gap = $0 { false } else { true }
        }
        let written = afterCut.compactMap {
            if case .output(let text) = $0 { Int(text.dropFirst(5).dropLast()) } else { nil }
        }
        let returned = afterCut.compactMap {
            if case .returned(let values) = $0, case .integer(let n)? = values.first { Int(n) } else { nil }
        }
        #expect(written.count > 10 && written == Array((2001 - written.count)...2000))
        #expect(returned.count > 10 && returned == Array((2001 - returned.count)...2000))
        let report = try await BehaveHost.replay(recording, output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        #expect(report.lacking == recording.droppedEntries)
        #expect(!report.matches)
    }

    @Test("a replay answers from the recording: no module code runs, and a changed argument is a divergence")
    func replayAnswers() async throws {
        let host = try Self.quietHost()
        try await host.run(Behaviour(name: "s.lua", source: "print(Keynote.screen('KEYNOTE_START'))"))
        var recording = try #require(host.lastRecording)
        let index = try #require(recording.entries.firstIndex(of: .returned(["KeynoteWelcome"])))
        recording.entries[index] = .returned(["AnswerFromTheRecording"])
        let text = TextBox()
        let output = OutputSink(write: { text.value += $0 }, diagnostic: { _ in })
        let report = try await BehaveHost.replay(recording, output: output)
        #expect(text.value == "AnswerFromTheRecording\n")
        #expect(report.matches)
        let other = Behaviour(name: "s.lua", source: "print(Keynote.screen('KEYNOTE_END'))")
        let diverged = try await BehaveHost.replay(recording, behaviour: other, output: output)
        #expect(diverged.divergence?.script == .call(action: "Keynote.screen", arguments: ["KEYNOTE_END"], async: nil))
        #expect(diverged.divergence?.position == "s.lua:1")
        #expect(!diverged.sameCopy)
    }

    @Test("the docs' app keeps the recording of a run that failed")
    func keepOnFailure() async throws {
        let kept = TextBox()
        func keep(_ bytes: [UInt8]) throws { kept.value = String(decoding: bytes, as: UTF8.self) }
        let behaviour = Behaviour(name: "k.lua", source: "wait_for('VOTE_TRAIN_START') Keynote.show('x')")
        let events = [TimedEvent("VOTE_TRAIN_START")]
        // snippet: recording-api
        let host = try BehaveHost(modules: [Keynote()])
        host.recordingLimit = 256 * 1024  // bytes; 0 turns the recorder off
        do {
            try await host.run(behaviour, timeline: events)
        } catch {
            if let recording = host.lastRecording {
                try keep(Array(recording.jsonLines.utf8))  // with the failure, for `behave replay`
            }
        }
        // snippet end
        #expect(kept.value.contains(#"{"end":"failed","failed_tasks":0,"message":"k.lua:1: unknown screen 'x'"#))
    }

    final class TextBox: @unchecked Sendable { var value = "" }
}

/// What the review of the recorder found, each the case that would have caught it.
@Suite("Flight recorder: hostile and odd values")
struct FlightRecorderEdgeTests {
    @Test("infinities and NaN read back as floats, and NaN arguments match on replay")
    func nonFinite() async throws {
        let host = try FlightRecorderTests.quietHost([Echo()])
        try await host.run(
            Behaviour(name: "f.lua", source: "print(Echo.echo(math.huge), Echo.echo(0/0), Echo.echo(-math.huge))"))
        let recording = try #require(host.lastRecording)
        let read = try Recording.parse(Array(recording.jsonLines.utf8), file: "f.rec")
        #expect(read.jsonLines == recording.jsonLines)
        // The recorder keeps no arguments while nothing else watches; the recorded copy gives them.
        #expect(read.entries.contains(.call(action: "Echo.echo", arguments: nil, async: nil)))
        let completed = await BehaveHost.completing(read)
        #expect(completed.entries.contains(.call(action: "Echo.echo", arguments: [.number(.infinity)], async: nil)))
        #expect(!completed.entries.contains { $0 == .call(action: "Echo.echo", arguments: nil, async: nil) })
        let text = FlightRecorderTests.TextBox()
        let report = try await BehaveHost.replay(
            read, output: OutputSink(write: { text.value += $0 }, diagnostic: { _ in }))
        #expect(report.divergence == nil)
        #expect(text.value == "inf\t-nan\t-inf\n" || text.value == "inf\tnan\t-inf\n", "\(text.value)")
    }

    /// `source` run with the recorder alone watching, then with an observer too, which makes
    /// every call copy its arguments and results in Swift.
    static func recordedTwice(_ module: any BehaveModule, source: String) async throws -> [Recording] {
        var recordings: [Recording] = []
        for watched in [false, true] {
            let host = try FlightRecorderTests.quietHost([module])
            host.recordingLimit = 16 << 20
            if watched { host.observer = { _ in } }
            try await host.run(Behaviour(name: "twice.lua", source: source))
            recordings.append(try #require(host.lastRecording))
        }
        return recordings
    }

    @Test("calls kept as bytes read back as copied ones: each kind of value, tables, errors, full chunks")
    func journal() async throws {
        let source = """
            local big = ('y'):rep(5000)
            for i = 1, 300 do
              Echo.echo(nil, true, false, i, i + 0.5, 'é\\0x', big, -0.0, math.mininteger)
              Echo.echo({a = {1, 2}}, 'b')
              Echo.echo()
              pcall(Echo.boom, i)
            end
            """
        let recordings = try await Self.recordedTwice(Echo(), source: source)
        #expect(recordings[0].entries.contains { $0.lacksArguments })
        #expect(!recordings[1].entries.contains { $0.lacksArguments })
        let completed = await BehaveHost.completing(recordings[0])
        #expect(completed.entries == recordings[1].entries)
        #expect(completed.entries.count == recordings[1].entries.count)
    }

    @Test("typed actions keep their results as they push them: each plain type and length, full chunks, nested calls")
    func typedResults() async throws {
        let source = """
            local big = ('y'):rep(5000)
            local texts = {'', 'abc', 'hello', '8 bytes!', 'twelve bytes', 'sixteen bytes!!!', 'seventeen bytes!!', 'é\\0x', big}
            for i = 1, 300 do
              for _, text in ipairs(texts) do Typed.text(text) end
              Typed.integer(i) Typed.integer(math.mininteger) Typed.number(i + 0.5) Typed.number(-0.0)
              Typed.flag(i % 2 == 0) Typed.nothing(i) Typed.maybe(i % 3 == 0 and 'x' or nil)
              Typed.list(i) pcall(Typed.fail, i)
            end
            """
        let recordings = try await Self.recordedTwice(Typed(), source: source)
        let completed = await BehaveHost.completing(recordings[0])
        // Compared apart from #expect, which would print both recordings' megabytes.
        let same = completed.entries == recordings[1].entries
        #expect(same)
        #expect(completed.entries.count == recordings[1].entries.count)
        // A call made by an action's own code (a nested call) keeps its result where it returned.
        let host = try FlightRecorderTests.quietHost([Typed()])
        try await host.run(
            Behaviour(name: "n.lua", source: "print(Typed.outer(function() return Typed.text('inner') end))"))
        let returned = try #require(host.lastRecording).entries.compactMap {
            if case .returned(let values) = $0 { values } else { nil }
        }
        #expect(returned == [[.string("inner")], [.string("inner!")]])
        // The host's own entries, made while a call is open, are never written over by its result.
        try await host.run(
            Behaviour(
                name: "e.lua",
                source: """
                    print(Typed.outer(function()
                      for i = 1, 8 do pcall(coroutine.wrap(function() Typed.later() end)) end
                      return 'x'
                    end))
                    """))
        let entries = try #require(host.lastRecording).entries
        #expect(entries.contains(.returned([.string("x!")])))
    }

    @Test("an action list that leaves an optional argument out replays as it ran")
    func actionListOptional() async throws {
        let host = try FlightRecorderTests.quietHost([Typed()])
        let list = #"[{"name": "Typed", "actions": [{"func": "maybe"}, {"func": "maybe", "args": ["x"]}]}]"#
        try await host.run(Behaviour(name: "list.json", source: list))
        let recording = try #require(host.lastRecording)
        #expect(recording.entries.filter { if case .call = $0 { true } else { false } }.count == 2)
        let report = try await BehaveHost.replay(recording, output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        #expect(report.error == nil && report.divergence == nil)
        #expect(report.matches)
    }

    @Test("an entry larger than the ring is dropped, and results that are tables keep the recorder within its cap")
    func oversized() async throws {
        let host = try FlightRecorderTests.quietHost([Echo()])
        host.recordingLimit = 64 << 10
        try await host.run(
            Behaviour(
                name: "o.lua",
                source: "for i = 1, 2000 do Echo.echo({i}) end Echo.echo(('z'):rep(1 << 20)) Echo.echo(1)"))
        let recording = try #require(host.lastRecording)
        #expect(recording.droppedEntries > 0)
        #expect(recording.jsonLines.utf8.count < 128 << 10)
        #expect(recording.entries.last == .returned([.integer(1)]))
    }

    @Test("an async answer of many values, and arguments past the copy's budget, are bounded, not a crash")
    func manyValues() async throws {
        let host = try FlightRecorderTests.quietHost([Echo()])
        host.recordingLimit = 16 << 20
        try await host.run(
            Behaviour(
                name: "m.lua",
                source: "local s = ('x'):rep(600000) print(#Echo.echo(s, s, s, s)) print(select('#', Echo.many()))"))
        var recording = await BehaveHost.completing(try #require(host.lastRecording))
        #expect(
            recording.entries.contains {
                if case .call(_, let a, _) = $0 { a?.contains(.string("…")) == true } else { false }
            })
        // An async answer of 5,000 values, written into the recording by hand.
        let index = try #require(recording.entries.firstIndex { if case .resolved = $0 { true } else { false } })
        recording.entries[index] = .resolved(id: 1, at: 0, values: Array(repeating: .integer(0), count: 5000))
        let text = FlightRecorderTests.TextBox()
        let report = try await BehaveHost.replay(
            recording, output: OutputSink(write: { text.value += $0 }, diagnostic: { _ in }))
        #expect(text.value.hasPrefix("600000\n"))
        #expect(report.divergence == nil)
    }

    @Test("a sandboxed replay of a recording that turns its limits off still stops a loop")
    func unboundedLimits() async throws {
        let host = try FlightRecorderTests.quietHost([Echo()])
        try await host.run(Behaviour(name: "l.lua", source: "print(1)"))
        var recording = try #require(host.lastRecording)
        recording.limits = .unlimited  // memory 0 and time 0: none
        let loop = Behaviour(name: "l.lua", source: "local t = {} while true do t[#t + 1] = ('x'):rep(1000) .. #t end")
        let report = try await BehaveHost.replay(
            recording, behaviour: loop, output: OutputSink(write: { _ in }, diagnostic: { _ in }))
        #expect(report.outcome.kind == .terminated)
    }

    @Test("a recording that raises its own limits replays within the replay's: the defaults, or those it is given")
    func raisedLimits() async throws {
        let host = try FlightRecorderTests.quietHost([Echo()])
        try await host.run(Behaviour(name: "l.lua", source: "print(1)"))
        var recording = try #require(host.lastRecording)
        recording.limits.memory = 1 << 40
        recording.limits.time = 31_536_000
        let hog = Behaviour(name: "l.lua", source: "local t = {} while true do t[#t + 1] = ('x'):rep(1000) .. #t end")
        let quiet = OutputSink(write: { _ in }, diagnostic: { _ in })
        let byDefault = try await BehaveHost.replay(recording, behaviour: hog, output: quiet)
        #expect(byDefault.outcome.kind == .terminated)
        #expect(byDefault.outcome.message?.contains("memory (64 MiB)") == true, "\(byDefault.outcome)")
        var ceiling = Limits()
        ceiling.memory = 4 << 20
        let given = try await BehaveHost.replay(recording, behaviour: hog, output: quiet, limits: ceiling)
        #expect(given.outcome.message?.contains("memory (4 MiB)") == true, "\(given.outcome)")
        // A lower recorded limit still holds: the replay ends as the run did.
        recording.limits.memory = 2 << 20
        let lower = try await BehaveHost.replay(recording, behaviour: hog, output: quiet, limits: ceiling)
        #expect(lower.outcome.message?.contains("memory (2 MiB)") == true, "\(lower.outcome)")
    }

    struct Typed: BehaveModule {
        let name = "Typed"
        var actions: [Action] {
            [
                Action("text", "_") { (_, text: String) in text },
                Action("integer", "_") { (_, n: Int) in n },
                Action("number", "_") { (_, x: Double) in x },
                Action("flag", "_") { (_, flag: Bool) in flag },
                Action("nothing", "_") { (_, _: Int) in },
                Action("maybe", "_") { (_, text: String?) in text },
                Action("list", "_") { (_, n: Int) in [n, n] },
                Action("fail", "_") { (_, n: Int) throws -> Int in throw LuaScriptError("fail \(n)") },
                Action("later") { (_) async throws -> Int in 1 },
                Action("say", "_") { (context, n: Int) throws in try context.print("said \(n)") },
                Action("outer", "_") { (_, f: LuaValue) throws -> String in
                    guard case .function(let function) = f else { return "" }
                    return (try function.call().first?.string ?? "") + "!"
                },
            ]
        }
    }

    struct Echo: BehaveModule {
        let name = "Echo"
        var actions: [Action] {
            [
                Action("echo", raw: { (_: ActionContext, stack: LuaStack) throws -> Int32 in stack.count }),
                Action("many") { (_) async throws -> Int in 7 },
                Action(
                    "boom", raw: { (_: ActionContext, _: LuaStack) throws -> Int32 in throw LuaScriptError("boom") }),
            ]
        }
    }
}
