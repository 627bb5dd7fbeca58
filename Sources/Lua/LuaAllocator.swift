import CBehave
import CLua

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The allocator every ``LuaState`` is created with.
///
/// It keeps the state's byte count in the control block and enforces the memory cap, but only
/// where refusing is safe: while Lua code runs with no Swift frame above it (`enforcing`).
/// While Swift code runs (a registered function, the host pushing values) an allocation over
/// the cap succeeds and the next allocation Lua makes on its own fails instead, so Lua's
/// memory error never unwinds through Swift.
///
/// Lua calls it for every object it creates or frees, so its cost shows in any script that
/// builds strings or tables (docs/performance.md): the byte counts use wrapping arithmetic,
/// because they are bounded by what `malloc` gave and cannot overflow, and a new block comes
/// from `malloc` rather than `realloc(NULL, n)`, which only forwards to it.
let luaAllocator: lua_Alloc = { userData, pointer, oldSize, newSize in
    let control = userData.unsafelyUnwrapped.assumingMemoryBound(to: behave_control.self)
    // When `pointer` is nil, `oldSize` encodes the type of object being created, not a size.
    let previous = pointer == nil ? 0 : oldSize
    if newSize == 0 {
        free(pointer)
        control.pointee.used &-= previous
        return nil
    }
    let used = control.pointee.used &- previous &+ newSize
    if newSize > previous, control.pointee.limit > 0,
        control.pointee.terminated == BEHAVE_LIMIT_MEMORY || used > control.pointee.limit
    {
        if control.pointee.enforcing != 0 {
            if control.pointee.sticky_memory != 0, control.pointee.terminated == 0 {
                control.pointee.terminated = Int32(BEHAVE_LIMIT_MEMORY)
            }
            return nil
        }
    }
    guard let block = pointer == nil ? malloc(newSize) : realloc(pointer, newSize) else { return nil }
    control.pointee.used = used
    if used > control.pointee.peak { control.pointee.peak = used }
    return block
}
