import BehaveLua
import CBehave
import CBehaveLua

// The flight recorder keeps every action's result. A typed action's plain result is kept as it
// is pushed, from the bytes Swift holds: reading it back from Lua afterwards would cost more than
// the copy itself, and this is the hottest thing a run records.
extension ActionContext {
    /// Pushes a typed action's `result`, keeping it in the call's open journal record when the
    /// recorder alone watches (the host's action closure opens and closes the record).
    @inlinable @inline(__always)
    func push<R: ActionValue>(_ result: R, to stack: LuaStack) {
        guard let journal = tracer.journal, journal.pointee.open != nil else { return result.push(to: stack) }
        // R is exactly the type compared, so each cast reads the value as what it is.
        if R.self == String.self {
            unsafeBitCast(result, to: String.self).push(to: stack, keepingIn: journal)
            return
        }
        result.push(to: stack)
        if R.self == Int.self {
            behave_journal_keep_integer(journal, lua_Integer(unsafeBitCast(result, to: Int.self)))
        } else if R.self == Double.self {
            behave_journal_keep_float(journal, unsafeBitCast(result, to: Double.self))
        } else if R.self == Bool.self {
            behave_journal_keep_boolean(journal, unsafeBitCast(result, to: Bool.self) ? 1 : 0)
        }
    }
}

extension String {
    /// Pushes the string and keeps its bytes in `journal`'s open record.
    @inlinable @inline(__always)
    func push(to stack: LuaStack, keepingIn journal: UnsafeMutablePointer<behave_journal>) {
        func push(_ bytes: UnsafeBufferPointer<UInt8>) {
            bytes.withMemoryRebound(to: CChar.self) {
                stack.push(bytes: $0)
                behave_journal_keep_string(journal, $0.baseAddress, $0.count)
            }
        }
        guard utf8.withContiguousStorageIfAvailable(push) == nil else { return }
        var copy = self
        copy.withUTF8(push)
    }
}
