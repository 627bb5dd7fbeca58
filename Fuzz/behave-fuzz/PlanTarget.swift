import Behave
import BehaveDemos
import FuzzSupport

/// Action lists: any bytes are checked, planned and translated without a crash; a list that
/// passes its checks translates to Lua that compiles, and the translation `behave translate`
/// prints makes the same calls, in the same order, as running the list.
enum PlanTarget: FuzzTarget {
    static let name = "plan"

    nonisolated(unsafe) static let modules: [any BehaveModule] = [
        MyFirstModule(), MySecondModule(), MyThirdModule(), Recorder(),
    ]

    /// Output captured per run.
    final class Lines: @unchecked Sendable {
        var text = ""
    }

    static func host(_ lines: Lines) -> BehaveHost {
        var policy = SandboxPolicy()
        policy.limits.time = 2
        policy.limits.output = 1 << 20
        let output = OutputSink(
            limit: policy.limits.output, write: { lines.text += $0 }, diagnostic: { lines.text += "! " + $0 + "\n" })
        guard let host = try? BehaveHost(modules: modules, policy: policy, output: output, clock: VirtualClock()) else {
            fatalError("plan: no host")
        }
        return host
    }

    static func check(_ input: [UInt8]) {
        let listed = Lines()
        let host = host(listed)
        let behaviour = Behaviour(name: "fuzz.json", bytes: input, format: .json)
        let diagnostics = host.check(behaviour)
        let translation: String
        do { translation = try host.translate(behaviour, layout: .readable).script } catch {
            if !diagnostics.contains(where: { $0.severity == .error }) {
                finding("check found no error, translate refused: \(error)")
            }
            return
        }
        if diagnostics.contains(where: { $0.severity == .error }) { finding("check found an error, translate did not") }
        let listRun = blocking { try? await host.run(behaviour) }
        let translated = Lines()
        let other = PlanTarget.host(translated)
        let scriptRun = blocking { () async -> Result<RunReport, BehaveError> in
            do throws(BehaveError) {
                return .success(try await other.run(Behaviour(name: "fuzz.lua", source: translation)))
            } catch { return .failure(error) }
        }
        if case .failure(.invalid(let problems)) = scriptRun {
            finding("the translation does not compile: \(problems)\n\(translation.prefix(2000))")
        }
        // Warnings (skipped names) go to the diagnostics before the list runs: compare the calls.
        let calls = listed.text.split(separator: "\n").filter { !$0.hasPrefix("! ") }
        let scriptCalls = translated.text.split(separator: "\n").filter { !$0.hasPrefix("! ") }
        if calls != scriptCalls {
            finding(
                "the list made \(calls.count) calls, its translation \(scriptCalls.count)\n\(translation.prefix(2000))")
        }
        if (listRun == nil) != ((try? scriptRun.get()) == nil) {
            finding("the list and its translation ended differently")
        }
    }
}
