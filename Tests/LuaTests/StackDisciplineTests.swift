import BehaveLua
import Testing

/// Values Swift hands to Lua in numbers or depths that pass the 20 slots Lua guarantees: every
/// push makes room first, and what cannot fit fails with a clear error, never by writing past
/// the stack.
@Suite("Stack discipline in the bridge")
struct StackDisciplineTests {
    /// `[[[…]]]`, `depth` arrays deep.
    final class Nest: Encodable {
        let inner: Nest?
        init(inner: Nest?) { self.inner = inner }
        static func deep(_ depth: Int) -> Nest { (1..<depth).reduce(Nest(inner: nil)) { nest, _ in Nest(inner: nest) } }
        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            if let inner { try list.encode(inner) }
        }
    }

    static let depthOf = "local d = 0 while type(t) == 'table' do d = d + 1 t = t[1] end return d"

    @Test("a call with 100,000 arguments, given as an array or pushed by a closure")
    func manyArguments() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        let count = try lua.load("return select('#', ...)", chunkName: "=count")
        let numbers: [any LuaPushable] = Array(1...100_000)
        #expect(try count.call(arguments: numbers).first?.integer == 100_000)
        let pushed = try count.call(pushingArguments: { stack in
            guard stack.reserve(100_000) else { return 0 }
            for i in 1...100_000 { stack.push(i) }
            return 100_000
        })
        #expect(pushed.first?.integer == 100_000)
    }

    @Test("a Swift function returning a value nested to the limit, and one level past it")
    func nestedResults() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        for (name, depth) in [("atLimit", LuaStack.maximumNesting), ("pastLimit", LuaStack.maximumNesting + 1)] {
            lua.register(
                name,
                raw: { stack in
                    LuaTableEncoder().push(Nest.deep(depth), to: stack)
                    return 1
                })
        }
        let atLimit = try lua.run("local t = atLimit() " + Self.depthOf)
        #expect(atLimit.first?.integer == Int64(LuaStack.maximumNesting))
        let past = try lua.run("local ok, e = pcall(pastLimit) return ok, e")
        #expect(past.first?.boolean == false)
        #expect(past.last?.string?.contains("nested more than 1000 levels deep") == true, "\(past)")
        // The state goes on as before.
        #expect(try lua.run("local t = atLimit() " + Self.depthOf).first?.integer == 1000)
    }

    @Test("an argument nested past the limit fails the call, and the next call works")
    func nestedArgument() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        let depth = try lua.load("local t = ... " + Self.depthOf, chunkName: "=depth")
        #expect(throws: LuaError.self) {
            try depth.call(pushingArguments: { stack in
                LuaTableEncoder().push(Nest.deep(LuaStack.maximumNesting + 1), to: stack)
                return 1
            })
        }
        #expect(
            try depth.call(pushingArguments: { stack in
                LuaTableEncoder().push(Nest.deep(10), to: stack)
                return 1
            }).first?.integer == 10)
    }
}
