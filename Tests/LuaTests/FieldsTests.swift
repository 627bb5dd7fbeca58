import BehaveLua
import Testing

// A type that reads itself with `LuaFields`, as docs/bridge.md shows.
// snippet: lua-fields
struct Trip: LuaReadable {
    var destination: String
    var seats: Int
    var note: String?

    static func read(from stack: LuaStack, at index: Int32) throws -> Trip {
        let table = try LuaFields(stack, at: index)
        return Trip(destination: try table["destination"], seats: try table["seats"], note: try table["note"])
    }
}
// snippet end

/// A trip inside a table, and a list read by position.
struct Booking: LuaReadable {
    var trip: Trip
    var names: [String]

    static func read(from stack: LuaStack, at index: Int32) throws -> Booking {
        let table = try LuaFields(stack, at: index)
        return Booking(trip: try table["trip"], names: try table["names"])
    }
}

/// A type that contains itself: a table that contains itself would be followed forever.
final class Chain: LuaReadable {
    let next: Chain?
    init(next: Chain?) { self.next = next }

    static func read(from stack: LuaStack, at index: Int32) throws -> Chain {
        Chain(next: try LuaFields(stack, at: index)["next"])
    }

    var length: Int { 1 + (next?.length ?? 0) }
}

@Suite("Tables read field by field")
struct FieldsTests {
    let lua: LuaState

    init() throws {
        lua = try LuaState()
        lua.openStandardLibraries()
        lua.register("book") { (trip: Trip) in
            "\(trip.destination) x\(trip.seats)" + (trip.note.map { " (\($0))" } ?? "")
        }
        lua.register("names") { (booking: Booking) in
            "\(booking.trip.destination): " + booking.names.joined(separator: ",")
        }
        lua.register("chain") { (chain: Chain) in chain.length }
    }

    @Test("fields convert as arguments of their type would; a missing optional is nil")
    func reads() throws {
        let r = try lua.run(
            "return book{destination = 'Oslo', seats = 2}, book{destination = 'Lyon', seats = 3.0, note = 'window'}")
        #expect(r[0].string == "Oslo x2")
        #expect(r[1].string == "Lyon x3 (window)")
        #expect(
            try lua.run("return names{trip = {destination = 'Rome', seats = 1}, names = {'Ada', 'Alan'}}")[0].string
                == "Rome: Ada,Alan")
        #expect(lua.stack.count == 0)
    }

    @Test("docs/bridge.md's example: book{destination = \"Oslo\", seats = 2} gives 2")
    func readmeExample() throws {
        let lua = try LuaState()
        lua.register("book") { (trip: Trip) in trip.seats }  // book{destination = "Oslo", seats = 2}
        #expect(try lua.run("return book{destination = \"Oslo\", seats = 2}")[0].integer == 2)
    }

    @Test("items by position and the table's border")
    func positions() throws {
        lua.register(
            "ends",
            raw: { stack in
                let list = try LuaFields(stack, at: 1)
                let first: String = try list[1]
                let last: String = try list[list.count]
                let past: String? = try list[list.count + 1]
                stack.push("\(first)-\(last)-\(past ?? "none")")
                return 1
            })
        #expect(try lua.run("return ends{'a', 'b', 'c'}")[0].string == "a-c-none")
    }

    @Test("errors name the field, and nest")
    func errors() throws {
        #expect(
            try lua.failure(of: "book, {destination = 'Oslo'}").hasSuffix(
                "bad argument #1 to 'book' (field 'seats': number expected, got nil)"))
        #expect(
            try lua.failure(of: "book, {destination = 'Oslo', seats = 2.5}").hasSuffix(
                "(field 'seats': number has no integer representation)"))
        #expect(try lua.failure(of: "book, 5").hasSuffix("bad argument #1 to 'book' (table expected, got number)"))
        let nested = try lua.failure(of: "names, {trip = {destination = {}, seats = 1}, names = {}}")
        #expect(
            nested.hasSuffix(
                "bad argument #1 to 'names' (field 'trip': field 'destination': string expected, got table)"),
            "\(nested)")
        let listed = try lua.failure(of: "names, {trip = {destination = 'x', seats = 1}, names = {'a', false}}")
        #expect(listed.hasSuffix("(field 'names': element 2: string expected, got boolean)"), "\(listed)")
        #expect(lua.stack.count == 0)
    }

    @Test("lookups are raw: no metamethod runs")
    func raw() throws {
        let proxied = try lua.failure(of: "book, setmetatable({}, {__index = function() error('ran') end})")
        #expect(proxied.hasSuffix("(field 'destination': string expected, got nil)"), "\(proxied)")
    }

    @Test("a table that contains itself, read by a type that contains itself, is an error, not a crash")
    func cycles() throws {
        let cyclic = try lua.failure(of: "chain, (function() local t = {} t.next = t return t end)()")
        #expect(
            cyclic.hasSuffix("bad argument #1 to 'chain' (field 'next': tables nested deeper than 200)"), "\(cyclic)")
        // The depth count is back to zero after the error: a legal depth still reads.
        #expect(try lua.run("local t = {} for i = 1, 150 do t = {next = t} end return chain(t)")[0].integer == 151)
        let deep = try lua.failure(
            of: "chain, (function() local t = {} for i = 1, 250 do t = {next = t} end return t end)()")
        #expect(deep.hasSuffix("(field 'next': tables nested deeper than 200)"), "\(deep)")
        #expect(lua.stack.count == 0)
    }
}
