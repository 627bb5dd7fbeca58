import Behave
import BehaveLua
import CBaseline
import CBehaveLua

/// Calls per round of the call rows (a hundredth of it for the table rows).
let calls = 10_000_000

/// Registers C's `function` as the global `f`, for a row whose Behave side is C as well (a floor).
func registering(_ function: lua_CFunction) -> (LuaState) -> Void {
    { lua in
        lua_pushcclosure(lua.pointer, function, 0)
        lua_setglobal(lua.pointer, "f")
    }
}

/// A row of `calls` calls of `f` from one Lua loop running `body`: `f` registered by `register`
/// on the Behave side, the C function `baseline` on the other.
func callRow(
    _ name: String, target: Double?, body: String, calls: Int = calls, register: (LuaState) -> Void,
    baseline: lua_CFunction
) throws -> Row {
    let swiftSide = try LuaState()
    swiftSide.openStandardLibraries()
    register(swiftSide)
    let cSide = try LuaState()
    cSide.openStandardLibraries()
    lua_pushcclosure(cSide.pointer, baseline, 0)
    lua_setglobal(cSide.pointer, "f")
    let source = "local f = f local t = {a=1,b=2,c=3,d=4,e=5,f=6,g=7,h=8,i=9,j=10} for i = 1, \(calls) do \(body) end"
    let swiftLoop = try swiftSide.load(source, chunkName: "=bench")
    let cLoop = try cSide.load(source, chunkName: "=bench")
    var b: [Double] = []
    var c: [Double] = []
    for _ in 0..<rounds {
        c.append(try nsPerCall(cLoop, calls: calls))
        b.append(try nsPerCall(swiftLoop, calls: calls))
    }
    return Row(name, behave: b, baseline: c, unit: "ns/call", target: target)
}

/// Ten integer fields, decoded with Codable (the table rows).
struct Fields: Codable, LuaCodable {
    var a, b, c, d, e, f, g, h, i, j: Int
    var sum: Int { a + b + c + d + e + f + g + h + i + j }
}

/// The same fields, read by name with `LuaFields` instead of Codable.
struct NamedFields: LuaReadable {
    var fields: Fields
    static func read(from stack: LuaStack, at index: Int32) throws -> NamedFields {
        let t = try LuaFields(stack, at: index)
        return NamedFields(
            fields: Fields(
                a: try t["a"], b: try t["b"], c: try t["c"], d: try t["d"], e: try t["e"],
                f: try t["f"], g: try t["g"], h: try t["h"], i: try t["i"], j: try t["j"]))
    }
}

/// A row decoding `Fields` from ``NothingDecoder``, reading the table with `reads`.
func decoderFloorRow(_ name: String, reads: Bool) throws -> Row {
    try callRow(
        name, target: nil, body: "f(t)", calls: calls / 100,
        register: { lua in
            lua.register(
                "f",
                raw: { stack in
                    let decoder = NothingDecoder(state: reads ? stack.pointer : nil, index: 1)
                    stack.push(try Fields(from: decoder as any Decoder).sum)
                    return 1
                })
        }, baseline: cbaseline_fields)
}
