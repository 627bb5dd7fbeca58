import BehaveTestSupport
import Foundation
import Testing

/// `behave repl` driven through a real pseudo-terminal, keystroke by keystroke.
@Suite("REPL on a terminal", .serialized)
struct ReplTests {
    /// A REPL with its own history directory, past the banner.
    private func repl(
        state: URL? = nil, environment: [String: String] = [:],
        arguments: [String] = ["repl"]
    ) throws -> (PseudoTerminal, URL) {
        let state = try state ?? Tool.temporaryDirectory()
        var environment = environment
        environment["XDG_STATE_HOME"] = state.path
        let terminal = try PseudoTerminal(arguments, environment: environment)
        try terminal.expect(":help for commands, Ctrl-D to leave")
        try terminal.expect("> ")
        return (terminal, state)
    }

    /// Types a line and returns what it printed before the next prompt.
    private func enter(_ line: String, on terminal: PseudoTerminal, prompt: String = "> ") throws -> String {
        try terminal.type(line + "\r")
        try terminal.expect(line + "\r\n")  // the editor's own echo of the line
        let shown = try terminal.expect(prompt).replacingOccurrences(of: "\r\n", with: "\n")
        return shown.hasSuffix("\n") ? String(shown.dropLast()) : shown
    }

    /// Enters `line`, lets it start, presses Ctrl-C: the input is interrupted and the prompt
    /// comes back, however long the input would have run.
    private func interrupt(_ line: String, on terminal: PseudoTerminal) throws {
        try terminal.type(line + "\r")
        try terminal.expect(line + "\r\n")
        Thread.sleep(forTimeInterval: 0.3)
        try terminal.type("\u{3}")
        try terminal.expect("interrupted")
        try terminal.expect("> ")
    }

    /// Ctrl-D on an empty line: the REPL ends with status 0.
    private func leave(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try terminal.type("\u{4}")
        #expect(try terminal.waitForExit() == 0, sourceLocation: sourceLocation)
    }

    @Test("expressions print without '=', tables print sorted and nested, several results with tabs")
    func autoPrint() throws {
        let (terminal, _) = try repl()
        #expect(try enter("1 + 1", on: terminal) == "2")
        #expect(try enter("{b = 1, a = {2, 3}, 'first'}", on: terminal) == "{\"first\", a = {2, 3}, b = 1}")
        #expect(try enter("t = {}; t.me = t; return t", on: terminal) == "{me = <cycle>}")
        #expect(try enter("1, 'two', nil", on: terminal) == "1\t\"two\"\tnil")
        #expect(try enter("=math.max(3, 9)", on: terminal) == "9")
        #expect(try enter("print('printed')", on: terminal) == "printed")
        try leave(terminal)
    }

    @Test("a paste of several lines runs each, and each shows once")
    func paste() throws {
        let (terminal, _) = try repl()
        try terminal.type("first = 20\rsecond = first + 1\rfirst + second\r")
        try terminal.expect("41\r\n> ")
        #expect(terminal.transcript.components(separatedBy: "second = first + 1").count == 2)
        // A line wider than the terminal scrolls sideways instead of wrapping.
        let long = "'" + String(repeating: "x", count: 200) + "'"
        try terminal.type(long + "\r")
        try terminal.expect("\"" + String(repeating: "x", count: 200) + "\"\r\n> ")
        try leave(terminal)
    }

    @Test("a multi-line chunk is one history entry: Up recalls it whole, Enter runs it, the file keeps it")
    func multiLineHistory() throws {
        let (terminal, state) = try repl()
        #expect(try enter("function f()", on: terminal, prompt: ">> ") == "")
        #expect(try enter("  return 9", on: terminal, prompt: ">> ") == "")
        #expect(try enter("end", on: terminal) == "")
        try terminal.type("\u{1B}[A")  // Up: the whole chunk, its newlines drawn as ↵
        try terminal.expect("function f()↵  return 9↵end")
        try terminal.type("\r")
        try terminal.expect("\r\n> ")
        #expect(try enter("f()", on: terminal) == "9")
        try leave(terminal)
        let file = state.appendingPathComponent("behave/history")
        #expect(try String(contentsOf: file, encoding: .utf8) == "function f()\u{1E}  return 9\u{1E}end\nf()\n")
        let (second, _) = try repl(state: state)
        try second.type("\u{1B}[A\u{1B}[A")
        try second.expect("function f()↵  return 9↵end")
        try second.type("\r")
        try second.expect("\r\n> ")
        #expect(try enter("f() + 1", on: second) == "10")
        try leave(second)
    }

