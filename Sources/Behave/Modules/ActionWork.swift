/// The work of an async action, started when Lua calls it and awaited by the host.
public struct ActionWork: Sendable {
    let run: @Sendable () async throws -> ActionResult

    /// Wraps the work; it runs on Swift's concurrency pool, never on the host's thread.
    public init(_ run: @escaping @Sendable () async throws -> ActionResult) { self.run = run }
}
