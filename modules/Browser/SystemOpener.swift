import Behave
import BehavePlatform

/// Launches the system's opener (`xdg-open` on Linux, `open` on macOS) without a shell.
public struct SystemOpener: URLOpening {
    public init() {}

    public func open(_ url: String, context: ActionContext) throws {
        #if os(macOS)
            let tool = "open"
        #else
            let tool = "xdg-open"
        #endif
        var pid: pid_t = 0
        let arguments = [tool, url]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawnp(&pid, tool, nil, nil, &argv, environ)
        guard status == 0 else { throw LaunchFailed(tool: tool, reason: String(cString: strerror(status))) }
    }

    struct LaunchFailed: Error, CustomStringConvertible {
        var tool: String
        var reason: String
        var description: String { "cannot launch \(tool): \(reason)" }
    }
}
