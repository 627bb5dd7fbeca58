import Lua

/// The preludes as bytecode: every host loads them, and parsing 17 KB of Lua was most of what
/// creating a host cost, and (once per process) 2 ms of a one-line script's start.
///
/// The bytecode kept in `EmbeddedPreludes.swift` (written by `scripts/update-prelude-bytecode`) is
/// used when it was compiled from today's source by the Lua release this process runs; otherwise
/// the source is compiled, once per process.
package enum PreludeBytecode {
    // Swift runs a static's initialiser once, whichever thread asks first.
    private static let sandboxChunk = Result {
        try bytecode(SandboxPrelude.source, chunkName: "=sandbox", kept: EmbeddedPreludes.sandbox)
    }
    private static let runtimeChunk = Result {
        try bytecode(RuntimePrelude.source, chunkName: "=behave", kept: EmbeddedPreludes.runtime)
    }

    // `package`: the bench's floor rows load the same chunks into bare states.
    /// The sandbox prelude's chunk.
    package static func sandbox() throws -> LuaBytecode { try sandboxChunk.get() }
    /// The runtime prelude's chunk.
    package static func runtime() throws -> LuaBytecode { try runtimeChunk.get() }

    private static func bytecode(_ source: String, chunkName: String, kept: KeptChunk) throws -> LuaBytecode {
        if kept.matches(source), let bytes = kept.bytes {
            return LuaBytecode(precompiled: bytes, chunkName: chunkName)
        }
        return try LuaBytecode(compiling: source, chunkName: chunkName)
    }
}

/// One prelude's bytecode as `scripts/update-prelude-bytecode` kept it.
package struct KeptChunk: Sendable {
    /// ``LuaBytecode/compilerIdentity`` when it was compiled.
    var compiler: String
    /// ``sourceHash(_:)`` of the source it was compiled from.
    var sourceHash: UInt64
    /// The bytes, in hexadecimal (whitespace ignored).
    var hex: String

    package init(compiler: String, sourceHash: UInt64, hex: String) {
        self.compiler = compiler
        self.sourceHash = sourceHash
        self.hex = hex
    }

    func matches(_ source: String) -> Bool {
        compiler == LuaBytecode.compilerIdentity && sourceHash == Self.sourceHash(source)
    }

    /// The bytes, or nil when `hex` is damaged.
    var bytes: [UInt8]? { Hex.decode(hex) }

    /// FNV-1a over the source's UTF-8: not a defence against anyone, only a check that the kept
    /// bytecode was compiled from today's source.
    /// Every process hashes both preludes at start, so it reads the UTF-8 in place.
    package static func sourceHash(_ source: String) -> UInt64 {
        var source = source
        return source.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }

}
