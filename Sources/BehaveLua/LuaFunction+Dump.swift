import CBehaveLua

extension LuaFunction {
    /// The function's bytecode as `string.dump` writes it, debug information kept: what a checker
    /// reads to learn which globals a chunk uses, from the compiler's own resolution of names.
    /// The sandbox has no `string.dump`; this is the host's, for inspection, never for loading.
    package func dumped() throws -> [UInt8] {
        let L = state.pointer
        guard lua_checkstack(L, 1) != 0 else {
            throw LuaError(kind: .memory, message: "no stack space to dump a chunk")
        }
        let collected = DumpBuffer()
        reference.push(onto: L)
        defer { luashim_pop(L, 1) }
        // lua_dump raises no error of its own; the writer only appends.
        _ = lua_dump(
            L,
            { _, bytes, count, context in
                guard let bytes, let context else { return 0 }
                let buffer = Unmanaged<DumpBuffer>.fromOpaque(context).takeUnretainedValue()
                buffer.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
                return 0
            }, Unmanaged.passUnretained(collected).toOpaque(), 0)
        return collected.bytes
    }
}

/// Where the dump's writer puts its pieces (a class: the C callback reaches it by address).
private final class DumpBuffer {
    var bytes: [UInt8] = []
}
