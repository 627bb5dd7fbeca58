import Behave

/// What a ``CoverageRecorder`` counted, file by file: each line with code and how often it ran,
/// each function and how often it was called.
public struct CoverageReport: Sendable, Equatable {
    /// One source file's counts.
    public struct File: Sendable, Equatable {
        /// The file's path, as the host loaded it.
        public var path: String
        /// Runs of each line with code, by line number; a line no run reached counts 0.
        public var lines: [Int: Int]
        /// The functions the file defines, in the order of their lines, the main chunk first.
        public var functions: [Function]

        /// Lines with code.
        public var linesFound: Int { lines.count }
        /// Lines with code that ran at least once.
        public var linesHit: Int { lines.values.count(where: { $0 > 0 }) }
    }

    /// A function a file defines.
    public struct Function: Sendable, Equatable {
        /// Its name in the source (`present` for `local function present`), or where it starts
        /// when it has none (`function@18`); `main chunk` for the file's own code.
        public var name: String
        /// The line it starts on (1 for the main chunk).
        public var line: Int
        /// How often it was called (functions starting on the same line count together).
        public var calls: Int
    }

    /// The files, in the order of their paths.
    public var files: [File]
    /// Whether a bound on what the recorder keeps left a line or call uncounted.
    public var incomplete: Bool

    /// Lines with code, over every file.
    public var linesFound: Int { files.reduce(0) { $0 + $1.linesFound } }
    /// Lines with code that ran, over every file.
    public var linesHit: Int { files.reduce(0) { $0 + $1.linesHit } }
    /// The share of lines with code that ran, in percent: 0 when there are none, so that a
    /// minimum is not met by counting nothing.
    public var percent: Double { linesFound == 0 ? 0 : Double(linesHit) * 100 / Double(linesFound) }
}

extension CoverageReport.File {
    /// The counts of the Lua `source` at `path`: runs by line number and calls by defining line,
    /// as the hook left them. Nil when the source does not compile (no run reached it).
    init?(path: String, source: [UInt8], lineRuns: [Int], functionCalls: [Int]) {
        guard let chunk = ChunkLines(source: source) else { return nil }
        self.path = path
        var lines: [Int: Int] = [:]
        for line in chunk.lines { lines[line] = line < lineRuns.count ? lineRuns[line] : 0 }
        self.lines = lines
        let text = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var seen = Set<Int>()
        var names = Set<String>()
        functions = chunk.functions.compactMap { function in
            guard seen.insert(function.first).inserted else { return nil }
            let calls = function.first < functionCalls.count ? functionCalls[function.first] : 0
            guard function.first > 0 else { return CoverageReport.Function(name: "main chunk", line: 1, calls: calls) }
            let line = function.first <= text.count ? String(decoding: text[function.first - 1], as: UTF8.self) : ""
            var name = Self.functionName(in: line) ?? "function@\(function.first)"
            if !names.insert(name).inserted { name += "@\(function.first)" }
            return CoverageReport.Function(name: name, line: function.first, calls: calls)
        }
    }

    /// The name a `function` keyword on `line` gives: `function a.b:c(` and `local function f(`
    /// name theirs; `f = function(` takes the name assigned to.
    static func functionName(in line: String) -> String? {
        guard let keyword = line.range(of: "function", range: line.startIndex..<line.endIndex) else { return nil }
        let after = line[keyword.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
        let named = after.prefix(while: { $0.isLetter || $0.isNumber || "_.:".contains($0) })
        if !named.isEmpty, after.dropFirst(named.count).first == "(" { return String(named) }
        let before = String(line[..<keyword.lowerBound]).trimmingWhitespace()
        guard before.hasSuffix("=") else { return nil }
        let target = String(before.dropLast()).trimmingWhitespace()
        let assigned = target.reversed().prefix(while: { $0.isLetter || $0.isNumber || "_.".contains($0) })
        return assigned.isEmpty ? nil : String(assigned.reversed())
    }
}
