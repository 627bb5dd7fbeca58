import Behave
import CBehaveTools

/// Counts which lines of the behaviours a host runs are executed, and how often each function is
/// called: what `behave test --coverage` writes as an lcov tracefile (docs/testing.md, "Coverage").
///
/// Opt-in: give one to a host as a feature (``BehaveHost/init(modules:policy:output:clock:features:)``),
/// and every state the host makes counts into it; a host without one installs no hook and pays
/// nothing. Counting never allocates in the behaviour's state and never raises, so a run
/// ends as it would without it. Hosts on several threads may share one recorder.
///
/// ```swift
/// let coverage = CoverageRecorder()
/// let host = try BehaveHost(modules: [], features: [coverage])
/// let source = "local function double(n) return 2 * n end\nreturn double(21)"
/// try await host.run(Behaviour(name: "double.lua", source: source))
/// let lcov = coverage.report().lcov()  // "SF:double.lua", "DA:1,2", "DA:2,1", "FNDA:1,double"…
/// ```
public final class CoverageRecorder: @unchecked Sendable {
    /// The counts, in C (coverage.c), where the hook writes them.
    let counts: OpaquePointer
    /// Chunk names ("keynote.lua", without Lua's "@") and the files they were loaded from.
    private var sources: [String: Source] = [:]
    private let lock = Lock()

    /// A file a host loaded Lua from, and where coverage.c counts its chunk (nil when it could not).
    struct Source {
        var path: String
        var bytes: [UInt8]
        var index: Int32?
    }

    /// Creates an empty recorder.
    public init() {
        // A few dozen bytes: a process that cannot have them cannot run a behaviour either.
        guard let counts = behave_coverage_new() else { fatalError("no memory for coverage counts") }
        self.counts = counts
    }

    deinit { behave_coverage_free(counts) }

    /// Notes that the chunk named `chunk` is the Lua `bytes` of the file at `path`: the hook counts
    /// it from now on, and the report lists its lines, also those no run reached.
    func note(chunk: String, path: String, bytes: [UInt8]) {
        var path = Substring(path)
        // `require` finds "./helper.lua" where a test names "helper.lua": one file, one record.
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        let lines = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let name = Array(("@" + chunk).utf8)
        lock.withLock {
            let index = name.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    behave_coverage_note(counts, chars.baseAddress, chars.count, Int32(clamping: lines))
                }
            }
            sources[chunk] = Source(path: String(path), bytes: bytes, index: index >= 0 ? index : nil)
        }
    }

    /// What the runs so far have covered, file by file in the order of their paths, leaving out
    /// the files `excluded` says yes to (a test runner's own test files).
    public func report(excluding excluded: (String) -> Bool = { _ in false }) -> CoverageReport {
        let noted = lock.withLock { sources }
        var byPath: [String: (source: Source, lines: [Int], functions: [Int])] = [:]
        for source in noted.values where !excluded(source.path) {
            byPath[source.path, default: (source, [], [])].source = source
            if let index = source.index {
                merge(&byPath[source.path]!.lines, with: counts(of: index, functions: false))
                merge(&byPath[source.path]!.functions, with: counts(of: index, functions: true))
            }
        }
        let files = byPath.keys.sorted().compactMap { path -> CoverageReport.File? in
            let entry = byPath[path]!
            return CoverageReport.File(
                path: path, source: entry.source.bytes, lineRuns: entry.lines, functionCalls: entry.functions)
        }
        return CoverageReport(files: files, incomplete: behave_coverage_incomplete(counts) != 0)
    }

    private func counts(of file: Int32, functions: Bool) -> [Int] {
        let available = behave_coverage_counts(counts, file, functions ? 1 : 0, nil, 0)
        var values = [UInt64](repeating: 0, count: Int(available))
        let copied = values.withUnsafeMutableBufferPointer { buffer in
            behave_coverage_counts(counts, file, functions ? 1 : 0, buffer.baseAddress, available)
        }
        return values.prefix(Int(min(copied, available))).map { Int(clamping: $0) }
    }

    private func merge(_ into: inout [Int], with counts: [Int]) {
        if into.count < counts.count { into += [Int](repeating: 0, count: counts.count - into.count) }
        for (index, count) in counts.enumerated() { into[index] &+= count }
    }
}
