extension String {
    /// `range(of:range:)` without Foundation.
    package func range(of needle: String, range: Range<String.Index>) -> Range<String.Index>? {
        var index = range.lowerBound
        while index < range.upperBound {
            if self[index...].hasPrefix(needle) {
                return index..<self.index(index, offsetBy: needle.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
