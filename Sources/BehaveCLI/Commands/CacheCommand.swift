import ArgumentParser
import Behave

/// `behave cache [URL]`: what the cache keeps for remote behaviours; `--clear URL` forgets one.
package struct CacheCommand: RemoteOnlyCommand {
    /// In the help only of a tool that can fetch, sign and verify.
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "cache",
            abstract:
                "Show the cached copies of remote behaviours: the active one, the previous one, a pending one, a quarantined one and why.",
            discussion: "With --clear URL, forget everything kept for URL: the next run fetches it afresh.",
            shouldDisplay: BehaveTool.current.canFetch
        )
    }

    @Argument(help: "A URL; all of them when none is given.")
    package var url: String?

    @Flag(help: "Forget what is kept for URL.")
    package var clear = false

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where the last good copies are kept. Default: \(BehaveTool.current.cacheDirectoryHelp).", valueName: "dir"
        ))
    package var cacheDirectory: String?

    package init() {}

    package func validate() throws {
        if clear && url == nil { throw ValidationError("--clear needs the URL to forget") }
    }

    package func run(tools: any RemoteTools) throws { try tools.cache(self) }
}
