#if Remote
    import Behave

    /// What one field of the device's context must satisfy for a rule to apply: every test holds.
    ///
    /// A field missing from the context fails every test except ``FleetTest/exists(_:)`` with
    /// `false`, ``FleetTest/notEquals(_:)`` and ``FleetTest/notIn(_:)``, which hold: a device that
    /// says nothing about its tier is not in the beta tier, and is not a beta tester to exclude.
    public struct FleetCondition: Sendable, Equatable {
        /// The context's key, such as `platform` or `appVersion`.
        public var field: String
        /// The tests, all of which must hold.
        public var tests: [FleetTest]

        /// A condition on `field`.
        public init(field: String, tests: [FleetTest]) {
            self.field = field
            self.tests = tests
        }

        /// A condition that `field` equals `value`.
        public static func field(_ field: String, is value: String) -> FleetCondition {
            FleetCondition(field: field, tests: [.equals(.text(value))])
        }

        /// Whether every test holds for the context.
        public func holds(in context: [String: String]) -> Bool {
            let value = context[field]
            return tests.allSatisfy { $0.holds(for: value) }
        }

        /// The condition in words, such as `platform = ios` or `tier in beta, staff`.
        public var summary: String {
            tests.map { "\(field) \($0.summary)" }.joined(separator: " and ")
        }
    }

    /// One test of a context's value.
    public enum FleetTest: Sendable, Equatable {
        /// Equality (`"ios"`, `5`, `true` or `{"eq": …}`).
        case equals(FleetScalar)
        /// Inequality (`{"ne": …}`).
        case notEquals(FleetScalar)
        /// Membership (`{"in": […]}`).
        case isIn([FleetScalar])
        /// Non-membership (`{"not-in": […]}`).
        case notIn([FleetScalar])
        /// Numeric `>` (`{"gt": n}`).
        case greater(Double)
        /// Numeric `>=` (`{"gte": n}`).
        case greaterOrEqual(Double)
        /// Numeric `<` (`{"lt": n}`).
        case less(Double)
        /// Numeric `<=` (`{"lte": n}`).
        case lessOrEqual(Double)
        /// A semantic version in a range (`{"version": ">=2.3 <3"}`).
        case version(VersionRange)
        /// A locale matching one of the tags (`{"locale": ["en", "fr-CA"]}`).
        case locale([String])
        /// Presence (`{"exists": true}`) or absence (`{"exists": false}`).
        case exists(Bool)

        /// Whether the test holds for a context value, nil when the field is missing.
        public func holds(for value: String?) -> Bool {
            guard let value else {
                switch self {
                case .notEquals, .notIn: return true
                case .exists(let present): return !present
                default: return false
                }
            }
            switch self {
            case .equals(let scalar): return scalar.matches(value)
            case .notEquals(let scalar): return !scalar.matches(value)
            case .isIn(let scalars): return scalars.contains { $0.matches(value) }
            case .notIn(let scalars): return !scalars.contains { $0.matches(value) }
            case .greater(let bound): return Double(value).map { $0 > bound } ?? false
            case .greaterOrEqual(let bound): return Double(value).map { $0 >= bound } ?? false
            case .less(let bound): return Double(value).map { $0 < bound } ?? false
            case .lessOrEqual(let bound): return Double(value).map { $0 <= bound } ?? false
            case .version(let range): return SemanticVersion(value).map(range.contains) ?? false
            case .locale(let tags): return tags.contains { FleetTest.locale(value, matches: $0) }
            case .exists(let present): return present
            }
        }

        /// The test in words, after its field's name.
        public var summary: String {
            switch self {
            case .equals(let scalar): "= \(scalar)"
            case .notEquals(let scalar): "!= \(scalar)"
            case .isIn(let scalars): "in " + scalars.map(\.description).joined(separator: ", ")
            case .notIn(let scalars): "not in " + scalars.map(\.description).joined(separator: ", ")
            case .greater(let bound): "> \(JSONText.number(bound))"
            case .greaterOrEqual(let bound): ">= \(JSONText.number(bound))"
            case .less(let bound): "< \(JSONText.number(bound))"
            case .lessOrEqual(let bound): "<= \(JSONText.number(bound))"
            case .version(let range): "in \(range.text)"
            case .locale(let tags): "is a locale of " + tags.joined(separator: ", ")
            case .exists(let present): present ? "is set" : "is not set"
            }
        }

        // A tag covers itself and every more specific tag: `en` covers `en-GB`, while `fr-CA`
        // does not cover `fr-FR`. Case and `_` versus `-` vary between platforms.
        static func locale(_ value: String, matches tag: String) -> Bool {
            let value = normalized(value)
            let tag = normalized(tag)
            return value == tag || value.hasPrefix(tag + "-")
        }

        private static func normalized(_ tag: String) -> String {
            String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
        }
    }
#endif
