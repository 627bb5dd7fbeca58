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
        let path = path(for: url)
        guard access(path, F_OK) == 0 else { return nil }
        let bytes: [UInt8]
        // Only ``store(_:)`` writes these files, each holding one behaviour and its headers: a
        // gigabyte is past any copy it wrote, so a larger file is damage, not a copy.
        do { bytes = try FileBytes.read(path, limit: 1 << 30) } catch { throw CacheDamage("\(error)") }
        let entry = try CacheEntry.decode(bytes)
        guard entry.url == url else { throw CacheDamage("holds \(entry.url), not \(url)") }
        return entry
    }

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
