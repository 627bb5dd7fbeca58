import BehaveTestSupport
import Foundation
import Testing

extension RemoteTests {
    /// A server, a cache directory and a working directory for one test.
    struct Fixture {
        let server: TestServer
        let work: URL
        var cache: String { work.appendingPathComponent("cache").path }

        init() throws {
            server = try TestServer()
            work = try Tool.temporaryDirectory()
        }

        /// `behave COMMAND URL --allow-http --cache-dir … EXTRA`.
        func behave(_ command: String = "run", _ path: String = "/b.json", _ extra: [String] = []) throws -> Tool.Result
        {
            try Tool.run([command, server.url(path), "--allow-http", "--cache-dir", cache] + extra, in: work)
        }

        /// The bytes of every copy the cache keeps (and its quarantine), to show a failure left
        /// them untouched; not its records of copies that ran well and of validation verdicts.
        func cacheFiles() throws -> [String: Data] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter {
                !$0.hasSuffix(".ran") && !$0.hasSuffix(".verdicts") && !$0.hasSuffix(".sequence")
                    && !$0.hasSuffix(".lock")
            }
            var files: [String: Data] = [:]
            for name in names {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent(name))
            }
            return files
        }

        /// Runs once against a good copy, so the cache holds `first`.
        func primed() throws -> [String: Data] {
            try server.serve(["/b.json": .body(RemoteTests.first)])
            let result = try behave()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == RemoteTests.firstOutput)
            let files = try cacheFiles()
            #expect(files.count == 1)
            return files
        }

        /// After `primed()`, the fresh copy fails this way: the last good copy runs, exit 10, one line says why.
        func expectLastGoodCopy(
            _ route: TestServer.Route, _ reason: String, extra: [String] = [],
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let before = try primed()
            try server.serve(["/b.json": route])
            let result = try behave("run", "/b.json", extra)
            Self.expectFirstCopyRan(result, saying: reason, sourceLocation: sourceLocation)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(
                result.stderr.contains("running the last good copy"), "\(result.stderr)", sourceLocation: sourceLocation
            )
            #expect(try cacheFiles() == before, "the good copy was replaced", sourceLocation: sourceLocation)
        }

        /// The run refused a fresh copy and ran the cached `first` instead: exit 10, its output, and
        /// `reason` on stderr.
        static func expectFirstCopyRan(
            _ result: Tool.Result, saying reason: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(result.status == 10, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout == RemoteTests.firstOutput, sourceLocation: sourceLocation)
            #expect(result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
        }
    }
}
