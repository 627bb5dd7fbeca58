#if Remote
    import Behave

    // Operators' edits. Each returns a new manifest and leaves the receiver alone; an edit that
    // changes a channel's default or rules remembers the previous state in the channel's history
    // (newest first, at most `FleetChannel.historyLimit`), which `rollingBack(channel:)` restores.
    extension FleetManifest {
        /// The manifest with a copy added. Adding the same record again changes nothing.
        ///
        /// - Throws: ``FleetError/conflictingCopy(_:)`` when a different copy has that name (a name
        ///   names one set of bytes forever), or an invalid name, digest or sequence.
        public func addingCopy(name: String, url: String, sha256: String, sequence: Int) throws(FleetError)
            -> FleetManifest
        {
            guard Self.isValid(name: name) else { throw .invalidName(name) }
            guard Self.isValid(sha256: sha256) else { throw .invalidDigest(sha256) }
            guard sequence >= 0, sequence < 9_000_000_000_000_000 else { throw .invalidSequence(sequence) }
            guard Self.isValid(url: url) else { throw .invalidURL(url) }
            let copy = FleetCopy(url: url, sha256: sha256, sequence: sequence)
            if let existing = copies[name], existing != copy { throw .conflictingCopy(name) }
            var manifest = self
            manifest.copies[name] = copy
            return manifest
        }

        /// The manifest with `channel`'s default set to `copy` (nil: the app's fallback), creating the
        /// channel if needed. Rules selecting that same copy are removed, since the default now
        /// gives it to everyone they would.
        ///
        /// - Throws: an unknown or killed copy, or an invalid channel name.
        public func pointing(channel: String, to copy: String?) throws(FleetError) -> FleetManifest {
            guard Self.isValid(name: channel) else { throw .invalidName(channel) }
            if let copy { try checkSelectable(copy) }
            var manifest = self
            guard let existing = channels[channel] else {
                manifest.channels[channel] = FleetChannel(defaultCopy: copy)
                return manifest
            }
            let rules = copy.map { copy in existing.rules.filter { $0.copy != copy } } ?? existing.rules
            manifest.channels[channel] = existing.changed(to: FleetChannel.State(defaultCopy: copy, rules: rules))
            return manifest
        }

        /// The manifest with `copy` rolled out to `percent` of `channel`'s devices that satisfy
        /// `when`, by the rule named `rule` (`rollout-COPY` unless named).
        ///
        /// A new rule goes first, so the newest rollout wins. A rule of that name already there keeps
        /// its place and its salt (so every device it admitted stays in as the percentage grows), takes
        /// the new percentage and, when given, the new conditions, and is resumed if paused.
        ///
        /// - Throws: an unknown channel or copy, a killed copy, a percentage out of range, or a rule of
        ///   that name that rolls out another copy.
        public func rollingOut(
            channel: String, copy: String, percent: Double, when: [FleetCondition]? = nil, rule: String? = nil
        ) throws(FleetError) -> FleetManifest {
            guard let existing = channels[channel] else { throw .unknownChannel(channel) }
            try checkSelectable(copy)
            guard FleetRule.isValid(percent: percent) else { throw .percentOutOfRange(percent) }
            let name = rule ?? "rollout-\(copy)"
            guard Self.isValid(name: name) else { throw .invalidName(name) }
            var state = existing.state
            if let index = state.rules.firstIndex(where: { $0.name == name }) {
                guard state.rules[index].copy == copy else {
                    throw .conflictingRule(channel: channel, rule: name, copy: state.rules[index].copy)
                }
                state.rules[index].percent = percent
                state.rules[index].paused = false
                if let when { state.rules[index].when = when }
            } else {
                state.rules.insert(FleetRule(name: name, copy: copy, percent: percent, when: when ?? []), at: 0)
            }
            var manifest = self
            manifest.channels[channel] = existing.changed(to: state)
            return manifest
        }

        /// The manifest with `rule` of `channel` paused: devices already running its copy keep it,
        /// and no other device gets it. ``rollingOut(channel:copy:percent:when:rule:)`` resumes it.
        ///
        /// - Throws: an unknown channel or rule.
        public func pausing(channel: String, rule: String) throws(FleetError) -> FleetManifest {
            guard let existing = channels[channel] else { throw .unknownChannel(channel) }
            var state = existing.state
            guard let index = state.rules.firstIndex(where: { $0.name == rule }) else {
                throw .unknownRule(channel: channel, rule: rule)
            }
            state.rules[index].paused = true
            var manifest = self
            manifest.channels[channel] = existing.changed(to: state)
            return manifest
        }

        /// The manifest with `copy` killed: no device gets it any more. Every rule selecting it is
        /// removed, and a default that is it becomes the channel's most recent earlier default that
        /// is not killed, or the app's fallback. Killing a killed copy changes nothing.
        ///
        /// - Throws: ``FleetError/unknownCopy(_:)``.
        public func killing(copy: String) throws(FleetError) -> FleetManifest {
            guard copies[copy] != nil else { throw .unknownCopy(copy) }
            var manifest = self
            if !manifest.killed.contains(copy) { manifest.killed.append(copy) }
            for (name, channel) in channels {
                var state = channel.state
                state.rules.removeAll { $0.copy == copy }
                if state.defaultCopy == copy {
                    state.defaultCopy = channel.history.lazy.compactMap(\.defaultCopy).first {
                        !manifest.isKilled($0)
                    }
                }
                manifest.channels[name] = channel.changed(to: state)
            }
            return manifest
        }

        /// The manifest with `channel` back in its newest earlier state that names no killed copy;
        /// that state and the newer ones skipped leave the history.
        ///
        /// - Throws: an unknown channel, or ``FleetError/nothingToRollBack(channel:)``.
        public func rollingBack(channel: String) throws(FleetError) -> FleetManifest {
            guard var existing = channels[channel] else { throw .unknownChannel(channel) }
            guard
                let index = existing.history.firstIndex(where: { state in
                    !state.copyNames.contains { isKilled($0) || copies[$0] == nil }
                })
            else { throw .nothingToRollBack(channel: channel) }
            existing.state = existing.history[index]
            existing.history.removeFirst(index + 1)
            var manifest = self
            manifest.channels[channel] = existing
            return manifest
        }

        private func checkSelectable(_ copy: String) throws(FleetError) {
            guard copies[copy] != nil else { throw .unknownCopy(copy) }
            guard !isKilled(copy) else { throw .killedCopy(copy) }
        }
    }
#endif
