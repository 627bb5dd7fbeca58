import BehaveLua
import Testing

@Suite("Values cross without loss")
struct ValueRoundTripTests {
    let lua: LuaState
    let identity: LuaFunction

    init() throws {
        lua = try LuaState()
        lua.openStandardLibraries()
        identity = try lua.run("return function(...) return ... end")[0].function!
    }

    @Test("integers at the 64-bit edges stay integers", arguments: [Int64.min, -1, 0, 1, Int64.max])
    func integers(value: Int64) throws {
        let back = try identity.call(value)
        guard case .integer(let i) = back[0] else {
            Issue.record("not an integer: \(back[0])")
            return
        }
        #expect(i == value)
    }

    @Test("integers and floats stay distinct")
    func integerVersusFloat() throws {
        let values = try lua.run("return 3, 3.0, 2^63, math.mininteger, -0.0")
        guard case .integer(3) = values[0] else {
            Issue.record("\(values[0])")
            return
        }
        guard case .number(3.0) = values[1] else {
            Issue.record("\(values[1])")
            return
        }
        guard case .number(9.223372036854775808e18) = values[2] else {
            Issue.record("\(values[2])")
            return
        }
        guard case .integer(Int64.min) = values[3] else {
            Issue.record("\(values[3])")
            return
        }
        guard case .number(let z) = values[4] else {
            Issue.record("\(values[4])")
            return
        }
        #expect(z == 0 && z.sign == .minus)
    }

    @Test(
        "floats, infinities and NaN round-trip",
        arguments: [0.1, -1e308, .infinity, -.infinity, .leastNonzeroMagnitude])
    func floats(value: Double) throws {
        guard case .number(let d) = try identity.call(value)[0] else {
            Issue.record("not a float")
            return
        }
        #expect(d == value)
    }

    @Test func nan() throws {
        guard case .number(let d) = try identity.call(Double.nan)[0] else {
            Issue.record("not a float")
            return
        }
        #expect(d.isNaN)
        let isNaN = try lua.run("return function(x) return x ~= x end")[0].function!
        #expect(try isNaN.call(Double.nan)[0].boolean == true)
    }

