import Behave
import BehaveDemos
import BehaveLua
import BehavePlatform
import CBaseline
import CBehaveLua

// scripts/bench: Behave's figures next to their baselines, measured alternately in one run,
// medians reported. The command line is read by BenchOptions.

let options = BenchOptions.ofProcess()
let json = options.json
let rounds = options.rounds
func measures(_ section: String) -> Bool { options.measures(section) }

var rows: [Row] = []
if measures("calls") {
    rows.append(
        try callRow(
            "no-op Swift function vs no-op C function", target: 1.15, body: "f()",
            register: { $0.register("f", raw: { _ in 0 }) }, baseline: cbaseline_noop))
    // The floor under the no-op row: a C closure that only reads its upvalue, with no Swift at all.
    rows.append(
        try callRow(
            "C closure reading its upvalue vs no-op C function (the floor of any closure binding)",
            target: nil, body: "f()",
            register: { lua in
                lua_pushlightuserdata(lua.pointer, UnsafeMutableRawPointer(lua.pointer))
                lua_pushcclosure(lua.pointer, cbaseline_upvalue_noop, 1)
                lua_setglobal(lua.pointer, "f")
            }, baseline: cbaseline_noop))
    // The floor under any binding, closures or not: a C function that calls an empty function the
    // way Swift calls a closure, through a pointer, and checks its error. No Swift, none of ours.
    rows.append(
        try callRow(
            "C function calling an empty function as Swift calls a closure vs no-op C function (the floor of any call from C into Swift)",
            target: nil, body: "f()", register: registering(cbaseline_calls_out), baseline: cbaseline_noop))
    rows.append(
        try callRow(
            "typed (Int) -> Int vs C", target: 1.15, body: "f(i)",
            register: { $0.register("f") { (n: Int) in n + 1 } }, baseline: cbaseline_int))
    rows.append(
        try callRow(
            "typed (String) -> String vs C", target: 1.5, body: "f('hello')",
            register: { $0.register("f") { (s: String) in s } }, baseline: cbaseline_string))
    rows.append(
        try callRow(
            "table of 10 fields (Codable) vs C reading them", target: 3.0, body: "f(t)", calls: calls / 100,
            register: { $0.register("f") { (x: Fields) -> Int in x.sum } },
            baseline: cbaseline_fields))
    // Floors under the Codable row: Swift's decoding machinery alone (a decoder that reads
    // nothing, its container made once), that machinery with the cheapest reads (each field read
    // as C reads it), and the raw lookups alone (the same fields read by name, with no Decoder).
    rows.append(
        try decoderFloorRow(
            "the same fields decoded from a decoder that reads nothing vs C reading them (the floor of any Codable binding)",
            reads: false))
    rows.append(
        try decoderFloorRow(
            "the same fields decoded from a decoder that reads each as C does vs C reading them (the floor of any Codable binding that reads Lua)",
            reads: true))
    rows.append(
        try callRow(
            "table of 10 fields read by name (LuaFields) vs C reading them", target: 3.0, body: "f(t)",
            calls: calls / 100,
            register: { $0.register("f") { (x: NamedFields) -> Int in x.fields.sum } },
            baseline: cbaseline_fields))
}

// MARK: Scheduler

var waits: [Double] = []
var deliveries: [Double] = []
var unhandled: [Double] = []
var plain: [Double] = []
var switches: [Double] = []
if measures("scheduler") {
    for _ in 0..<rounds {
        plain.append(try plainCall())
        switches.append(try coroutineRoundTrip())
        waits.append(try await waitRoundTrip())
        deliveries.append(try await eventDelivery())
        unhandled.append(try await eventDelivery(handled: false))
    }
    rows.append(
        Row(
            "wait(0) round trip through the scheduler vs a plain Lua call", behave: waits,
            baseline: plain, unit: "ns", target: nil))
    rows.append(
        Row(
            "wait(0) round trip through the scheduler vs a bare coroutine yield/resume in plain Lua (its floor)",
            behave: waits, baseline: switches, unit: "ns", target: 3))
    rows.append(
        Row(
            "event from the app to a Lua handler vs a plain Lua call", behave: deliveries,
            baseline: plain, unit: "ns", target: nil))
    rows.append(
        Row(
            "event from the app to a Lua handler vs the same event with no handler (its floor)",
            behave: deliveries, baseline: unhandled, unit: "ns", target: nil))
    rows.append(
        Row(
            "event from the app to a Lua handler vs 1 µs (1,000,000 events a second)", behave: deliveries,
            baseline: Array(repeating: eventBudget, count: deliveries.count), unit: "ns", target: 1))
}

