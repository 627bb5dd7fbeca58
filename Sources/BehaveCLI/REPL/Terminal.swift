import Behave
import BehavePlatform

/// The few things the REPL asks of the terminal.
enum Terminal {
    /// Whether `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether the terminal says it understands no escape sequences (`TERM` unset or `dumb`,
    /// as in Emacs's shell mode).
    static var isDumb: Bool {
        guard let term = getenv("TERM") else { return true }
        let name = String(cString: term)
        return name.isEmpty || name == "dumb"
    }

    /// Whether text written to `fd` may be coloured: a terminal, `NO_COLOR` unset or empty
    /// (https://no-color.org), and not `TERM=dumb`.
    static func allowsColour(_ fd: Int32) -> Bool {
        guard isTerminal(fd) else { return false }
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return false }
        return !isDumb
    }

    /// The terminal's width in columns (80 when it does not say).
    static func columns(_ fd: Int32) -> Int {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Writes bytes to `fd` unbuffered, after whatever Swift's `print` buffered.
    static func write(_ text: String, to fd: Int32 = 1) {
        fflush(nil)
        StandardError.write(text, to: fd)
    }

    /// `text` in an ANSI colour when `enabled`.
    static func paint(_ text: String, _ code: String, enabled: Bool) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
