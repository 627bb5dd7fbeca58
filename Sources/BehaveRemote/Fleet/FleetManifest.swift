#if Remote
    import Behave

    /// A fleet manifest: the copies a team serves, the ones it has killed, and per channel which
    /// copy each device gets. Devices evaluate it themselves (``select(channel:context:installID:current:)``);
    /// operators change it with pure edits (``pointing(channel:to:)``, ``rollingOut(channel:copy:percent:when:rule:)``, …).
    ///
    /// The file is JSON in the `behave-manifest/1` format; ``init(parsing:file:)`` reads it and
    /// ``encoded()`` writes it back canonically.
    public struct FleetManifest: Sendable, Equatable {
        /// The value of the file's `format` key.
        public static let format = "behave-manifest/1"

        /// The copies by name. A name stands for one set of bytes forever.
        public var copies: [String: FleetCopy]
        /// The copies no device may get any more, in the order they were killed.
        public var killed: [String]
        /// The channels by name.
        public var channels: [String: FleetChannel]

        /// A manifest from its parts.
        public init(copies: [String: FleetCopy] = [:], killed: [String] = [], channels: [String: FleetChannel] = [:]) {
            self.copies = copies
            self.killed = killed
            self.channels = channels
        }

        /// Whether `copy` is killed.
        public func isKilled(_ copy: String) -> Bool { killed.contains(copy) }

        /// Whether `name` may name a channel, rule or copy: non-empty, ASCII letters, digits, `-`, `_`, `.`.
        public static func isValid(name: String) -> Bool {
            !name.isEmpty
                && name.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                        || byte == 0x2D || byte == 0x5F || byte == 0x2E
                }
        }

        /// Whether `url` is one a device may fetch a copy from: https://, or http:// for devices that allow it.
        public static func isValid(url: String) -> Bool {
            let lower = url.lowercased()
            return (lower.hasPrefix("https://") && lower.count > 8) || (lower.hasPrefix("http://") && lower.count > 7)
        }

        /// Whether `digest` is a SHA-256 as a manifest writes it: 64 lowercase hexadecimal digits.
        public static func isValid(sha256 digest: String) -> Bool {
            digest.utf8.count == 64
                && digest.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
        }
    }
#endif