// MARK: Flight recorder

if measures("recorder") { rows += try await recorderRows() }

// MARK: Live events: devices on one channel of a real pub/sub server (nchan), in this process

#if Remote
    if measures("live") { rows += try await liveRows(rounds: min(rounds, 3)) }
#endif

// MARK: JSON action lists

let actionList = Behaviour(name: "calls.json", source: actionListSource)
let sameCalls = Behaviour(name: "calls.lua", source: sameCallsSource)
var jsonRuns: [Double] = []
var luaRuns: [Double] = []
var preparations: [Double] = []
var compiles: [Double] = []
if measures("json") {
    for _ in 0..<rounds {
        luaRuns.append(try await runTime(sameCalls))
        jsonRuns.append(try await runTime(actionList))
        preparations.append(try actionListPreparation(actionList))
        compiles.append(try luaCompileTime(sameCallsSource))
    }
    let megabytes = Double(actionListSource.utf8.count) / 1_048_576
    rows.append(
        Row(
            "JSON action list of \(actionCount) actions, after parsing, vs the same calls as a Lua script",
            behave: jsonRuns, baseline: luaRuns, scale: 1000, unit: "ms", target: 1.2))
    rows.append(
        Row(
            "parse + check + translate per MB of action list vs Lua compiling the same calls per MB",
            behave: preparations.map { $0 * 1000 / megabytes },
            baseline: compiles.map { $0 * 1000 / (Double(sameCallsSource.utf8.count) / 1_048_576) },
            unit: "ms/MB", target: nil))
}

// MARK: Hosts

var hostTimes: [Double] = []
var stateTimes: [Double] = []
var hostMemory: [Double] = []
var stateMemory: [Double] = []
var emptyTimes: [Double] = []
var emptyMemory: [Double] = []
if measures("hosts") {
    for _ in 0..<rounds {
        stateTimes.append(bareStateCreation())
        hostTimes.append(try hostCreation(fiveModules))
        stateMemory.append(
            residentPerObject(
                { () -> OpaquePointer in
                    let state = luaL_newstate()!
                    luaL_openlibs(state)
                    return state
                }, release: { lua_close($0) }))
        hostMemory.append(try residentPerObject { try BehaveHost(modules: fiveModules()) })
        emptyTimes.append(try hostCreation { [] })
        emptyMemory.append(try residentPerObject { try BehaveHost(modules: []) })
    }
    rows.append(
        Row(
            "host with five modules vs luaL_newstate + luaL_openlibs (create and close)",
            behave: hostTimes, baseline: stateTimes, unit: "µs", target: 1.5))
    rows.append(
        Row(
            "memory per idle host vs per bare state (malloc in use, \(hostCount) alive)",
            behave: hostMemory, baseline: stateMemory, scale: 1 / 1024, unit: "KiB", target: 1.5))
    rows.append(
        Row(
            "host with no modules vs luaL_newstate + luaL_openlibs (create and close)",
            behave: emptyTimes, baseline: stateTimes, unit: "µs", target: nil))
    rows.append(
        Row(
            "memory per idle host with no modules vs per bare state",
            behave: emptyMemory, baseline: stateMemory, scale: 1 / 1024, unit: "KiB", target: nil))
}

// MARK: Pure-Lua CPU work, sandboxed with all limits on, vs the stock interpreter

let benchDirectory = "/tmp/behave-bench-\(getpid())"
mkdir(benchDirectory, 0o755)
let behaveTool = CommandLine.arguments[0].replacingLastComponent(with: "behave")
let luaFloor = CommandLine.arguments[0].replacingLastComponent(with: "lua-floor")
for (name, source) in workloads where measures("cpu") {
    let file = "\(benchDirectory)/\(name.filter { $0.isLetter || $0.isNumber }).lua"
    let handle = fopen(file, "w")!
    fputs(source + "\n", handle)
    fclose(handle)
    // Every limit stays on, at its default.
    let (sandboxed, stock) = alternate(
        baseline: { wallTime("lua5.4 \(file)") }, behave: { wallTime("\(behaveTool) run \(file)") })
    rows.append(
        Row(
            "\(name): behave run (sandbox, all default limits) vs lua5.4", behave: sandboxed, baseline: stock,
            scale: 1000, unit: "ms", target: name == "coroutine ping-pong" ? 1.15 : 1.05))
    // The opt-in exact instruction budget rides a count hook; its floor is the same file in a bare
    // C process with an empty count hook at the same interval.
    let (counted, floor) = alternate(
        baseline: { wallTime("\(luaFloor) --hook 1000 \(file)") },
        behave: { wallTime("\(behaveTool) run --instruction-limit 100000000000 \(file)") })
    rows.append(
        Row(
            "\(name): behave run --instruction-limit vs lua-floor --hook 1000 (its floor)", behave: counted,
            baseline: floor, scale: 1000, unit: "ms", target: 1.05))
    // The floor's own cost: the count hook alone, in a bare C host, against none.
    let (hooked, bare) = alternate(
        baseline: { cbaseline_run_file(file, 0) }, behave: { cbaseline_run_file(file, 1000) })
    guard !(bare + hooked).contains(where: { $0 < 0 }) else {
        print("bench: \(file) failed in the C host")
        exit(1)
    }
    rows.append(
        Row(
            "\(name): C host with an empty count hook vs without (what any instruction limit costs)",
            behave: hooked, baseline: bare, scale: 1000, unit: "ms", target: nil))
}

