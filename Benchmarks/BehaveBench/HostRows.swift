import Behave
import BehaveDemos
import BehavePlatform
import CBaseline
import CBehaveLua

/// A fifth module, so the host carries as many as an app with a handful of features.
struct Counter: BehaveModule {
    let name = "Counter"
    var actions: [Action] { [Action("twice", "n") { (_, n: Int) in n * 2 }] }
}

/// The five modules of the host rows, made anew for each host.
func fiveModules() -> [any BehaveModule] {
    [MyFirstModule(), MySecondModule(), MyThirdModule(), Keynote(), Counter()]
}

/// Hosts (and bare states) alive at once in the memory rows.
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

/// µs to create and close a bare state with the stock libraries opened: the host rows' baseline.
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
