import Behave
import BehaveDemos
import BehaveLua
import Testing

/// A module with async actions for the runtime's tests.
struct Slow: BehaveModule {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the server refused" }
    }

    let name = "Slow"
    var actions: [Action] {
        [
            Action("double", doc: "2n after n seconds of the host's clock", "n") {
                (context, n: Int) async throws -> Int in
                try await context.sleep(Double(n))
                return n * 2
            },
            Action("refuse", doc: "fails after a second", "why") {
                (context, why: String) async throws -> String in
                try await context.sleep(1)
                throw Refused()
            },
            Action("busy", doc: "real async work, no clock") { (_) async throws -> String in
                for _ in 0..<10 { await Task.yield() }
                return "done"
            },
            Action("chatty", doc: "prints from another thread", "n") {
                (context, n: Int) async throws in
                for i in 0..<n { try context.print("line \(i)") }
            },
        ]
    }
}