// MARK: Process start

let oneLine = "\(benchDirectory)/hello.lua"
let helloHandle = fopen(oneLine, "w")!
fputs("print('hello')\n", helloHandle)
fclose(helloHandle)

let starts = 20
var behaveStarts: [Double] = []
var luaStarts: [Double] = []
if measures("start") {
    for _ in 0..<rounds {
        luaStarts.append(median((0..<starts).map { _ in spawnTime(["lua5.4", oneLine]) }))
        behaveStarts.append(median((0..<starts).map { _ in spawnTime([behaveTool, "run", oneLine]) }))
    }
    rows.append(
        Row(
            "process start to finish, one-line script: behave run vs lua5.4", behave: behaveStarts,
            baseline: luaStarts, scale: 1000, unit: "ms", target: 2))
}

// MARK: Input size

if measures("input") {
    // The list the input limit's default must carry (docs/cli.md, "Input limits").
    let action =
        "  {\"name\": \"MyFirstModule\", \"actions\": [{\"func\": \"sayHello\"}, {\"func\": \"sayGoodBye\"}]},\n"
    var text = "[\n" + String(repeating: action, count: 10_000_000 / action.utf8.count + 1)
    text += "  {\"name\": \"MyFirstModule\", \"actions\": []}\n]\n"
    let bigList = "\(benchDirectory)/ten-megabytes.json"
    let handle = fopen(bigList, "w")!
    fputs(text, handle)
    fclose(handle)
    let size = Double(text.utf8.count)
    let peaks = (0..<rounds).map { _ in peakBytes("\(behaveTool) run \(bigList)") }
    rows.append(
        Row(
            "10 MB action list: peak resident memory of behave run vs the file's size", behave: peaks,
            baseline: peaks.map { _ in size }, scale: 1.0 / 1_048_576, unit: "MiB", target: 10))
}

// MARK: Rehearsing a release on 10,000 devices

if measures("rehearse") { rows += rehearseRows(rounds: min(rounds, 3), directory: benchDirectory, tool: behaveTool) }

system("rm -rf \(benchDirectory)")

if let directory = options.record {
    do {
        let path = try BenchRecord.write(rows, rounds: rounds, to: directory)
        StandardError.write("behave-bench: recorded \(path)\n")
    } catch {
        StandardError.write("behave-bench: \(error.message)\n")
        exit(73)
    }
}

if json {
    print("[" + rows.map(\.json).joined(separator: ",\n ") + "]")
} else {
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    func fmt(_ d: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        _ = withVaList([d]) { vsnprintf(&buffer, 32, "%.2f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    print("| measured | Behave | baseline | ratio | target | met |")
    print("|---|---|---|---|---|---|")
    for row in rows {
        let target = row.target.map { "≤ \(fmt($0))×" } ?? "—"
        let met = row.met.map { $0 ? "yes" : "no" } ?? "—"
        print(
            "| \(row.name) | \(fmt(row.behave)) \(row.unit) | \(fmt(row.baseline)) \(row.unit) | \(fmt(row.ratio))× | \(target) | \(met) |"
        )
    }
    print(
        "\nmedians of \(rounds) alternating rounds; each ratio is the median of the rounds' own ratios; \(calls) calls per round (\(calls / 100) for the table rows), "
            + "\(schedulerIterations) waits or events per round for the scheduler rows; "
            + (deliveries.isEmpty ? "" : "events per second to a Lua handler: \(Int(1e9 / median(deliveries)))"))
}
