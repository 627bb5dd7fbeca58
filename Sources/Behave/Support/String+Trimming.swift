extension String {
    // `package`: the tool trims the REPL's commands with it too.
    /// The string without leading and trailing spaces, tabs, carriage returns and newlines.
    /// (Works on scalars: as Characters, "\r\n" is one and would match neither "\r" nor "\n".)
    package func trimmingWhitespace() -> String {
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, blank(first) { scalars.removeFirst() }
        while let last = scalars.last, blank(last) { scalars.removeLast() }
        return String(scalars)
    }

    /// At most `limit` bytes of UTF-8, cut between characters, with a note of how many bytes
    /// were left out (`… (1048064 more bytes)`).
    func truncated(toBytes limit: Int) -> String {
        let utf8 = self.utf8
        guard utf8.count > limit else { return self }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        let kept = String(Substring(utf8[..<end]))
        return kept + "… (\(utf8.count - kept.utf8.count) more bytes)"
    }

    /// The string without `suffix`, when it ends with it.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
