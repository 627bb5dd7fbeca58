import ArgumentParser

/// `64MiB`, `512KiB`, `1GiB`, `1000`.
package struct ByteCount: ExpressibleByArgument {
    package var bytes: Int

    package init?(argument: String) {
        let units: [(String, Int)] = [
            ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10),
            ("B", 1),
        ]
        for (suffix, scale) in units where argument.hasSuffix(suffix) {
            guard let n = Int(argument.dropLast(suffix.count)), n >= 0 else { return nil }
            bytes = n * scale
            return
        }
        guard let n = Int(argument), n >= 0 else { return nil }
        bytes = n
    }
}
