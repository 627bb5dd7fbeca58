import Behave

extension CoverageReport {
    /// The report as an lcov tracefile (the `geninfo` format that `genhtml`, CI services and
    /// editors read): a record per file with its functions (`FN`, `FNDA`), lines (`DA`) and totals.
    public func lcov(testName: String = "") -> String {
        var text = "TN:\(Self.field(testName))\n"
        for file in files {
            text += "SF:\(Self.field(file.path))\n"
            for function in file.functions { text += "FN:\(function.line),\(Self.field(function.name))\n" }
            for function in file.functions { text += "FNDA:\(function.calls),\(Self.field(function.name))\n" }
            text += "FNF:\(file.functions.count)\nFNH:\(file.functions.count(where: { $0.calls > 0 }))\n"
            for line in file.lines.keys.sorted() { text += "DA:\(line),\(file.lines[line]!)\n" }
            text += "LF:\(file.linesFound)\nLH:\(file.linesHit)\nend_of_record\n"
        }
        return text
    }

    /// A value on one line of the tracefile: a line break in a path would end the record early.
    private static func field(_ value: String) -> String {
        String(value.map { $0.isNewline ? "?" : $0 })
    }
}
