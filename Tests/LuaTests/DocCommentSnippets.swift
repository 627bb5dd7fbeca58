import BehaveLua
import Testing

/// What the LuaBytecode example compiles once for the whole program.
private let preludeSource = "greeting = 'hello'"

/// The examples of BehaveLua's doc comments, verbatim between `// snippet:` and `// snippet end`
/// (DocCommentTests compares them), each in a function that declares the names it uses.
@Suite("Doc comment examples: BehaveLua")
struct LuaDocCommentSnippets {
    @Test("LuaState: a registered closure called from Lua")
    func luaState() throws {
        // snippet: LuaState
        let lua = try LuaState()
        lua.register("greet") { (name: String) in "hello, \(name)" }
        let results = try lua.run("return greet('you')")
        let greeting = results[0].string  // "hello, you"
        // snippet end
        #expect(greeting == "hello, you")
    }

    @Test("LuaValue: integers and floats stay apart")
    func luaValue() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        // snippet: LuaValue
        let values = try lua.run("return 1, 1.5, 'x', {}, print")
        let first = values[0]  // .integer(1)
        let second = values[1]  // .number(1.5)
        let table = values[3].table  // a LuaTable
        // snippet end
        guard case .integer(1) = first, case .number(1.5) = second else {
            Issue.record("1 and 1.5 came back as \(first) and \(second)")
            return
        }
        #expect(table != nil)
    }

    @Test("LuaFunction: a Lua function called from Swift")
    func luaFunction() throws {
        let lua = try LuaState()
        // snippet: LuaFunction
        let add = try lua.run("return function(a, b) return a + b end")[0].function!
        let sum = try add.call(2, 3)  // [.integer(5)]
        // snippet end
        #expect(sum.map(\.integer) == [5])
    }

    @Test("LuaTable: raw reads by index and key, and the border")
    func luaTable() throws {
        let lua = try LuaState()
        // snippet: LuaTable
        let t = try lua.run("return {10, 20, x = 'y'}")[0].table!
        let first = t[1]  // .integer(10)
        let x = t["x"]  // .string("y")
        let border = t.count  // 2, as `#t` without __len
        // snippet end
        #expect(first.integer == 10 && x.string == "y" && border == 2)
    }

    @Test("LuaString: bytes kept, a String only for UTF-8")
    func luaString() {
        // snippet: LuaString
        let s: LuaString = "héllo"
        let text = s.string  // "héllo"
        let bytes = LuaString(bytes: [0xff, 0]).string  // nil: not UTF-8
        // snippet end
        #expect(text == "héllo" && bytes == nil)
    }

    @Test("LuaError: a runtime error's kind, message and line")
    func luaError() throws {
        let state = try LuaState()
        state.openStandardLibraries()
        // snippet: LuaError
        do {
            try state.run("error('boom')", chunkName: "=demo")
        } catch let error as LuaError {
            print(error.kind, error.message)  // runtime error demo:1: boom
        }
        // snippet end
        let error = #expect(throws: LuaError.self) { try state.run("error('boom')", chunkName: "=demo") }
        #expect(error?.kind == .runtime && error?.message == "demo:1: boom" && error?.line == 1)
        #expect(error.map { "\($0.kind)" } == "runtime error")
    }

    @Test("LuaBytecode: compiled once, loaded into a state")
    func luaBytecode() throws {
        let state = try LuaState()
        // snippet: LuaBytecode
        enum Prelude {
            static let bytecode = try! LuaBytecode(compiling: preludeSource, chunkName: "=prelude")
        }
        let chunk = try state.load(Prelude.bytecode)
        // snippet end
        try chunk.call()
        #expect(try state.run("return greeting")[0].string == "hello")
    }

    @Test("LuaFunctionRegistration: typed closures and a raw one")
    func registration() throws {
        let lua = try LuaState()
        // snippet: LuaFunctionRegistration
        lua.register("add") { (a: Int, b: Int) in a + b }
        lua.register("shout") { (s: String) in s.uppercased() }
        lua.register("log") { (stack: LuaStack) in  // raw access
            print(stack.count)
            return 0
        }
        // snippet end
        let values = try lua.run("log(1, 2) return add(2, 3), shout('hi')")
        #expect(values[0].integer == 5 && values[1].string == "HI")
    }

    @Test("LuaScriptError: a plain Lua error the script can pcall")
    func scriptError() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        // snippet: LuaScriptError
        lua.register("half") { (n: Int) throws -> Int in
            guard n % 2 == 0 else { throw LuaScriptError("odd number: \(n)") }
            return n / 2
        }
        // snippet end
        let values = try lua.run("return half(4), select(2, pcall(half, 3))")
        #expect(values[0].integer == 2)
        #expect(values[1].string?.hasSuffix("odd number: 3") == true)
    }

    @Test("LuaTableEncoder: a struct pushed as a table")
    func encoder() throws {
        let lua = try LuaState()
        // snippet: LuaTableEncoder
        struct Vote: Codable {
            var destination: String
            var count: Int
        }
        LuaTableEncoder().push(Vote(destination: "Lyon", count: 1), to: lua.stack)
        // a table { destination = "Lyon", count = 1 }
        // snippet end
        let table = try #require(lua.stack.value(at: -1).table)
        #expect(table["destination"].string == "Lyon" && table["count"].integer == 1)
    }

    @Test("LuaTableDecoder: a table read into a struct, in a raw function")
    func decoder() throws {
        let lua = try LuaState()
        var decoded: (String, Int)?
        lua.register("take") { (stack: LuaStack) in
            // snippet: LuaTableDecoder
            struct Vote: Codable {
                var destination: String
                var count: Int
            }
            let vote = try LuaTableDecoder().decode(Vote.self, from: stack, at: 1)
            // snippet end
            decoded = (vote.destination, vote.count)
            return 0
        }
        try lua.run("take{destination = 'Lyon', count = 2}")
        #expect(decoded?.0 == "Lyon" && decoded?.1 == 2)
    }

    @Test("LuaCodable: a Codable struct as an argument")
    func luaCodable() throws {
        let lua = try LuaState()
        // snippet: LuaCodable
        struct Point: LuaCodable {
            var x: Int
            var y: Int
        }
        lua.register("norm") { (p: Point) in p.x * p.x + p.y * p.y }
        // snippet end
        #expect(try lua.run("return norm{x = 3, y = 4}")[0].integer == 25)
    }
}
