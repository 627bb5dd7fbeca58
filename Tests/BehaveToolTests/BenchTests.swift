import Foundation
import Testing

/// The README's `scripts/bench` flags, run on the debug build of the bench (`scripts/bench`
/// itself only adds the release build). Figures are not checked: the bench reports speed,
/// tests check behaviour.
@Suite("scripts/bench's flags")
struct BenchTests {
    static var executable: URL { Tool.root.appendingPathComponent(".build/debug/behave-bench") }

    static func bench(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test("--only measures just the sections named, and prints the table with its header")
    func only() throws {
        let table = try Self.bench(["--only", "start", "--rounds", "1"])
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.first == "| measured | Behave | baseline | ratio | target | met |")
        #expect(rows.count == 2, "\(table)")
        #expect(rows.last?.hasPrefix("| process start to finish, one-line script: behave run vs lua5.4 |") == true)
    }

    @Test("--json prints the rows for machines: name, figures, unit, ratio, target, met")
    func json() throws {
        let text = try Self.bench(["--only", "start", "--rounds", "1", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(Set(row.keys) == ["name", "behave", "baseline", "unit", "ratio", "target", "met"])
        #expect(row["unit"] as? String == "ms")
        #expect(row["target"] as? Double == 4)
    }
}
