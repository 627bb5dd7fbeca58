import BehavePlatform

/// One behaviour's namespace on disk: a JSON file, `{"behaviour": IDENTITY, "values": {…}}`,
/// named by a digest of the identity so that any identity (a URL, a path) makes a safe name.
/// Every change is made under the directory's lock, on what the file holds at that moment, and
/// written whole beside it then renamed over it (``AtomicFile``): a crash at any point leaves the
/// last committed values, and two processes writing different keys lose neither.
struct StoreFile {
    let directory: String
    let identity: String
    /// The store's quota, which bounds what a file of it may hold.
    let quota: Int

    /// The name of the lock every process using the directory takes to change a file in it.
    static let lockName = ".lock"
    /// How long a change waits for another process's change to finish.
    static let lockSeconds = 5.0

    var path: String { directory + "/" + Self.fileName(of: identity) }

    static func fileName(of identity: String) -> String {
        String(SHA256.hex(Array(identity.utf8)).prefix(32)) + ".json"
    }

    /// The largest file a store of `quota` reads: its values' text, the identity and the wrapper,
    /// with room for one written by a larger quota before.
    static func readLimit(quota: Int) -> Int {
        max(64 << 20, quota.multipliedReportingOverflow(by: 2).partialValue + (1 << 20))
    }

    /// The values the file holds; none when there is no file yet.
    func read() throws(StoreError) -> [String: PlainValue] {
        guard Platform.fileStamp(path) != nil else { return [:] }
        return try Self.read(path, limit: Self.readLimit(quota: quota)).values
    }

    /// Reads a store file: the identity it belongs to and its values.
    static func read(_ path: String, limit: Int) throws(StoreError) -> (identity: String, values: [String: PlainValue])
    {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: limit, regularOnly: true) } catch {
            if case .tooLarge = error { throw StoreError(path, "larger than \(limit) bytes") }
            if case .unreadable(_, let reason) = error { throw StoreError(path, "cannot read: \(reason)") }
            throw StoreError(path, "cannot read: \(error)")
        }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw StoreError("\(path):\(error.position)", error.message)
        }
        guard case .object(let members) = PlainValue(json), case .string(let identity)? = members["behaviour"],
            case .object(let values)? = members["values"]
        else {
            throw StoreError("\(path):1:1", "not a store file: expected {\"behaviour\": …, \"values\": {…}}")
        }
        return (identity, values)
    }

    /// Runs `change` on the values the file holds now, under the directory's lock, and writes what
    /// it returns (no file when it returns none). Returns the values written.
    func update(_ change: ([String: PlainValue]) throws -> [String: PlainValue]) throws -> [String: PlainValue] {
        try locked {
            let values = try change(try read())
            try write(values)
            return values
        }
    }

    /// Removes the file, whatever it holds (one that cannot be read too); returns whether there was one.
    func remove() throws -> Bool {
        try locked {
            guard Platform.fileStamp(path) != nil else { return false }
            do throws(AtomicWriteError) { try AtomicFile.remove(path) } catch { throw StoreError(path, error.reason) }
            return true
        }
    }

    /// Runs `body` holding the directory's lock, made with the directory when missing. Temporary
    /// files left beside the namespaces go first: under the lock, no write is under way, so any
    /// is what a crashed writer left.
    private func locked<T>(_ body: () throws -> T) throws -> T {
        do { try AtomicFile.makeDirectories(directory) } catch { throw StoreError(directory, error.reason) }
        let result = try Platform.withFileLock(directory + "/" + Self.lockName, seconds: Self.lockSeconds) {
            () throws -> T in
            for entry in Platform.directoryEntries(directory) ?? []
            where entry.name.hasPrefix(AtomicFile.temporaryPrefix) {
                unlink(directory + "/" + entry.name)
            }
            return try body()
        }
        guard let result else {
            throw StoreError(
                directory + "/" + Self.lockName,
                "cannot take the store's lock (another process holds it, or it cannot be opened); nothing was changed")
        }
        return result
    }

    /// Replaces the file with `values`, or removes it when there are none.
    private func write(_ values: [String: PlainValue]) throws(StoreError) {
        guard !values.isEmpty else {
            do { try AtomicFile.remove(path) } catch { throw StoreError(path, error.reason) }
            return
        }
        let text = PlainValue.object(["behaviour": .string(identity), "values": .object(values)]).jsonText + "\n"
        do { try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600) } catch {
            throw StoreError(path, error.reason)
        }
    }
}
