/// A recording as a test file of `behave test`: `behave test --from-recording`.
extension Recording {
    /// A test file that runs the behaviour at `behaviourPath` (relative to the test file) with each
    /// module faked by the answers the recorded run got, in order (an async answer after as long
    /// as it took), its events at their recorded times, its context and its seed; and that checks each action's
    /// calls and how the run ended. A recording of a failure gives a test that fails the same
    /// way until the behaviour is fixed. It is meant to be edited.
    public func testFile(behaviourPath: String) -> String {
        let calls = RecordedCalls(entries)
        var lines = [
            "-- A test made from a recording of \(Self.comment(behaviour.name)) (sha256 \(behaviour.digest.prefix(12))…).",
            "-- Each module is faked with the answers the recorded run got, in the order it got them (an",
            "-- async answer after as long as it took); the events arrive at their recorded times. It checks",
            "-- each action's calls and how the run ended. Edit it as any test.",
        ]
        if droppedEntries > 0 {
            lines.append(
                "-- The recording lacks \(droppedEntries) entries, cut by its byte cap: it checks the part it holds.")
        }
        lines += ["", "local recorded = {"]
        for module in calls.modules {
            lines.append("  \(Self.key(module)) = {")
            for action in calls.actions(of: module) {
                lines.append("    \(Self.key(action.name)) = {")
                for answer in action.answers { lines.append("      \(answer.lua),") }
                lines.append("    },")
            }
            lines.append("  },")
        }
        lines +=
            ["}", ""] + Self.answering + [
                "", "test(\(LuaLiteral.quote(behaviour.name + " runs as recorded")), function()",
            ]
        if seed.count == 2 { lines.append("  math.randomseed(\(seed[0]), \(seed[1]))") }
        for module in calls.modules {
            lines.append(
                "  local \(Self.local(module)) = fake(\(LuaLiteral.quote(module)), answers(\(LuaLiteral.quote(module))))"
            )
        }
        lines += runLines(behaviourPath: behaviourPath, calls: calls)
        for module in calls.modules {
            for action in calls.actions(of: module) {
                let list = action.arguments.map { PlainValue.array($0).luaText }.joined(separator: ", ")
                lines.append("  expect(\(Self.local(module)).calls\(Self.index(action.name))).to_equal({\(list)})")
            }
        }
        lines += outcomeLines + ["end)", ""]
        return lines.joined(separator: "\n")
    }

    private func runLines(behaviourPath: String, calls: RecordedCalls) -> [String] {
        var lines = ["  local run = run_behaviour(\(LuaLiteral.quote(behaviourPath)), {"]
        if !arguments.isEmpty {
            lines.append("    arguments = \(PlainValue.array(arguments.map(PlainValue.string)).luaText),")
        }
        // The recorded run's context goes with it: tests made under different contexts pass side by side.
        if !context.isEmpty { lines.append("    context = \(PlainValue.object(context).luaText),") }
        var previous = 0.0
        let events = self.events
        if !events.isEmpty {
            lines.append("    events = {")
            for (at, event) in events {
                var fields = "event = \(LuaLiteral.quote(event.name))"
                if event.data != .null { fields += ", data = \(event.data.luaText)" }
                if at - previous > 0 { fields += ", after = \(TraceEvent.number(at - previous))" }
                previous = max(previous, at)
                lines.append("      {\(fields)},")
            }
            lines.append("    },")
        }
        lines.append("  })")
        if calls.end > previous {
            lines.append("  wait(\(TraceEvent.number(calls.end - previous)))  -- until the recorded run's last instant")
        }
        return lines
    }

    private var outcomeLines: [String] {
        guard let outcome else { return ["  -- The recording ends before the run did."] }
        switch outcome.kind {
        case .stopped:
            return ["  expect(run.stopped).to_be(true)"]
                + (outcome.message.map { ["  expect(run.reason).to_be(\(LuaLiteral.quote($0)))"] } ?? [])
        case .completed: return ["  expect(run.stopped).to_be(false)"]
        case .failed, .terminated:
            return ["  -- The recorded run \(outcome.kind.rawValue): \(Self.comment(outcome.message ?? ""))"]
        }
    }

    /// The helper the test's fakes answer through.
    private static let answering = [
        "-- The fake actions of `module`: each answers as the recorded run's did, one answer per call.",
        "local function answers(module)",
        "  local replacements = {}",
        "  for action, list in pairs(recorded[module]) do",
        "    local calls = 0",
        "    replacements[action] = function(...)",
        "      calls = calls + 1",
        "      local answer = list[calls]",
        "      if answer == nil then error(module .. \".\" .. action .. \" was called more often than in the recording\", 2) end",
        "      if answer.after then wait(answer.after) end",
        "      if answer.error then error(answer.error, 2) end",
        "      return table.unpack(answer.returns, 1, answer.returns.n)",
        "    end",
        "  end",
        "  return replacements",
        "end",
    ]

    /// `text` on one line, to stand in a `--` comment.
    private static func comment(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private static func key(_ name: String) -> String {
        LuaLiteral.isIdentifier(name) ? name : "[\(LuaLiteral.quote(name))]"
    }

    private static func index(_ name: String) -> String {
        LuaLiteral.isIdentifier(name) ? ".\(name)" : "[\(LuaLiteral.quote(name))]"
    }

    /// A local's name for a module's fake.
    private static func local(_ module: String) -> String {
        let name = String(
            module.unicodeScalars.map {
                LuaLiteral.isNameByte(UInt8(truncatingIfNeeded: $0.value)) && $0.isASCII ? Character($0) : "_"
            })
        return "fake_" + name
    }
}
