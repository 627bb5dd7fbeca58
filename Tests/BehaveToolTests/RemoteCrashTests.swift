#if Remote
    import BehaveTestSupport
    import Foundation
    import Testing

    /// The cache under sudden death and under contention, tested as SQLite tests itself: a refresh is
    /// ended (as by SIGKILL) or failed (as by a full disk) at every write, `fsync`, `link` and `rename`
    /// it makes, in turn, and the next run with the server down runs a whole good copy; processes
    /// running and refreshing on one cache directory at once never find it without one.
    @Suite("Remote cache: crash consistency and concurrent processes")
    struct RemoteCrashTests {
        typealias Fixture = RemoteTests.Fixture

        /// The test's environment and `name=value`: the tool reads the failure points from it
        /// (FailurePoint, a test hook).
        static func environment(_ name: String, _ value: Int) -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment[name] = "\(value)"
            return environment
        }

        @Test(
            "a refresh crashed or failed at each step of keeping the copy: the next run has a whole copy, never an older sequence",
            arguments: ["BEHAVE_TEST_CRASH_AT", "BEHAVE_TEST_FAIL_AT"])
        func everyStepOfStore(hook: String) throws {
            let fixture = try Fixture()
            let signatures = SignatureTests()
            let (key, pub) = try signatures.keygen("team", in: fixture.work)
            let options = ["--public-key", pub, "--require-signature"]
            let one = try signatures.signed(
                RemoteTests.first, as: "v1.json", key: key, in: fixture.work, ["--sequence", "1"])
            let two = try signatures.signed(
                RemoteTests.second, as: "v2.json", key: key, in: fixture.work, ["--sequence", "2"])
            let fresh = ["/b.json": TestServer.Route.body(RemoteTests.second), "/b.json.sig": .body(two)]
            let down = ["/b.json": TestServer.Route(status: 503), "/b.json.sig": TestServer.Route(status: 503)]
            let old = ["/b.json": TestServer.Route.body(RemoteTests.first), "/b.json.sig": .body(one)]
            try fixture.server.serve(old)
            #expect(try fixture.behave("run", "/b.json", options).status == 0)
            let primed = fixture.work.appendingPathComponent("primed")
            try FileManager.default.copyItem(atPath: fixture.cache, toPath: primed.path)
            var point = 1
            while point < 60 {
                try? FileManager.default.removeItem(atPath: fixture.cache)
                try FileManager.default.copyItem(atPath: primed.path, toPath: fixture.cache)
                try fixture.server.serve(fresh)
                let refresh = try Tool.run(
                    ["run", fixture.server.url("/b.json"), "--allow-http", "--cache-dir", fixture.cache] + options,
                    in: fixture.work, environment: Self.environment(hook, point))
                let interrupted =
                    hook == "BEHAVE_TEST_CRASH_AT"
                    ? refresh.status == 86 : refresh.stderr.contains("test hook: step \(point) fails")
                #expect([0, 86].contains(refresh.status), "point \(point): \(refresh.stderr)")
                try fixture.server.serve(down)
                let next = try fixture.behave("run", "/b.json", options)
                #expect(next.status == 10, "point \(point): \(next.stderr)")
                #expect(
                    [RemoteTests.firstOutput, RemoteTests.secondOutput].contains(next.stdout),
                    "point \(point): a torn or missing copy: \(next.stdout) \(next.stderr)")
                if next.stdout == RemoteTests.secondOutput {
                    // Sequence 2 is kept: sequence 1, served again, is refused.
                    try fixture.server.serve(old)
                    let replay = try fixture.behave("run", "/b.json", options)
                    #expect(replay.stdout == RemoteTests.secondOutput, "point \(point): \(replay.stderr)")
                }
                guard interrupted else { break }
                point += 1
            }
            #expect(point > 3 && point < 60, "the hook reached \(point) points")
        }

        @Test("8 processes × 50 runs and refreshes on one cache directory: none finds no copy, none runs a torn one")
        func concurrentProcesses() throws {
            let fixture = try Fixture()
            _ = try fixture.primed()
            let script = """
                i=0
                while [ $i -lt 50 ]; do
                    case $((i % 3)) in
                    0) "$1" run "$2" --allow-http --cache-dir "$3" >>"$4.out" 2>>"$4.err" ;;
                    1) "$1" run "$2" --allow-http --cache-dir "$3" --max-wait 0 >>"$4.out" 2>>"$4.err" ;;
                    2) "$1" run "$2" --allow-http --cache-dir "$3" --refresh >>"$4.out" 2>>"$4.err" ;;
                    esac
                    echo $? >>"$4.status"
                    echo . >>"$4.out"
                    i=$((i + 1))
                done
                """
            let processes = (0..<8).map { index -> Process in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = [
                    "-c", script, "sh", Tool.executable.path, fixture.server.url("/b.json"), fixture.cache,
                    fixture.work.appendingPathComponent("p\(index)").path,
                ]
                process.standardInput = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            // The server changes its copy while they run: every run may replace the current copy.
            var flip = false
            while processes.contains(where: \.isRunning) {
                try fixture.server.serve(["/b.json": .body(flip ? RemoteTests.first : RemoteTests.second)])
                flip.toggle()
                usleep(50_000)
            }
            for index in 0..<8 {
                let base = fixture.work.appendingPathComponent("p\(index)")
                let statuses = try String(contentsOf: base.appendingPathExtension("status"), encoding: .utf8)
                    .split(separator: "\n")
                #expect(statuses.count == 50)
                #expect(statuses.allSatisfy { $0 == "0" }, "process \(index): \(statuses)")
                let outputs = try String(contentsOf: base.appendingPathExtension("out"), encoding: .utf8)
                    .components(separatedBy: ".\n").dropLast()
                #expect(
                    outputs.allSatisfy { $0 == RemoteTests.firstOutput || $0 == RemoteTests.secondOutput },
                    "process \(index): \(outputs.filter { $0 != RemoteTests.firstOutput && $0 != RemoteTests.secondOutput })"
                )
            }
        }
    }
#endif
