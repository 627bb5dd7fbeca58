#if Remote
    import Behave

    extension FleetCondition {
        /// The conditions of one `--when`: `FIELD=VALUE` (equality), or a JSON object written as a
        /// rule's `when` is (`{"appVersion": {"version": ">=2.3"}}`).
        public static func conditions(commandLine text: String) throws(Diagnostic) -> [FleetCondition] {
            let reader = FleetReader(file: "--when")
            if text.first == "{" {
                let value: JSONValue
                do { value = try JSONParser.parse(Array(text.utf8)) } catch {
                    throw reader.failure(at: error.position, error.message)
                }
                return try conditions(value, rule: "--when", reader: reader)
            }
            guard let equals = text.firstIndex(of: "="), equals > text.startIndex else {
                throw Diagnostic(
                    .error, file: "--when", at: nil,
                    "expected FIELD=VALUE or a JSON object of conditions, not \(text.prefix(60))")
            }
            return [.field(String(text[..<equals]), is: String(text[text.index(after: equals)...]))]
        }
    }
#endif
