import Behave
import BehavePlatform

/// One behaviour's namespace on disk: a JSON file, `{"behaviour": IDENTITY, "values": {…}}`,
/// named by a digest of the identity so that any identity (a URL, a path) makes a safe name.
/// The identity it records is the one it serves: a file copied or renamed under another
/// identity's name, a link, or anything but a regular file is refused, never served.
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

    /// Whether `name` may name a store file: one plain name in the directory, not hidden (the
    /// lock and a writer's temporary files are), ending in `.json`.
    static func isName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasPrefix(".") && !name.contains("/") && !name.utf8.contains(0)
    }

    /// Whether there is anything at `path`, a link (even a dangling one) included.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The largest file a store of `quota` reads: its values' text, the identity and the wrapper,
    /// with room for one written by a larger quota before.
    static func readLimit(quota: Int) -> Int {
        max(64 << 20, quota.multipliedReportingOverflow(by: 2).partialValue + (1 << 20))
    }

    /// The values the file holds; none when there is no file yet. A file that records another
    /// identity is refused: it was copied or renamed here, and its values are another behaviour's.
    func read() throws(StoreError) -> [String: PlainValue] {
        guard Self.exists(path) else { return [:] }
        let (recorded, values) = try Self.read(path, limit: Self.readLimit(quota: quota))
        // Byte for byte, as the file's name is made: two spellings of one text are two identities.
        guard recorded.utf8.elementsEqual(identity.utf8) else {
            throw StoreError(
                path,
                "holds the store of \(JSONText.quoted(recorded)), not of \(JSONText.quoted(identity)): refused")
        }
        return values
    }

    /// The identity and values of the file `name` in `directory`, refused unless it is a store
    /// file named for the identity it records.
    static func read(named name: String, in directory: String, quota: Int) throws(StoreError)
        -> (identity: String, values: [String: PlainValue])
    {
        let path = directory + "/" + name
        let (identity, values) = try read(path, limit: readLimit(quota: quota))
        guard fileName(of: identity) == name else {
            throw StoreError(
                path, "holds the store of \(JSONText.quoted(identity)), whose file has another name: refused")
        }
        return (identity, values)
    }

    /// Reads a store file: the identity it belongs to and its values.
    static func read(_ path: String, limit: Int) throws(StoreError) -> (identity: String, values: [String: PlainValue])
    {
        let bytes = try regularFileBytes(path, limit: limit)
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw StoreError("\(path):\(error.position)", error.message)
        }
        guard case .object(let members) = PlainValue(json), case .string(let identity)? = members["behaviour"],
            case .object(let values)? = members["values"]
        else {
            throw StoreError("\(path):1:1", "not a store file: expected {\"behaviour\": …, \"values\": {…}}")
        }
        // A number past a float's range (`1e400`) reads as infinity, which no behaviour can store
        // and which would be written back as another value: the file is damaged.
        if let number = json["values"].flatMap({ Self.unboundedNumber(in: $0) }) {
            throw StoreError(
                "\(path):\(number.position)", "not a store file: the number \(number.text) is beyond a float's range")
        }
        return (identity, values)
    }

    /// The bytes of the regular file at `path`, at most `limit`. Never through a link: a
    /// namespace's name linked to another's file would serve that one. Never a FIFO or a device,
    /// which could block or never end.
    private static func regularFileBytes(_ path: String, limit: Int) throws(StoreError) -> [UInt8] {
        do { return try FileBytes.read(path, limit: limit, regularOnly: true, followingLinks: false) } catch {
            switch error {
            case .tooLarge: throw StoreError(path, "larger than \(limit) bytes")
            case .unreadable(_, FileBytes.linkReason):
                throw StoreError(path, "is a symbolic link, not a store file: refused")
            case .unreadable(_, FileBytes.notRegularReason), .unreadable(_, "is a directory"):
                throw StoreError(path, "is not a regular file, not a store file: refused")
            case .unreadable(_, let reason): throw StoreError(path, "cannot read: \(reason)")
            default: throw StoreError(path, "cannot read: \(error)")
            }
        }
    }

    /// Runs `change` on the values the file holds now, under the directory's lock, and writes what
    /// it returns (no file when it returns none). Returns the values written.
    func update(_ change: ([String: PlainValue]) throws -> [String: PlainValue]) throws -> [String: PlainValue] {
        try Self.locked(directory) {
            let values = try change(try read())
            try write(values)
            return values
        }
    }

    /// Removes the file `name` in `directory` (a link itself, not what it points to), whatever it
    /// holds; returns whether there was one.
    static func remove(named name: String, in directory: String) throws -> Bool {
        let path = directory + "/" + name
        return try locked(directory) {
            guard exists(path) else { return false }
            do throws(AtomicWriteError) { try AtomicFile.remove(path) } catch { throw StoreError(path, error.reason) }
            return true
        }
    }

    /// Runs `body` holding `directory`'s lock, made with the directory when missing. Temporary
    /// files left beside the namespaces go first: under the lock, no write is under way, so any
    /// is what a crashed writer left.
    private static func locked<T>(_ directory: String, _ body: () throws -> T) throws -> T {
        do { try AtomicFile.makeDirectories(directory) } catch { throw StoreError(directory, error.reason) }
        let result = try Platform.withFileLock(directory + "/" + lockName, seconds: lockSeconds) {
            () throws -> T in
            for entry in Platform.directoryEntries(directory) ?? []
            where entry.name.hasPrefix(AtomicFile.temporaryPrefix) {
                unlink(directory + "/" + entry.name)
            }
            return try body()
        }
        guard let result else {
            let reason = Platform.lockFailure()
            throw StoreError(directory + "/" + lockName, "cannot take the store's lock: \(reason); nothing was changed")
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

    /// The first number in `value`, in file order, that is neither an integer nor a finite float,
    /// with its text cut for a message.
    private static func unboundedNumber(in value: JSONValue) -> (position: SourcePosition, text: String)? {
        switch value.kind {
        case .number(let text):
            guard Int64(text) == nil, !(Double(text)?.isFinite ?? false) else { return nil }
            return (value.position, String(text.prefix(40)))
        case .array(let elements):
            for element in elements { if let found = unboundedNumber(in: element) { return found } }
            return nil
        case .object(let members):
            for member in members { if let found = unboundedNumber(in: member.value) { return found } }
            return nil
        case .null, .bool, .string: return nil
        }
    }
}
