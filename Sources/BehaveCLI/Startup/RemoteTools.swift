import Behave

/// What only `behave-remote` links in: fetching over HTTP(S) (AsyncHTTPClient, SwiftNIO) and Ed25519
/// signing and checking (swift-crypto).
///
/// `behave` itself is built without them, so it builds in a fraction of the time and starts without
/// loading them; it hands any command that needs them to `behave-remote` (``RemoteHandOff``), which
/// runs the same command line with these tools.
package protocol RemoteTools: Sendable {
    /// Loads the behaviour at `url` through the cache, printing a warning line for every copy that is
    /// not the current one. `validate` decides whether a downloaded or cached copy may run;
    /// `inputLimit` bounds the `--fallback` file. With `liveValidate`, which checks a copy from any
    /// thread, the copy is kept current while it runs (``LoadedBehaviour/live``).
    func load(
        _ url: String, options: RemoteOptions, inputLimit: Int,
        liveValidate: (@Sendable (Behaviour) -> [Diagnostic])?, validate: (Behaviour) -> [Diagnostic]
    ) async throws(BehaveExitError) -> LoadedBehaviour
    /// Starts delivering the events published at `url` (`--events URL`: server-sent events or
    /// WebSocket) to `channel`, reconnecting until the returned function stops it; one line on
    /// stderr per change of the connection's state. `messageLimit` bounds a line and a message
    /// (`--max-input`).
    func liveEvents(_ url: String, into channel: EventChannel, options: RemoteOptions, messageLimit: Int)
        throws(BehaveExitError) -> @Sendable () -> Void
    /// `behave keygen`.
    func keygen(_ command: KeygenCommand) throws
    /// `behave sign`.
    func sign(_ command: SignCommand) throws
    /// `behave verify`.
    func verify(_ command: VerifyCommand) throws
    /// `behave cache`.
    func cache(_ command: CacheCommand) throws
    /// `behave which`.
    func which(_ command: WhichCommand) async throws
    /// `behave fleet new|add|point|rollout|pause|kill|rollback`.
    func fleet(_ edit: FleetEdit, options: FleetWriteOptions) throws
    /// `behave health`.
    func health(_ command: HealthCommand) async throws
    /// `behave rehearse`.
    func rehearse(_ command: RehearseCommand) async throws
}
