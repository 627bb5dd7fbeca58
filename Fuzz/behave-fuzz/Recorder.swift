import Behave

/// A module whose actions print what they were called with, one per kind of value, so that
/// two runs that make the same calls print the same lines.
struct Recorder: BehaveModule {
    let name = "Recorder"

    var actions: [Action] {
        [
            Action("note") { context in try context.print("note") },
            Action("text", "s") { (context, s: String) in try context.print("text \(s)") },
            Action("count", "n") { (context, n: Int) in try context.print("count \(n)") },
            Action("ratio", "x") { (context, x: Double) in try context.print("ratio \(x)") },
            Action("flag", "b") { (context, b: Bool) in try context.print("flag \(b)") },
            Action("names", "list") { (context, list: [String]) in
                try context.print("names \(list)")
            },
            Action("maybe", "s") { (context, s: String?) in
                try context.print("maybe \(s ?? "nil")")
            },
            Action("scores", "m") { (context, m: [String: Int]) in
                try context.print("scores \(m.sorted { $0.key < $1.key })")
            },
            Action("pair", "a", "b") {
                (context, a: String, b: Int) -> Int in
                try context.print("pair \(a) \(b)")
                return b
            },
        ]
    }
}
