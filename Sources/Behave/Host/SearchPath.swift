/// Where the sandbox's `require` searches; shared by the host and every state it makes, so a
/// run can change it without rebuilding the state.
final class SearchPath {
    var directories: [String]
    /// The files `require` loaded since the last run started, in order.
    var loaded: [String] = []
    init(_ directories: [String]) { self.directories = directories }
}
