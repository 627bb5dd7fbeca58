import ArgumentParser
import Behave
import BehaveCoverage
import BehaveDebugger
import BehaveStore

/// The host every command runs behaviours in: the tool's modules under a sandbox policy.
enum ToolHost {
    /// The debugger every host the tool makes is attached to (`behave debug`); nil otherwise.
    nonisolated(unsafe) static var debugger: BehaveDebugger?

    /// A host with the tool's modules under `policy`, and the tool's context (its name and
    /// version, which `-- requires: version >= X` is checked against). A failure (no memory for a
    /// Lua state) is reported on stderr and exits 1.
    static func make(
        policy: SandboxPolicy, clock: any BehaveClock, store: BehaviourStore = .inMemory(), output: OutputSink? = nil,
        coverage: CoverageRecorder? = nil
    ) throws(ExitCode) -> BehaveHost {
        do {
            // A debugger's stops leave real time out of the run's clock; virtual time stands still anyway.
            let clock = debugger.map { clock is SystemClock ? StoppedTimeClock(clock, debugger: $0) : clock } ?? clock
            var features: [any HostFeature] = [StoreFeature(store)]
            if let coverage { features.append(coverage) }
            if let debugger { features.append(debugger) }
            let host = try BehaveHost(
                modules: modules(), policy: policy, output: output, clock: clock, features: features)
            host.context = ContextEntry.defaults
            host.output.name = BehaveTool.current.name
            return host
        } catch {
            StandardError.write("\(BehaveTool.current.name): cannot create the host: \(error)\n")
            throw ExitCode(BehaveExit.scriptError)
        }
    }

    /// The modules the tool registers (``BehaveTool/modules``), made with what the command line
    /// gave the tool's own options.
    static func modules() -> [any BehaveModule] {
        BehaveTool.current.modules(BehaveTool.given)
    }
}
