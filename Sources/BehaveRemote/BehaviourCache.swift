import Behave
import BehavePlatform
import Crypto

/// The last good copy of each remote behaviour, one file per URL in a directory.
///
/// Writes are atomic: a new copy goes to a temporary file in the same directory, is flushed to disk, and
/// replaces the old one with `rename(2)`. A crash leaves either the old copy or the new one, never half
/// of either.
public struct BehaviourCache: Sendable {
    /// Where the files live.
    public var directory: String

    public init(directory: String = BehaviourCache.defaultDirectory) { self.directory = directory }

    /// The platform's cache directory for behave: `$XDG_CACHE_HOME/behave` or `~/.cache/behave` on Linux,
    /// `~/Library/Caches/behave` on Apple platforms.
    public static var defaultDirectory: String {
        Platform.userCacheDirectory + "/behave"
    }

    /// The file that holds `url`'s copy.
    public func path(for url: String) -> String {
        let name = CacheEntry.digest(Array(url.utf8)).prefix(32)
        return directory + "/" + name + ".behave-cache"
    }

    /// The copy for `url`: nil when there is none, an error when the file is damaged or unreadable.
    public func entry(for url: String) throws(CacheDamage) -> CacheEntry? {
        try read(path(for: url), url: url)
    }

    /// The entry in the file at `path`, which must be `url`'s.
    private func read(_ path: String, url: String) throws(CacheDamage) -> CacheEntry? {
        guard access(path, F_OK) == 0 else { return nil }
        let bytes: [UInt8]
        // Only ``store(_:)`` and ``storePending(_:)`` write these files, each holding one
        // behaviour and its headers: a gigabyte is past any copy they wrote, so a larger file is
        // damage, not a copy.
        do { bytes = try FileBytes.read(path, limit: 1 << 30) } catch { throw CacheDamage("\(error)") }
        let entry = try CacheEntry.decode(bytes)
        guard entry.url == url else { throw CacheDamage("holds \(entry.url), not \(url)") }
        return entry
    }

    /// The file that holds a fresh copy of `url` fetched in the background (``RemoteConfiguration/maximumWait``),
    /// waiting to become the copy at the next load.
    public func pendingPath(for url: String) -> String {
        String(path(for: url).dropLast(".behave-cache".count)) + ".pending"
    }

    /// The fresh copy of `url` waiting to become current, if any.
    public func pendingEntry(for url: String) throws(CacheDamage) -> CacheEntry? {
        try read(pendingPath(for: url), url: url)
    }

    /// Keeps a fresh copy for the next load, atomically; the current copy stays as it is.
    public func storePending(_ entry: CacheEntry) throws(AtomicWriteError) {
        try makeDirectory()
        try AtomicFile.write(entry.encoded(), to: pendingPath(for: entry.url), mode: 0o600)
    }

    /// Forgets the fresh copy waiting for `url`.
    public func removePending(for url: String) { unlink(pendingPath(for: url)) }

    /// Stores `entry` atomically (``AtomicFile``), replacing the previous copy only once the new one is
    /// whole on disk.
    public func store(_ entry: CacheEntry) throws(AtomicWriteError) {
        try makeDirectory()
        try AtomicFile.write(entry.encoded(), to: path(for: entry.url), mode: 0o600)
    }

    private func makeDirectory() throws(AtomicWriteError) {
        try AtomicFile.makeDirectories(directory)
    }
}
