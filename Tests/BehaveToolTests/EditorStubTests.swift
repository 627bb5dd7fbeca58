import BehaveTestSupport
import Foundation
import Testing

/// `behave modules --luals` declares the runtime's helpers as the runtime defines and calls them,
/// and writes a LuaLS configuration for the sandbox.
@Suite("Editor stubs match the runtime")
struct EditorStubTests {
    /// The names of the global functions `text` declares (`function NAME(...)` lines).
    static func globalFunctions(in text: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("function ") {
            let head = line.dropFirst("function ".count)
            guard let open = head.firstIndex(of: "(") else { continue }
            let name = String(head[..<open])
            if !name.contains(".") && !name.contains(":") { found.insert(name) }
        }
        return found
    }

    /// The global functions a test file's environment has, and the checks `expect` returns, as a
    /// real `behave test` run lists them.
    static func testEnvironment() throws -> (functions: Set<String>, checks: Set<String>) {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write(
            """
            for k, v in pairs(_G) do if type(v) == 'function' then print('function ' .. k) end end
            for k in pairs(expect(1)) do print('check ' .. k) end
            test('listed', function() end)
            """, to: "list_test.lua", in: work)
        let listed = try Tool.run(["test", "list_test.lua"], in: work)
        #expect(listed.status == 0, "\(listed.stdout)\(listed.stderr)")
        var functions: Set<String> = []
        var checks: Set<String> = []
        for line in listed.stdout.split(separator: "\n") {
            if line.hasPrefix("function ") { functions.insert(String(line.dropFirst("function ".count))) }
            if line.hasPrefix("check ") { checks.insert(String(line.dropFirst("check ".count))) }
        }
        return (functions, checks)
    }

    @Test("the stub declares exactly the helpers a behaviour's and a test file's environments have")
    func helpers() throws {
        let stub = try Tool.run(["modules", "--luals"]).stdout
        let declared = Self.globalFunctions(in: stub)
        #expect(declared.count >= 10)
        // The runtime's helpers are C functions (runtime.c, scheduler.c) and has is Swift's: the
        // environment's functions, less Lua's base library (manual, 6.1) and require.
        let base: Set = [
            "assert", "collectgarbage", "dofile", "error", "getmetatable", "ipairs", "load", "loadfile", "next",
            "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select",
            "setmetatable", "tonumber", "tostring", "type", "warn", "xpcall",
        ]
        let listed = try Tool.run([
            "run", "-e", "for k, v in pairs(_G) do if type(v) == 'function' then print(k) end end",
        ])
        #expect(listed.status == 0, "\(listed.stderr)")
        let helpers = Set(listed.stdout.split(separator: "\n").map(String.init)).subtracting(base)
        // A helper added to the runtime or to testing.lua without its declaration fails here.
        let tests = try Self.testEnvironment()
        #expect(helpers.isSubset(of: tests.functions))
        #expect(tests.functions.subtracting(base) == declared)
        let checks = Set(
            stub.split(separator: "\n").filter { $0.hasPrefix("function expectation.") }.map {
                String($0.dropFirst("function expectation.".count).prefix { $0 != "(" })
            })
        #expect(checks == tests.checks)
        #expect(stub.contains("---@return behave.Expectation\nfunction expect(actual) end"))
        // Each is called as the stub declares it: with its parameters, in order.
        let has = try Tool.run(["run", "-e", "print(has('Keynote', 'show'), has('Keynote', 'frob'))"])
        #expect(has.stdout == "true\tfalse\n")
        let wait = try Tool.run([
            "run", "--fast", "-e", "wait(0.001) wait() print(now() >= 0.001, pcall(wait, -1))",
        ])
        let refused = "bad argument #1 to 'wait' (non-negative number of seconds expected, got -1)"
        #expect(wait.stdout == "true\tfalse\t" + refused + "\n", "\(wait.stdout)")
        let calls = try Tool.run([
            "run", "--fast", "-e",
            """
            after(0.5, function(a, b) print("after", a, b) end, 1, 2)
            local h = every(1, function(h) print("every"); h:cancel() end)
            on("E", function(payload, name) print("on", payload, name) end)
            once("E", function(payload, name) print("once", payload, name) end)
            emit("E", "p")
            after(2, function() emit("F", "q") end)
            print("wait_for", wait_for("F", {timeout = 5}))
            print("timeout", wait_for("G", {timeout = 0.1}))
            stop("done")
            """,
        ])
        #expect(
            calls.stdout
                == "on\tp\tE\nonce\tp\tE\nafter\t1\t2\nevery\nwait_for\tq\ntimeout\tnil\ttimeout\n",
            "\(calls.stdout)\(calls.stderr)")
    }

    @Test("stop ends the behaviour at once, as the stub says: nothing after it runs")
    func stop() throws {
        let stub = try Tool.run(["modules", "--luals"]).stdout
        #expect(stub.contains("---Ends the behaviour at once: nothing after the call runs"))
        let result = try Tool.run([
            "run", "--fast", "-e", "after(0, function() print('timer') end) pcall(stop) print('after')",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
    }

    @Test("the callbacks get what the stub says: every a handle, on and once the payload and the name")
    func callbacks() throws {
        let stub = try Tool.run(["modules", "--luals"]).stdout
        #expect(stub.contains("---@param fn fun(handle: behave.Handle)\n---@return behave.Handle\nfunction every("))
        #expect(stub.contains("---@param fn fun(payload: any, name: string)\n---@return behave.Handle\nfunction on("))
        #expect(stub.contains("---@param fn fun(payload: any, name: string)\n---@return behave.Handle\nfunction once("))
        let script = """
            local function types(...)
              local t = {}
              for i = 1, select("#", ...) do t[#t + 1] = type((select(i, ...))) end
              return table.concat(t, ",")
            end
            every(1, function(...) local h = ...; print("every", types(...), h.cancel ~= nil); h:cancel() end)
            on("E", function(...) print("on", types(...), select(2, ...)) end)
            once("E", function(...) print("once", types(...), select(2, ...)) end)
            emit("E", {a = 1})
            """
        let result = try Tool.run(["run", "--fast", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "on\ttable,string\tE\nonce\ttable,string\tE\nevery\ttable\ttrue\n")
    }

    @Test("--luals DIR writes the stub and a .luarc.json that turns off what the sandbox lacks")
    func directory() throws {
        let work = try Tool.temporaryDirectory()
        let result = try Tool.run(["modules", "--luals", work.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote \(work.path)/behave.d.lua\nwrote \(work.path)/.luarc.json\n")
        let stub = try String(contentsOf: work.appendingPathComponent("behave.d.lua"), encoding: .utf8)
        #expect(stub == (try Tool.run(["modules", "--luals"]).stdout))
        let data = try Data(contentsOf: work.appendingPathComponent(".luarc.json"))
        let configuration = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(configuration["runtime.version"] as? String == "Lua 5.4")
        #expect(
            configuration["runtime.builtin"] as? [String: String]
                == ["io": "disable", "os": "disable", "debug": "disable", "package": "disable"])
        #expect(configuration["workspace.library"] as? [String] == ["behave.d.lua"])
        let refused = try Tool.run(["modules", "--luals", work.path + "/missing/dir"])
        #expect(refused.status == 73)
        #expect(refused.stderr.hasPrefix("behave: cannot write \(work.path)/missing/dir/behave.d.lua"))
    }
}
