import Behave
import BehaveDemos
import BehaveLua
import BehavePlatform
import Foundation
import Testing

/// Hostile scripts: each must fail the way it should, without its effect, and leave the host
/// able to run a normal behaviour next. This suite: what a script can reach and load.
@Suite("Sandbox")
struct SandboxTests: HostileScriptSuite {
    @Test(
        "removed functions are absent through every path",
        arguments: [
            "return io", "return os.execute", "return os.remove", "return os.exit", "return os.getenv", "return debug",
            "return dofile", "return loadfile", "return package", "return string.dump", "return (''). dump",
            "return _G.io", "return _ENV.debug", "return rawget(_ENV, 'package')", "return warn",
            "return load('return io')()", "return load('return os.execute', 'x', 't', _G)()",
            "return coroutine.wrap(function() return debug end)()",
            "return getmetatable('')",
        ])
    func absent(source: String) async throws {
        let host = try Self.host()
        let report = try await host.run(Behaviour(name: "probe.lua", source: source))
        let value = report.results.first ?? .null
        #expect(value == .null || value == .bool(false), "\(source) gave \(value)")
    }

    @Test("binary chunks are refused by load")
    func bytecode() async throws {
        let (error, _) = try await Self.outcome(
            """
            local bytes = "\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\\4\\8\\8"
            local f, message = load(bytes, "b", "b")
            assert(f == nil, "binary chunk loaded")
            local g, m2 = load(bytes)
            assert(g == nil, "binary chunk loaded in default mode")
            error(m2)
            """)
        guard case .failed(let lua) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(lua.message.contains("attempt to load a binary chunk"))
    }

    @Test("__gc finalizers are refused")
    func finalizers() async throws {
        let (error, printed) = try await Self.outcome("setmetatable({}, {__gc = function() print('ran') end})")
        guard case .failed(let lua) = error else {
            Issue.record("no error")
            return
        }
        #expect(lua.message.contains("__gc metamethods are not available"))
        #expect(printed.isEmpty)
    }

    @Test("collectgarbage allows only count")
    func collect() async throws {
        let host = try Self.host()
        #expect(
            try await host.run(Behaviour(name: "c.lua", source: "return collectgarbage('count') > 0")).results.first
                == .bool(true))
        await #expect(throws: BehaveError.self) {
            _ = try await host.run(Behaviour(name: "c.lua", source: "collectgarbage('stop')"))
        }
    }

    @Test(
        "legitimate scripts still work",
        arguments: [
            "local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end) assert(co(1) == 2 and co(5) == 10)",
            "local ok, e = pcall(error, 'x', 0) assert(not ok and e == 'x')",
            "assert(('hello world'):match('(%w+) (%w+)') == 'hello')",
            "assert(utf8.len('héllo') == 5)",
            "assert(math.maxinteger + 1 == math.mininteger and 7 // 2 == 3)",
            "local f = load('return x + 1', 'c', 't', {x = 41}) assert(f() == 42)",
            "local f = load('y = 5') f() assert(y == 5)",
            "assert(select('#', xpcall(function() return 1, 2 end, print)) == 3)",
            "local t = {} for i = 1, 1000 do t[i] = -i end table.sort(t) assert(t[1] == -1000)",
            "assert(os.time() > 0 and type(os.clock()) == 'number' and os.date('%Y') ~= nil)",
            "local s = {} for i = 1, 100 do s[#s + 1] = tostring(i) end assert(#table.concat(s) == 192)",
            "assert(string.format('%5.1f|%d', 3.14159, 42) == '  3.1|42')",
        ])
    func legitimate(source: String) async throws {
        let host = try Self.host()
        try await host.run(Behaviour(name: "ok.lua", source: source))
    }

    @Test("require loads local Lua files only, never outside its directories")
    func require() async throws {
        let directory = "/tmp/behave-require-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(directory, 0o755)
        mkdir(directory + "/lib", 0o755)
        let write = { (path: String, text: String) in
            let file = fopen(path, "w")!
            fputs(text, file)
            fclose(file)
        }
        write(directory + "/lib/util.lua", "return {answer = 42}")
        write(directory + "/main.lua", "local u = require('lib.util') assert(require('lib.util') == u) return u.answer")
        symlink("/etc/passwd", directory + "/escape.lua")
        let host = try Self.host()
        let report = try await host.run(Behaviour.read(path: directory + "/main.lua"))
        #expect(report.results.first == .integer(42))
        for name in ["'../etc/passwd'", "'/etc/passwd'", "'escape'", "'..lib.util'"] {
            write(directory + "/evil.lua", "return require(\(name))")
            await #expect(throws: BehaveError.self, "\(name)") {
                _ = try await host.run(Behaviour.read(path: directory + "/evil.lua"))
            }
        }
    }

    @Test("Behaviour.read refuses a file past its limit, and /dev/zero, before reading past it")
    func inputLimit() throws {
        #expect(Limits().input == 16 << 20)
        #expect(Limits.unlimited.input == 0)
        let path = "/tmp/behave-input-\(getpid()).lua"
        let file = fopen(path, "w")!
        fputs("return 1\n", file)
        fclose(file)
        defer { unlink(path) }
        #expect(try Behaviour.read(path: path, limit: 9).bytes.count == 9)
        #expect(try Behaviour.read(path: path, limit: 0).bytes.count == 9)
        do {
            _ = try Behaviour.read(path: path, limit: 8)
            Issue.record("an input past its limit was read")
        } catch {
            guard case .tooLarge(path, 8) = error else { throw error }
            #expect(error.description == "\(path): larger than the input limit of 8 bytes")
        }
        do {
            _ = try Behaviour.read(path: "/dev/zero", limit: 1 << 20)
            Issue.record("/dev/zero was read")
        } catch {
            guard case .tooLarge("/dev/zero", 1 << 20) = error else { throw error }
        }
    }
}
