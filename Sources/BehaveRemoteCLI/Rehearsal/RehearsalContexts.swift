#if Remote
    import Behave

    /// Where the devices' contexts come from: a JSON-lines file of string fields (cycled), or
    /// fields drawn from declared weights (`--vary platform=ios:60,android:40`).
    struct RehearsalContexts {
        /// The file's contexts, in order; empty with `--vary`.
        var listed: [[String: String]] = []
        /// Each `--vary` field and its weighted values.
        var varied: [(field: String, values: [(value: String, weight: Double)])] = []

        /// The contexts of `--contexts FILE`: each line an object of strings, numbers or booleans.
        init(file: String, limit: Int) throws(BehaveError) {
            let bytes = try FileBytes.read(file, limit: limit)
            var line = 0
            for text in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                line += 1
                if text.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
                let value: JSONValue
                do { value = try JSONParser.parse(Array(text)) } catch {
                    throw .invalid([
                        Diagnostic(
                            .error, file: file, at: SourcePosition(line: line, column: error.position.column),
                            error.message)
                    ])
                }
                guard case .object(let members) = value.kind else {
                    throw .invalid([
                        Diagnostic(
                            .error, file: file, at: SourcePosition(line: line, column: 1),
                            "expected an object of context fields")
                    ])
                }
                var context: [String: String] = [:]
                for member in members {
                    switch member.value.kind {
                    case .string(let text): context[member.key] = text
                    case .number(let text): context[member.key] = text
                    case .bool(let flag): context[member.key] = flag ? "true" : "false"
                    default:
                        throw .invalid([
                            Diagnostic(
                                .error, file: file, at: SourcePosition(line: line, column: member.keyPosition.column),
                                "the field \(member.key) is \(member.value.kindDescription); a context field is a string, number or boolean"
                            )
                        ])
                    }
                }
                listed.append(context)
            }
            if listed.isEmpty {
                throw .invalid([Diagnostic(.error, file: file, at: nil, "holds no context: one JSON object per line")])
            }
        }

        /// The fields of `--vary FIELD=VALUE:WEIGHT,…`; nil with the first that is malformed.
        init(vary specs: [String]) throws(RehearsalSpecError) {
            for spec in specs {
                guard let equals = spec.firstIndex(of: "="), equals > spec.startIndex else {
                    throw RehearsalSpecError(spec: spec, reason: "expected FIELD=VALUE:WEIGHT,VALUE:WEIGHT…")
                }
                var values: [(value: String, weight: Double)] = []
                for choice in spec[spec.index(after: equals)...].split(separator: ",") {
                    let parts = choice.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    let weight = parts.count == 2 ? Double(parts[1]) : 1
                    guard let weight, weight >= 0, weight.isFinite, !parts[0].isEmpty else {
                        throw RehearsalSpecError(spec: spec, reason: "\(choice) is not VALUE:WEIGHT with a weight ≥ 0")
                    }
                    values.append((String(parts[0]), weight))
                }
                guard values.reduce(0, { $0 + $1.weight }).isFinite else {
                    throw RehearsalSpecError(spec: spec, reason: "the weights add up to more than a number can hold")
                }
                guard values.contains(where: { $0.weight > 0 }) else {
                    throw RehearsalSpecError(spec: spec, reason: "no value has a weight above 0")
                }
                varied.append((String(spec[..<equals]), values))
            }
        }

        /// Device `index`'s context.
        func context(of index: Int, random: inout SeededRandom) -> [String: String] {
            if !listed.isEmpty { return listed[index % listed.count] }
            var context: [String: String] = [:]
            for field in varied {
                let total = field.values.reduce(0) { $0 + $1.weight }
                var draw = Double.random(in: 0..<total, using: &random)
                for choice in field.values {
                    draw -= choice.weight
                    if draw < 0 {
                        context[field.field] = choice.value
                        break
                    }
                }
                if context[field.field] == nil { context[field.field] = field.values.last { $0.weight > 0 }?.value }
            }
            return context
        }
    }

    /// A `--vary` that cannot be read.
    struct RehearsalSpecError: Error, CustomStringConvertible {
        var spec: String
        var reason: String
        var description: String { "--vary \(spec): \(reason)" }
    }
#endif
