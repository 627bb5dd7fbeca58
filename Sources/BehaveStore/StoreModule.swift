import Behave
import BehaveLua

/// The `store` module: what a behaviour keeps between runs, in its own namespace
/// (``BehaviourStore``). An app that gives its host a store has it; its calls are recorded and
/// replayed as any module's are.
struct StoreModule: BehaveModule {
    let name = "store"
    let session: StoreSession

    /// The longest key, in bytes of UTF-8.
    static let keyLimit = 1024

    var doc: String { "What the behaviour keeps between runs: JSON-shaped values under string keys" }

    var actions: [Action] {
        [
            Action(
                "get", doc: "The value kept under key, or nil", parameters: [ActionParameter("key", .string)],
                returns: .optional(.any)
            ) { _, stack in
                let value = try session.get(try Self.key(stack))
                try stack.state.makeRoom(8)
                value.push(to: stack)
                return 1
            },
            Action(
                "set", doc: "Keeps value under key, durably, before it returns (nil removes it)",
                parameters: [ActionParameter("key", .string), ActionParameter("value", .optional(.any))]
            ) { _, stack in
                let key = try Self.key(stack)
                try session.set(key, try StoreValue.plain(stack.value(at: 2), key: key, quota: session.store.quota))
                return 0
            },
            Action(
                "remove", doc: "Removes what is kept under key", parameters: [ActionParameter("key", .string)]
            ) { _, stack in
                try session.set(try Self.key(stack), .null)
                return 0
            },
            Action("keys", doc: "The keys kept, sorted", returns: .array(.string)) { _, stack in
                let keys = try session.keys()
                try stack.state.makeRoom(8)
                PlainValue.array(keys.map(PlainValue.string)).push(to: stack)
                return 1
            },
        ]
    }

    /// The key argument: a string of 1 to ``keyLimit`` bytes of UTF-8.
    private static func key(_ stack: LuaStack) throws -> String {
        guard case .string(let raw) = stack.value(at: 1, stringBytes: keyLimit + 1) else {
            throw LuaScriptError("store: the key must be a string, not \(stack.typeName(at: 1))")
        }
        guard !raw.bytes.isEmpty, raw.bytes.count <= keyLimit else {
            throw LuaScriptError("store: a key has 1 to \(keyLimit) bytes")
        }
        return try StoreValue.text(raw)
    }
}
