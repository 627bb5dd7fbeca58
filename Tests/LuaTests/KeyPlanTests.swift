import BehaveLua
import Testing

/// A state reuses one keyed container per `CodingKey` type and reads the fields a type asked for
/// last time ahead, in one call into C (KeyPlan.swift, KeyedReader.swift). Every decode must
/// still read what the table it is given holds, whatever the tables before it held.
@Suite("Tables decoded through key plans")
struct KeyPlanTests {
    let lua: LuaState

    init() throws {
        lua = try LuaState()
        lua.openStandardLibraries()
    }

    struct Trip: Codable, LuaCodable, Equatable {
        struct Stop: Codable, Equatable {
            var name: String
            var minutes: Int
        }
        var seats: Int
        var price: Double
        var destination: String
        var direct: Bool
        var note: String?
        var stops: [Stop]
    }

    @Test("a type reads each table as it is, whatever the tables before it held")
    func everyTableReadsAsItIs() throws {
        lua.register("describe") { (t: Trip) -> String in
            "\(t.seats) \(t.price) \(t.destination) \(t.direct) \(t.note ?? "-") "
                + t.stops.map { "\($0.name):\($0.minutes)" }.joined(separator: ",")
        }
        let results = try lua.run(
            """
            local out = {}
            for i = 1, 60 do
              local t = {seats = i, price = (i % 3 == 0) and i or i + 0.5, destination = 'd' .. i,
                         direct = i % 2 == 0, stops = {}}
              if i % 4 == 0 then t.note = 'n' .. i end
              if i % 5 == 0 then t.seats = i + 0.0 end          -- a float with an integral value
              if i % 7 == 0 then t.extra = {1, 2, 3} end        -- a field Trip does not have
              for s = 1, i % 3 do t.stops[s] = {name = 's' .. s, minutes = s * i} end
              out[i] = describe(t)
            end
            return table.concat(out, '|')
            """)
        let expected = (1...60).map { i -> String in
            let price = i % 3 == 0 ? Double(i) : Double(i) + 0.5
            let note = i % 4 == 0 ? "n\(i)" : "-"
            let stops = (0..<(i % 3)).map { "s\($0 + 1):\(($0 + 1) * i)" }.joined(separator: ",")
            return "\(i) \(price) d\(i) \(i % 2 == 0) \(note) \(stops)"
        }
        #expect(results.map(\.string) == [expected.joined(separator: "|")])
        #expect(lua.stack.count == 0)
    }

    @Test("a field of the wrong type fails with its path, before and after good tables")
    func wrongFieldsFailWithTheirPath() throws {
        lua.register("seats") { (t: Trip) in t.seats }
        let good = "{seats = 2, price = 1, destination = 'x', direct = true, stops = {}}"
        #expect(try lua.run("return seats(\(good))").map(\.integer) == [2])
        // Each table differs from the good one in one field, and fails naming that field.
        let bad = [
            (
                "seats = 2.5, price = 1, destination = 'x', direct = true, stops = {}",
                "value.seats: integer expected, got number"
            ),
            (
                "seats = '2', price = 1, destination = 'x', direct = true, stops = {}",
                "value.seats: integer expected, got string"
            ),
            (
                "seats = 2, price = 'p', destination = 'x', direct = true, stops = {}",
                "value.price: number expected, got string"
            ),
            ("seats = 2, price = 1, direct = true, stops = {}", "value.destination: string expected, got nil"),
            (
                "seats = 2, price = 1, destination = 'x', direct = true, stops = {{name = 'a'}}",
                "value.stops.1.minutes: integer expected, got nil"
            ),
        ]
        for (fields, message) in bad {
            #expect(try lua.failure(of: "seats, {\(fields)}").contains(message), "\(fields)")
        }
        #expect(try lua.run("return seats(\(good))").map(\.integer) == [2])
        #expect(lua.stack.count == 0)
    }

