// Without the Macros trait swift-syntax is not resolved, and the plugin is an empty program.
#if Macros
    import SwiftSyntax

    /// What a declaration's doc comment says: its summary, as one line, and each parameter's line.
    struct DocComment {
        /// The first paragraph, its lines joined by spaces.
        var summary = ""
        /// The text of each `- Parameter name:` line (or `- name:` under `- Parameters:`), by name.
        var parameters: [String: String] = [:]

        /// The doc comment in `trivia` (`///` lines or a `/** */` block); empty when there is none.
        init(_ trivia: Trivia) {
            var summaryLines: [String] = []
            var summaryDone = false
            var inParameters = false
            for line in Self.lines(of: trivia) {
                let text = line.trimmingSpaces
                if text.isEmpty {
                    summaryDone = summaryDone || !summaryLines.isEmpty
                    continue
                }
                if text.hasPrefix("- ") || text.hasPrefix("* ") {
                    summaryDone = true
                    let item = String(text.dropFirst(2)).trimmingSpaces
                    // A `- Parameters:` list's items are indented under it.
                    let nested = line.prefix { $0 == " " || $0 == "\t" }.count > 1
                    inParameters = inParameters && nested
                    if item.lowercased() == "parameters:" {
                        inParameters = true
                    } else if let (name, doc) = Self.parameter(item, listed: inParameters) {
                        parameters[name] = doc
                    }
                    continue
                }
                if !summaryDone { summaryLines.append(text) }
            }
            summary = summaryLines.joined(separator: " ")
        }

        /// `Parameter qty: How many` (or `qty: How many` in a `Parameters:` list) as its name and text.
        private static func parameter(_ item: String, listed: Bool) -> (String, String)? {
            var rest = Substring(item)
            if rest.lowercased().hasPrefix("parameter ") {
                rest = rest.dropFirst("parameter ".count)
            } else if !listed {
                return nil
            }
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            let name = String(rest[..<colon]).trimmingSpaces
            guard !name.isEmpty, !name.contains(" ") else { return nil }
            return (name, String(rest[rest.index(after: colon)...]).trimmingSpaces)
        }

        /// The comment's lines without their `///`, `/**`, `*/` or leading `*`.
        private static func lines(of trivia: Trivia) -> [String] {
            var lines: [String] = []
            for piece in trivia {
                switch piece {
                case .docLineComment(let text):
                    lines.append(String(text.dropFirst(3)))
                case .docBlockComment(let text):
                    let body = text.dropFirst(3).dropLast(2)
                    lines += body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                        let trimmed = String(line).trimmingSpaces
                        return trimmed.hasPrefix("*") ? String(trimmed.dropFirst()) : trimmed
                    }
                default:
                    continue
                }
            }
            return lines
        }
    }

    extension String {
        /// The text without leading and trailing spaces and tabs (the plugin does without Foundation).
        var trimmingSpaces: String {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        }
    }
#endif
