#if Remote
    import Behave

    extension FleetManifest {
        /// The copy a device gets on `channel`.
        ///
        /// Rules are tried in order; the first whose conditions hold, whose copy is not killed and
        /// whose bucket admits the device wins. A paused rule admits only a device whose `current`
        /// copy (the one it last ran from this channel) is the rule's own, so devices keep what they
        /// have and no new device gets it. Otherwise the default applies, or the app's fallback when
        /// the default is null or killed.
        ///
        /// - Throws: ``FleetError/unknownChannel(_:)`` when the manifest has no such channel.
        public func select(
            channel name: String, context: [String: String], installID: String, current: String? = nil
        ) throws(FleetError) -> FleetSelection {
            guard let channel = channels[name] else { throw .unknownChannel(name) }
            // Looked up in a set, not the list, so that many rules and many killed copies stay linear.
            let killed = Set(self.killed)
            for rule in channel.rules where rule.applies(to: context) && !killed.contains(rule.copy) {
                guard let copy = copies[rule.copy] else { continue }
                let reason: String
                if rule.paused {
                    guard current == rule.copy else { continue }
                    reason = "rule \(rule.name) (paused; this device already runs \(rule.copy))"
                } else {
                    let bucket = FleetBucket.of(installID: installID, salt: rule.salt)
                    guard bucket < rule.threshold else { continue }
                    reason = "rule \(rule.name) (bucket \(bucket) < \(rule.threshold) of \(FleetBucket.count))"
                }
                return FleetSelection(channel: name, rule: rule.name, copyName: rule.copy, copy: copy, reason: reason)
            }
            func fallback(_ why: String) -> FleetSelection {
                FleetSelection(channel: name, rule: nil, copyName: nil, copy: nil, reason: "the app's fallback: " + why)
            }
            guard let defaultName = channel.defaultCopy else { return fallback("the channel has no default") }
            if killed.contains(defaultName) { return fallback("the default \(defaultName) is killed") }
            guard let copy = copies[defaultName] else {
                return fallback("the default \(defaultName) is not among the manifest's copies")
            }
            return FleetSelection(
                channel: name, rule: nil, copyName: defaultName, copy: copy,
                reason: "the channel's default (no rule matched)")
        }
    }
#endif
