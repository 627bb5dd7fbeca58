import Behave
import BehaveLua

/// A ``BehaviourStore`` as a host's feature: behaviours get the `store` module, and each behaviour
/// reads and writes its own namespace (``Behaviour/identity``; docs/store.md).
///
/// ```swift
/// let host = try BehaveHost(modules: [], features: [StoreFeature(.inMemory())])
/// ```
public final class StoreFeature: HostFeature, @unchecked Sendable {
    /// The store behaviours keep what they keep in.
    public let store: BehaviourStore
    /// The store as the host's runs use it: one feature joins one host.
    private let session: StoreSession
    private let joined = Lock()
    private weak var host: BehaveHost?

    /// The feature of `store`: give each host one of its own.
    public init(_ store: BehaviourStore) {
        self.store = store
        session = StoreSession(store)
    }

    /// Joins `host`; refused when the feature already serves another, whose namespace the two
    /// would share.
    public func joins(_ host: BehaveHost) throws(BehaveError) {
        // A host that is gone shares nothing: the feature may join another.
        let other = joined.withLock { () -> Bool in
            if let joined = self.host { return joined !== host }
            self.host = host
            return false
        }
        if other {
            throw .failed(LuaError(kind: .runtime, message: "a StoreFeature serves one host: give each host its own"))
        }
    }

    /// The `store` module.
    public var modules: [any BehaveModule] { [StoreModule(session: session)] }

    /// The behaviour's namespace is the one the next calls use.
    public func behaviourBegins(identity: String) { session.begin(identity: identity) }
}
