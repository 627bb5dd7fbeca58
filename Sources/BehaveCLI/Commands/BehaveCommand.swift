import ArgumentParser

/// `behave`: run behaviours (JSON action lists or Lua scripts) against Swift modules.
struct BehaveCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: BehaveTool.current.name,
            abstract: "Drive a program's behaviour from a JSON action list or a sandboxed Lua 5.4 script.",
            discussion: """
                Exit codes: 0 success, 1 the behaviour raised an error, 3 a sandbox limit stopped it, \
                10 ran the last good copy of a remote behaviour, 11 ran the --fallback, \
                64 usage error, 65 invalid behaviour (nothing ran), 66 unreadable file, \
                69 remote behaviour unavailable, or behave-remote missing (nothing ran), 73 cannot write an output file, \
                74 cannot write the behaviour's output, 129 hung up (SIGHUP), 130 interrupted, 143 terminated (SIGTERM).
                """,
            version: BehaveTool.current.versionLine,
            subcommands: [
                RunCommand.self, TestCommand.self, ReplCommand.self, CheckCommand.self, TranslateCommand.self,
                ModulesCommand.self,
                SchemaCommand.self, KeygenCommand.self, SignCommand.self, VerifyCommand.self, CacheCommand.self,
            ]
        )
    }

    /// Bare `behave`: the REPL on a terminal; otherwise it runs what stdin holds, as `lua` does.
    func run() async throws {
        guard Terminal.isTerminal(0) else { return try await RunInvocation(file: "-").execute(remote: nil, tools: nil) }
        try await ReplCommand.parse([]).run()
    }
}
