#if Remote
    import Behave
    import BehavePlatform
    import Crypto

    /// The last good copy of each remote behaviour, one file per URL in a directory.
    ///
    /// Writes are atomic: a new copy goes to a temporary file in the same directory, is flushed to disk, and
    /// replaces the old one with `rename(2)`. A crash leaves either the old copy or the new one, never half
    /// of either, and there is no instant without a whole current copy: the previous copy is kept as a
    /// second name for the current file before the new one replaces it, never by moving it away.
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

        /// The entry in the file at `path`, which must be `url`'s (any URL's when nil).
        private func read(_ path: String, url: String?) throws(CacheDamage) -> CacheEntry? {
            guard access(path, F_OK) == 0 else { return nil }
            let bytes: [UInt8]
            // Only ``store(_:)`` and ``storePending(_:)`` write these files, each holding one
            // behaviour and its headers: a gigabyte is past any copy they wrote, so a larger file is
            // damage, not a copy.
            do { bytes = try FileBytes.read(path, limit: 1 << 30) } catch { throw CacheDamage("\(error)") }
            let entry = try CacheEntry.decode(bytes)
            if let url, entry.url != url { throw CacheDamage("holds \(entry.url), not \(url)") }
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

        /// Stores `entry` atomically (``AtomicFile``), replacing the current copy only once the new one is
        /// whole on disk. A current copy with other bytes is kept as the previous one first, to run
        /// again if the new one fails its first run (``quarantineCurrent(of:_:)``). A signed copy
        /// raises the highest sequence accepted for its URL (``highestSequence(for:)``) before it
        /// becomes current. When a write fails, the current copy is the one there was.
        public func store(_ entry: CacheEntry) throws(AtomicWriteError) {
            try makeDirectory()
            if let sequence = entry.signature?.sequence { try raiseSequence(for: entry.url, to: sequence) }
            let current = path(for: entry.url)
            if let old = try? self.entry(for: entry.url), old.body != entry.body {
                // A second name for the current file: it stays current until the rename below.
                try AtomicFile.keepCopy(of: current, at: siblingPath(for: entry.url, ".previous"))
            }
            try AtomicFile.write(entry.encoded(), to: current, mode: 0o600)
        }

        /// The file beside `url`'s copy that ends in `suffix`.
        func siblingPath(for url: String, _ suffix: String) -> String {
            String(path(for: url).dropLast(".behave-cache".count)) + suffix
        }

        /// The copy that was current before the current one, if any.
        public func previousEntry(for url: String) -> CacheEntry? {
            try? read(siblingPath(for: url, ".previous"), url: url)
        }

        /// The copy of `url` that failed its first run, if any; nil too when the record is damaged
        /// (``quarantineRecord(for:)`` says why).
        public func quarantine(for url: String) -> Quarantine? {
            try? quarantineRecord(for: url)
        }

        /// The copy of `url` that failed its first run, if any, or why the record cannot be read.
        /// Records are bounded when written (``Quarantine``), so only the start of a file is read: a
        /// longer one is read as far as its fields go, never refused for its length.
        public func quarantineRecord(for url: String) throws(CacheDamage) -> Quarantine? {
            let path = siblingPath(for: url, ".quarantine")
            guard access(path, F_OK) == 0 else { return nil }
            do { return try Quarantine.decode(FileBytes.readPrefix(path, count: Quarantine.readLimit)) } catch let
                damage as CacheDamage
            {
                throw damage
            } catch {
                throw CacheDamage("\(error)")
            }
        }

        /// The quarantine of `url` when it is of these very bytes: a copy not to run again.
        public func quarantine(for url: String, matching body: [UInt8]) -> Quarantine? {
            quarantine(for: url).flatMap { $0.digest == CacheEntry.digest(body) ? $0 : nil }
        }

        /// Forgets the quarantine of `url` (the server now serves other bytes), and its recording.
        public func removeQuarantine(for url: String) {
            unlink(siblingPath(for: url, ".quarantine"))
            unlink(quarantineRecordingPath(for: url))
        }

        /// Where the recording of a quarantined copy's failing run is kept (`behave replay` runs it).
        public func quarantineRecordingPath(for url: String) -> String { siblingPath(for: url, ".quarantine.rec") }

        /// The current copy of `url` failed its first run: it is quarantined with `reason` (and
        /// `recording`, the failing run's, beside it), and the previous copy becomes current again
        /// (or, with none, there is no current copy: the fallback runs next).
        public func quarantineCurrent(of url: String, _ reason: String, recording: [UInt8]? = nil)
            throws(AtomicWriteError)
        {
            // Bytes that have run well are not quarantined for a later failure: it is not their first run.
            guard let current = try? entry(for: url), !hasRunWell(url, body: current.body) else { return }
            let record = Quarantine(
                digest: CacheEntry.digest(current.body), sequence: current.signature?.sequence, at: WallClock.now(),
                reason: reason)
            try makeDirectory()
            // The recording is kept if it can be: the quarantine itself must happen either way.
            unlink(quarantineRecordingPath(for: url))
            if let recording { try? AtomicFile.write(recording, to: quarantineRecordingPath(for: url), mode: 0o600) }
            try AtomicFile.write(record.encoded(), to: siblingPath(for: url, ".quarantine"), mode: 0o600)
            if rename(siblingPath(for: url, ".previous"), path(for: url)) != 0 { unlink(path(for: url)) }
        }

        /// Everything kept for `url`.
        public func status(of url: String) -> CacheStatus {
            CacheStatus(
                url: url, active: try? entry(for: url), previous: previousEntry(for: url),
                pending: try? pendingEntry(for: url), quarantine: quarantine(for: url))
        }

        /// The URLs that have a current copy here, sorted.
        public func urls() -> [String] {
            guard let names = Platform.directoryEntries(directory) else { return [] }
            return names.filter { $0.name.hasSuffix(".behave-cache") && !$0.name.hasPrefix(".") }
                .compactMap { try? read(directory + "/" + $0.name, url: nil) }.map(\.url).sorted()
        }

        /// Forgets everything kept for `url`: its copies, its quarantine, the highest sequence accepted,
        /// the copies that ran well and the verdicts of validation.
        public func forget(_ url: String) {
            for suffix in [
                ".behave-cache", ".previous", ".pending", ".quarantine", ".quarantine.rec", ".sequence", ".ran",
                ".verdicts", ".lock",
            ] {
                unlink(siblingPath(for: url, suffix))
            }
        }

        func makeDirectory() throws(AtomicWriteError) {
            try AtomicFile.makeDirectories(directory)
        }
    }
#endif
