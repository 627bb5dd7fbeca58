import BehaveLua
import Testing

extension LuaState {
    /// The error value of `pcall(<call>)`, as text: the call must fail (an issue is recorded
    /// when it does not).
    ///
    /// ```swift
    /// #expect(try lua.failure(of: "book, 5").hasSuffix("(table expected, got number)"))
    /// ```
    func failure(of call: String) throws -> String {
        let result = try load("return pcall(\(call))").call()
        #expect(result[0].boolean == false, "\(call) did not fail")
        return result[1].string ?? "\(result[1])"
    }
}
