import ArgumentParser
import Behave
import BehaveDebugger
import BehavePlatform

/// `behave debug`: a Debug Adapter Protocol server for `run` and `test`, over stdio (as editors
/// start adapters) or over TCP on 127.0.0.1 (`--port`).
struct DebugCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "debug",
            abstract: "Debug a behaviour or its tests in an editor, over the Debug Adapter Protocol.",
            discussion: """
                An editor starts it and sends `launch` with the behaviour's path as "program" and the run's options \
                as fields named as the options are ("events", "fast", "args", "context", "time-limit", ...; \
                "command": "test" runs test files). Each task (the main chunk, a handler, a timer) is a thread. \
                While stopped, the behaviour's clock stands still and the time is not charged to its limits. \
                With --port it listens on 127.0.0.1 only, for one client. A program given here is what `attach` runs. \
                Exit status: 0 when the session ended (the run's own status is the `exited` event's), 64 usage \
                error, 69 the port cannot be listened on.
                """)
    }

    @Option(
        help: ArgumentHelp("Listens for the client on 127.0.0.1:PORT (0: any free port, printed).", valueName: "port"))
    var port: Int?

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("What `attach` runs.", valueName: "program [args]"))
    var program: [String] = []

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port is from 0 to 65535") }
    }

    func run() async throws {
        // A client that goes away leaves writes that fail, which must not end the process.
        signal(SIGPIPE, SIG_IGN)
        let (input, output) = try channel()
        let adapter = DebugAdapter(
            connection: DAPConnection(input: input, output: output), commandLine: program.drop { $0 == "--" }.map { $0 }
        )
        let capture = OutputCapture(to: adapter)
        Platform.startDetachedThread { adapter.serve() }
        guard let launch = await adapter.launched() else {
            capture.finish()
            return
        }
        ToolHost.debugger = adapter.debugger
        adapter.cancelRun = { kill(getpid(), SIGINT) }
        var status: Int32 = 0
        do {
            if launch.command == "test" {
                try await TestCommand.parse(launch.arguments).run()
            } else {
                try await RunCommand.parse(launch.arguments).run()
            }
        } catch let exit as ExitCode {
            status = exit.rawValue
        } catch {
            StandardError.write("\(BehaveTool.current.name): \(RunCommand.fullMessage(for: error))\n")
            status = BehaveExit.usage
        }
        _ = StandardOutput.flush()
        capture.finish()
        adapter.runEnded(exitCode: status)
        adapter.waitForDisconnect(seconds: 5)
    }

    /// The protocol's descriptors: stdin and stdout (kept before the capture takes them), or a
    /// client of the port.
    private func channel() throws -> (Int32, Int32) {
        guard let port else { return (dup(0), dup(1)) }
        guard let listening = Platform.listenLoopback(port: port) else {
            StandardError.write(
                "\(BehaveTool.current.name): cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(errno)))\n")
            throw ExitCode(BehaveExit.nothingRan)
        }
        StandardError.write("\(BehaveTool.current.name) debug: listening on 127.0.0.1:\(listening.port)\n")
        let client = Platform.acceptClient(listening.fd)
        close(listening.fd)
        guard client >= 0 else {
            StandardError.write("\(BehaveTool.current.name): no client: \(String(cString: strerror(errno)))\n")
            throw ExitCode(BehaveExit.nothingRan)
        }
        return (client, client)
    }
}
