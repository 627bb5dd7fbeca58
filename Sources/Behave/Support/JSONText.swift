/// JSON text: the one writer of strings and numbers every output of the package shares.
package enum JSONText {
    /// A number as JSON writes it: a whole number a double holds exactly without a fraction, any
    /// other in its shortest form that reads back the same; `null` for what JSON has no number
    /// for (infinities, NaN).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), value.magnitude <= 0x1p53 { return String(Int64(value)) }
        return String(value)
    }

    /// A string literal: quotes, backslashes and control characters escaped.
    package static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(format4: UInt8(scalar.value))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
