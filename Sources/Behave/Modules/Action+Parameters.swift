import BehaveLua

extension Action {
    /// A parameter's label and doc, written once after the action's name; its type is the one
    /// the action's closure declares in the same place.
    ///
    /// A string literal is a label (`"qty"`), `"_"` an unlabelled parameter;
    /// `Action.Parameter("qty", doc: "How many")` adds a line for tools.
    public struct Parameter<Value: ActionValue>: ExpressibleByStringLiteral, Sendable {
        /// The argument label; `nil` for an unlabelled parameter.
        public var label: String?
        /// One line for `behave modules`, `:help` and editors.
        public var doc: String

        /// A parameter with this label (`"_"` or `nil` for none) and doc.
        public init(_ label: String?, doc: String = "") {
            self.label = label == "_" ? nil : label
            self.doc = doc
        }

        /// A parameter with this label and no doc.
        public init(stringLiteral label: String) { self.init(label) }

        /// The description tools read, with the closure's type.
        var described: ActionParameter { ActionParameter(label, Value.valueType, doc: doc) }
    }

    /// The arguments Lua passed, read as the closure's types, the first at index 1, in order: an
    /// argument that does not convert is an error naming its position.
    @inlinable
    static func arguments<each A: ActionValue>(
        from stack: LuaStack, as types: repeat (each A).Type
    ) throws -> (repeat each A) {
        var index: Int32 = 0
        func next<T: ActionValue>(_ type: T.Type) throws -> T {
            index += 1
            return try T.read(from: stack, at: index)
        }
        return (repeat try next(each types))
    }

    /// The descriptions of a pack of parameters, in order.
    @usableFromInline
    static func described<each A>(_ parameters: repeat Parameter<each A>) -> [ActionParameter] {
        var list: [ActionParameter] = []
        for parameter in repeat each parameters { list.append(parameter.described) }
        return list
    }
}