    @Test("Ctrl-R searches history as it is typed; Ctrl-R again goes older; Enter runs; Ctrl-G cancels")
    func reverseSearch() throws {
        let (terminal, _) = try repl()
        #expect(try enter("alpha = 1", on: terminal) == "")
        #expect(try enter("alpine = 2", on: terminal) == "")
        #expect(try enter("beta = 3", on: terminal) == "")
        try terminal.type("\u{12}al")
        try terminal.expect("(reverse-i-search)`al': alpine = 2")
        try terminal.type("\u{12}")
        try terminal.expect("(reverse-i-search)`al': alpha = 1")
        try terminal.type("\r")
        try terminal.expect("\r\n> ")
        #expect(try enter("alpha + alpine", on: terminal) == "3")
        // No match says so; Ctrl-G gives back the line as it was.
        try terminal.type("kept\u{12}zzz")
        try terminal.expect("(failed reverse-i-search)`zzz': ")
        try terminal.type("\u{7}")
        try terminal.expect("> kept")
        try terminal.type("\u{15}")  // Ctrl-U
        // Another key takes the match into the line and edits it.
        try terminal.type("\u{12}beta\u{1B}[C\u{7F}4\r")  // Right (at the end), Backspace, 4: "beta = 4"
        try terminal.expect("\r\n> ")
        #expect(try enter("beta", on: terminal) == "4")
        try leave(terminal)
    }

    @Test("Alt-B and Alt-F move by word, Alt-Backspace and Alt-D delete one, Ctrl-Left/Right move too")
    func wordKeys() throws {
        let (terminal, _) = try repl()
        try terminal.type("return 12 + 34\u{1B}b\u{1B}\u{7F}\r")  // Alt-B, Alt-Backspace: "return 34"
        try terminal.expect("\r\n34\r\n> ")
        try terminal.type("return 5 + 6\u{1}\u{1B}f\u{1B}f0\r")  // Home, Alt-F twice, 0: "return 50 + 6"
        try terminal.expect("\r\n56\r\n> ")
        try terminal.type("return 7 + 8\u{1}\u{1B}d\r")  // Home, Alt-D: " 7 + 8"
        try terminal.expect("\r\n15\r\n> ")
        try terminal.type("return 1 + 2\u{1B}[1;5D\u{1B}[1;5D\u{1B}[1;5C9\r")  // Ctrl-Left twice, Ctrl-Right: "19 + 2"
        try terminal.expect("\r\n21\r\n> ")
        try leave(terminal)
    }

    @Test("the cursor lands in the right column after wide and combining characters")
    func wideCharacters() throws {
        let (terminal, _) = try repl()
        // Two Lefts from the end of `s = "日本語"` put the cursor before 語: the redraw moves back
        // over 語 (2 columns) and the quote (1), three columns, not two.
        try terminal.type("s = \"日本語\"\u{1B}[D\u{1B}[D")
        try terminal.expect("\u{1B}[3D")
        // "\r\n> ", not "> ": each redraw starts with "\r> ", and typing before the new prompt races the evaluation.
        try terminal.type("X\r")
        try terminal.expect("\r\n> ")
        #expect(try enter("s", on: terminal) == "\"日本X語\"")
        // e + U+0301 is one character of one column.
        try terminal.type("t = \"e\u{301}!\"\u{1B}[D\u{1B}[D")
        try terminal.expect("\u{1B}[2D")
        try terminal.type("\u{7F}\r")  // Backspace removes é whole
        try terminal.expect("\r\n> ")
        #expect(try enter("t", on: terminal) == "\"!\"")
        try leave(terminal)
    }

    @Test("an incomplete chunk continues on a '>>' prompt and runs whole")
    func multiLine() throws {
        let (terminal, _) = try repl()
        #expect(try enter("function add(a, b)", on: terminal, prompt: ">> ") == "")
        #expect(try enter("  return a + b", on: terminal, prompt: ">> ") == "")
        #expect(try enter("end", on: terminal) == "")
        #expect(try enter("add(40, 2)", on: terminal) == "42")
        // Ctrl-C on the continuation prompt drops the pending chunk.
        #expect(try enter("if true then", on: terminal, prompt: ">> ") == "")
        try terminal.type("\u{3}")
        try terminal.expect("^C\r\n> ")
        #expect(try enter("'fresh'", on: terminal) == "\"fresh\"")
    }

