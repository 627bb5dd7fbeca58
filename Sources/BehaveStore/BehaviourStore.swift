import Behave
import BehavePlatform

/// Where behaviours keep what must survive a restart (the keynote's "already voted"), and how
/// much: one namespace per behaviour identity (``Behaviour/identity``), string keys, JSON-shaped
/// values, a byte quota. A behaviour reads and writes it as the `store` module; each write is
/// durable and atomic before `store.set` returns.
///
/// ```swift
/// let store = BehaviourStore(directory: appSupport + "/behave-store")
/// let host = try BehaveHost(modules: [Keynote()], features: [StoreFeature(store)])
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

    /// A file in the directory that serves no namespace: it cannot be read, is not a regular file
    /// (a link, a FIFO), is not a store file, or holds the store of an identity it is not named for.
    public struct DamagedFile: Sendable {
        /// Its name in the directory, which ``removeFile(named:)`` takes.
        public var name: String
        /// Why it serves no namespace.
        public var error: StoreError
    }

    /// What the directory holds: each namespace it serves, by identity, and each other `*.json`
    /// file in it, by name.
    public struct Listing: Sendable {
        /// The namespaces, sorted by identity.
        public var namespaces: [Namespace] = []
        /// The files that serve none, sorted by name.
        public var damaged: [DamagedFile] = []
    }

    /// Every namespace the directory holds, and every file in it that serves none: one damaged
    /// file hides no other namespace. Throws only when the directory cannot be read; empty for a
    /// store in memory, or a directory not made yet.
    public func listing() throws(StoreError) -> Listing {
        guard case .directory(let directory) = location else { return Listing() }
        guard let entries = Platform.directoryEntries(directory) else {
            if Platform.fileStamp(directory) == nil { return Listing() }
            throw StoreError(directory, "cannot read: \(String(cString: strerror(errno)))")
        }
        var found = Listing()
        // Directories too: a name of a namespace's shape that holds none (a link to a directory
        // among them) is named, never passed over.
        for entry in entries where StoreFile.isName(entry.name) {
            do {
                let (identity, values) = try StoreFile.read(named: entry.name, in: directory, quota: quota)
                found.namespaces.append(Namespace(identity: identity, values: values))
            } catch {
                found.damaged.append(DamagedFile(name: entry.name, error: error))
            }
        }
        found.namespaces.sort { $0.identity < $1.identity }
        return found
    }

    /// Every namespace the directory holds, by identity; none for a store in memory. Throws the
    /// first damaged file's error when there is one (``listing()`` reads past them).
    public func namespaces() throws(StoreError) -> [Namespace] {
        let found = try listing()
        if let damaged = found.damaged.first { throw damaged.error }
        return found.namespaces
    }

    /// Whether the namespace of `identity` has a file (holds something, or is unreadable).
    public func contains(_ identity: String) -> Bool {
        guard case .directory(let directory) = location else { return false }
        return StoreFile.exists(StoreFile(directory: directory, identity: identity, quota: quota).path)
    }

    /// Whether the directory has a file named `name` (as ``listing()`` names a damaged one),
    /// whatever it holds.
    public func containsFile(named name: String) -> Bool {
        guard case .directory(let directory) = location, StoreFile.isName(name) else { return false }
        return StoreFile.exists(directory + "/" + name)
    }

    /// The namespace the file `name` holds (as ``listing()`` names files), refused unless it is a
    /// store file named for the identity it records.
    public func namespace(inFile name: String) throws(StoreError) -> Namespace {
        guard case .directory(let directory) = location, StoreFile.isName(name) else {
            throw StoreError(name, "not a file of the store")
        }
        let (identity, values) = try StoreFile.read(named: name, in: directory, quota: quota)
        return Namespace(identity: identity, values: values)
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
        return try removeFile(named: StoreFile.fileName(of: identity), in: directory)
    }

    /// Removes the file `name` from the directory, whatever it holds (a damaged file that
    /// ``listing()`` names, a link itself and not what it points to); returns whether there was one.
    @discardableResult
    public func removeFile(named name: String) throws(StoreError) -> Bool {
        guard case .directory(let directory) = location else { return false }
        guard StoreFile.isName(name) else { throw StoreError(name, "not the name of a file of the store (NAME.json)") }
        return try removeFile(named: name, in: directory)
    }

    /// Removes the file `name` from `directory` under the store's lock.
    private func removeFile(named name: String, in directory: String) throws(StoreError) -> Bool {
        do { return try StoreFile.remove(named: name, in: directory) } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(directory, "\(error)")
        }
    }
}
