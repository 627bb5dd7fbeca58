#if Remote
    import Behave
    import BehaveRemote

    /// How `behave which` says what a manifest selects.
    enum FleetText {
        /// Two lines: the copy, then the rule that chose it.
        static func lines(_ selection: FleetSelection) -> String {
            guard let copy = selection.copy, let name = selection.copyName else {
                return "\(selection.channel): the app's fallback\nchosen by \(selection.reason)"
            }
            return
                "\(selection.channel): \(name) (\(copy.url), sequence \(copy.sequence), sha256 \(copy.sha256.prefix(12))…)\n"
                + "chosen by \(selection.reason)"
        }

        /// One JSON object: channel, rule (null for the default), copy (null for the fallback), url,
        /// sha256, sequence, reason.
        static func json(_ selection: FleetSelection) -> String {
            func text(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
            return "{\"channel\": \(text(selection.channel)), \"rule\": \(text(selection.rule)), "
                + "\"copy\": \(text(selection.copyName)), \"url\": \(text(selection.copy?.url)), "
                + "\"sha256\": \(text(selection.copy?.sha256)), "
                + "\"sequence\": \(selection.copy.map { String($0.sequence) } ?? "null"), "
                + "\"reason\": \(text(selection.reason))}"
        }
    }
#endif
