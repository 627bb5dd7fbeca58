import Foundation
import Testing

/// `scripts/update-prelude-bytecode` writes what `prelude-bytecode` prints: run on today's sources,
/// it must print the committed file, byte for byte.
@Suite("prelude-bytecode")
struct PreludeBytecodeToolTests {
    @Test("its output is the committed EmbeddedPreludes.swift (else run scripts/update-prelude-bytecode)")
    func committedFileIsCurrent() throws {
        let committed = try String(contentsOf: Tool.root.appendingPathComponent("Sources/Behave/EmbeddedPreludes.swift"), encoding: .utf8)
        let result = try Tool.run([], program: Tool.root.appendingPathComponent(".build/debug/prelude-bytecode"))
        #expect(result.status == 0, "\(result.stderr)")
        // Another Lua release compiles other bytes; the kept ones are then simply not used.
        let identity = { (text: String) in text.split(separator: "\n").first { $0.contains("compiler: ") } }
        guard identity(committed) == identity(result.stdout) else { return }
        #expect(result.stdout == committed, "run scripts/update-prelude-bytecode")
    }
}
