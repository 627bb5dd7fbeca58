import BehaveLua
import Testing

@Suite("Precompiled chunks")
struct BytecodeTests {
    @Test func compiledOnceRunsInManyStatesWithItsLineNumbers() throws {
        let bytecode = try LuaBytecode(
            compiling: "local n = ...\nif n > 1 then error('too big') end\nreturn n * 2", chunkName: "=prelude")
        for n in [0, 1] {
            let lua = try LuaState()
            #expect(try lua.load(bytecode).call(n).first?.integer == Int64(n * 2))
        }
        let lua = try LuaState()
        lua.openStandardLibraries()
        #expect(throws: LuaError.self) { try lua.load(bytecode).call(2) }
        do { _ = try lua.load(bytecode).call(2) } catch let error as LuaError {
            #expect(error.message.contains("prelude:2: too big"), "\(error.message)")
        }
    }

    @Test func textLoadingStillRefusesTheSameBytes() throws {
        let bytecode = try LuaBytecode(compiling: "return 1", chunkName: "=x")
        let lua = try LuaState()
        #expect(throws: LuaError.self) { try lua.load(bytecode.bytes, chunkName: "=x") }
    }
}
