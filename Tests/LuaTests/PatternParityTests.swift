import BehaveLua
import CBehave
import CBehaveLua
import Foundation
import Testing

/// Behave's string.find, match, gmatch and gsub (patterns.c) give the stock library's results
/// and errors on everything they finish; only their step budget differs.
@Suite("Pattern parity with the stock library")
struct PatternParityTests {
    /// A state with the stock libraries and, as the global `bounded`, a copy of `string` with
    /// Behave's functions installed over the stock ones.
    static func state() throws -> LuaState {
        let lua = try LuaState()
        lua.openStandardLibraries()
        try lua.run(
            "bounded = {} for k, v in pairs(string) do bounded[k] = v end "
                + "boundedTable = {} for k, v in pairs(table) do boundedTable[k] = v end")
        let L = lua.pointer
        lua_getglobal(L, "bounded")
        lua_getglobal(L, "boundedTable")
        behave_bound_libraries(L, -2, -1)
        luashim_pop(L, 2)
        return lua
    }

    static let parity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Parity")

    @Test("200,000 random subjects and patterns: find, match, gmatch, gsub agree", arguments: [1, 2, 3, 4])
    func randomCases(seed: Int) throws {
        let lua = try Self.state()
        func chunk(_ name: String) throws -> LuaFunction {
            let source = try String(contentsOf: Self.parity.appendingPathComponent(name), encoding: .utf8)
            return try lua.load(source, chunkName: "@" + name)
        }
        let comparison = try chunk("pattern-compare.lua").call()[0]
        let lookup = try lua.run("return bounded")[0]
        let results = try chunk("pattern-parity.lua").call(comparison, lookup, 50_000, seed)
        #expect(results.count == 2)
        #expect(results[1].string == nil, "\(results[1].string ?? "")")
        #expect(results[0].integer == 50_000)
    }

    @Test("exponential backtracking, nesting and the documented errors match too")
    func knownCases() throws {
        let lua = try Self.state()
        let results = try lua.run(
            """
            local cases = {
              {("a"):rep(20), ("a?"):rep(20) .. ("a"):rep(20)},
              {"x", ("(x?)"):rep(40)}, {"x", ("x?"):rep(250)}, {"x", "%"}, {"x", "[a"}, {"x", "%f"},
              {"x", "%b"}, {"x", "(()"}, {"x", ")"}, {"x", "%1"}, {"aaa", ("()"):rep(33)},
              {"THE (quick) fox", "%f[%a]%a+"}, {"hello world", "(o)(.-)%1"}, {"[[x]]", "%b[]"},
            }
            for _, c in ipairs(cases) do
              local a = table.pack(pcall(string.find, c[1], c[2]))
              local b = table.pack(pcall(bounded.find, c[1], c[2]))
              if a.n ~= b.n then return "count differs for " .. c[2] end
              for i = 1, a.n do
                local x, y = tostring(a[i]):gsub("to '[^']*'", ""), tostring(b[i]):gsub("to '[^']*'", "")
                if x ~= y then return c[2] .. ": " .. x .. " vs " .. y end
              end
            end
            return "same"
            """)
        #expect(results[0].string == "same")
    }

    @Test("table.move, concat, insert, remove and sort give the stock results, with and without metamethods")
    func tables() throws {
        let lua = try Self.state()
        let results = try lua.run(
            """
            local function run(lib)
              local out = {}
              local t = {5, 3, 8, 1, 9, 2}
              lib.insert(t, 7) lib.insert(t, 1, 4) out[#out + 1] = lib.concat(t, ",")
              out[#out + 1] = tostring(lib.remove(t)) .. tostring(lib.remove(t, 2)) .. lib.concat(t, "-", 2, 4)
              lib.sort(t) out[#out + 1] = lib.concat(t, " ")
              lib.sort(t, function(a, b) return a > b end) out[#out + 1] = lib.concat(t, " ")
              out[#out + 1] = lib.concat(lib.move({1, 2, 3}, 1, 3, 2), ",")
              local proxy = setmetatable({}, {__index = t, __len = function() return #t end})
              out[#out + 1] = lib.concat(proxy, "+")
              local m = setmetatable({3, 1, 2}, {__index = function() return 0 end})
              lib.sort(m) out[#out + 1] = lib.concat(m, ",")
              for _, bad in ipairs{function() lib.insert({}, 5, 1) end, function() lib.concat({{}}) end,
                                   function() lib.sort({1, "x"}) end, function() lib.insert({}, 1, 2, 3) end} do
                out[#out + 1] = select(2, pcall(bad)):gsub("to '[^']*'", "")
              end
              return table.concat(out, "\\n")
            end
            local a, b = run(table), run(boundedTable)
            return a == b and "same" or (a .. "\\n~~\\n" .. b)
            """)
        #expect(results[0].string == "same")
    }
}
