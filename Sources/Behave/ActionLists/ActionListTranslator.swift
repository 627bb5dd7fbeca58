/// Turns a resolved action list into a Lua behaviour: a JSON list is a script with no
/// conditions. `run` executes the line-aligned form, so a runtime error's `file:line` points
/// at the JSON line of the failing action; `translate` prints the readable form.
public enum ActionListTranslator {
    /// How the script is laid out.
    public enum Layout {
        /// Each call sits on the line of its `"func"` in the JSON file.
        case lineAligned
        /// One call per line, grouped by module, skipped actions as comments.
        case readable
    }

    /// The Lua source for `plan`.
    public static func lua(for plan: ActionPlan, file: String, layout: Layout) -> String {
        var out = ""
        var accessors = Accessors()
        switch layout {
        case .lineAligned:
            out.reserveCapacity(plan.steps.count * 40)
            var line = 1
            for step in plan.steps {
                while line < step.position.line {
                    out += "\n"
                    line += 1
                }
                call(step, into: &out, accessors: &accessors)
                out += " "
            }
            out += "\n"
        case .readable:
            out += "-- Translated by `behave translate` from \(file.printable).\n"
            out += "-- Runs to the same output as the action list: `behave run` on this file.\n"
            var current: String?
            var pending = plan.diagnostics.filter { $0.severity == .warning }.makeIterator()
            var nextSkip = pending.next()
            for step in plan.steps {
                while let skip = nextSkip, let at = skip.position, at < step.position {
                    out += "-- skipped (\(at)): \(skip.message.trimmingSuffix("; skipped").printable)\n"
                    nextSkip = pending.next()
                }
                if current != step.module {
                    out += "\n-- \(step.module.printable)\n"
                    current = step.module
                }
                call(step, into: &out, accessors: &accessors)
                out += "\n"
            }
            while let skip = nextSkip {
                out +=
                    "-- skipped (\(skip.position.map { "\($0)" } ?? "?")): \(skip.message.trimmingSuffix("; skipped").printable)\n"
                nextSkip = pending.next()
            }
        }
        return out
    }

    /// `Module.action` spellings, built once per pair: a list repeats the same few many times.
    private struct Accessors {
        var spelled: [[String]: String] = [:]

        mutating func access(_ module: String, _ action: String) -> String {
            if let known = spelled[[module, action]] { return known }
            let spelling = LuaLiteral.access(module, action)
            spelled[[module, action]] = spelling
            return spelling
        }
    }

    private static func call(_ step: ActionPlan.Step, into out: inout String, accessors: inout Accessors) {
        out += accessors.access(step.module, step.action.name)
        out += "("
        for (i, argument) in step.arguments.enumerated() {
            if i > 0 { out += ", " }
            LuaLiteral.expression(argument, into: &out)
        }
        out += ")"
    }
}
