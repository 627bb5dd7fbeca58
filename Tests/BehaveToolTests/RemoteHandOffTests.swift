import BehaveTestSupport
import Foundation
import Testing

/// `behave` is built without the network and crypto code and hands the commands that need it to
/// `behave-remote`, beside it, before doing anything: nothing is printed twice, and without the
/// helper nothing runs and one line says what to build.
@Suite("behave hands fetching, signing and verifying to behave-remote")
struct RemoteHandOffTests {
    static let good = #"[{"name": "MyFirstModule", "actions": [{"func": "sayHello"}]}]"#

    @Test("a command with a file and a URL is handed over before anything is checked, so each is checked once")
    func handsOverBeforeRunning() throws {
        let server = try TestServer()
        try server.serve(["/b.json": .body(Self.good)])
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(Self.good, to: "good.json", in: work)
        let url = server.url("/b.json")
        let result = try Tool.run(
            ["check", file, url, "--allow-http", "--cache-dir", work.appendingPathComponent("cache").path], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(file): ok\n\(url): ok\n")
        #expect(result.stderr == "")
    }

    @Test("without behave-remote beside it: exit 69, one line naming what to build, nothing written or checked")
    func missingHelper() throws {
        let alone = try Tool.temporaryDirectory()
        let program = alone.appendingPathComponent("behave")
        try FileManager.default.copyItem(at: Tool.executable, to: program)
        let work = try Tool.temporaryDirectory()
        let file = try Tool.write(Self.good, to: "good.json", in: work)

        for arguments in [
            ["keygen", "team"], ["check", file, "https://127.0.0.1:9/b.json"],
            ["run", "HTTPS://127.0.0.1:9/b.json"], ["verify", file, "--public-key", "x"],
        ] {
            let result = try Tool.run(arguments, in: work, program: program)
            #expect(result.status == 69, "\(arguments): \(result.stderr)")
            #expect(result.stdout == "", "\(arguments)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("\(alone.path)/behave-remote: No such file or directory"), "\(result.stderr)")
            #expect(result.stderr.contains("swift build -c release --product behave-remote"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["good.json"])

        // Files need no helper; usage errors are still reported by behave itself.
        let local = try Tool.run(["run", file], in: work, program: program)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout == "Hello My name is MyFirstModule\n")
        let usage = try Tool.run(["keygen", "--bogus"], in: work, program: program)
        #expect(usage.status == 64, "\(usage.stderr)")
    }
}