    @Test("strings keep NULs and invalid UTF-8")
    func bytes() throws {
        let raw: [UInt8] = [0x61, 0x00, 0x62, 0xff, 0xfe, 0xc3, 0x28]
        let back = try identity.call(LuaString(bytes: raw))[0]
        guard case .string(let s) = back else {
            Issue.record("not a string")
            return
        }
        #expect(s.bytes == raw)
        #expect(s.string == nil)
        let length = try lua.run("return function(s) return #s end")[0].function!
        #expect(try length.call(LuaString(bytes: raw))[0].integer == 7)
        #expect(try identity.call("héllo")[0].string == "héllo")
        let fromLua = try lua.run(#"return "a\0b\255""#)[0]
        guard case .string(let t) = fromLua else {
            Issue.record("not a string")
            return
        }
        #expect(t.bytes == [0x61, 0, 0x62, 0xff])
    }

    @Test("tables: array part, hash part, any key type")
    func tables() throws {
        let t = try lua.run("return {10, 20, 30, x = 'y', [true] = 1, [2.5] = 'f', [{}] = 'k'}")[0].table!
        #expect(t.count == 3)
        #expect(t.arrayValues.compactMap(\.integer) == [10, 20, 30])
        #expect(t["x"].string == "y")
        #expect(t[true].integer == 1)
        #expect(t[2.5].string == "f")
        #expect(t.pairs.count == 7)
        try t.set("new", [1, 2, 3])
        let reread = try lua.run("return function(t) return #t.new, t.new[3] end")[0].function!.call(t)
        #expect(reread.map(\.integer) == [3, 3])
        #expect(throws: LuaError.self) { try t.set(LuaValue.nil, 1) }
        #expect(throws: LuaError.self) { try t.set(Double.nan, 1) }
    }

    @Test("cyclic tables neither crash nor loop")
    func cycles() throws {
        let t = try lua.run("local t = {name = 'loop'} t.self = t t[1] = t return t")[0].table!
        #expect(t["self"].table?["name"].string == "loop")
        #expect(t.pairs.count == 3)
        struct Node: Codable, LuaCodable { var name: String }
        // Node reads only `name`: the cycles beside it are never followed.
        #expect(try [Node].read(from: lua.stack, at: pushAndIndex(t)).map(\.name) == ["loop"])
        lua.stack.pop()
        let fn = lua.function(named: "decode") { stack in
            _ = try LuaTableDecoder().decode([String: String].self, from: stack, at: 1)
            return 0
        }
        #expect(throws: LuaDecodingError.self) { try fn.call(t) }
        _ = try lua.run("return 1")  // still usable
    }

    func pushAndIndex(_ t: LuaTable) -> Int32 {
        t.push(to: lua.stack)
        return -1
    }

    @Test("Swift collections and optionals convert both ways")
    func collections() throws {
        lua.register("sum") { (xs: [Int]) in xs.reduce(0, +) }
        lua.register("keys") { (d: [String: Int]) in d.keys.sorted() }
        lua.register("maybe") { (x: Int?) in x.map { $0 * 2 } }
        let r = try lua.run("return sum{1,2,3}, table.concat(keys{b=1,a=2}, ','), maybe(), maybe(4)")
        #expect(r[0].integer == 6)
        #expect(r[1].string == "a,b")
        guard case .nil = r[2] else {
            Issue.record("expected nil")
            return
        }
        #expect(r[3].integer == 8)
    }

    @Test("Codable types go through tables")
    func codable() throws {
        struct Vote: Codable, LuaCodable, Equatable {
            var destination: String
            var count: Int
            var tags: [String]
            var note: String?
        }
        lua.register("echo") { (v: Vote) -> Vote in
            var w = v
            w.count += 1
            return w
        }
        let r = try lua.run(
            "local v = echo{destination='Lyon', count=1, tags={'a','b'}} return v.destination, v.count, #v.tags, v.note"
        )
        #expect(r[0].string == "Lyon")
        #expect(r[1].integer == 2)
        #expect(r[2].integer == 2)
        let bad = try lua.load("return pcall(echo, {destination = 3, count = 1, tags = {}})").call()
        #expect(bad[0].boolean == false)
        #expect(bad[1].string?.contains("bad argument #1 to 'echo'") == true)
        #expect(bad[1].string?.contains("destination: string expected, got number") == true)
    }

    @Test("a decoding error names the path to the bad value, however deep")
    func decodingPaths() throws {
        struct Stop: Codable, LuaCodable { var name: String }
        struct Trip: Codable, LuaCodable { var stops: [Stop] }
        struct Plan: Codable, LuaCodable { var trip: Trip }
        lua.register("plan") { (p: Plan) -> Int in p.trip.stops.count }
        let good = try lua.run("return plan{trip = {stops = {{name = 'Lyon'}, {name = 'Dijon'}}}}")
        #expect(good[0].integer == 2)
        let bad = try lua.load("return pcall(plan, {trip = {stops = {{name = 'Lyon'}, {name = 5}}}})").call()
        #expect(bad[1].string?.hasSuffix("value.trip.stops.2.name: string expected, got number)") == true, "\(bad[1])")
        let missing = try lua.load("return pcall(plan, {trip = {}})").call()
        #expect(missing[1].string?.hasSuffix("value.trip.stops: sequence expected, got nil)") == true, "\(missing[1])")
    }

    /// A type that contains itself, so a cyclic table is one the decoder would follow forever.
    struct Category: Codable, LuaCodable {
        var name: String
        var sub: [Category]
    }

    @Test("a cycle the type would follow is an error naming where it closes")
    func decodingCycles() throws {
        lua.register("depth") { (c: Category) -> Int in c.sub.count }
        let cyclic = try lua.load(
            "local t = {name = 'a', sub = {}} t.sub[1] = {name = 'b', sub = {t}} return pcall(depth, t)"
        ).call()
        #expect(cyclic[0].boolean == false)
        #expect(
            cyclic[1].string?.contains("value.sub.1.sub.1: table contains itself (a cycle)") == true, "\(cyclic[1])")
        // The same table twice, side by side, is no cycle.
        let shared = try lua.run(
            "local leaf = {name = 'x', sub = {}} return depth{name = 'a', sub = {leaf, leaf, leaf}}")
        #expect(shared[0].integer == 3)
        let deep = try lua.load(
            "local t = {name = 'n', sub = {}} for i = 1, 300 do t = {name = 'n', sub = {t}} end return pcall(depth, t)"
        ).call()
        #expect(deep[1].string?.contains("tables nested deeper than 200") == true, "\(deep[1])")
    }

