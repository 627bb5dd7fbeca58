import BehavePlatform
import BehaveTestSupport
import Foundation
import PubSubFixture

/// The built `behave` on a real pseudo-terminal, as a user at a terminal meets it: the test
/// types into the master side and reads what the terminal shows. The child gets a session of
/// its own with the terminal as its controlling terminal, so Ctrl-C raises SIGINT as it would.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let master: Int32
    private let pid: pid_t
    /// Everything the terminal has shown so far.
    private(set) var transcript = ""
    /// Where the next `expect` starts looking.
    private var mark = ""
    private var consumed = 0
    private var exitStatus: Int32?

    /// Starts `behave arguments` with `environment` added to a minimal one (no colour unless
    /// the test asks, history in a directory of its own).
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        master = PTY.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, PTY.grantpt(master) == 0, PTY.unlockpt(master) == 0, let name = PTY.ptsname(master) else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = String(cString: name)
        var env = [
            "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "TERM": "xterm",
            "NO_COLOR": "1", "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { env[key] = value }
        let argv = [Tool.executable.path] + arguments
        let envp = env.filter { !$0.value.isEmpty }.map { "\($0.key)=\($0.value)" }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID: the terminal becomes the child's
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        closeInheritedDescriptors(&actions)

        var child: pid_t = 0
        let status = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnvp in
                posix_spawn(&child, argv[0], &actions, &attributes, cArgv, cEnvp)
            }
        }
        guard status == 0 else {
            close(master)
            throw Failure(description: "cannot start behave: \(String(cString: strerror(status)))")
        }
        pid = child
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types `text` (use "\r" for Enter, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D, "\t" for Tab).
    func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Failure(description: "cannot type into the terminal") }
    }

    /// Waits until the terminal shows `text` after what earlier expectations matched, and
    /// returns what came before it. Fails after `deadline` seconds (a hang, not a speed limit).
    @discardableResult
    func expect(_ text: String, deadline: Double = 30) throws -> String {
        let end = Date().addingTimeInterval(deadline)
        while true {
            let unread = String(transcript.dropFirst(consumed))
            if let range = unread.range(of: text) {
                consumed += unread.distance(from: unread.startIndex, to: range.upperBound)
                return String(unread[..<range.lowerBound])
            }
            guard Date() < end else {
                throw Failure(
                    description:
                        "the terminal never showed \(text.debugDescription); it shows:\n\(unread.debugDescription)")
            }
            guard readSome(milliseconds: 200) else {
                throw Failure(
                    description:
                        "the terminal closed before showing \(text.debugDescription); it shows:\n\(unread.debugDescription)"
                )
            }
        }
    }

    /// Waits for the process to end and returns its exit status.
    func waitForExit(deadline: Double = 30) throws -> Int32 {
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            _ = readSome(milliseconds: 50)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                return exitStatus!
            }
        }
        throw Failure(description: "behave did not exit; the terminal shows:\n\(transcript.debugDescription)")
    }

    /// Reads what is there; false when the terminal is closed (the child exited).
    private func readSome(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(master, &buffer, buffer.count)
        guard n > 0 else { return false }
        transcript += String(decoding: buffer[..<n], as: UTF8.self)
        return true
    }
}

/// Calls `body` with `strings` as a C array ending in NULL (an `argv` or `envp`).
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// The pseudo-terminal calls glibc declares only under _XOPEN_SOURCE, which Swift's Glibc
/// module does not see: looked up by name.
private enum PTY {
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static let openpt: IntFunction = function("posix_openpt")
    static let grantpt: IntFunction = function("grantpt")
    static let unlockpt: IntFunction = function("unlockpt")
    static let ptsname: NameFunction = function("ptsname")

    private static func function<F>(_ name: String) -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("no \(name) in libc") }
        return unsafeBitCast(symbol, to: F.self)
    }
}
