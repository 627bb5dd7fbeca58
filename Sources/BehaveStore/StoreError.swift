import Behave

/// Why a behaviour's store could not be read or written; whatever it held is untouched.
public struct StoreError: Error, CustomStringConvertible {
    /// The file (or directory) concerned, with `:line:column` where the problem has a place.
    public var place: String
    /// What went wrong, in one line.
    public var reason: String

    /// An error about `place`.
    public init(_ place: String, _ reason: String) {
        self.place = place
        self.reason = reason
    }

    public var description: String { "\(place): \(reason)" }
}
