#if Remote
    import Behave

    /// What a fleet manifest selected for this device, loaded: the manifest as it was had, the
    /// rule that chose, and the copy to run.
    public struct FleetBehaviour: Sendable {
        /// The manifest's load: fresh, the last good one, or (with none to be had) the fallback's.
        public var manifest: RemoteBehaviour
        /// Which rule of which channel chose the copy; nil when no manifest could be read.
        public var selection: FleetSelection?
        /// The copy to run: the selected one through the cache, or the app's fallback.
        public var copy: RemoteBehaviour
        /// What is worth saying about the load beyond the copy's own notes.
        public var notes: [String]

        /// The lines a tool prints before the run: the manifest's and the copy's warnings.
        public var warnings: [String] {
            var lines = notes
            if manifest.origin != .fallback, let warning = manifest.warning { lines.append(warning) }
            lines += copy.notes
            if let warning = copy.warning { lines.append(warning) }
            return lines
        }
    }
#endif
