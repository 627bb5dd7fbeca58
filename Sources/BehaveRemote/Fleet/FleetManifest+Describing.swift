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
            var lines = channel.rules.map(describe)
            switch channel.defaultCopy {
            case nil: lines.append("everyone else gets the app's fallback")
            case let copy? where isKilled(copy):
                lines.append("everyone else gets the app's fallback (the default \(copy) is killed)")
            case let copy?: lines.append("everyone else gets \(copy)")
            }
            return lines
        }

        private func describe(_ rule: FleetRule) -> String {
            let share = rule.percent == 100 ? "all devices" : "\(FleetScalar.text(of: rule.percent))% of devices"
            let conditions =
                rule.when.isEmpty ? "" : " where " + rule.when.map(\.summary).joined(separator: " and ")
            var notes: [String] = []
            if rule.paused { notes.append("paused") }
            if isKilled(rule.copy) { notes.append("killed, so skipped") }
            let note = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
            return "rule \(rule.name): \(share)\(conditions) get \(rule.copy)\(note)"
        }
    }
#endif
