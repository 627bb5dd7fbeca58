import Behave

extension BehaviourStore {
    /// The namespace the file at `path` holds, read as the store reads each of its files (no
    /// larger than the quota allows a file, JSON, `{"behaviour": …, "values": {…}}`), wherever the
    /// file lies and whatever its name: the way in of the `store` fuzz target, which hands it any
    /// bytes.
    ///
    /// - Throws: a ``StoreError`` in one line, with the file's `line:column` where the problem has one.
    package func namespace(atPath path: String) throws(StoreError) -> Namespace {
        let (identity, values) = try StoreFile.read(path, limit: StoreFile.readLimit(quota: quota))
        return Namespace(identity: identity, values: values)
    }

    /// Replaces what the namespace of `identity` holds with `values` (none: removes its file), by
    /// the writer every `store.set` goes through: under the directory's lock, the whole file
    /// written beside the old one and renamed over it. The quota is `store.set`'s to check.
    ///
    /// - Throws: a ``StoreError`` when the namespace's present file cannot be read or the new one
    ///   cannot be written; a store in memory keeps no files.
    package func replace(_ identity: String, with values: [String: PlainValue]) throws(StoreError) {
        guard case .directory(let directory) = location else {
            throw StoreError("the store in memory", "keeps no files")
        }
        do {
            _ = try StoreFile(directory: directory, identity: identity, quota: quota).update { _ in values }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(directory, "\(error)")
        }
    }
}
