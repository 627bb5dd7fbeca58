import BehaveTestSupport
import Foundation
import Testing

/// `docs/architecture.md` stays exact: every file, target, type, member and C name it names
/// exists, its diagram shows every target, and the C layers build and link without the layers
/// above them.
@Suite("Architecture: the doc is exact, the layers call one way")
struct ArchitectureTests {
    /// Where the names the doc uses live.
    static let folders = [
        "Sources", "Tests", "Benchmarks", "Fuzz", "modules", "scripts", "docs", "Examples", "Plugins",
    ]

    /// Every file under the folders, as a path from the package's root.
    static let files: [String] = folders.flatMap { folder -> [String] in
        let base = Tool.root.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { !$0.contains(".build/") }.map { folder + "/" + $0 }
    }

    /// The text of the sources in one language (file extensions), joined.
    static func sources(_ extensions: Set<String>, under folders: [String]) throws -> String {
        try files.filter { file in
            folders.contains { file.hasPrefix($0) } && extensions.contains((file as NSString).pathExtension)
        }
        .map { try Docs.text($0) }.joined(separator: "\n")
    }

    /// The names between backticks, as the doc writes them.
    static func names() throws -> [String] {
        let text = try Docs.text("docs/architecture.md").replacingOccurrences(
            of: "```[^`]*```", with: "", options: .regularExpression)
        return text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// What a name the doc uses must be, and whether it is: nil for what is not a name (a
    /// command line, a Lua value, a string).
    static func check(_ name: String, swift: String, c: String, targets: Set<String>) -> Bool? {
        // A call (`Keynote.vote(...)`) is Lua a script writes, an all-capital word a request's
        // kind, and the standard library's names are Swift's.
        // A C macro (`BEHAVE_…`) is all capitals too, so it is told apart first.
        let macro = name.hasPrefix("BEHAVE_")
        if name.contains("(") || (!macro && name == name.uppercased()) || ["Codable", "Sendable"].contains(name) {
            return nil
        }
        let bare = name
        if bare.range(of: #"^[A-Za-z0-9_./+-]+\.(swift|c|h|lua|md|sh|py|modulemap)$"#, options: .regularExpression)
            != nil
        {
            return files.contains { $0 == bare || $0.hasSuffix("/" + bare) }
        }
        if bare.range(of: #"^(behave|rt)_[a-z0-9_]+$|^BEHAVE_[A-Z0-9_]+$"#, options: .regularExpression) != nil {
            return c.range(of: #"\b\#(bare)\b"#, options: .regularExpression) != nil
        }
        if bare.range(of: #"^[A-Z][A-Za-z0-9]+(\.[a-z][A-Za-z0-9]*)?$"#, options: .regularExpression) != nil {
            let parts = bare.split(separator: ".").map(String.init)
            let declared = #"\b(struct|class|enum|protocol|actor|typealias|extension) \#(parts[0])\b"#
            guard targets.contains(parts[0]) || swift.range(of: declared, options: .regularExpression) != nil else {
                return false
            }
            guard parts.count == 2 else { return true }
            let member =
                parts[1] == "init"
                ? #"\binit\("# : #"\b(func|var|let|case) \#(parts[1])\b|\bstatic (func|var|let) \#(parts[1])\b"#
            return swift.range(of: member, options: .regularExpression) != nil
        }
        return nil
    }

    @Test("every file, target, type, member and C name the doc names exists")
    func namesExist() throws {
        let swift = try Self.sources(["swift"], under: ["Sources/", "modules/", "Tests/"])
        let c = try Self.sources(["c", "h"], under: ["Sources/"])
        let targets = Self.targets()
        let names = try Self.names()
        let checked = names.compactMap { name in
            Self.check(name, swift: swift, c: c, targets: targets).map { (name, $0) }
        }
        #expect(checked.count > 60, "the doc names the files and types it explains")
        let missing = checked.filter { !$0.1 }.map(\.0)
        #expect(missing.isEmpty, "docs/architecture.md names what does not exist: \(missing)")
    }

    @Test("a renamed file is a missing name")
    func renamedFileIsMissing() throws {
        let targets = Self.targets()
        #expect(Self.check("Runtime/Scheduler.swift", swift: "", c: "", targets: targets) == true)
        #expect(Self.check("Runtime/Schedule.swift", swift: "", c: "", targets: targets) == false)
        #expect(Self.check("behave_runtime_step", swift: "", c: "int behave_runtime_step(", targets: targets) == true)
        #expect(
            Self.check("behave_runtime_stepped", swift: "", c: "int behave_runtime_step(", targets: targets) == false)
        #expect(Self.check("Scheduler.loop", swift: "struct Scheduler {\n func loop(", c: "", targets: targets) == true)
        #expect(
            Self.check("Scheduler.loops", swift: "struct Scheduler {\n func loop(", c: "", targets: targets) == false)
        #expect(Self.check("behave run FILE", swift: "", c: "", targets: targets) == nil)
        #expect(Self.check("MyFirstModule.sayHello()", swift: "", c: "", targets: targets) == nil)
        #expect(
            Self.check("BEHAVE_REGISTRY_SENTINEL", swift: "", c: "#define BEHAVE_REGISTRY_SENTINEL", targets: targets)
                == true)
        #expect(
            Self.check("BEHAVE_REGISTRY_GONE", swift: "", c: "#define BEHAVE_REGISTRY_SENTINEL", targets: targets)
                == false)
    }

    /// The targets Package.swift declares.
    static func targets() -> Set<String> {
        let manifest = (try? Docs.text("Package.swift")) ?? ""
        let pattern = try! NSRegularExpression(pattern: #"name: "([A-Za-z-]+)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        return Set(
            pattern.matches(in: manifest, range: range).compactMap { Range($0.range(at: 1), in: manifest) }
                .map { String(manifest[$0]) })
    }

    @Test("the diagram shows every target of the package's layers")
    func diagramShowsEveryTarget() throws {
        let diagram = try Docs.block("layers", in: "docs/architecture.md")
        let targets = [
            "behave", "BehaveCLI", "BehaveRemote", "BehaveStore", "BehaveCoverage", "BehaveDebugger", "BehaveTesting",
            "Behave",
            "BehaveLua", "CBehaveTools", "CBehaveRuntime", "CBehave",
        ]
        for target in targets {
            #expect(diagram.contains(target), "the diagram lacks \(target)")
        }
        #expect(diagram.contains("liblua5.4"))
    }

    /// The runtime's files, each calling only those after it (docs/architecture.md).
    static let runtimeOrder = [
        "runtime.c", "driver.c", "outcome.c", "events.c", "timers.c", "records.c", "scheduler.c", "due.c",
        "context.c", "sandbox.c", "stdlibs.c", "stock.c", "readings.c",
    ]

    @Test("the runtime's files call one way: each names only functions of the files after it")
    func runtimeCallsOneWay() throws {
        let folder = "Sources/CBehaveRuntime/"
        let files = Self.files.filter { $0.hasPrefix(folder) && $0.hasSuffix(".c") }
        #expect(Set(files.map { String($0.dropFirst(folder.count)) }) == Set(Self.runtimeOrder))
        let comments = try NSRegularExpression(pattern: #"/\*.*?\*/"#, options: .dotMatchesLineSeparators)
        let definition = try NSRegularExpression(
            pattern: #"^(?:[a-z_]+ )+\**(behave_[a-z_]+)\(|^const luaL_Reg (behave_[a-z_]+)\[\]"#,
            options: .anchorsMatchLines)
        var code: [String: String] = [:]
        var definedIn: [String: String] = [:]
        for file in files {
            let name = String(file.dropFirst(folder.count))
            let text = try Docs.text(file)
            code[name] = comments.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            for match in definition.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let group = match.range(at: 1).location != NSNotFound ? 1 : 2
                if let range = Range(match.range(at: group), in: text) { definedIn[String(text[range])] = name }
            }
        }
        var upward: [String] = []
        for (caller, body) in code {
            for (function, callee) in definedIn where callee != caller {
                guard body.range(of: #"\b\#(function)\b"#, options: .regularExpression) != nil else { continue }
                let (from, to) = (Self.runtimeOrder.firstIndex(of: caller)!, Self.runtimeOrder.firstIndex(of: callee)!)
                if to < from { upward.append("\(caller) names \(callee)'s \(function)") }
            }
        }
        #expect(upward.isEmpty, "\(upward.sorted())")
    }

    /// The sandbox links without the runtime and the tools, the runtime without the tools: the
    /// hook owner reaches a tool only through the `behave_tool` it was handed.
    @Test("each C layer compiles and links with Lua alone: no C file names a function only a layer above defines")
    func cLayersLinkAlone() throws {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write("int main(void) { return 0; }\n", to: "main.c", in: work)
        let sources = { (target: String) in
            Self.files.filter { $0.hasPrefix("Sources/\(target)/") && $0.hasSuffix(".c") }
                .map { Tool.root.appendingPathComponent($0).path }
        }
        let include = { (target: String) in "-I" + Tool.root.appendingPathComponent("Sources/\(target)/include").path }
        let wraps = ["luaT_gettmbyobj", "luaL_buffinitsize", "luaL_prepbuffsize", "luaL_addlstring", "luaL_addvalue"]
            .map { "-Wl,--wrap=\($0)" }
        for layer in [["CBehave"], ["CBehaveRuntime", "CBehave"], ["CBehaveTools", "CBehave"]] {
            let arguments =
                [
                    "clang", "-o", work.appendingPathComponent("linked").path, include("CBehave"),
                    include("CBehaveRuntime"), include("CBehaveTools"),
                    "-I/usr/include/lua5.4", work.appendingPathComponent("main.c").path,
                ]
                + layer.flatMap(sources) + wraps
                + ["-Wl,--unresolved-symbols=report-all", "-l:liblua5.4.a", "-lm", "-ldl", "-lpthread"]
            let result = try Tool.run(arguments, program: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(result.status == 0, "\(layer): \(result.stderr.suffix(3_000))")
        }
    }
}

/// What the products link: the package's own modules, and no Foundation.
@Suite("Architecture: what the products link")
struct LinkedLibraryTests {
    /// Foundation brings ICU's data into every static binary: a start that maps and relocates
    /// more, and a library an embedder did not ask for. The package has its own JSON, locks and
    /// paths, and FoundationEssentials where it needs more; a build tool (lua-chunks) runs only at
    /// build time.
    @Test("no module under Sources imports Foundation (FoundationEssentials at most), a build tool aside")
    func noFoundation() throws {
        let importing = try ArchitectureTests.files.filter {
            $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") && !$0.hasPrefix("Sources/lua-chunks/")
        }.filter { file in
            let lines = try Docs.text(file).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return lines.indices.contains { i in
                let words = lines[i].split(separator: " ")
                guard words.contains("import"),
                    words.contains(where: { $0 == "Foundation" || $0.hasPrefix("Foundation.") })
                else { return false }
                // Where FoundationEssentials is not (older Apple systems), Foundation stands in for it.
                return
                    !(i > 0 && lines[i - 1] == "#else" && lines[..<i].contains("#if canImport(FoundationEssentials)"))
            }
        }
        #expect(importing.isEmpty, "\(importing)")
    }
}

/// Units a newcomer can hold: no source file over 400 lines, no function over 80.
@Suite("Architecture: units a newcomer can hold")
struct UnitSizeTests {
    /// The source files the rule covers.
    static let sources = ArchitectureTests.files.filter { file in
        ["Sources/", "Benchmarks/", "Fuzz/"].contains { file.hasPrefix($0) }
            && ["swift", "c", "h", "lua"].contains((file as NSString).pathExtension)
    }

    @Test("no source file under Sources, Benchmarks or Fuzz is over 400 lines")
    func fileLength() throws {
        let long = try Self.sources.filter {
            try Docs.text($0).split(separator: "\n", omittingEmptySubsequences: false).count > 401
        }
        #expect(long.isEmpty, "\(long)")
    }

    @Test("no function under Sources, Benchmarks or Fuzz is over 80 lines")
    func functionLength() throws {
        var long: [String] = []
        for file in Self.sources where !file.hasSuffix(".lua") {
            let lines = try Docs.text(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (start, count) in Self.functions(in: lines, swift: file.hasSuffix(".swift")) where count > 80 {
                long.append("\(file):\(start + 1) (\(count) lines)")
            }
        }
        #expect(long.isEmpty, "\(long)")
    }

    @Test("the function measure counts a body's lines, whatever braces its strings and comments hold")
    func measure() {
        let swift = ["func f() {", #"  let a = "{{" // {"#, "  /* { */ g()", "}", "func h() {}"]
        #expect(Self.functions(in: swift, swift: true).map(\.count) == [4, 1])
        let c = ["static int f(lua_State *L) {", "    char b = '{';", "    return 0;", "}"]
        #expect(Self.functions(in: c, swift: false).map(\.count) == [4])
    }

    /// Each function's first line (0-based) and length in lines, from its declaration to the
    /// brace that closes its body. Braces in strings, characters and comments do not count.
    static func functions(in lines: [String], swift: Bool) -> [(start: Int, count: Int)] {
        let declaration =
            swift
            ? #"^\s*(@\w+(\([^)]*\))?\s+)*((public|private|fileprivate|internal|package|static|class|nonisolated(\(\w+\))?|mutating|override|final|convenience|required)\s+)*(func|init|deinit)\b"#
            : #"^[A-Za-z_].*\)\s*\{\s*$"#
        var found: [(Int, Int)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].range(of: declaration, options: .regularExpression) != nil,
                let end = closingLine(of: lines, from: index)
            else {
                index += 1
                continue
            }
            found.append((index, end - index + 1))
            index = swift ? index + 1 : end + 1
        }
        return found
    }

    /// The line of the brace that closes the first brace opened from `start`, or nil when none
    /// opens within the declaration's first lines.
    static func closingLine(of lines: [String], from start: Int) -> Int? {
        var depth = 0
        var opened = false
        var inComment = false
        for index in start..<lines.count {
            // A requirement or a prototype has no body: its declaration ends without a brace.
            if !opened && index > start + 6 { return nil }
            var quote: Character?
            var previous: Character = " "
            var escaped = false
            for character in lines[index] {
                defer { previous = character }
                if inComment {
                    if previous == "*" && character == "/" { inComment = false }
                    continue
                }
                if let open = quote {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == open {
                        quote = nil
                    }
                    continue
                }
                if previous == "/" && character == "/" { break }
                if previous == "/" && character == "*" {
                    inComment = true
                    continue
                }
                switch character {
                case "\"", "'": quote = character
                case "{":
                    depth += 1
                    opened = true
                case "}": depth -= 1
                default: break
                }
                if opened && depth == 0 { return index }
            }
        }
        return nil
    }
}
