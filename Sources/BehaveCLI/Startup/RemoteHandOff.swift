import Behave
import BehavePlatform

/// What a tool without the remote tools linked in does with a command that needs them: hands it to
/// the helper its ``RemoteSupport`` names, or says it cannot.
///
/// The hand-off is how git keeps `git-remote-https` (and libcurl) out of `git`: the commands that
/// fetch, sign or verify are the only ones that pay for loading the network and crypto code.
enum RemoteHandOff {
    /// Execs the tool's helper with this process's arguments; returns only by exiting when there is
    /// none or it cannot be started.
    static func exec() -> Never {
        let tool = BehaveTool.current
        guard case .handOff(let helperName) = tool.remote.kind else {
            StandardError.write(
                "\(tool.name): this tool does not fetch, sign or verify: it is built without BehaveRemoteCLI; nothing ran\n"
            )
            exit(BehaveExit.nothingRan)
        }
        let path = helperPath(helperName)
        let arguments = [path] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(path, pointers)
        let reason = String(cString: strerror(errno))
        StandardError.write(
            """
            \(tool.name): fetching, signing and verifying are done by \(helperName), which could not be started \
            from \(path): \(reason); build it with `swift build -c release --product \(helperName)` \
            and install it beside \(tool.name); nothing ran

            """)
        exit(BehaveExit.nothingRan)
    }

    /// `helperName` beside the running executable.
    static func helperPath(_ helperName: String) -> String {
        let executable = Platform.executablePath() ?? CommandLine.arguments.first ?? helperName
        guard let slash = executable.lastIndex(of: "/") else { return helperName }
        return String(executable[...slash]) + helperName
    }
}
