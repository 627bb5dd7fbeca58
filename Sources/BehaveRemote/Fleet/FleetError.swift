#if Remote
    import Behave

    /// Why a selection or an operator's edit of a ``FleetManifest`` was refused.
    public enum FleetError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The manifest has no such channel.
        case unknownChannel(String)
        /// The channel has no such rule.
        case unknownRule(channel: String, rule: String)
        /// The manifest has no such copy.
        case unknownCopy(String)
        /// The copy is killed and may not be pointed at or rolled out.
        case killedCopy(String)
        /// A copy of that name exists with other bytes or another address.
        case conflictingCopy(String)
        /// A rule of that name exists and selects another copy.
        case conflictingRule(channel: String, rule: String, copy: String)
        /// The percentage is not in `0...100` with at most 2 decimals.
        case percentOutOfRange(Double)
        /// The name is empty or has characters other than letters, digits, `-`, `_`, `.`.
        case invalidName(String)
        /// The digest is not 64 lowercase hexadecimal digits.
        case invalidDigest(String)
        /// The sequence number is negative.
        case invalidSequence(Int)
        /// A copy's URL that is not https:// or http://.
        case invalidURL(String)
        /// The channel has no earlier state free of killed copies.
        case nothingToRollBack(channel: String)

        /// One line for the operator.
        public var description: String {
            switch self {
            case .unknownChannel(let name): "unknown channel \(name)"
            case .unknownRule(let channel, let rule): "channel \(channel) has no rule \(rule)"
            case .unknownCopy(let name): "unknown copy \(name) (add it to the manifest's copies first)"
            case .killedCopy(let name): "copy \(name) is killed: no device may get it"
            case .conflictingCopy(let name):
                "a different copy is already named \(name): a copy's name names one set of bytes forever"
            case .conflictingRule(let channel, let rule, let copy):
                "rule \(rule) of channel \(channel) rolls out \(copy): name the new rollout differently"
            case .percentOutOfRange(let percent):
                "percent \(JSONText.number(percent)) is not a number in 0...100 with at most 2 decimals"
            case .invalidName(let name):
                "invalid name \"\(name)\": use letters, digits, \"-\", \"_\" and \".\""
            case .invalidDigest(let digest): "sha256 \"\(digest)\" is not 64 lowercase hexadecimal digits"
            case .invalidURL(let url): "the copy's URL \(url.prefix(80)) is not an https:// or http:// URL"
            case .invalidSequence(let sequence): "sequence \(sequence) is not a whole number from 0 to 9e15"
            case .nothingToRollBack(let channel):
                "channel \(channel) has nothing to roll back to: no earlier state is free of killed copies"
            }
        }
    }
#endif
