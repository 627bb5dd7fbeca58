import FuzzSupport

/// `behave-fuzz TARGET [libFuzzer options] [CORPUS...]`: the targets over Behave itself (the
/// parsers, the planner, the bridge, the sandbox, the trace, the store's files), which build
/// without the network and crypto code; the remote cache's formats are `behave-remote-fuzz`'s.
@main
enum BehaveFuzz {
    static func main() {
        FuzzMain.run(
            tool: "behave-fuzz",
            targets: [
                JSONTarget.self, PlanTarget.self, EventsTarget.self, ValuesTarget.self, SandboxTarget.self,
                TraceTarget.self, ReplayTarget.self, StoreTarget.self,
            ])
    }
}
