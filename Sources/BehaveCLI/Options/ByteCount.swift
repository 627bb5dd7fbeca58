import ArgumentParser

/// `64MiB`, `512KiB`, `1GiB`, `1000`: a count of bytes, never negative.
package struct ByteCount: ExpressibleByArgument {
    package var bytes: Int
    /// As it was written, for messages.
    package var text: String

    package init?(argument: String) {
        text = argument
        let units: [(String, Int)] = [
            ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10),
            ("B", 1),
        ]
        for (suffix, scale) in units where argument.hasSuffix(suffix) {
            guard let n = Int(argument.dropLast(suffix.count)), n >= 0 else { return nil }
            // Past Int's range is past any limit's too: SandboxOptions.validate names the range.
            let (product, overflow) = n.multipliedReportingOverflow(by: scale)
            bytes = overflow ? Int.max : product
            return
        }
        guard let n = Int(argument), n >= 0 else { return nil }
        bytes = n
    }
}
