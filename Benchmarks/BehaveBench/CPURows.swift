import BehavePlatform

/// The CPU rows' scripts: each runs in `behave run` and in `lua5.4`.
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
