import ArgumentParser
import Behave
import BehavePlatform

/// The tool's entry point, shared by `behave` (without ``RemoteTools``) and `behave-remote` (with them).
package enum BehaveMain {
    /// The executables' entry point: ``run(remote:)`` on the process's main thread
    /// (``MainThreadExecutor``), so a script that never waits runs in a single-threaded process.
    ///
    /// ```swift
    /// BehaveMain.main(remote: nil)  // behave; behave-remote passes its tools
    /// ```
    package static func main(remote: (any RemoteTools)?) -> Never {
        MainThreadExecutor.run { await run(remote: remote) }
    }

    /// Parses the command line and runs the command, exiting with its documented code.
    /// Without `remote`, a command that needs the tools is handed to `behave-remote` (``RemoteHandOff``).
    /// The plain `behave [run] FILE [ARG]...` skips ArgumentParser (``RunInvocation``); any other
    /// command line that names no command is `run`'s, as lua's is.
    private static func run(remote: (any RemoteTools)?) async -> Never {
        Interrupts.install()
        // The version alone is one line, as quick as a plain run: the parser is not started.
        if CommandLine.arguments.count == 2, ["-v", "--version"].contains(CommandLine.arguments[1]) {
            StandardError.write(BehaveTool.current.versionLine + "\n", to: 1)
            exit(BehaveExit.success)
        }
        if let plain = RunInvocation(plainCommandLine: Array(CommandLine.arguments.dropFirst())) {
            do { try await plain.execute(remote: nil, tools: remote) } catch { exit(error.rawValue) }
            exit(BehaveExit.success)
        }
        // The tool's own options come out first, so that one before a command's name leaves it first.
        var arguments: [String] = []
        do {
            let extraction = try ToolOptionExtraction(
                Array(CommandLine.arguments.dropFirst()), options: BehaveTool.current.options)
            BehaveTool.given = extraction.given
            arguments = extraction.rest
        } catch {
            BehaveCommand.exit(withError: error)
        }
        // `behave [options] [script [args]]`, as lua's command line: what run takes.
        if let first = arguments.first, !BehaveCommand.commandNames.contains(first),
            !BehaveCommand.isTopLevelOption(first)
        {
            arguments.insert("run", at: 0)
        }
        // `behave help NAME`: ArgumentParser answers an unknown NAME with the overview and exit 0.
        if arguments.first == "help", arguments.count > 1, arguments[1] != "help",
            !BehaveCommand.configuration.subcommands.contains(where: { $0._commandName == arguments[1] })
        {
            StandardError.write(
                "\(BehaveTool.current.name): no command '\(arguments[1])' (\(BehaveTool.current.name) --help lists them)\n"
            )
            exit(BehaveExit.usage)
        }
        do {
            var command = try BehaveCommand.parseAsRoot(arguments)
            if let run = command as? RunCommand, run.file.map(Behaviour.isRemote) ?? false, !run.scriptArguments.isEmpty
            {
                RunCommand.optionsFollowURL = true
                command = try BehaveCommand.parseAsRoot(arguments)
            }
            if let remoteCommand = command as? any RemoteCommand {
                if remote == nil && (remoteCommand.needsRemoteTools || Self.givenOptionsNeedRemoteTools) {
                    RemoteHandOff.exec()
                }
                try await remoteCommand.run(with: remote)
            } else if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            BehaveCommand.exit(withError: error)
        }
        BehaveCommand.exit()
    }

    /// Whether the command line gave one of the tool's options whose modules reach the network.
    private static var givenOptionsNeedRemoteTools: Bool {
        BehaveTool.current.options.contains { option in
            option.needsRemoteTools && (BehaveTool.given.isSet(option.name) || BehaveTool.given[option.name] != nil)
        }
    }
}
