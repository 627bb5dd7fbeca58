import Behave
import BehavePlatform

/// A terminal mode held for as long as the value lives; the mode it found comes back on
/// `restore()`. Changes wait for pending output and keep typed-ahead input (a paste).
struct TerminalMode {
    private var saved = termios()
    private let fd: Int32
    private var isActive = false

    private init?(_ fd: Int32, _ change: (inout termios) -> Void) {
        self.fd = fd
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var mode = saved
        change(&mode)
        guard tcsetattr(fd, TCSADRAIN, &mode) == 0 else { return nil }
        isActive = true
    }

    /// For the line editor: no echo, no line buffering, no signal from Ctrl-C, no output
    /// processing (the editor writes "\r\n" itself).
    static func raw(_ fd: Int32) -> TerminalMode? {
        TerminalMode(fd) { mode in
            mode.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
            mode.c_oflag &= ~tcflag_t(OPOST)
            mode.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
            mode.c_cflag |= tcflag_t(CS8)
            withUnsafeMutableBytes(of: &mode.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        }
    }

    /// While an input runs: Ctrl-C still raises SIGINT, but what is typed ahead (the rest of
    /// a paste) is not echoed, since the editor shows it when it reads it.
    static func quiet(_ fd: Int32) -> TerminalMode? {
        TerminalMode(fd) { mode in mode.c_lflag &= ~tcflag_t(ECHO) }
    }

    mutating func restore() {
        guard isActive else { return }
        _ = tcsetattr(fd, TCSADRAIN, &saved)
        isActive = false
    }
}
