import ArgumentParser
import Behave
import BehavePlatform
import BehaveStore

/// `--store-dir` and `--store-quota`: where behaviours run by the tool keep what they `store`
/// (``BehaviourStore``), and how much each may keep.
package struct StoreOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("store-dir"),
        help: ArgumentHelp(
            "Where behaviours keep what they store, one file per behaviour. Default: \(StoreOptions.defaultDirectoryText).",
            valueName: "dir"),
        completion: .directory)
    var directory: String?

    @Option(
        name: .customLong("store-quota"),
        help: "Bytes each behaviour may store, up to 64MiB. Default 64KiB.")
    var quota: ByteCount?

    package func validate() throws {
        if let quota, quota.bytes > 64 << 20 {
            throw ValidationError("--store-quota must be at most 64MiB, not \(quota.text)")
        }
        if directory == "" { throw ValidationError("--store-dir needs a directory") }
    }

    /// The store these options name.
    package var store: BehaviourStore { Self.store(directory: directory, quota: quota?.bytes) }

    /// The store in `directory` (the default one when nil) with `quota` bytes (the default when nil).
    static func store(directory: String? = nil, quota: Int? = nil) -> BehaviourStore {
        guard let directory = directory ?? defaultDirectory else {
            return .inMemory(quota: quota ?? BehaviourStore.defaultQuota)
        }
        return BehaviourStore(directory: directory, quota: quota ?? BehaviourStore.defaultQuota)
    }

    /// The tool's store unless told otherwise; nil without a home, where each run's store lasts the run.
    static var defaultDirectory: String? {
        Platform.userStateDirectory.map { $0 + "/\(BehaveTool.current.name)/store" }
    }

    static var defaultDirectoryText: String {
        "$XDG_STATE_HOME/\(BehaveTool.current.name)/store or ~/.local/state/\(BehaveTool.current.name)/store"
    }
}
