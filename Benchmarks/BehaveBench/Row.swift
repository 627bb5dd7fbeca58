/// One row, from rounds measured in pairs: `behave[i]` back to back with `baseline[i]`.
struct Row {
    let name: String
    /// The median of each side's rounds, times the row's scale.
    let behave: Double
    let baseline: Double
    let unit: String
    /// The ratio to meet; `nil` where the issue asks only for the figure.
    let target: Double?
    /// The median of the rounds' own ratios: a slow spell of the VM that hits both sides of one
    /// round cancels out, where it would move only one of the two medians.
    let ratio: Double
    var met: Bool? { target.map { ratio <= $0 } }
    /// The row for machines: name, figures, unit, ratio, target, met.
    var json: String {
        "{\"name\": \"\(name)\", \"behave\": \(behave), \"baseline\": \(baseline), \"unit\": \"\(unit)\", \"ratio\": \(ratio), \"target\": \(target.map { "\($0)" } ?? "null"), \"met\": \(met.map { "\($0)" } ?? "null")}"
    }

    init(_ name: String, behave: [Double], baseline: [Double], scale: Double = 1, unit: String, target: Double?) {
        self.name = name
        self.behave = median(behave) * scale
        self.baseline = median(baseline) * scale
        self.unit = unit
        self.target = target
        ratio = median(zip(behave, baseline).map { $0 / $1 })
    }
}

/// The middle of `xs` once sorted; the mean of the two middle ones for an even count.
func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
