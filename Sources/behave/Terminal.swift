#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few things the REPL asks of the terminal.
enum Terminal {
    /// Whether `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether text written to `fd` may be coloured: a terminal, `NO_COLOR` unset or empty
    /// (https://no-color.org), and not `TERM=dumb`.
    static func allowsColour(_ fd: Int32) -> Bool {
        guard isTerminal(fd) else { return false }
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    /// Writes bytes to `fd` unbuffered, after whatever Swift's `print` buffered.
    static func write(_ text: String, to fd: Int32 = 1) {
        fflush(nil)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// `text` in an ANSI colour when `enabled`.
    static func paint(_ text: String, _ code: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// The terminal in raw mode (no echo, no line buffering, no signals from Ctrl-C) for as long
/// as the value lives; the mode it found is restored on `restore()`.
struct RawMode {
    private var saved = termios()
    private let fd: Int32
    private(set) var isActive = false

    init?(_ fd: Int32) {
        self.fd = fd
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)  // the editor writes "\r\n" itself
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSADRAIN, &raw) == 0 else { return nil }
        isActive = true
    }

    mutating func restore() {
        guard isActive else { return }
        _ = tcsetattr(fd, TCSADRAIN, &saved)
        isActive = false
    }
}
