/// A name that resolves to more than one thing.
public enum ResolutionError: Error, CustomStringConvertible, Equatable {
    /// `spelling` matches every one of `candidates`.
    case ambiguous(String, candidates: [String])

    public var description: String {
        switch self {
        case .ambiguous(let spelling, let candidates):
            "'\(spelling.printable)' is ambiguous: it could be \(candidates.joined(separator: " or "))"
        }
    }
}
