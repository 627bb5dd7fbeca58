#if Remote
    import Behave

    extension FleetCondition {
        /// The operators an object condition may use.
        static let operators = ["eq", "ne", "in", "not-in", "gt", "gte", "lt", "lte", "version", "locale", "exists"]

        /// The conditions of a rule's `when` object, in file order.
        static func conditions(_ when: JSONValue, rule: String, reader: FleetReader) throws(Diagnostic)
            -> [FleetCondition]
        {
            var conditions: [FleetCondition] = []
            let fields = try reader.object(when, "the \"when\" of rule \(rule)")
            for field in fields {
                if field.key.isEmpty { throw reader.failure(at: field.keyPosition, "a field name must not be empty") }
                // The field as messages show it: any text, its control characters escaped.
                let tests = try Self.tests(field.value, field: field.key.printable, reader: reader)
                conditions.append(FleetCondition(field: field.key, tests: tests))
            }
            return conditions
        }

        private static func tests(_ value: JSONValue, field: String, reader: FleetReader) throws(Diagnostic)
            -> [FleetTest]
        {
            switch value.kind {
            case .string, .number, .bool:
                return [.equals(try reader.scalar(value, "the value of \(field)"))]
            case .object(let members):
                for member in members where !operators.contains(member.key) {
                    throw reader.failure(
                        at: member.keyPosition,
                        "unknown operator \"\(member.key.printable)\" in the condition on \(field) (expected "
                            + operators.joined(separator: ", ") + ")")
                }
                if members.isEmpty {
                    throw reader.failure(at: value.position, "the condition on \(field) has no operator")
                }
                var tests: [FleetTest] = []
                for member in members {
                    tests.append(try test(member.key, member.value, field: field, reader: reader))
                }
                return tests
            default:
                throw reader.failure(
                    at: value.position,
                    "the condition on \(field) must be a string, number, boolean or an object of operators, found "
                        + value.kindDescription)
            }
        }

        private static func test(_ op: String, _ value: JSONValue, field: String, reader: FleetReader)
            throws(Diagnostic) -> FleetTest
        {
            let what = "\"\(op)\" of \(field)"
            switch op {
            case "eq": return .equals(try reader.scalar(value, what))
            case "ne": return .notEquals(try reader.scalar(value, what))
            case "in", "not-in":
                var scalars: [FleetScalar] = []
                for element in try reader.array(value, what) { scalars.append(try reader.scalar(element, what)) }
                return op == "in" ? .isIn(scalars) : .notIn(scalars)
            case "gt": return .greater(try reader.number(value, what))
            case "gte": return .greaterOrEqual(try reader.number(value, what))
            case "lt": return .less(try reader.number(value, what))
            case "lte": return .lessOrEqual(try reader.number(value, what))
            case "version":
                let text = try reader.string(value, what)
                do {
                    return .version(try VersionRange(text))
                } catch {
                    throw reader.failure(at: value.position, error.message)
                }
            case "locale":
                var tags: [String] = []
                for element in try reader.array(value, what) {
                    let tag = try reader.string(element, what)
                    if tag.isEmpty { throw reader.failure(at: element.position, "a locale must not be empty") }
                    tags.append(tag)
                }
                return .locale(tags)
            default: return .exists(try reader.bool(value, what))
            }
        }
    }
#endif
