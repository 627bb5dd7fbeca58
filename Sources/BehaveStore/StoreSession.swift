import Behave
import BehaveLua

/// The store as one host's runs use it: the namespace of the behaviour that runs, read from disk
/// when first used in a run and kept in step with each write the run makes. Used on the host's
/// thread only, as the actions that call it are.
final class StoreSession: @unchecked Sendable {
    let store: BehaviourStore
    /// The running behaviour's namespace on disk; nil in memory, or before a run begins.
    private var file: StoreFile?
    private var identity: String?
    /// What the namespace held at its last read or write in this run; nil until the run uses it.
    private var values: [String: PlainValue]?

    init(_ store: BehaviourStore) {
        self.store = store
    }

    /// Makes the namespace of `identity` the one the next calls use (a run or a test starts).
    func begin(identity: String) {
        self.identity = identity
        if case .directory(let directory) = store.location {
            file = StoreFile(directory: directory, identity: identity, quota: store.quota)
            values = nil
        } else {
            values = [:]
        }
    }

    /// The value under `key`, or null.
    func get(_ key: String) throws(LuaScriptError) -> PlainValue {
        try current()[key] ?? .null
    }

    /// The keys, sorted.
    func keys() throws(LuaScriptError) -> [String] {
        try current().keys.sorted()
    }

    /// Sets `key` to `value` (null removes it), durably before it returns; refused, with nothing
    /// changed, when the namespace would hold more than the quota.
    func set(_ key: String, _ value: PlainValue) throws(LuaScriptError) {
        let quota = store.quota
        let change = { (old: [String: PlainValue]) throws(LuaScriptError) -> [String: PlainValue] in
            var new = old
            // Not `new[key] = value == .null ? nil : value`: PlainValue takes nil as a literal.
            guard value != .null else {
                new.removeValue(forKey: key)
                return new
            }
            new[key] = value
            let bytes = StoreValue.size(of: new)
            if bytes > quota {
                throw LuaScriptError(
                    "store: setting '\(key)' would make the store hold \(bytes) bytes, over its quota of \(quota)")
            }
            return new
        }
        guard let file = try namespaceFile() else {
            values = try change(try current())
            return
        }
        do {
            values = try file.update { try change($0) }
        } catch let error as LuaScriptError {
            throw error
        } catch {
            throw LuaScriptError("store: \(error)")
        }
    }

    /// The namespace's values, read from disk on first use in the run.
    private func current() throws(LuaScriptError) -> [String: PlainValue] {
        if let values { return values }
        guard let file = try namespaceFile() else { return [:] }
        do {
            let read = try file.read()
            values = read
            return read
        } catch {
            throw LuaScriptError("store: \(error)")
        }
    }

    /// The namespace's file; nil for a store in memory.
    private func namespaceFile() throws(LuaScriptError) -> StoreFile? {
        guard identity != nil else { throw LuaScriptError("store: no behaviour is running") }
        return file
    }
}
