import Behave

// snippet: module
/// A trait: any module with a greeting and a farewell gets `sayHello` and `sayGoodBye`,
/// which print them followed by the module's name, as the seed's modules did.
public protocol Greeting: BehaveModule {
    /// Printed before the name by `sayHello`.
    var hello: String { get }
    /// Printed before the name by `sayGoodBye`.
    var goodBye: String { get }
}

extension Greeting {
    public var doc: String { "Greets and says goodbye (seed module)" }

    public var actions: [Action] {
        let name = self.name
        let hello = self.hello
        let goodBye = self.goodBye
        return [
            Action("sayHello", doc: "Prints '\(hello) \(name)'") { context in try context.print("\(hello) \(name)") },
            Action("sayGoodBye", doc: "Prints '\(goodBye) \(name)'") { context in
                try context.print("\(goodBye) \(name)")
            },
        ]
    }
}

/// The seed's first module.
public struct MyFirstModule: Greeting {
    public let name = "MyFirstModule"
    public let hello = "Hello My name is"
    public let goodBye = "GoodBye My name was"
    public init() {}
}
// snippet end

/// The seed's second module: a clone of the first with other words.
public struct MySecondModule: Greeting {
    public let name = "MySecondModule"
    public let hello = "What's up? My name is"
    public let goodBye = "See you, My name was"
    public init() {}
}
