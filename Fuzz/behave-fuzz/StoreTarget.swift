import Behave
import BehavePlatform
import BehaveStore
import FuzzSupport

/// Any bytes as a store namespace file (`{"behaviour": IDENTITY, "values": {…}}`, docs/store.md):
/// read or refused with a one-line ``StoreError``, never a crash. What is read, written back by
/// the store's own writer into a store of its own, reads back as the same identity (byte for
/// byte) and values, alone in its directory; the quota counts no more of it than the file written
/// holds; and cleared, it leaves nothing but the lock. Each input has a temporary directory,
/// removed after it.
enum StoreTarget: FuzzTarget {
    static let name = "store"
    /// The quota every read and write is given: the store's own default.
    static let quota = BehaviourStore.defaultQuota
    /// Where the inputs' directories are made.
    static let temporaryBase = Platform.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"

    static func check(_ input: [UInt8]) {
        let directory = temporaryDirectory()
        let file = directory + "/input.json"
        let store = BehaviourStore(directory: directory + "/store", quota: quota)
        defer {
            unlink(file)
            unlink(directory + "/store/.lock")
            rmdir(directory + "/store")
            rmdir(directory)
        }
        do throws(AtomicWriteError) { try AtomicFile.write(input, to: file, mode: 0o600) } catch {
            finding("cannot write the input: \(error)")
        }
        let namespace: BehaviourStore.Namespace
        do { namespace = try store.namespace(atPath: file) } catch {
            if "\(error)".utf8.contains(where: { $0 == 10 || $0 == 13 }) {
                finding("a refusal of more than one line: \(error)")
            }
            return
        }
        writeBack(namespace, to: store, in: directory + "/store", input: input)
    }

    /// Writes `namespace` into the empty `store` (in `directory`), reads it back two ways, checks
    /// what the quota counts against the file written, reads the `input` it came from in that
    /// file's place (by the store's own way, which checks the identity a file records against its
    /// name), and clears it.
    static func writeBack(
        _ namespace: BehaviourStore.Namespace, to store: BehaviourStore, in directory: String, input: [UInt8]
    ) {
        let identity = namespace.identity
        do { try store.replace(identity, with: namespace.values) } catch {
            finding("what was read is not written back: \(error)")
        }
        let values: [String: PlainValue]
        let listed: [BehaviourStore.Namespace]
        do {
            values = try store.values(of: identity)
            listed = try store.namespaces()
        } catch {
            finding("what was written does not read back: \(error)")
        }
        if values != namespace.values { finding("the values read change when written and read again") }
        let files = (Platform.directoryEntries(directory) ?? []).map { $0.name }.filter { $0 != ".lock" }
        if namespace.values.isEmpty {
            if !listed.isEmpty || !files.isEmpty { finding("no values left a namespace: \(files)") }
        } else {
            guard listed.count == 1, listed[0].identity.utf8.elementsEqual(identity.utf8),
                listed[0].values == namespace.values, files.count == 1
            else {
                finding("the store lists \(listed.count) namespaces in the files \(files), where it wrote one")
            }
            // docs/store.md: "The quota counts what the file holds".
            let written = Platform.fileStamp(directory + "/" + files[0])?[1] ?? 0
            if namespace.bytes > written {
                finding("the quota counts \(namespace.bytes) bytes of a file of \(written)")
            }
            readInPlace(input, of: namespace, as: directory + "/" + files[0], from: store)
        }
        let cleared: Bool
        do { cleared = try store.clear(identity) } catch { finding("the namespace written does not clear: \(error)") }
        if cleared == namespace.values.isEmpty {
            finding("clear says the namespace held \(cleared ? "something" : "nothing")")
        }
        let left = (Platform.directoryEntries(directory) ?? []).map { $0.name }.filter { $0 != ".lock" }
        if !left.isEmpty { finding("cleared, the store's directory still holds \(left)") }
    }

    /// The `input` that read as `namespace`, put in place of its namespace's file (`path`), reads
    /// by the identity it records as it did by its path: the store serves it, and the same values.
    static func readInPlace(
        _ input: [UInt8], of namespace: BehaviourStore.Namespace, as path: String, from store: BehaviourStore
    ) {
        do throws(AtomicWriteError) { try AtomicFile.write(input, to: path, mode: 0o600) } catch {
            finding("cannot write the input in the namespace's place: \(error)")
        }
        let values: [String: PlainValue]
        do { values = try store.values(of: namespace.identity) } catch {
            finding("the input, in its namespace's place, is refused: \(error)")
        }
        if values != namespace.values { finding("the input reads otherwise in its namespace's place") }
    }

    /// A new directory for one input, under `$TMPDIR` (or `/tmp`).
    static func temporaryDirectory() -> String {
        var template = Array((temporaryBase + "/behave-fuzz-store.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let made else { finding("cannot make a directory under \(temporaryBase)") }
        return made
    }
}
