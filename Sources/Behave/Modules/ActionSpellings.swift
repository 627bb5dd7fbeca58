/// Every way an action list may name an action: the Lua name (`openUrl`), the Swift spelling
/// (`openUrl(url:)`) and the Objective-C selector spelling the seed used (`openUrlWithUrl:`).
enum ActionSpellings {
    static func of(_ action: Action) -> [String] {
        let labels = action.parameters.map(\.label)
        var spellings = [action.name, "\(action.name)(\(labels.map { ($0 ?? "_") + ":" }.joined()))"]
        if let first = labels.first {
            let head = first.map { action.name + "With" + $0.prefix(1).uppercased() + $0.dropFirst() } ?? action.name
            spellings.append(head + ":" + labels.dropFirst().map { ($0 ?? "") + ":" }.joined())
        }
        // Only spellings the registry really resolves to this action.
        return spellings.filter { SelectorName($0).matches(action) }.reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
    }
}
