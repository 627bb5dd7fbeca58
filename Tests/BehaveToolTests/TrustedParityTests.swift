import BehaveTestSupport
import Foundation
import Testing

/// `behave run --trusted` is the stock interpreter plus the modules: each script of
/// `TrustedParity/` runs under the real lua5.4 and under behave, with the same arguments, and
/// prints the same, exits the same, and reports an uncaught error with the same first line
/// (after the program's name). Addresses (`table: 0x…`) differ between any two runs and are
/// compared as `ADDR`.
@Suite("--trusted against the stock lua5.4")
struct TrustedParityTests {
    static let directory = Tool.root.appendingPathComponent("Tests/BehaveToolTests/TrustedParity")

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".lua") }
            .sorted()
    }

    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "0x[0-9a-f]+", with: "ADDR", options: .regularExpression)
    }

    static func firstLine(_ text: String, dropping program: String) -> String {
        let line = String(text.prefix { $0 != "\n" })
        return line.hasPrefix(program + ": ") ? String(line.dropFirst(program.count + 2)) : line
    }

    @Test("the corpus is there")
    func corpus() {
        #expect(Self.scripts.count >= 7)
    }

    @Test("each script prints, exits and fails as under lua5.4", arguments: scripts)
    func parity(script: String) throws {
        let stock = try Tool.run(
            ["lua5.4", script, "x", "y"], in: Self.directory, program: URL(fileURLWithPath: "/usr/bin/env"))
        let behave = try Tool.run(["run", "--trusted", script, "x", "y"], in: Self.directory)
        #expect(behave.status == stock.status, "\(script): \(behave.stderr)")
        #expect(Self.normalized(behave.stdout) == Self.normalized(stock.stdout), "\(script)")
        #expect(
            Self.firstLine(behave.stderr, dropping: "behave") == Self.firstLine(stock.stderr, dropping: "lua5.4"),
            "\(script)")
    }
}
