import ArgumentParser

/// `behave`: run behaviours (JSON action lists or Lua scripts) against Swift modules.
struct BehaveCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let name = BehaveTool.current.name
        return CommandConfiguration(
            commandName: name,
            abstract: "Drive a program's behaviour from a JSON action list or a sandboxed Lua 5.4 script.",
            usage: """
                \(name) [options] [script [args]]
                \(name) <subcommand>
                """,
            discussion: """
                As lua does, \(name) runs a script with its arguments (in `...` and `arg`): options stop at the \
                script, so \(name) s.lua -x passes -x to s.lua, and a #!/usr/bin/env \(name) script runs as a \
                command. -e stat runs a chunk, -l mod (or -l g=mod) requires a module into a global, -i enters \
                the REPL after the script, -v prints the version, -E ignores LUA_INIT, -W turns warnings on, \
                -- ends the options and - runs stdin. Bare \(name) prompts on a terminal and runs what is piped \
                to it otherwise. The options of `\(name) run --help` go before the script.

                Exit codes: \(exitCodes)
                """,
            version: BehaveTool.current.versionLine,
            subcommands: subcommands
        )
    }

    /// The exit codes the help lists: those of remote behaviours only in a tool that fetches.
    static var exitCodes: String {
        let remote = BehaveTool.current.canFetch
        var unavailable = "69 remote behaviour unavailable (nothing ran)"
        if case .handOff(let executable) = BehaveTool.current.remote.kind {
            unavailable = "69 remote behaviour unavailable, or \(executable) missing (nothing ran)"
        }
        return [
            "0 success", "1 the behaviour raised an error", "3 a sandbox limit stopped it",
            "5 a replay left its recording, or copies differ (diff)",
            "6 the recording was cut by its byte cap (replayed up to the cut)",
            remote ? "10 ran the last good copy of a remote behaviour" : nil, remote ? "11 ran the --fallback" : nil,
            "64 usage error", "65 invalid behaviour (nothing ran)", "66 unreadable file",
            remote ? unavailable : "69 the tool does not fetch, sign or verify (nothing ran)",
            "73 cannot write an output file", "74 cannot write the behaviour's output", "129 hung up (SIGHUP)",
            "130 interrupted", "143 terminated (SIGTERM).",
        ].compactMap { $0 }.joined(separator: ", ")
    }

    static let subcommands: [any ParsableCommand.Type] = [
        RunCommand.self, TestCommand.self, DebugCommand.self, ReplCommand.self, ReplayCommand.self, DiffCommand.self,
        CheckCommand.self,
        TranslateCommand.self,
        ModulesCommand.self,
        SchemaCommand.self, KeygenCommand.self, SignCommand.self, VerifyCommand.self, CacheCommand.self,
        StoreCommand.self, FleetCommand.self, WhichCommand.self, HealthCommand.self, RehearseCommand.self,
    ]

    /// The words that name a command rather than a script: the subcommands and `help`. Spelled
    /// out, so that the plain run of a script asks ArgumentParser nothing (a test compares them).
    static let commandNames: Set<String> = [
        "run", "test", "debug", "repl", "replay", "diff", "check", "translate", "modules", "schema", "keygen", "sign",
        "verify",
        "cache", "store", "fleet", "which", "health", "rehearse",
        "help",
    ]

    /// The long options of Behave's commands, which a tool's own options (``ToolOption``) cannot
    /// take: those that take a value and the flags. Spelled out, so that a tool's start asks
    /// ArgumentParser nothing (a test compares them).
    static let reservedOptionNames: Set<String> = Set(valueOptionNames.map(String.init)).union([
        "accept-diff", "allow-http", "clear", "coverage-tests", "fast", "force", "help", "json", "luals", "real-time",
        "refresh",
        "require-signature",
        "strict", "trusted", "version", "watch", "generate-completion-script", "experimental-dump-help",
    ])

    /// The long options of Behave's commands that take the next word as their value, which a
    /// tool's option must not be read from (a test compares them with the commands').
    static let valueOptionNames: Set<Substring> = [
        "ca-file", "cache-dir", "connect-timeout", "context", "depth-limit", "duration-limit", "events", "expires",
        "fallback", "filter", "header", "instruction-limit", "junit", "key", "max-input", "max-redirects", "max-size",
        "max-wait", "memory-limit", "min-fetch-interval", "output", "output-limit", "public-key", "record",
        "record-limit", "behaviour", "recordings", "from-recording", "against", "sequence",
        "signature", "store-dir", "store-quota", "time-limit", "timeout", "trace", "activate", "poll", "channel",
        "port",
        "install-id", "health-url", "health-field",
        "health-queue", "health-wait", "url", "copy-sequence", "percent", "when", "rule", "current", "devices",
        "contexts", "vary", "copies", "offline", "slow", "failing", "seed", "fail-above", "coverage", "coverage-min",
    ]

    /// The first words ArgumentParser answers itself, at the top: help, version, completion scripts.
    static func isTopLevelOption(_ word: String) -> Bool {
        ["-h", "--help", "--version", "--experimental-dump-help"].contains(word)
            || word.hasPrefix("--generate-completion-script")
    }

    /// Bare `behave`: the REPL on a terminal; otherwise it runs what stdin holds, as `lua` does.
    func run() async throws {
        guard Terminal.isTerminal(0) else { return try await RunInvocation(file: "-").execute(remote: nil, tools: nil) }
        try await ReplCommand.parse([]).run()
    }
}