    @Test("Ctrl-C interrupts running code and the prompt comes back; at the prompt it clears the line")
    func interrupt() throws {
        let (terminal, _) = try repl()
        #expect(try enter("kept = 'still here'", on: terminal) == "")
        try interrupt("while true do end", on: terminal)
        #expect(try enter("kept", on: terminal) == "\"still here\"")
        // A wait is interrupted too.
        try interrupt("wait(3600)", on: terminal)
        // At the prompt, Ctrl-C drops what was typed.
        try terminal.type("this is dropped")
        try terminal.type("\u{3}")
        try terminal.expect("^C\r\n> ")
        #expect(try enter("2", on: terminal) == "2")
        try leave(terminal)
    }

    @Test("history persists across two sessions, in the state directory")
    func history() throws {
        let (first, state) = try repl()
        #expect(try enter("remembered = 6 * 7", on: first) == "")
        try leave(first)
        let file = state.appendingPathComponent("behave/history")
        #expect(try String(contentsOf: file, encoding: .utf8) == "remembered = 6 * 7\n")

        let (second, _) = try repl(state: state)
        try second.type("\u{1B}[A")  // Up: the last session's line
        try second.expect("remembered = 6 * 7")
        try second.type("\r")
        try second.expect("\r\n")
        try second.expect("> ")
        #expect(try enter("remembered", on: second) == "42")
        try leave(second)
        #expect(try String(contentsOf: file, encoding: .utf8) == "remembered = 6 * 7\nremembered\n")
    }

