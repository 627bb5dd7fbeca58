import BehaveLua
import BehavePlatform
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test("syntax errors carry chunk and line")
    func syntax() throws {
        let lua = try LuaState()
        do {
            _ = try lua.load("local x = 1\nlocal y = = 2", chunkName: "@broken.lua")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.kind == .syntax)
            #expect(error.chunkName == "broken.lua")
            #expect(error.line == 2)
            #expect(error.message.hasPrefix("broken.lua:2:"))
        }
    }

    @Test("runtime errors carry chunk, line and a traceback of script frames")
    func runtime() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        do {
            try lua.run(
                "local function inner()\n  local t = nil\n  return t.field\nend\nlocal function outer() return inner() end\nouter()",
                chunkName: "@keynote.lua")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.kind == .runtime)
            #expect(error.line == 3)
            #expect(error.message.contains("attempt to index a nil value (local 't')"))
            let traceback = try #require(error.traceback)
            #expect(traceback.contains("keynote.lua:3: in"))
            #expect(traceback.contains("keynote.lua:6: in main chunk"))
        }
    }

    @Test("binary chunks are refused")
    func binary() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        let dumped = try lua.run("return string.dump(function() return 1 end)")[0]
        guard case .string(let bytes) = dumped else {
            Issue.record("no dump")
            return
        }
        #expect(throws: LuaError.self) { _ = try lua.load(bytes.bytes, chunkName: "=bin") }
    }

    struct Refusal: Error, Equatable, CustomStringConvertible {
        var code: Int
        var description: String { "refused with code \(code)" }
    }

    @Test("a Swift error is pcall-able in Lua and comes back to Swift as itself")
    func swiftErrorCrossing() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("refuse") { (code: Int) throws -> Int in throw Refusal(code: code) }
        let caught = try lua.run("local ok, e = pcall(refuse, 7) return ok, tostring(e)", chunkName: "=s")
        #expect(caught[0].boolean == false)
        #expect(caught[1].string == "refused with code 7")
        let positioned = try lua.run(
            "local ok, e = pcall(function() refuse(8) end) return tostring(e)", chunkName: "=s")
        #expect(positioned[0].string == "s:1: refused with code 8")
        #expect(throws: Refusal(code: 9)) { try lua.run("local x = refuse(9)") }
    }

    @Test("an error value with a hostile __tostring does not hang or crash the host")
    func hostileToString() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        do {
            try lua.run("error(setmetatable({}, {__tostring = function() while true do end end}))")
        } catch let error as LuaError {
            #expect(error.kind == .runtime)
            #expect(error.message.contains("table"))
        }
        do {
            try lua.run("error(setmetatable({}, {__tostring = function() error('again') end}))")
        } catch let error as LuaError {
            #expect(error.kind == .runtime)
        }
        #expect(try lua.run("return 2")[0].integer == 2)
    }

    @Test("the memory cap fails the allocation and leaves the state usable")
    func memoryLimit() throws {
        let lua = try LuaState(memoryLimit: 2 << 20)
        lua.openStandardLibraries()
        do {
            try lua.run("local t = {} for i = 1, 1e7 do t[i] = ('x'):rep(100) .. i end")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.kind == .memory)
        }
        #expect(lua.memoryInUse <= 2 << 20)
        try lua.run("collectgarbage()")
        #expect(try lua.run("return ('ok'):rep(3)")[0].string == "okokok")
    }

    @Test("a memory error from Lua's allocator is catchable by pcall")
    func memoryCatchable() throws {
        let lua = try LuaState(memoryLimit: 1 << 20)
        lua.openStandardLibraries()
        let r = try lua.run("local ok, e = pcall(string.rep, 'x', 1 << 22) return ok, e")
        #expect(r[0].boolean == false)
        #expect(r[1].string == "not enough memory")
    }

    /// Counts live instances, so a leaked error object shows up exactly.
    final class Counted: Error, @unchecked Sendable {
        nonisolated(unsafe) static var live = 0
        static let lock = NSLockLike()
        init() { Counted.lock.run { Counted.live += 1 } }
        deinit { Counted.lock.run { Counted.live -= 1 } }
    }

    @Test("a Swift function failing 100,000 times leaks nothing")
    func failuresDoNotLeak() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("fail") { (n: Int) throws -> Int in throw Counted() }
        lua.register("bad") { (n: Int) -> Int in n }
        let loop = try lua.load(
            """
            for i = 1, 50000 do
              pcall(fail, i)
              pcall(bad, 'not a number')
            end
            collectgarbage() collectgarbage()
            """, chunkName: "=loop")
        try loop.call()  // warm up the heap's own pools
        let heapBefore = lua.memoryInUse
        try loop.call()
        try loop.call()
        // Every error thrown from Swift was released once Lua collected its carrier...
        #expect(Counted.lock.run { Counted.live } == 0)
        // ...and Lua's heap is back where it was: 200,000 failures left nothing behind.
        #expect(lua.memoryInUse <= heapBefore + 1024, "heap grew from \(heapBefore) to \(lua.memoryInUse)")
    }
}

/// A tiny mutex for the counter above.
final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func run<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
