import BehaveLua

/// What a copy out of a state may still take, and whether it has cut anything: shared by every
/// level of the copy, so a class.
final class CopyBudget {
    var values: Int
    var bytes: Int
    var truncated = false

    init(values: Int, bytes: Int) {
        self.values = values
        self.bytes = bytes
    }

    /// `"…"`, noting the cut.
    func cut() -> PlainValue {
        truncated = true
        return .string("…")
    }

    /// `s` as Swift text when its bytes fit, charged; nil (and the copy cut) when not.
    func text(_ s: LuaString) -> String? {
        guard s.bytes.count <= bytes else {
            truncated = true
            return nil
        }
        bytes -= s.bytes.count
        return s.description
    }
}