    @Test("numbers read ahead keep their exact value, zero's sign included")
    func numbersKeepTheirValue() throws {
        struct Numbers: Codable, LuaCodable {
            var i: Int
            var d: Double
        }
        lua.register("numbers") { (n: Numbers) in "\(n.i) \(n.d) \(n.d.sign == .minus)" }
        let results = try lua.run(
            """
            return numbers{i = 3.0, d = -0.0}, numbers{i = 0, d = 0.0}, numbers{i = -0.0, d = 2^53 + 1},
              numbers{i = math.maxinteger, d = 1e300}, numbers{i = -7, d = 1/0}, numbers{i = 1, d = -3},
              numbers{i = 2, d = 0}, numbers{i = 4, d = -0.0}
            """)
        #expect(
            results.map(\.string) == [
                "3 -0.0 true", "0 0.0 false", "0 9007199254740992.0 false", "\(Int.max) 1e+300 false",
                "-7 inf false", "1 -3.0 true", "2 0.0 false", "4 -0.0 true",
            ])
        #expect(try lua.failure(of: "numbers, {i = 2^63, d = 0}").contains("value.i: integer expected, got number"))
        #expect(try lua.failure(of: "numbers, {i = 1, d = '2'}").contains("value.d: number expected, got string"))
    }

    /// Asks for different keys, in a different order, depending on the table's `kind`.
    struct Shape: Decodable, LuaReadable {
        enum CodingKeys: CodingKey { case kind, radius, width, height }
        var area: Double
        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            switch try fields.decode(String.self, forKey: .kind) {
            case "circle": area = 3 * (try fields.decode(Double.self, forKey: .radius)).squared
            case "square": area = (try fields.decode(Double.self, forKey: .width)).squared
            default:
                let height = try fields.decode(Double.self, forKey: .height)
                area = try fields.decode(Double.self, forKey: .width) * height
            }
        }
        static func read(from stack: LuaStack, at index: Int32) throws -> Shape {
            try LuaTableDecoder().decode(Shape.self, from: stack, at: index)
        }
    }

    @Test("a type that asks for other keys each time reads each table right")
    func keysThatVaryStillReadRight() throws {
        lua.register("area") { (s: Shape) in s.area }
        let results = try lua.run(
            """
            local sum = 0
            for i = 1, 30 do
              sum = sum + area{kind = 'circle', radius = i} + area{kind = 'rect', width = i, height = 2}
                + area{kind = 'square', width = i, radius = 100}
            end
            return sum
            """)
        let expected = (1...30).reduce(0.0) { sum, i in
            let r = Double(i)
            return sum + 3 * r * r + r * 2 + r * r
        }
        #expect(results.map(\.number) == [expected])
    }

    /// A type with more fields than a plan holds, named `f1`, `f2`, ….
    struct Wide: Decodable, LuaReadable {
        struct Name: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ n: Int) { stringValue = "f\(n)" }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        static let width = 90
        var values: [Int]
        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Name.self)
            values = try (1...Self.width).map { try fields.decode(Int.self, forKey: Name($0)) }
        }
        static func read(from stack: LuaStack, at index: Int32) throws -> Wide {
            try LuaTableDecoder().decode(Wide.self, from: stack, at: index)
        }
    }

    @Test("a type with more fields than a plan holds reads every one")
    func widerThanAPlan() throws {
        lua.register("wide") { (w: Wide) in w.values.enumerated().map { ($0.offset + 1) * $0.element }.reduce(0, +) }
        let results = try lua.run(
            """
            local out = {}
            for round = 1, 3 do
              local t = {}
              for i = 1, \(Wide.width) do t['f' .. i] = i * round end
              out[round] = wide(t)
            end
            return table.unpack(out)
            """)
        let squares = Int64((1...Wide.width).map { $0 * $0 }.reduce(0, +))
        #expect(results.map(\.integer) == [squares, 2 * squares, 3 * squares])
        #expect(lua.stack.count == 0)
    }

    @Test("dictionaries with other keys each time read right")
    func dictionariesReadRight() throws {
        struct Scores: Codable, LuaCodable { var byName: [String: Int] }
        lua.register("total") { (s: Scores) in s.byName.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
        let results = try lua.run(
            """
            local out = {}
            for i = 1, 40 do
              local t = {}
              for j = i, i + 2 do t['k' .. j] = j end
              out[#out + 1] = table.concat(total{byName = t}, ',')
            end
            return table.concat(out, '|')
            """)
        let expected = (1...40).map { i in (i...(i + 2)).map { "k\($0)=\($0)" }.sorted().joined(separator: ",") }
        #expect(results.map(\.string) == [expected.joined(separator: "|")])
    }

    struct Tree: Codable, LuaCodable {
        var value: Int
        var children: [Tree]
        var sum: Int { value + children.map(\.sum).reduce(0, +) }
        var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }
    }

    @Test("a recursive type reads trees of every shape")
    func recursiveTypesReadEveryShape() throws {
        lua.register("sum") { (t: Tree) in [t.sum, t.depth] }
        let results = try lua.run(
            """
            local function chain(n) local t = {value = 1, children = {}} for i = 2, n do t = {value = i, children = {t}} end return t end
            local function bush(d) if d == 0 then return {value = 1, children = {}} end
              return {value = d, children = {bush(d - 1), bush(d - 1), {value = 100, children = {}}}} end
            local a, b, c = sum(chain(99)), sum(bush(5)), sum(chain(3))  -- 99 trees and their 99 arrays: 198 levels
            return a[1], a[2], b[1], b[2], c[1], c[2]
            """)
        func bushSum(_ d: Int64) -> Int64 { d == 0 ? 1 : d + 2 * bushSum(d - 1) + 100 }
        #expect(results.map(\.integer) == [99 * 100 / 2, 99, bushSum(5), 6, 6, 3])
        #expect(lua.stack.count == 0)
    }

    /// Keeps its container after its own decode, as no type should.
    struct Keeper: Decodable, LuaReadable {
        enum CodingKeys: CodingKey { case n }
        nonisolated(unsafe) static var kept: KeyedDecodingContainer<CodingKeys>?
        var n: Int
        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            n = try fields.decode(Int.self, forKey: .n)
            Self.kept = fields
        }
        static func read(from stack: LuaStack, at index: Int32) throws -> Keeper {
            try LuaTableDecoder().decode(Keeper.self, from: stack, at: index)
        }
    }

    @Test("a container kept past its decode refuses to read")
    func keptContainersRefuse() throws {
        lua.register("keep") { (k: Keeper) in k.n }
        #expect(try lua.run("return keep{n = 4}").map(\.integer) == [4])
        let kept = try #require(Keeper.kept)
        #expect(throws: (any Error).self) { _ = try kept.decode(Int.self, forKey: .n) }
        #expect(throws: (any Error).self) { _ = try kept.decode(String.self, forKey: .n) }
        #expect(kept.contains(.n) == false)
        Keeper.kept = nil
    }

    @Test("names spelled as integers find integer keys, read ahead or not")
    func integerNamesFindIntegerKeys() throws {
        struct Pair: Codable, LuaCodable {
            var first: Int
            var second: String?
            enum CodingKeys: String, CodingKey {
                case first = "1"
                case second = "2"
            }
        }
        lua.register("pair") { (p: Pair) in "\(p.first) \(p.second ?? "-")" }
        let results = try lua.run(
            "return pair{7, 'a'}, pair{['1'] = 5, ['2'] = 'b'}, pair{9}, pair{['1'] = 3, [2] = 'c'}, pair{1, 'd'}")
        #expect(results.map(\.string) == ["7 a", "5 b", "9 -", "3 c", "1 d"])
    }

    @Test("two key types read their own fields, decode after decode, on coroutines too")
    func keyTypesStayApart() throws {
        struct A: Codable, LuaCodable {
            var x: Int
            var y: Int
        }
        struct B: Codable, LuaCodable {
            var y: Int
            var x: Int
        }
        lua.register("a") { (v: A) in v.x * 10 + v.y }
        lua.register("b") { (v: B) in v.x * 10 + v.y }
        let results = try lua.run(
            """
            local sum = 0
            local co = coroutine.wrap(function()
              for i = 1, 50 do sum = sum + a{x = i, y = 1} - b{x = i, y = 2} coroutine.yield() end
            end)
            for i = 1, 50 do co() sum = sum + b{y = 3, x = 1} - a{y = 4, x = 1} end
            return sum
            """)
        let expected: Int64 = 50 * (1 - 2) + 50 * (13 - 14)
        #expect(results.map(\.integer) == [expected])
        #expect(lua.stack.count == 0)
    }

    @Test("decoding thousands of tables keeps the stack and the heap where they were")
    func decodingLeavesNothingBehind() throws {
        lua.register("price") { (t: Trip) in t.price }
        let loop = try lua.load(
            """
            local n = 0
            for i = 1, 5000 do
              n = n + price{seats = 1, price = i, destination = 'x', direct = false, stops = {{name = 'a', minutes = i}}}
            end
            collectgarbage()
            return n
            """)
        _ = try loop.call()
        let before = lua.memoryInUse
        let results = try loop.call()
        #expect(results.map(\.number) == [Double(5000 * 5001 / 2)])
        #expect(lua.memoryInUse <= before + 4096)
        #expect(lua.stack.count == 0)
    }
}

extension Double {
    fileprivate var squared: Double { self * self }
}
