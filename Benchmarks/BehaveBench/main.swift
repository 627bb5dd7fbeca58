import Lua
import Glibc
struct Refusal: Error { var code: Int }
func rss() -> Int {
    let f = fopen("/proc/self/statm", "r")!; defer { fclose(f) }
    var a = 0, b = 0
    withUnsafeMutablePointer(to: &a) { x in withUnsafeMutablePointer(to: &b) { y in _ = withVaList([x, y]) { vfscanf(f, "%ld %ld", $0) } } }
    return b * 4096
}
let lua = try LuaState()
lua.openStandardLibraries()
lua.register("fail") { (n: Int) throws -> Int in throw Refusal(code: n) }
lua.register("bad") { (n: Int) -> Int in n }
let loop = try lua.load("for i = 1, 100000 do pcall(fail, i) pcall(bad, 'x') end collectgarbage() collectgarbage()", chunkName: "=l")
for round in 0..<10 {
    var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)
    try loop.call()
    var u = timespec(); clock_gettime(CLOCK_MONOTONIC, &u)
    print(round, rss(), lua.memoryInUse, Double(u.tv_sec - t.tv_sec) + Double(u.tv_nsec - t.tv_nsec) / 1e9)
}
