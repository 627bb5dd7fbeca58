import BehavePlatform

/// One behaviour's namespace on disk: a JSON file, `{"behaviour": IDENTITY, "values": {…}}`,
/// named by a digest of the identity so that any identity (a URL, a path) makes a safe name.
/// Every change is made under the directory's lock, on what the file holds at that moment, and
/// written whole beside it then renamed over it (``AtomicFile``): a crash at any point leaves the
/// last committed values, and two processes writing different keys lose neither.
struct StoreFile {
    let directory: String
    let identity: String

    /// The name of the lock every process using the directory takes to change a file in it.
    static let lockName = ".lock"
    /// How long a change waits for another process's change to finish.
    static let lockSeconds = 5.0
    /// The largest file read: a store written by a larger quota is still read, within reason.
    static let readLimit = 64 << 20

    var path: String { directory + "/" + Self.fileName(of: identity) }

    static func fileName(of identity: String) -> String {
        String(SHA256.hex(Array(identity.utf8)).prefix(32)) + ".json"
    }

    /// The values the file holds; none when there is no file yet.
    func read() throws(StoreError) -> [String: PlainValue] {
        guard Platform.fileStamp(path) != nil else { return [:] }
        return try Self.read(path).values
    }

    /// Reads a store file: the identity it belongs to and its values.
    static func read(_ path: String) throws(StoreError) -> (identity: String, values: [String: PlainValue]) {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: readLimit, regularOnly: true) } catch {
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
        do { try AtomicFile.makeDirectories(directory) } catch { throw StoreError(directory, error.reason) }
        let result = try Platform.withFileLock(directory + "/" + Self.lockName, seconds: Self.lockSeconds) {
            () throws -> [String: PlainValue] in
            let values = try change(try read())
            try write(values)
            return values
        }
        guard let result else {
            throw StoreError(directory, "another process holds the store's lock; nothing was changed")
        }
        return result
    }

    /// Replaces the file with `values`, or removes it when there are none.
    private func write(_ values: [String: PlainValue]) throws(StoreError) {
        guard !values.isEmpty else {
            if unlink(path) != 0 && errno != ENOENT { throw StoreError(path, String(cString: strerror(errno))) }
            return
        }
        let text = PlainValue.object(["behaviour": .string(identity), "values": .object(values)]).jsonText + "\n"
        do { try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600) } catch {
            throw StoreError(path, error.reason)
        }
    }
}
