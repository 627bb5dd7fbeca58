import Behave
import BehavePlatform

/// The REPL's input history: one entry per chunk (a multi-line chunk is one entry), kept in a
/// file in the user's state directory (`$XDG_STATE_HOME/behave/history`, else
/// `~/.local/state/behave/history`), one line per entry, bounded, and rewritten atomically so a
/// crash never leaves half a file.
struct History {
    /// The most entries kept.
    static let capacity = 1000
    /// The largest history file read back: a thousand lines of typing fit many times over, and a
    /// file larger than this is not one the REPL wrote.
    static let maximumFileSize = 16 << 20
    private(set) var entries: [String] = []
    /// Where it is kept; nil when there is no home to keep it in.
    let path: String?

    /// The history of earlier sessions, if any.
    init(path: String? = History.defaultPath) {
        self.path = path
        guard let path, let bytes = try? FileBytes.read(path, limit: History.maximumFileSize) else { return }
        entries = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(Self.decode).suffix(Self.capacity)
    }

    /// What stands for a newline inside an entry in the file: the editor never puts a control
    /// character into a line, so a file line that holds one is a multi-line entry.
    static let newline: Character = "\u{1E}"

    private static func decode(_ line: Substring) -> String {
        String(line.map { $0 == newline ? "\n" : $0 })
    }

    private static func encode(_ entry: String) -> String {
        String(entry.map { $0 == "\n" ? newline : $0 })
    }

    static var defaultPath: String? { defaultPath(tool: BehaveTool.current.name) }

    /// Where the tool named `tool` keeps its history: each tool its own, so a team's tool never
    /// mixes its lines with `behave`'s.
    static func defaultPath(tool: String) -> String? {
        Platform.userStateDirectory.map { $0 + "/\(tool)/history" }
    }

    /// Adds a line (not a blank one, nor a repeat of the last) and saves. A history that cannot
    /// be saved is not worth stopping the session for: the failure is returned for one warning.
    mutating func add(_ line: String) -> AtomicWriteError? {
        guard !line.allSatisfy(\.isWhitespace), entries.last != line else { return nil }
        entries.append(line)
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        return save()
    }

    private func save() -> AtomicWriteError? {
        guard let path else { return nil }
        do {
            try AtomicFile.makeDirectories(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
            try AtomicFile.write(
                Array((entries.map(Self.encode).joined(separator: "\n") + "\n").utf8), to: path, mode: 0o600)
            return nil
        } catch { return error }
    }
}
