import Behave
import BehaveDemos
import BehaveLua
import BehavePlatform
import CBaseline
import CBehaveLua

// scripts/bench: Behave's figures next to their baselines, measured alternately in one run,
// medians reported. The command line is read by BenchOptions.

/// One row, from rounds measured in pairs: `behave[i]` back to back with `baseline[i]`.
struct Row {
    let name: String
    /// The median of each side's rounds, times the row's scale.
    let behave: Double
    let baseline: Double
    let unit: String
    /// The ratio to meet; `nil` where the issue asks only for the figure.
    let target: Double?
    /// The median of the rounds' own ratios: a slow spell of the VM that hits both sides of one
    /// round cancels out, where it would move only one of the two medians.
    let ratio: Double
    var met: Bool? { target.map { ratio <= $0 } }
    /// The row for machines: name, figures, unit, ratio, target, met.
    var json: String {
        "{\"name\": \"\(name)\", \"behave\": \(behave), \"baseline\": \(baseline), \"unit\": \"\(unit)\", \"ratio\": \(ratio), \"target\": \(target.map { "\($0)" } ?? "null"), \"met\": \(met.map { "\($0)" } ?? "null")}"
    }

    init(_ name: String, behave: [Double], baseline: [Double], scale: Double = 1, unit: String, target: Double?) {
        self.name = name
        self.behave = median(behave) * scale
        self.baseline = median(baseline) * scale
        self.unit = unit
        self.target = target
        ratio = median(zip(behave, baseline).map { $0 / $1 })
    }
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

extension String {
    /// The path with its last component replaced (the tool built next to this executable).
    func replacingLastComponent(with name: String) -> String {
        guard let slash = lastIndex(of: "/") else { return name }
        return String(self[...slash]) + name
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

let options = BenchOptions.ofProcess()
let json = options.json
let rounds = options.rounds
let calls = 10_000_000
func measures(_ section: String) -> Bool { options.measures(section) }

/// ns per call of `f` from a Lua loop of `calls` iterations (the loop's own cost included on
/// both sides, as a user pays it).
func nsPerCall(_ loop: LuaFunction, calls: Int) throws -> Double {
    let start = now()
    try loop.call()
    return (now() - start) / Double(calls) * 1e9
}

func callRow(
    _ name: String, target: Double?, body: String, calls: Int = calls, register: (LuaState) -> Void,
    baseline: lua_CFunction
) throws -> Row {
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
    var b: [Double] = []
    var c: [Double] = []
    for _ in 0..<rounds {
        c.append(try nsPerCall(cLoop, calls: calls))
        b.append(try nsPerCall(swiftLoop, calls: calls))
    }
    return Row(name, behave: b, baseline: c, unit: "ns/call", target: target)
}

struct Fields: Codable, LuaCodable {
    var a, b, c, d, e, f, g, h, i, j: Int
    var sum: Int { a + b + c + d + e + f + g + h + i + j }
}

/// The same fields, read by name with `LuaFields` instead of Codable.
struct NamedFields: LuaReadable {
    var fields: Fields
    static func read(from stack: LuaStack, at index: Int32) throws -> NamedFields {
        let t = try LuaFields(stack, at: index)
        return NamedFields(
            fields: Fields(
                a: try t["a"], b: try t["b"], c: try t["c"], d: try t["d"], e: try t["e"],
                f: try t["f"], g: try t["g"], h: try t["h"], i: try t["i"], j: try t["j"]))
    }
}

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
            target: nil, body: "f()",
            register: { lua in
                lua_pushcclosure(lua.pointer, cbaseline_calls_out, 0)
                lua_setglobal(lua.pointer, "f")
            }, baseline: cbaseline_noop))
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
    /// A row decoding `Fields` from ``NothingDecoder``, reading the table with `reads`.
    func decoderFloorRow(_ name: String, reads: Bool) throws -> Row {
        try callRow(
            name, target: nil, body: "f(t)", calls: calls / 100,
            register: { lua in
                lua.register(
                    "f",
                    raw: { stack in
                        let decoder = NothingDecoder(state: reads ? stack.pointer : nil, index: 1)
                        stack.push(try Fields(from: decoder as any Decoder).sum)
                        return 1
                    })
            }, baseline: cbaseline_fields)
    }
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

let schedulerIterations = 200_000

/// ns per plain Lua function call, in a plain state (the scheduler rows' baseline).
func plainCall() throws -> Double {
    let lua = try LuaState()
    lua.openStandardLibraries()
    let loop = try lua.load(
        "local function f(x) return x end for i = 1, \(schedulerIterations) do f(i) end", chunkName: "=bench")
    return try nsPerCall(loop, calls: schedulerIterations)
}

func quietHost() throws -> BehaveHost {
    try BehaveHost(modules: [], output: OutputSink(write: { _ in }, diagnostic: { _ in }), clock: VirtualClock())
}

/// ns per `wait(0)`: the task yields to the scheduler, which resumes it on its next step.
func waitRoundTrip() async throws -> Double {
    let host = try quietHost()
    let start = now()
    try await host.run(Behaviour(name: "wait.lua", source: "for i = 1, \(schedulerIterations) do wait(0) end"))
    return (now() - start) / Double(schedulerIterations) * 1e9
}

/// ns per event sent by the app through an EventChannel and handled by a Lua handler; with
/// `handled` false, the same events reach a behaviour with no handler (the events row's floor:
/// the channel, the batches and the delivery, with no task to run).
func eventDelivery(handled: Bool = true) async throws -> Double {
    let host = try quietHost()
    let events = EventChannel()
    for i in 0..<schedulerIterations { events.send("E", .integer(Int64(i))) }
    events.finish()
    let start = now()
    let source = handled ? "n = 0 on('E', function(i) n = n + 1 end)" : "n = 0"
    let report = try await host.run(Behaviour(name: "events.lua", source: source), events: events)
    _ = report
    return (now() - start) / Double(schedulerIterations) * 1e9
}

/// ns per yield/resume round trip of a bare coroutine in plain Lua: the floor under `wait(0)`,
/// which is such a round trip plus the scheduler's own work.
func coroutineRoundTrip() throws -> Double {
    let lua = try LuaState()
    lua.openStandardLibraries()
    let loop = try lua.load(
        """
        local yield = coroutine.yield
        local co = coroutine.wrap(function() while true do yield() end end)
        for i = 1, \(schedulerIterations) do co() end
        """, chunkName: "=bench")
    return try nsPerCall(loop, calls: schedulerIterations)
}

/// What 1,000,000 events a second leaves each: 1 µs.
let eventBudget = 1000.0

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

// MARK: JSON action lists

let actionCount = 100_000
let actionListSource =
    "[{\"name\": \"MyFirstModule\", \"actions\": ["
    + Array(repeating: "{\"func\": \"sayHello\"}", count: actionCount).joined(separator: ",\n") + "]}]"
let sameCallsSource = String(repeating: "MyFirstModule.sayHello()\n", count: actionCount)

func greeterHost() throws -> BehaveHost {
    try BehaveHost(modules: [MyFirstModule()], output: OutputSink(write: { _ in }, diagnostic: { _ in }))
}

/// Seconds `behaviour` runs on a fresh host once loaded: the host's own report starts the clock after
/// the action list is parsed, checked, translated and compiled (or the script compiled).
func runTime(_ behaviour: Behaviour) async throws -> Double {
    try await greeterHost().run(behaviour).duration
}

/// Seconds to parse, check and translate the action list: what the JSON path adds before running.
func actionListPreparation(_ behaviour: Behaviour) throws -> Double {
    let host = try greeterHost()
    let start = now()
    _ = try host.translate(behaviour, layout: .lineAligned)
    return now() - start
}

/// Seconds for Lua to compile the same calls.
func luaCompileTime(_ source: String) throws -> Double {
    let lua = try LuaState()
    let start = now()
    _ = try lua.load(source, chunkName: "=calls")
    return now() - start
}

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

/// A fifth module, so the host carries as many as an app with a handful of features.
struct Counter: BehaveModule {
    let name = "Counter"
    var actions: [Action] { [Action("twice", parameter: .init("n", .integer)) { (_, n: Int) in n * 2 }] }
}

let fiveModules: () -> [any BehaveModule] = {
    [MyFirstModule(), MySecondModule(), MyThirdModule(), Keynote(), Counter()]
}
let hostCount = 300
/// Hosts (and bare states) each creation round makes and closes: enough that a round lasts tens
/// of milliseconds, so a scheduler tick or a page fault does not decide the ratio.
let creationCount = 1500

/// µs to create and close a host with `modules` (the rows of a host with no modules show what the
/// sandbox, the runtime and the Swift host cost alone).
func hostCreation(_ modules: () -> [any BehaveModule]) throws -> Double {
    let start = now()
    for _ in 0..<creationCount { _ = try BehaveHost(modules: modules()) }
    return (now() - start) / Double(creationCount) * 1e6
}

func bareStateCreation() -> Double {
    let start = now()
    for _ in 0..<creationCount {
        let state = luaL_newstate()
        luaL_openlibs(state)
        lua_close(state)
    }
    return (now() - start) / Double(creationCount) * 1e6
}

/// Bytes the process has allocated and not freed (malloc's own count: freed memory that malloc keeps
/// for reuse would hide a difference in resident pages).
func residentBytes() -> Double {
    Double(cbaseline_allocated_bytes())
}

/// Bytes of allocated memory per idle object, `hostCount` of them alive at once.
func residentPerObject<T>(_ make: () throws -> T, release: (T) -> Void = { _ in }) rethrows -> Double {
    let before = residentBytes()
    var kept: [T] = []
    for _ in 0..<hostCount { kept.append(try make()) }
    let after = residentBytes()
    kept.forEach(release)
    return (after - before) / Double(hostCount)
}

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

let workloads: [(String, String)] = [
    (
        "recursive fib(30)",
        "local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end assert(fib(30) == 832040)"
    ),
    (
        "sort 1M numbers",
        "local t = {} local x = 1 for i = 1, 1000000 do x = (x * 1103515245 + 12345) % 2147483648 t[i] = x end table.sort(t)"
    ),
    (
        "string building",
        "local parts = {} for i = 1, 250000 do parts[#parts + 1] = tostring(i) .. ',' end assert(#table.concat(parts) > 0)"
    ),
    (
        "coroutine ping-pong",
        "local co = coroutine.wrap(function() local n = 0 while true do n = n + coroutine.yield(n) end end) co(0) for i = 1, 1000000 do co(1) end"
    ),
]

/// Seconds to run a command to completion (its output discarded).
func wallTime(_ command: String) -> Double {
    let start = now()
    let status = system(command + " > /dev/null")
    if status != 0 {
        print("bench: failed (\(status)): \(command); its time would be meaningless")
        exit(1)
    }
    return now() - start
}

/// `rounds` measurements of each side, alternated so that drift in the machine hits both alike.
func alternate(baseline: () -> Double, behave: () -> Double) -> (behave: [Double], baseline: [Double]) {
    var behaveTimes: [Double] = []
    var baselineTimes: [Double] = []
    for _ in 0..<rounds {
        baselineTimes.append(baseline())
        behaveTimes.append(behave())
    }
    return (behaveTimes, baselineTimes)
}

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
/// Runs `arguments` (no shell in between), stdout discarded: the seconds from spawning to its exit
/// (NaN for a run that failed).
func spawnTime(_ arguments: [String]) -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return .nan }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0 ? now() - start : .nan
}

let peakMemory = CommandLine.arguments[0].replacingLastComponent(with: "peak-memory")

/// The bytes of resident memory `command` (a shell command line) holds at its peak, read by
/// `peak-memory`: a child of this process would report at least this process's own peak (Linux
/// carries ru_maxrss across exec). NaN for a run that failed.
func peakBytes(_ command: String) -> Double {
    guard let pipe = popen("\(peakMemory) \(command)", "r") else { return .nan }
    var line = [CChar](repeating: 0, count: 64)
    let read = fgets(&line, Int32(line.count), pipe) != nil
    let status = pclose(pipe)
    let text = String(cString: line).split(separator: "\n").first.map(String.init) ?? ""
    guard read, status == 0, let kibibytes = Double(text) else { return .nan }
    return kibibytes * 1024  // ru_maxrss is in KiB on Linux
}

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
