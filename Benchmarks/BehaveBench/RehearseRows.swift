import BehavePlatform

/// `behave rehearse` of 10,000 devices through the keynote, with a 5% rollout of a copy that
/// fails: the time it takes and its peak memory, against the budgets a release can afford to
/// spend before every release (docs/fleet.md).
func rehearseRows(rounds: Int, directory: String, tool: String) -> [Row] {
    let setup = """
        set -e
        cd \(directory)
        cp "\(Platform.currentDirectory)/scripts/examples/keynote.lua" keynote-7.lua
        cp "\(Platform.currentDirectory)/scripts/examples/keynote-events.jsonl" keynote-events.jsonl
        sed 's/Thank you/Thanks/' keynote-7.lua > keynote-8.lua
        \(tool) keygen team > /dev/null
        \(tool) fleet new manifest.json --key team.key > /dev/null
        \(tool) fleet add manifest.json keynote-7 keynote-7.lua --url https://cdn.example.com/keynote-7.lua --key team.key > /dev/null
        \(tool) fleet add manifest.json keynote-8 keynote-8.lua --url https://cdn.example.com/keynote-8.lua --key team.key > /dev/null
        \(tool) fleet point manifest.json production keynote-7 --key team.key > /dev/null
        \(tool) fleet rollout manifest.json production keynote-8 --percent 5 --key team.key > /dev/null
        """
    guard system(setup) == 0 else {
        print("bench: the rehearsal's release could not be written; its rows would be meaningless")
        exit(1)
    }
    let command =
        "\(tool) rehearse \(directory)/manifest.json --channel production --events \(directory)/keynote-events.jsonl "
        + "--devices 10000 --vary platform=ios:60,android:40 --slow 10 --offline 2 "
        + "--fallback \(directory)/keynote-7.lua --failing keynote-8"
    let times = (0..<rounds).map { _ in wallTime(command) }
    let peaks = (0..<rounds).map { _ in peakBytes(command) }
    return [
        Row(
            "behave rehearse: 10,000 devices through the keynote vs 30 s", behave: times,
            baseline: times.map { _ in 30 }, unit: "s", target: 1),
        Row(
            "behave rehearse: peak resident memory of 10,000 devices vs 1 GiB", behave: peaks,
            baseline: peaks.map { _ in 1_073_741_824 }, scale: 1.0 / 1_048_576, unit: "MiB", target: 1),
    ]
}
