#if Remote
    import Behave

    /// Which copy of a channel last ran on this device, kept beside the manifest in the cache: a
    /// paused rollout keeps the devices that have its copy, and only those.
    struct FleetMemory {
        var configuration: RemoteConfiguration
        var manifestURL: String
        var channel: String

        /// The file beside the cached manifest; the channel's name is only letters, digits, `-_.`.
        private var path: String {
            BehaviourCache(directory: configuration.cacheDirectory).siblingPath(
                for: manifestURL, ".channel-\(channel).current")
        }

        /// The copy's name, or nil when nothing from the channel ran here (or the record is unreadable,
        /// which only makes a paused rollout pass this device by).
        var current: String? {
            get {
                guard let bytes = try? FileBytes.read(path, limit: 256) else { return nil }
                let name = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
                return name.isEmpty ? nil : name
            }
            nonmutating set {
                guard let newValue else {
                    try? AtomicFile.remove(path)
                    return
                }
                try? BehaviourCache(directory: configuration.cacheDirectory).makeDirectory()
                try? AtomicFile.write(Array((newValue + "\n").utf8), to: path, mode: 0o600)
            }
        }
    }
#endif
