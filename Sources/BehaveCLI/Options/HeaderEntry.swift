import ArgumentParser

/// One `--header 'Name: value'`: a header every request of a remote behaviour sends.
package struct HeaderEntry: ExpressibleByArgument, Equatable, Sendable {
    package var name: String
    package var value: String

    /// `Name: value`, the name an HTTP token (letters, digits and ``!#$%&'*+-.^_`|~``), the value
    /// without line breaks; nil otherwise, which ArgumentParser reports as a usage error.
    package init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = argument[..<colon]
        let value = argument[argument.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        let token = Set("!#$%&'*+-.^_`|~")
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || token.contains($0)) }),
            !value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
        else { return nil }
        self.name = String(name)
        self.value = String(value)
    }
}
