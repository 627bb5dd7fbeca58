/// What one decode from the stack shares with the decoders nested in it: the stack, the tables
/// on the path being decoded and the keyed readers open now.
///
/// A state keeps its contexts (one, unless a type's `init(from:)` calls back into Lua and a
/// decode starts inside another), so a call taking a `Codable` table allocates no context, no
/// path and no list of its own. Decoders and readers refer to their context unretained: it
/// lives as long as the state.
///
/// Its fields opt out of the runtime's exclusivity checks (a call per access, on every decode):
/// a state is used from one thread at a time, and a decode touches them in strict nesting
/// order, never while another access is open.
final class DecodingContext {
    @exclusivity(unchecked) private(set) var stack: LuaStack
    /// The tables on the path being decoded, innermost last: a table met again is a cycle.
    private let tables = UnsafeMutablePointer<UnsafeRawPointer>.allocate(capacity: LuaNode.maximumDepth)
    /// How many tables are on the path.
    @exclusivity(unchecked) private(set) var depth = 0
    /// The keyed reader opened last; each open reader names the one opened before it. Unmanaged:
    /// the readers' pools keep them, and walking them then counts no reference.
    @exclusivity(unchecked) private(set) var lastOpened: Unmanaged<KeyedReader>?
    /// The pool the last keyed container came from, and its key type: a call taking one type
    /// asks for it again. Unmanaged: the state keeps its pools (``LuaState/keyedReaderPools``).
    @exclusivity(unchecked) var lastPool: Unmanaged<KeyedReaderPool>?
    @exclusivity(unchecked) var lastKeyType: ObjectIdentifier?

    private init(stack: LuaStack) { self.stack = stack }

    deinit { tables.deallocate() }

    /// A context of `state`, set up for `stack`; ``giveBack(to:)`` returns it.
    static func borrow(from state: LuaState, for stack: LuaStack) -> Unmanaged<DecodingContext> {
        let used = state.decodingContextsInUse
        if used == state.decodingContexts.count {
            state.decodingContexts.append(Unmanaged.passRetained(DecodingContext(stack: stack)))
        }
        state.decodingContextsInUse = used + 1
        let context = state.decodingContexts[used]
        context._withUnsafeGuaranteedRef { $0.stack = stack }
        return context
    }

    /// Returns the context to `state`. Every decode leaves the path and the open readers as it
    /// found them, errors included (its defers), so both are empty here.
    func giveBack(to state: LuaState) {
        depth = 0
        closeReaders(downTo: nil)
        state.decodingContextsInUse -= 1
    }

    /// Records a reader opened by this decode.
    func opened(_ reader: Unmanaged<KeyedReader>) {
        reader._withUnsafeGuaranteedRef { $0.openedBefore = lastOpened }
        lastOpened = reader
    }

    /// Closes the readers opened since `mark` (the reader that was ``lastOpened`` then), last
    /// first: the order their pools hand them out.
    func closeReaders(downTo mark: Unmanaged<KeyedReader>?) {
        while let reader = lastOpened, reader.toOpaque() != mark?.toOpaque() {
            lastOpened = reader._withUnsafeGuaranteedRef { $0.close() }
        }
    }

    func contains(_ table: UnsafeRawPointer) -> Bool {
        var level = 0
        while level < depth, tables[level] != table { level += 1 }
        return level < depth
    }
    /// Enters `table`; the caller has checked that the path is shorter than `LuaNode.maximumDepth`.
    func enter(_ table: UnsafeRawPointer) {
        tables[depth] = table
        depth += 1
    }
    func leave() { depth -= 1 }
}