    @Test("integer fields take integers and floats with an exact integer value, however wide the type")
    func integerFields() throws {
        struct Numbers: Codable, LuaCodable {
            var int: Int
            var small: Int8?
            var wide: UInt64?
            var real: Double?
        }
        lua.register("numbers") { (n: Numbers) in
            "\(n.int) \(n.small.map(String.init) ?? "-") \(n.wide.map(String.init) ?? "-") \(n.real.map { "\($0)" } ?? "-")"
        }
        let r = try lua.run(
            "return numbers{int = 3.0, small = -128, wide = 2^63, real = -0.0}, numbers{int = math.mininteger, real = 7}"
        )
        #expect(r.map(\.string) == ["3 -128 9223372036854775808 -0.0", "-9223372036854775808 - - 7.0"])
        #expect(
            try lua.failure(of: "numbers, {int = 1, small = 300}").contains("value.small: integer expected, got number")
        )
        #expect(try lua.failure(of: "numbers, {int = 0.5}").contains("value.int: integer expected, got number"))
        #expect(try lua.failure(of: "numbers, {int = '3'}").contains("value.int: integer expected, got string"))
    }

    @Test("a failed decode leaves nothing behind: the same table decodes once mended")
    func decodingAfterFailure() throws {
        lua.register("depth") { (c: Category) -> Int in c.sub.count }
        let r = try lua.run(
            """
            local t = {name = 'a', sub = {}} t.sub[1] = t
            local ok = pcall(depth, t)
            t.sub[1] = {name = 'b', sub = {}}
            return ok, depth(t), depth{name = 'c', sub = {t, t}}
            """)
        #expect(r.map(\.description) == ["false", "1", "2"])
    }

    /// Decodes a second value from the same stack while its own decode is in progress.
    struct Reentrant: Decodable {
        nonisolated(unsafe) static var stack: LuaStack?
        struct Other: Decodable { var n: Int }
        enum CodingKeys: CodingKey { case n }
        var outer: Int
        var inner: Int
        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            inner = try LuaTableDecoder().decode(Other.self, from: Self.stack!, at: 2).n
            outer = try fields.decode(Int.self, forKey: .n)
        }
    }

    @Test("a decode that starts inside another on the same state does not disturb it")
    func reentrantDecoding() throws {
        lua.register(
            "both",
            raw: { stack in
                Reentrant.stack = stack
                let both = try LuaTableDecoder().decode(Reentrant.self, from: stack, at: 1)
                stack.push(both.outer * 10 + both.inner)
                return 1
            })
        #expect(try lua.run("return both({n = 1}, {n = 2}), both({n = 3}, {n = 4})").map(\.integer) == [12, 34])
        #expect(lua.stack.count == 0)
    }

    @Test("only the fields the type reads are looked at; arrays, holes and integer keys decode as Lua writes them")
    func decodingReadsOnlyWhatItNeeds() throws {
        struct Stop: Codable, LuaCodable {
            var name: String
            var minutes: Double?
        }
        lua.register("name") { (s: Stop) -> String in s.name + (s.minutes.map { " \($0)" } ?? "") }
        // A function, a coroutine and a cycle in fields Stop does not have are never decoded.
        let extra = try lua.run(
            "local t = {name = 'Lyon', minutes = 5, run = print, co = coroutine.create(print)} t.me = t return name(t)")
        #expect(extra[0].string == "Lyon 5.0")
        struct Bag: Codable, LuaCodable { var xs: [Int] }
        lua.register("sum") { (bag: Bag) in bag.xs.reduce(0, +) }
        #expect(try lua.run("return sum{xs = {}}")[0].integer == 0)
        #expect(try lua.run("return sum{xs = {[1] = 4, [2] = 5, [3.0] = 6}}")[0].integer == 15)
        #expect(try lua.failure(of: "sum, {xs = {1, nil, 3}}").contains("value.xs: sequence expected, got table"))
        #expect(try lua.failure(of: "sum, {xs = {1, 2, x = 3}}").contains("value.xs: sequence expected, got table"))
        #expect(try lua.failure(of: "sum, {xs = {1, 2.5}}").contains("value.xs.2: integer expected, got number"))
        struct Labels: Codable, LuaCodable { var byNumber: [Int: String] }
        lua.register("labels") { (l: Labels) in l.byNumber.keys.sorted() }
        let labels = try lua.run("local r = labels{byNumber = {[10] = 'a', [-2] = 'b'}} return r[1], r[2]")
        #expect(labels.map(\.integer) == [-2, 10])
        struct Pair: Codable, LuaCodable {
            var first: Int
            var second: Int
            enum CodingKeys: String, CodingKey {
                case first = "1"
                case second = "2"
            }
        }
        lua.register("pair") { (p: Pair) in p.first * 10 + p.second }
        #expect(try lua.run("return pair{7, 8}")[0].integer == 78)
        // Metamethods never run while decoding: the field comes from the table itself.
        let proxied = try lua.load("return pcall(name, setmetatable({}, {__index = function() error('ran') end}))")
            .call()
        #expect(proxied[1].string?.contains("value.name: string expected, got nil") == true, "\(proxied[1])")
        #expect(lua.stack.count == 0)
    }
}
