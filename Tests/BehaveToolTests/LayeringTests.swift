import BehaveTestSupport
import Foundation
import Testing

/// The layers as Package.swift declares them and docs/architecture.md draws them, kept by reading
/// the sources: each Swift file imports only what its target declares, a C module only where the
/// doc's table allows it, and no target above the bridge calls Lua's C API. (That no C file calls
/// a layer above it is `ArchitectureTests`' "each C layer compiles and links with Lua alone".)
@Suite("Layering: imports follow Package.swift and docs/architecture.md")
struct LayeringTests {
    /// A target as Package.swift declares it.
    struct DeclaredTarget {
        var name: String
        var path: String
        var dependencies: Set<String>
    }

    /// Modules that come with the toolchain or the system: any target may import them.
    static let systemModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Dispatch", "Testing",
        "Synchronization", "_Concurrency", "PackagePlugin", "XCTest", "os",
    ]
    /// Modules a product vends besides the one named as it (the product's own targets).
    static let vendedModules: [String: Set<String>] = [
        "SwiftSyntaxMacrosGenericTestSupport": ["SwiftSyntaxMacroExpansion"],
        "NIOCore": [], "AsyncHTTPClient": ["NIOHTTP1"],
    ]

    /// The top-level elements of the bracketed list that starts at `open` (a `[`), as text.
    static func elements(of text: String, from open: String.Index) -> [Substring] {
        var depth = 0
        var start = text.index(after: open)
        var found: [Substring] = []
        var index = open
        var inString = false
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                switch character {
                case "[", "(": depth += 1
                case "]", ")":
                    depth -= 1
                    if depth == 0 {
                        found.append(text[start..<index])
                        return found.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
                    }
                case "," where depth == 1:
                    found.append(text[start..<index])
                    start = text.index(after: index)
                default: break
                }
            }
            index = text.index(after: index)
        }
        return found
    }

    /// The value of `label:` at the top level of a call's text: the first one, nesting aside.
    static func argument(_ label: String, in call: Substring) -> Substring? {
        guard let open = call.firstIndex(of: "(") else { return nil }
        let text = String(call)
        let start = text.index(text.startIndex, offsetBy: call.distance(from: call.startIndex, to: open))
        for element in elements(of: text, from: start) {
            let trimmed = element.drop { $0.isWhitespace || $0.isNewline }
            if trimmed.hasPrefix(label + ":") { return trimmed.dropFirst(label.count + 1).drop(while: \.isWhitespace) }
        }
        return nil
    }

    /// The string literal `text` starts with (quotes removed).
    static func literal(_ text: Substring) -> String? {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// The targets of a manifest's `targets:` list, with their paths and declared dependencies.
    static func targets(in manifest: String) -> [DeclaredTarget] {
        // Comments hold parentheses and quotes: whole-line ones go, as the manifest has no other.
        let manifest = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        // The package's own list, a line of its own; a product's `targets: [...]` is not.
        guard let label = manifest.range(of: "\n    targets: [\n"),
            let open = manifest[label.lowerBound...].firstIndex(of: "[")
        else { return [] }
        return elements(of: manifest, from: open).compactMap { call -> DeclaredTarget? in
            let trimmed = call.drop { $0.isWhitespace || $0.isNewline }
            let root =
                trimmed.hasPrefix(".testTarget(") ? "Tests" : trimmed.hasPrefix(".plugin(") ? "Plugins" : "Sources"
            guard let nameText = argument("name", in: trimmed), let name = literal(nameText) else { return nil }
            let path = argument("path", in: trimmed).flatMap(literal) ?? root + "/" + name
            var dependencies: Set<String> = []
            if let list = argument("dependencies", in: trimmed), let open = list.firstIndex(of: "[") {
                let text = String(list)
                let start = text.index(text.startIndex, offsetBy: list.distance(from: list.startIndex, to: open))
                for dependency in elements(of: text, from: start) {
                    let entry = dependency.drop { $0.isWhitespace || $0.isNewline }
                    let named = entry.hasPrefix("\"") ? literal(entry) : argument("name", in: entry).flatMap(literal)
                    guard let named else { continue }
                    dependencies.insert(named)
                    dependencies.formUnion(vendedModules[named] ?? [])
                }
            }
            return DeclaredTarget(name: name, path: path, dependencies: dependencies)
        }
    }

    /// The modules a Swift file imports; what its multi-line strings hold (a Python script) aside.
    static func imports(in source: String) -> [String] {
        let source = source.components(separatedBy: "\"\"\"").enumerated().filter { $0.offset % 2 == 0 }
            .map(\.element).joined(separator: "\n")
        let pattern = try! NSRegularExpression(
            pattern:
                #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        return pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)).compactMap {
            Range($0.range(at: 1), in: source).map { String(source[$0]) }
        }
    }

    /// Package.swift's targets, checked to be all of them: a manifest the parser no longer reads
    /// whole fails here, not by checking nothing.
    static func packageTargets() throws -> [DeclaredTarget] {
        let targets = Self.targets(in: try Docs.text("Package.swift"))
        let names = Set(targets.map(\.name))
        for name in [
            "Behave", "BehaveLua", "BehaveCLI", "BehaveRemote", "behave", "BehaveTests", "LuaTests", "behave-bench",
        ] {
            #expect(names.contains(name), "Package.swift's targets as read lack \(name): \(names.sorted())")
        }
        return targets
    }

    /// The target a file belongs to: the one whose path holds it most closely.
    static func target(of file: String, among targets: [DeclaredTarget]) -> DeclaredTarget? {
        targets.filter { file.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
    }

    /// Each import of a module that the file's target does not declare, as `file: import X`.
    static func undeclaredImports(_ files: [(path: String, text: String)], targets: [DeclaredTarget]) -> [String] {
        files.flatMap { file -> [String] in
            guard let target = target(of: file.path, among: targets) else { return [] }
            let allowed = target.dependencies.union(systemModules).union([target.name])
            return imports(in: file.text).filter { !allowed.contains($0) }.map { "\(file.path): import \($0)" }
        }
    }

    /// The Swift files the package builds, with their text.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        try ArchitectureTests.files.filter {
            $0.hasSuffix(".swift") && !$0.hasPrefix("Examples/") && $0 != "Package.swift"
        }
        .map { ($0, try Docs.text($0)) }
    }

    @Test("every Swift file imports only modules its target declares in Package.swift")
    func importsAreDeclared() throws {
        let targets = try Self.packageTargets()
        let files = try Self.swiftFiles()
        // A file no target holds would be checked against nothing.
        let unplaced = files.map(\.path).filter { Self.target(of: $0, among: targets) == nil }
        #expect(unplaced.isEmpty, "no target holds \(unplaced)")
        let undeclared = Self.undeclaredImports(files, targets: targets)
        #expect(undeclared.isEmpty, "\(undeclared.joined(separator: "\n"))")
    }

    @Test("a planted import of an undeclared module is found, and the same file without it passes")
    func plantedImportIsFound() throws {
        let targets = try Self.packageTargets()
        let behave = try #require(targets.first { $0.name == "Behave" })
        #expect(behave.path == "Sources/Behave" && behave.dependencies.contains("BehaveLua"))
        let clean = "import BehaveLua\n/// import NIOCore, in a comment\nlet s = \"\"\"\nimport json\n\"\"\"\n"
        #expect(Self.undeclaredImports([("Sources/Behave/A.swift", clean)], targets: targets).isEmpty)
        let planted = "import BehaveLua\n@preconcurrency import NIOCore\nstruct A {}\n"
        #expect(
            Self.undeclaredImports([("Sources/Behave/A.swift", planted)], targets: targets)
                == ["Sources/Behave/A.swift: import NIOCore"])
    }

    /// docs/architecture.md's table: each C module, and the Swift targets that may import it.
    static func allowedCImports() throws -> [String: Set<String>] {
        var table: [String: Set<String>] = [:]
        for line in try Docs.block("c-imports", in: "docs/architecture.md").split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if let module = words.first { table[module] = Set(words.dropFirst()) }
        }
        return table
    }

    /// Each import of a C module by a target the table does not allow, as `file: import X`.
    static func disallowedCImports(
        _ files: [(path: String, text: String)], targets: [DeclaredTarget], allowed: [String: Set<String>]
    ) -> [String] {
        files.flatMap { file -> [String] in
            guard let target = target(of: file.path, among: targets) else { return [] }
            return imports(in: file.text).filter { module in
                guard let importers = allowed[module] else { return module.hasPrefix("C") && module != "Crypto" }
                return !importers.contains(target.name)
            }
            .map { "\(file.path): import \($0)" }
        }
    }

    @Test("a C module is imported only by the targets docs/architecture.md's table names")
    func cImportsAreAllowed() throws {
        let targets = try Self.packageTargets()
        let allowed = try Self.allowedCImports()
        #expect(allowed["CBehave"]?.contains("BehaveLua") == true)
        let disallowed = Self.disallowedCImports(try Self.swiftFiles(), targets: targets, allowed: allowed)
        #expect(disallowed.isEmpty, "\(disallowed.joined(separator: "\n"))")
        let planted = [("Sources/BehaveCLI/A.swift", "import Behave\nimport CBehave\n")]
        #expect(
            Self.disallowedCImports(planted, targets: targets, allowed: allowed)
                == ["Sources/BehaveCLI/A.swift: import CBehave"])
    }

    /// The calls of Lua's C API (`lua_…(`, `luaL_…(`) in `text`, comments left out.
    static func luaCalls(in text: String) -> [String] {
        let code = text.split(separator: "\n").map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }
        .joined(separator: "\n")
        let pattern = try! NSRegularExpression(pattern: #"\blua(L|open)?_[a-z][a-z_]*\s*\("#)
        return pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap {
            Range($0.range, in: code).map { String(code[$0]) }
        }
    }

    @Test("no target above the bridge calls Lua's C API: the host reaches Lua through BehaveLua")
    func noLuaCallsAboveTheBridge() throws {
        let bridge: Set<String> = ["BehaveLua", "BehavePlatform"]
        let targets = try Self.packageTargets()
        let calls = try Self.swiftFiles().filter { $0.path.hasPrefix("Sources/") }.flatMap { file -> [String] in
            guard let target = Self.target(of: file.path, among: targets), !bridge.contains(target.name) else {
                return []
            }
            return Self.luaCalls(in: file.text).map { "\(file.path): \($0)" }
        }
        #expect(calls.isEmpty, "\(calls.joined(separator: "\n"))")
        #expect(
            Self.luaCalls(in: "stack.pop() // lua_pop(L, 1)\nlua_settop(L, lua_Integer(0)) luaopen_base (L)")
                == ["lua_settop(", "luaopen_base ("])
    }
}
