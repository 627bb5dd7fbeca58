import CBaseline
import CLua
import Lua
#if canImport(Glibc)
import Glibc
#endif

/// scripts/bench: Behave's figures next to their baselines, measured alternately in one run,
/// medians reported. Usage: behave-bench [--json] [--rounds N]
struct Row {
    var name: String
    var behave: Double
    var baseline: Double
    var unit: String
    var target: Double
    var ratio: Double { behave / baseline }
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

let arguments = CommandLine.arguments
let json = arguments.contains("--json")
let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 5
let calls = 10_000_000

/// ns per call of `f` from a Lua loop of `calls` iterations (the loop's own cost included on
/// both sides, as a user pays it).
func nsPerCall(_ loop: LuaFunction, calls: Int) throws -> Double {
    let start = now()
    try loop.call()
    return (now() - start) / Double(calls) * 1e9
}

func callRow(_ name: String, target: Double, body: String, calls: Int = calls, register: (LuaState) -> Void, baseline: lua_CFunction) throws -> Row {
    let swiftSide = try LuaState()
    swiftSide.openStandardLibraries()
    register(swiftSide)
    let cSide = try LuaState()
    cSide.openStandardLibraries()
    lua_pushcclosure(cSide.pointer, baseline, 0)
    lua_setglobal(cSide.pointer, "f")
    let source = "local f = f local t = {a=1,b=2,c=3,d=4,e=5,f=6,g=7,h=8,i=9,j=10} for i = 1, \(calls) do \(body) end"
    let swiftLoop = try swiftSide.load(source, chunkName: "=bench")
    let cLoop = try cSide.load(source, chunkName: "=bench")
    var b: [Double] = [], c: [Double] = []
    for _ in 0..<rounds {
        c.append(try nsPerCall(cLoop, calls: calls))
        b.append(try nsPerCall(swiftLoop, calls: calls))
    }
    return Row(name: name, behave: median(b), baseline: median(c), unit: "ns/call", target: target)
}

struct Fields: Codable, LuaCodable {
    var a, b, c, d, e, f, g, h, i, j: Int
    var sum: Int { [a, b, c, d, e, f, g, h, i, j].reduce(0, +) }
}

var rows: [Row] = []
rows.append(try callRow("no-op Swift function vs no-op C function", target: 1.3, body: "f()",
                        register: { $0.register("f", raw: { _ in 0 }) }, baseline: cbaseline_noop))
rows.append(try callRow("typed (Int) -> Int vs C", target: 1.6, body: "f(i)",
                        register: { $0.register("f") { (n: Int) in n + 1 } }, baseline: cbaseline_int))
rows.append(try callRow("typed (String) -> String vs C", target: 2.5, body: "f('hello')",
                        register: { $0.register("f") { (s: String) in s } }, baseline: cbaseline_string))
rows.append(try callRow("table of 10 fields (Codable) vs C reading them", target: 3.0, body: "f(t)", calls: calls / 100,
                        register: { $0.register("f") { (x: Fields) -> Int in x.sum } },
                        baseline: cbaseline_fields))

if json {
    let items = rows.map {
        "{\"name\": \"\($0.name)\", \"behave\": \($0.behave), \"baseline\": \($0.baseline), \"unit\": \"\($0.unit)\", \"ratio\": \($0.ratio), \"target\": \($0.target), \"met\": \($0.ratio <= $0.target)}"
    }
    print("[" + items.joined(separator: ",\n ") + "]")
} else {
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    func fmt(_ d: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        _ = withVaList([d]) { vsnprintf(&buffer, 32, "%.2f", $0) }
        return String(cString: buffer)
    }
    print("| measured | Behave | baseline | ratio | target | met |")
    print("|---|---|---|---|---|---|")
    for row in rows {
        print("| \(row.name) | \(fmt(row.behave)) \(row.unit) | \(fmt(row.baseline)) \(row.unit) | \(fmt(row.ratio))× | ≤ \(fmt(row.target))× | \(row.ratio <= row.target ? "yes" : "no") |")
    }
    print("\nmedians of \(rounds) alternating rounds; \(calls) calls per round (\(calls / 100) for the table row)")
}
