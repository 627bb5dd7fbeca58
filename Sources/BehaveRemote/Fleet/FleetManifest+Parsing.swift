#if Remote
    import Behave

    extension FleetManifest {
        /// Reads a manifest in the `behave-manifest/1` format.
        ///
        /// - Throws: a ``Diagnostic`` at the offending value, in one line: the file is not JSON, the
        ///   format is another, a key is unknown, a name is malformed, a rule or default names a copy
        ///   the manifest does not list, a digest, sequence, percentage, version range or operator is
        ///   malformed, or a channel names two rules alike.
        public init(parsing bytes: [UInt8], file: String) throws(Diagnostic) {
            let root: JSONValue
            do {
                root = try JSONParser.parse(bytes)
            } catch {
                throw Diagnostic(.error, file: file, at: error.position, "not JSON: \(error.message)")
            }
            let reader = FleetReader(file: file)
            _ = try reader.members(root, of: "the manifest", allowed: ["format", "copies", "killed", "channels"])
            let format = try reader.required("format", in: root, of: "the manifest")
            guard case .string(Self.format) = format.kind else {
                throw reader.failure(
                    at: format.position, "\"format\" must be \"\(Self.format)\", found \(Self.shown(format))")
            }
            let copies = try Self.copies(try reader.required("copies", in: root, of: "the manifest"), reader)
            var killed: [String] = []
            if let list = root["killed"] {
                // A set of the names seen, not a search of the list: a long list stays linear.
                var seen: Set<String> = []
                for element in try reader.array(list, "\"killed\"") {
                    let name = try reader.name(element, "a killed copy")
                    guard copies[name] != nil else {
                        throw reader.failure(at: element.position, "killed copy \(name) is not in \"copies\"")
                    }
                    if seen.insert(name).inserted { killed.append(name) }
                }
            }
            var channels: [String: FleetChannel] = [:]
            let channelList = try reader.required("channels", in: root, of: "the manifest")
            for member in try reader.object(channelList, "\"channels\"") {
                let name = member.key
                guard Self.isValid(name: name) else {
                    throw reader.failure(
                        at: member.keyPosition,
                        "channel name \(JSONText.quoted(name)) must be non-empty letters, digits, \"-\", \"_\" or \".\""
                    )
                }
                channels[name] = try Self.channel(member.value, named: name, copies: copies, reader)
            }
            self.init(copies: copies, killed: killed, channels: channels)
        }

        private static func shown(_ value: JSONValue) -> String {
            if case .string(let text) = value.kind { return JSONText.quoted(text) }
            return value.kindDescription
        }

        private static func copies(_ value: JSONValue, _ reader: FleetReader) throws(Diagnostic) -> [String: FleetCopy]
        {
            var copies: [String: FleetCopy] = [:]
            for member in try reader.object(value, "\"copies\"") {
                let name = member.key
                guard isValid(name: name) else {
                    throw reader.failure(
                        at: member.keyPosition,
                        "copy name \(JSONText.quoted(name)) must be non-empty letters, digits, \"-\", \"_\" or \".\"")
                }
                let what = "copy \(name)"
                _ = try reader.members(member.value, of: what, allowed: ["url", "sha256", "sequence"])
                let urlValue = try reader.required("url", in: member.value, of: what)
                let url = try reader.string(urlValue, "the url of \(what)")
                // Any other URL is the device's to refuse: it then runs its fallback.
                if url.isEmpty { throw reader.failure(at: urlValue.position, "the url of \(what) is empty") }
                let digestValue = try reader.required("sha256", in: member.value, of: what)
                let digest = try reader.string(digestValue, "the sha256 of \(what)")
                guard isValid(sha256: digest) else {
                    throw reader.failure(
                        at: digestValue.position, "the sha256 of \(what) must be 64 lowercase hexadecimal digits")
                }
                let sequenceValue = try reader.required("sequence", in: member.value, of: what)
                let sequence = try reader.number(sequenceValue, "the sequence of \(what)")
                guard sequence >= 0, sequence == sequence.rounded(), sequence < 9e15 else {
                    throw reader.failure(
                        at: sequenceValue.position,
                        "the sequence of \(what) must be a whole number >= 0, found \(JSONText.number(sequence))")
                }
                copies[name] = FleetCopy(url: url, sha256: digest, sequence: Int(sequence))
            }
            return copies
        }

        private static func channel(
            _ value: JSONValue, named name: String, copies: [String: FleetCopy], _ reader: FleetReader
        ) throws(Diagnostic) -> FleetChannel {
            let what = "channel \(name)"
            _ = try reader.members(value, of: what, allowed: ["default", "rules", "history"])
            let current = try state(value, of: what, channel: name, copies: copies, reader)
            var history: [FleetChannel.State] = []
            if let list = value["history"] {
                let entries = try reader.array(list, "the history of \(what)")
                for (index, entry) in entries.enumerated() {
                    if index == FleetChannel.historyLimit {
                        throw reader.failure(
                            at: entry.position,
                            "the history of \(what) holds at most \(FleetChannel.historyLimit) earlier states")
                    }
                    let entryWhat = "history entry \(index + 1) of \(what)"
                    _ = try reader.members(entry, of: entryWhat, allowed: ["default", "rules"])
                    history.append(try state(entry, of: entryWhat, channel: name, copies: copies, reader))
                }
            }
            return FleetChannel(defaultCopy: current.defaultCopy, rules: current.rules, history: history)
        }

        private static func state(
            _ value: JSONValue, of what: String, channel: String, copies: [String: FleetCopy], _ reader: FleetReader
        ) throws(Diagnostic) -> FleetChannel.State {
            let defaultValue = try reader.required("default", in: value, of: what)
            var defaultCopy: String?
            if case .null = defaultValue.kind {
                defaultCopy = nil
            } else {
                defaultCopy = try copyName(defaultValue, "the default of \(what)", copies, reader)
            }
            var rules: [FleetRule] = []
            if let list = value["rules"] {
                // A set of the names seen, not a search of the rules so far: a channel of many rules
                // stays linear.
                var names: Set<String> = []
                for element in try reader.array(list, "the rules of \(what)") {
                    let rule = try self.rule(element, in: what, copies: copies, reader)
                    if !names.insert(rule.name).inserted {
                        throw reader.failure(
                            at: element["name"]?.position ?? element.position,
                            "rule \(rule.name) appears twice in \(what)")
                    }
                    rules.append(rule)
                }
            }
            return FleetChannel.State(defaultCopy: defaultCopy, rules: rules)
        }

        private static func copyName(
            _ value: JSONValue, _ what: String, _ copies: [String: FleetCopy], _ reader: FleetReader
        ) throws(Diagnostic) -> String {
            let name = try reader.name(value, what)
            guard copies[name] != nil else {
                throw reader.failure(at: value.position, "\(what) names copy \(name), which is not in \"copies\"")
            }
            return name
        }

        private static func rule(
            _ value: JSONValue, in channel: String, copies: [String: FleetCopy], _ reader: FleetReader
        ) throws(Diagnostic) -> FleetRule {
            let keys = ["name", "copy", "percent", "salt", "paused", "when"]
            _ = try reader.members(value, of: "a rule of \(channel)", allowed: keys)
            let name = try reader.name(
                try reader.required("name", in: value, of: "a rule of \(channel)"), "a rule name")
            let what = "rule \(name)"
            let copy = try copyName(try reader.required("copy", in: value, of: what), what, copies, reader)
            var rule = FleetRule(name: name, copy: copy)
            if let percentValue = value["percent"] {
                rule.percent = try reader.number(percentValue, "the percent of \(what)")
                guard FleetRule.isValid(percent: rule.percent) else {
                    throw reader.failure(
                        at: percentValue.position,
                        "the percent of \(what) must be a number in 0...100 with at most 2 decimals, found "
                            + JSONText.number(rule.percent))
                }
            }
            if let salt = value["salt"] { rule.salt = try reader.string(salt, "the salt of \(what)") }
            if let paused = value["paused"] { rule.paused = try reader.bool(paused, "\"paused\" of \(what)") }
            if let when = value["when"] { rule.when = try FleetCondition.conditions(when, rule: name, reader: reader) }
            return rule
        }
    }
#endif
