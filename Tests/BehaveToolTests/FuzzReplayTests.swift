import BehaveTestSupport
import Foundation
import Testing

/// The fuzz targets' seeds and every input a fuzzing run once stopped on (Fuzz/regressions), run
/// through the same targets, built without libFuzzer (scripts/fuzz, docs/sandbox.md).
@Suite("Fuzz inputs replayed")
struct FuzzReplayTests {
    @Test(
        "each target takes its seeds and regressions without a finding",
        arguments: [
            "json", "events", "plan", "values", "sandbox", "trace", "replay", "store", "signature", "cache",
            "quarantine", "stream", "manifest",
        ])
    func replay(target: String) throws {
        let directories = ["Fuzz/seeds/\(target)", "Fuzz/regressions/\(target)"].map {
            Tool.root.appendingPathComponent($0).path
        }
        let count = try directories.flatMap { try FileManager.default.contentsOfDirectory(atPath: $0) }
            .filter { !$0.hasPrefix(".") }.count
        let tool =
            ["signature", "cache", "quarantine", "stream", "manifest"].contains(target)
            ? "behave-remote-fuzz" : "behave-fuzz"
        let result = try Tool.run([target] + directories, program: Tool.product(tool))
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        #expect(result.stdout == "\(tool): \(target): \(count) inputs replayed\n")
    }

    @Test("an unknown target is a usage error naming each executable's targets")
    func unknownTarget() throws {
        let result = try Tool.run(["frob"], program: Tool.product("behave-fuzz"))
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "usage: behave-fuzz json|plan|events|values|sandbox|trace|replay|store [libFuzzer options] [CORPUS...]\n"
        )
        let remote = try Tool.run(["json"], program: Tool.product("behave-remote-fuzz"))
        #expect(remote.status == 64)
        #expect(
            remote.stderr
                == "usage: behave-remote-fuzz signature|cache|quarantine|stream|manifest [libFuzzer options] [CORPUS...]\n"
        )
    }
}
