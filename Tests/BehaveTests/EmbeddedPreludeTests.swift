@testable import Behave
import Lua
import Testing

/// The kept prelude bytecode is what compiling today's preludes gives, or is not used at all.
@Suite("Kept prelude bytecode")
struct EmbeddedPreludeTests {
    static let preludes: [(KeptChunk, String, String)] = [
        (EmbeddedPreludes.sandbox, SandboxPrelude.source, "=sandbox"),
        (EmbeddedPreludes.runtime, RuntimePrelude.source, "=behave"),
    ]

    @Test("it was compiled from today's preludes (else run scripts/update-prelude-bytecode)")
    func current() throws {
        for (kept, source, chunkName) in Self.preludes {
            #expect(kept.sourceHash == KeptChunk.sourceHash(source),
                    "\(chunkName) changed since its bytecode was kept: run scripts/update-prelude-bytecode")
            // Kept by another Lua release: it must not be used, and compiling stands in.
            guard kept.compiler == LuaBytecode.compilerIdentity else {
                #expect(!kept.matches(source))
                continue
            }
            // Same release, same source: the kept bytes are the ones used, and they are a fresh compile's.
            #expect(kept.matches(source))
            #expect(kept.bytes == (try LuaBytecode(compiling: source, chunkName: chunkName)).bytes,
                    "\(chunkName): run scripts/update-prelude-bytecode")
        }
    }

    @Test("another Lua release, another source or damaged digits are never used")
    func refusals() {
        let kept = EmbeddedPreludes.sandbox
        #expect(!KeptChunk(compiler: "Lua 5.4.0", sourceHash: kept.sourceHash, hex: kept.hex).matches(SandboxPrelude.source))
        #expect(!kept.matches(SandboxPrelude.source + " "))
        #expect(KeptChunk(compiler: "", sourceHash: 0, hex: "1b4c 75\n61").bytes == [0x1b, 0x4c, 0x75, 0x61])
        #expect(KeptChunk(compiler: "", sourceHash: 0, hex: "1b4").bytes == nil)
        #expect(KeptChunk(compiler: "", sourceHash: 0, hex: "1bXY").bytes == nil)
    }
}
