#if Remote
    import Behave

    extension FleetManifest {
        /// Who gets which copy on `channel`, in words: one line per rule, in order, then the default,
        /// such as `rule rollout-keynote-8: 5% of devices where platform = ios get keynote-8` and
        /// `everyone else gets keynote-7`.
        ///
        /// - Throws: ``FleetError/unknownChannel(_:)``.
        public func whoGetsWhat(channel name: String) throws(FleetError) -> [String] {
            guard let channel = channels[name] else { throw .unknownChannel(name) }
            // Looked up in a set, not the list, so that many rules and many killed copies stay linear.
            let killed = Set(self.killed)
            var lines = channel.rules.map { describe($0, killed: killed.contains($0.copy)) }
            switch channel.defaultCopy {
            case nil: lines.append("everyone else gets the app's fallback")
            case let copy? where killed.contains(copy):
                lines.append("everyone else gets the app's fallback (the default \(copy) is killed)")
            case let copy?: lines.append("everyone else gets \(copy)")
            }
            return lines
        }

        private func describe(_ rule: FleetRule, killed: Bool) -> String {
            let share = rule.percent == 100 ? "all devices" : "\(JSONText.number(rule.percent))% of devices"
            let conditions =
                rule.when.isEmpty ? "" : " where " + rule.when.map(\.summary).joined(separator: " and ")
            var notes: [String] = []
            if rule.paused { notes.append("paused") }
            if killed { notes.append("killed, so skipped") }
            let note = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
            return "rule \(rule.name): \(share)\(conditions) get \(rule.copy)\(note)"
        }
    }
#endif
