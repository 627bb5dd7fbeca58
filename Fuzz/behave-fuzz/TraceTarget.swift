import Behave
import BehavePlatform
import FuzzSupport

/// A random graph of tables, emitted with tracing on under a small time limit: the trace's walk
/// of the payload runs in Swift, where no limit reaches, so its cost must not depend on the
/// graph. The run must end within a bound of the limit, and its trace line stay within the
/// payload's budget. A hang (libFuzzer's -timeout), a slow walk or a long line is a finding.
enum TraceTarget: FuzzTarget {
    static let name = "trace"

    /// The longest a run may take: its time limit, the walk, and room for a loaded machine.
    static let bound = 3.0
    /// The longest trace line: the payload's budget, one value past it, and the line's fields.
    static let longestLine = 32 * 1024

    /// The longest trace line of the current run, which the host's observer sees.
    final class Lines: @unchecked Sendable {
        var longest = 0
    }

    static let lines = Lines()

    static let host: BehaveHost = {
        var policy = SandboxPolicy()
        policy.limits.memory = 32 << 20
        policy.limits.time = 0.5
        policy.limits.duration = 10
        guard let host = try? BehaveHost(modules: [], policy: policy, clock: VirtualClock()) else {
            fatalError("trace: no host")
        }
        host.observer = { event in
            lines.longest = max(lines.longest, event.jsonLine.utf8.count)
        }
        return host
    }()

    static func check(_ input: [UInt8]) {
        let host = self.host
        lines.longest = 0
        let script = Self.script(input)
        let started = Platform.monotonicSeconds()
        _ = blocking { try? await host.run(Behaviour(name: "graph.lua", source: script)) }
        let took = Platform.monotonicSeconds() - started
        if took > bound { finding("the run took \(took) s under a time limit of 0.5 s") }
        if lines.longest > longestLine { finding("a trace line of \(lines.longest) bytes") }
    }

    /// The script the input describes: a few tables, then three bytes per step: link one to
    /// another (or to itself), fill one's array part, give one a long string or a table key; then
    /// each table is emitted to a handler.
    static func script(_ input: [UInt8]) -> String {
        let tables = Int(input.first ?? 0) % 8 + 1
        var lines = ["local T = {}", "for i = 1, \(tables) do T[i] = {} end"]
        var i = 1
        while i + 2 < input.count {
            let (op, a, b) = (input[i] % 5, Int(input[i + 1]) % tables + 1, Int(input[i + 2]))
            switch op {
            case 0: lines.append("T[\(a)][#T[\(a)] + 1] = T[\(b % tables + 1)]")
            case 1: lines.append("for k = 1, \(b * b * 4) do T[\(a)][k] = k end")
            case 2: lines.append("T[\(a)].s\(b % 4) = string.rep('\\u{e9}\"', \(b * 4096))")
            case 3: lines.append("T[\(a)][T[\(b % tables + 1)]] = T[\(a)]")
            default: lines.append("for k = 1, \(b) do T[\(a)]['k' .. k] = T[(\(b) + k) % \(tables) + 1] end")
            }
            i += 3
        }
        lines.append("on('graph', function() end)")
        lines.append("for i = 1, #T do emit('graph', T[i]) end")
        lines.append("wait(1)")
        return lines.joined(separator: "\n")
    }
}
