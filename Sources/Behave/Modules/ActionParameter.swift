/// One parameter of an action: its label (as in Swift's `openUrl(url:)`), type and doc.
public struct ActionParameter: Sendable, Equatable {
    /// The argument label; `nil` for an unlabelled parameter (`_`).
    public var label: String?
    /// The type behaviours must pass.
    public var type: ValueType
    /// One line for `behave modules`, `:help` and editors.
    public var doc: String

    /// Creates a parameter description.
    public init(_ label: String?, _ type: ValueType, doc: String = "") {
        self.label = label
        self.type = type
        self.doc = doc
    }
}
