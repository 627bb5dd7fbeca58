/// What one decode from the stack shares with the decoders nested in it: the stack, and the
/// tables on the path being decoded.
///
/// Each state keeps one spare, so a call taking a `Codable` table allocates no context and no
/// path of its own; a decode that starts while another is in progress on the same state (a
/// type whose `init(from:)` calls back into Lua) gets a fresh one.
///
/// Its fields, and the state's spare, opt out of the runtime's exclusivity checks (a call per
/// access, on every decode): a state is used from one thread at a time, and a decode touches
/// them in strict nesting order, never while another access is open.
final class DecodingContext {
    @exclusivity(unchecked) private(set) var stack: LuaStack
    /// The tables on the path being decoded, innermost last: a table met again is a cycle.
    @exclusivity(unchecked) private var tables: [UnsafeRawPointer] = []
    var depth: Int { tables.count }

    private init(stack: LuaStack) { self.stack = stack }

    /// The state's spare context, or a new one when it is in use, set up for `stack`.
    static func borrow(for stack: LuaStack) -> DecodingContext {
        guard let spare = stack.state.spareDecodingContext else { return DecodingContext(stack: stack) }
        stack.state.spareDecodingContext = nil
        spare.stack = stack
        return spare
    }

    /// Returns the context to its state as the spare, emptied.
    func giveBack() {
        // Keeps the storage, so the next decode appends without allocating.
        tables.removeAll(keepingCapacity: true)
        stack.state.spareDecodingContext = self
    }

    func contains(_ table: UnsafeRawPointer) -> Bool { tables.contains(table) }
    func enter(_ table: UnsafeRawPointer) { tables.append(table) }
    func leave() { tables.removeLast() }
}