    @Test("history is bounded: the oldest lines go first")
    func historyBound() throws {
        let state = try Tool.temporaryDirectory()
        let file = state.appendingPathComponent("behave/history")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (1...1000).map { "old_\($0) = \($0)" }.joined(separator: "\n").appending("\n").write(
            to: file, atomically: true, encoding: .utf8)
        let (terminal, _) = try repl(state: state)
        #expect(try enter("newest = true", on: terminal) == "")
        try leave(terminal)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1000)
        #expect(lines.first == "old_2 = 2")
        #expect(lines.last == "newest = true")
    }

    @Test("Tab completes a module action; after ':' only functions")
    func completion() throws {
        let (terminal, _) = try repl()
        try terminal.type("MyFirstModule.sayH\t")
        try terminal.expect("sayHello")
        try terminal.type("()\r")
        try terminal.expect("Hello My name is MyFirstModule\r\n> ")
        #expect(try enter("player = {name = 'p', jump = function() return 'jumped' end}", on: terminal) == "")
        try terminal.type("player:\t")
        try terminal.expect("jump")
        try terminal.type("()\r")
        try terminal.expect("\"jumped\"\r\n> ")
        // Two candidates: the second Tab lists them.
        try terminal.type("MyFirstModule.say\t\t")
        try terminal.expect("sayGoodBye  sayHello")
        try terminal.type("\u{3}")
        try terminal.expect("> ")
    }

    @Test(":help Module.action shows the signature and doc; :help lists the commands; :modules lists modules")
    func help() throws {
        let (terminal, _) = try repl()
        let action = try enter(":help MyThirdModule.openUrl", on: terminal)
        #expect(action.hasPrefix("MyThirdModule.openUrl(url: string)\n  Opens an absolute http(s) URL"))
        let async = try enter(":help Keynote.vote", on: terminal)
        #expect(async.hasPrefix("async Keynote.vote(destination: string): string\n"))
        let helper = try enter(":help wait_for", on: terminal)
        #expect(helper.hasPrefix("wait_for(name, options)"))
        let commands = try enter(":help", on: terminal)
        for command in [":help NAME", ":modules", ":load FILE", ":emit NAME [JSON]", ":reset", ":limits"] {
            #expect(commands.contains(command))
        }
        #expect(try enter(":modules", on: terminal).contains("MyFirstModule — "))
        #expect(try enter(":limits", on: terminal).contains("memory        64 MiB"))
        #expect(try enter(":help Nothing.here", on: terminal).contains("no help for 'Nothing.here'"))
        #expect(try enter(":nonsense", on: terminal).contains("unknown command :nonsense"))
    }

    @Test(":load runs a Lua file or a JSON action list into the session; :emit reaches handlers; :reset forgets")
    func loadEmitReset() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write("return {word = 'hello'}", to: "words.lua", in: directory)
        let script = try Tool.write(
            """
            local words = require('words')
            function greet(name) return words.word .. ' ' .. name end
            on('ping', function(p) print('ping', p.n) end)
            print('loaded')
            """, to: "helpers.lua", in: directory)
        let (terminal, _) = try repl()
        #expect(try enter(":load \(script)", on: terminal) == "loaded")
        #expect(try enter("greet('you')", on: terminal) == "\"hello you\"")
        #expect(try enter(":emit ping {\"n\": 3}", on: terminal) == "ping\t3")
        let protocols = Tool.root.appendingPathComponent("scripts/examples/Protocols.json").path
        #expect(try enter(":load \(protocols)", on: terminal).contains("Hello My name is MyFirstModule"))
        #expect(try enter(":load /no/such/file.lua", on: terminal).contains("cannot read"))
        #expect(try enter(":emit ping {bad", on: terminal).contains("not JSON"))
        #expect(try enter(":reset", on: terminal).contains("fresh state"))
        #expect(try enter("greet", on: terminal) == "nil")
    }

    @Test("wait() and async actions work at the prompt; errors read stdin:LINE with a script-only traceback")
    func asyncAndErrors() throws {
        let (terminal, _) = try repl()
        #expect(try enter("wait(0.05); return 'waited'", on: terminal) == "\"waited\"")
        #expect(try enter("Keynote.vote('Lyon')", on: terminal).contains("Lyon"))
        let error = try enter("local x = nil\nerror('boom')".replacingOccurrences(of: "\n", with: " "), on: terminal)
        #expect(error.hasPrefix("stdin:1: boom\nstack traceback:"))
        #expect(!error.contains("sandbox:") && !error.contains("behave:"))
    }

    @Test("colour on a terminal; none with NO_COLOR")
    func colour() throws {
        let (coloured, _) = try repl(environment: ["NO_COLOR": ""])
        #expect(try enter("'text'", on: coloured) == "\u{1B}[32m\"text\"\u{1B}[0m")
        #expect(try enter("error('red')", on: coloured).hasPrefix("\u{1B}[31mstdin:1: red\u{1B}[0m"))
        let (plain, _) = try repl()
        #expect(try enter("'text'", on: plain) == "\"text\"")
    }

    @Test("on a dumb terminal (TERM=dumb) the terminal edits lines: no escape sequences")
    func dumbTerminal() throws {
        let (terminal, _) = try repl(environment: ["TERM": "dumb", "NO_COLOR": ""])
        #expect(try enter("{1, 'two'}", on: terminal) == "{1, \"two\"}")
        #expect(try enter("error('plain')", on: terminal).hasPrefix("stdin:1: plain"))
        try leave(terminal)
        #expect(!terminal.transcript.contains("\u{1B}"))
    }

    @Test("behave -i FILE runs FILE after the banner, then prompts with what it defined, as lua -i does")
    func preload() throws {
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write("answer = 41\nprint('loaded')\n", to: "pre.lua", in: work)
        let terminal = try PseudoTerminal(["-i", file], environment: ["XDG_STATE_HOME": work.path])
        try terminal.expect(":help for commands, Ctrl-D to leave\r\nloaded\r\n> ")
        #expect(try enter("answer + 1", on: terminal) == "42")
        try leave(terminal)
        let piped = try Tool.run(["repl", "-i", file], input: "print(answer + 1)\n")
        #expect(piped.stdout == "loaded\n42\n")
        #expect(piped.status == 0)
        let missing = try Tool.run(["-i", work.path + "/missing.lua"], input: "print(1)\n")
        #expect(missing.stderr.hasPrefix("behave: \(work.path)/missing.lua: cannot read"), "\(missing.stderr)")
        #expect(missing.status == 66)
    }

    @Test("bare behave on a terminal is the REPL")
    func bareBehave() throws {
        let (terminal, _) = try repl(arguments: [])
        #expect(try enter("1 + 2", on: terminal) == "3")
        try terminal.type(":quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test("piped stdin runs as a script with no prompts, with run's exit codes")
    func pipedStdin() throws {
        let printed = try Tool.run(["repl"], input: "print(1)\n")
        #expect(printed.stdout == "1\n")
        #expect(printed.status == 0)
        let failing = try Tool.run(["repl"], input: "print('before')\nerror('piped')\n")
        #expect(failing.stdout == "before\n")
        #expect(failing.stderr.hasPrefix("behave: stdin:2: piped"))
        #expect(failing.status == 1)
        let invalid = try Tool.run(["repl"], input: "x = = 1\n")
        #expect(invalid.stderr.contains("stdin:1:"))
        #expect(invalid.status == 65)
        // As `lua` does: bare behave runs what is piped to it.
        let bare = try Tool.run([], input: "print(1 + 1)\n")
        #expect(bare.stdout == "2\n")
        #expect(bare.status == 0)
    }
}
