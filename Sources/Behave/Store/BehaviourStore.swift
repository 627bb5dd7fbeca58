import BehavePlatform

/// Where behaviours keep what must survive a restart (the keynote's "already voted"), and how
/// much: one namespace per behaviour identity (``Behaviour/identity``), string keys, JSON-shaped
/// values, a byte quota. A behaviour reads and writes it as the `store` module; each write is
/// durable and atomic before `store.set` returns.
///
/// ```swift
/// let store = BehaviourStore(directory: appSupport + "/behave-store")
/// let host = try BehaveHost(modules: [Keynote()], store: store)
/// ```
public struct BehaviourStore: Sendable, Equatable {
    /// Where the namespaces live.
    public enum Location: Sendable, Equatable {
        /// One file per namespace in this directory, made (mode 700) when first written.
        case directory(String)
        /// In the host's memory, empty at the start of each run: what `behave test` gives each test.
        case memory
    }

    /// Where the namespaces live.
    public var location: Location
    /// The most bytes one namespace holds: each key's UTF-8 and its value's JSON text.
    public var quota: Int

    /// The quota unless one is given.
    public static let defaultQuota = 64 * 1024

    /// A store in `directory`.
    public init(directory: String, quota: Int = BehaviourStore.defaultQuota) {
        self.init(location: .directory(directory), quota: quota)
    }

    private init(location: Location, quota: Int) {
        self.location = location
        self.quota = quota
    }

    /// A store that lasts one run: each run, and each test, starts with it empty.
    public static func inMemory(quota: Int = BehaviourStore.defaultQuota) -> BehaviourStore {
        BehaviourStore(location: .memory, quota: quota)
    }

    /// The `store` module as listings and editors show it (``ModuleCatalog``, ``LuaLSDefinitions``);
    /// a host with a store has it already. Its calls keep nothing past the run.
    public static var module: any BehaveModule { StoreModule(session: StoreSession(.inMemory())) }

    /// A namespace kept on disk: whose it is, and what it holds.
    public struct Namespace: Sendable, Equatable {
        /// The behaviour's identity.
        public var identity: String
        /// Its keys and values.
        public var values: [String: PlainValue]
        /// The bytes its quota counts.
        public var bytes: Int { StoreValue.size(of: values) }
    }

    /// Every namespace the directory holds, by identity; none for a store in memory.
    public func namespaces() throws(StoreError) -> [Namespace] {
        guard case .directory(let directory) = location else { return [] }
        guard let entries = Platform.directoryEntries(directory) else {
            if Platform.fileStamp(directory) == nil { return [] }
            throw StoreError(directory, "cannot read: \(String(cString: strerror(errno)))")
        }
        var found: [Namespace] = []
        for entry in entries where !entry.isDirectory && !entry.name.hasPrefix(".") && entry.name.hasSuffix(".json") {
            let (identity, values) = try StoreFile.read(
                directory + "/" + entry.name, limit: StoreFile.readLimit(quota: quota))
            found.append(Namespace(identity: identity, values: values))
        }
        return found.sorted { $0.identity < $1.identity }
    }

    /// Whether the namespace of `identity` has a file (holds something, or is unreadable).
    public func contains(_ identity: String) -> Bool {
        guard case .directory(let directory) = location else { return false }
        return Platform.fileStamp(StoreFile(directory: directory, identity: identity, quota: quota).path) != nil
    }

    /// What the namespace of `identity` holds (nothing when it has never been written).
    public func values(of identity: String) throws(StoreError) -> [String: PlainValue] {
        guard case .directory(let directory) = location else { return [:] }
        return try StoreFile(directory: directory, identity: identity, quota: quota).read()
    }

    /// Empties the namespace of `identity`, whatever its file holds (one that cannot be read
    /// too); returns whether it held anything.
    @discardableResult
    public func clear(_ identity: String) throws(StoreError) -> Bool {
        guard case .directory(let directory) = location else { return false }
        do { return try StoreFile(directory: directory, identity: identity, quota: quota).remove() } catch let error
            as StoreError
        {
            throw error
        } catch {
            throw StoreError(directory, "\(error)")
        }
    }
}
