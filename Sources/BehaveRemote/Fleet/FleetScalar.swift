#if Remote
    import Behave

    /// A string, number or boolean written in a condition, compared with a context's text.
    public enum FleetScalar: Sendable, Equatable, CustomStringConvertible {
        /// A string, compared as text.
        case text(String)
        /// A number, compared numerically with a value that reads as one.
        case number(Double)
        /// A boolean, compared with the text `true` or `false`.
        case bool(Bool)

        /// Whether the context's `value` equals this one: numerically when this is a number and
        /// the value reads as one, as text otherwise; a boolean is the text `true` or `false`.
        public func matches(_ value: String) -> Bool {
            switch self {
            case .text(let text): return value == text
            case .bool(let flag): return value == (flag ? "true" : "false")
            case .number(let number):
                if let read = Double(value) { return read == number }
                return value == JSONText.number(number)
            }
        }

        /// The value as a reader sees it: `ios`, `5`, `true`.
        public var description: String {
            switch self {
            case .text(let text): text
            case .number(let number): JSONText.number(number)
            case .bool(let flag): flag ? "true" : "false"
            }
        }

    }
#endif
