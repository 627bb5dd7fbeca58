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

    /// The string without `suffix`, when it ends with it.
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
