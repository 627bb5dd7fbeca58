import BehaveLua
import Testing

/// A state hands Swift the `String` it made the last time it read the same short Lua string
/// (StringCache.swift). Every read must still be the text Lua holds at that moment.
@Suite("Strings read from Lua")
struct StringCacheTests {
    /// A state whose `echo` returns the string it reads, and whose `seen` lists what Swift read.
    final class Echo {
        let lua: LuaState
        var seen: [String] = []

        init() throws {
            lua = try LuaState()
            lua.openStandardLibraries()
            lua.register("echo") { (s: String) in s }
            lua.register("record") { [unowned self] (s: String) in self.seen.append(s) }
        }
    }

    @Test("strings of one length, made and collected round after round, read as the text they hold")
    func collectedStringsReadAsTheirText() throws {
        // Strings of one length are placed in the blocks their collected predecessors held, so
        // a cache that trusted an address alone would hand back an earlier round's text.
        let echo = try Echo()
        let results = try echo.lua.run(
            """
            local wrong = 0
            for round = 1, 200 do
              for i = 1, 100 do
                local s = string.format('r%04d-i%03d', round, i)
                if echo(s) ~= s then wrong = wrong + 1 end
                record(s)
              end
              collectgarbage()
            end
            return wrong
            """)
        #expect(results[0].integer == 0)
        #expect(echo.seen.count == 20_000)
        let expected = (1...200).flatMap { round in
            (1...100).map { i in "r\(String(round).leftPadded(to: 4))-i\(String(i).leftPadded(to: 3))" }
        }
        #expect(zip(echo.seen, expected).filter { $0 != $1 }.count == 0)
    }

    @Test(
        "every kind of string reads the same the first time and again",
        arguments: [
            ("'hello'", "hello"),
            ("''", ""),
            ("'a\\0b'", "a\u{0}b"),
            ("'caf\\xC3\\xA9'", "café"),
            ("'bad \\xFF byte'", "bad \u{FFFD} byte"),
            ("42", "42"),
            ("1.5", "1.5"),
            ("string.rep('x', 40)", String(repeating: "x", count: 40)),
            ("string.rep('y', 41)", String(repeating: "y", count: 41)),
            ("string.rep('z', 300)", String(repeating: "z", count: 300)),
        ])
    func everyKindReadsTheSame(source: String, expected: String) throws {
        let echo = try Echo()
        _ = try echo.lua.run("local v = \(source) for _ = 1, 3 do record(v) end")
        #expect(echo.seen == [expected, expected, expected])
    }

    @Test("a number read as a string leaves the number in place")
    func numberStaysANumber() throws {
        let echo = try Echo()
        let results = try echo.lua.run("local n = 7 record(n) record(n) return math.type(n), n + 1")
        #expect(echo.seen == ["7", "7"])
        #expect(results[0].string == "integer")
        #expect(results[1].integer == 8)
    }

    @Test("strings read inside coroutines come from the same state's cache, right")
    func coroutines() throws {
        let echo = try Echo()
        let results = try echo.lua.run(
            """
            local wrong = 0
            local cos = {}
            for c = 1, 8 do
              cos[c] = coroutine.wrap(function()
                for i = 1, 50 do
                  local s = 'co' .. c .. '-' .. i
                  if echo(s) ~= s then wrong = wrong + 1 end
                  coroutine.yield()
                end
              end)
            end
            for _ = 1, 50 do for c = 1, 8 do cos[c]() end end
            return wrong
            """)
        #expect(results[0].integer == 0)
    }

    @Test("reading many distinct strings keeps only a bounded few of them alive")
    func boundedMemory() throws {
        let echo = try Echo()
        let script = """
            for i = 1, 20000 do echo(string.format('distinct-string-%08d', i)) end
            collectgarbage() collectgarbage()
            """
        _ = try echo.lua.run(script)
        let afterFirst = echo.lua.memoryInUse
        _ = try echo.lua.run(script)
        // The same work again holds no more: the cache keeps one string per entry, not all.
        #expect(echo.lua.memoryInUse <= afterFirst + 4096)
        #expect(echo.lua.memoryInUse < 200_000)
    }
}

extension String {
    /// The string with zeros in front, to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
