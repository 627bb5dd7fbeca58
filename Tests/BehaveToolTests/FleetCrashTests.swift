#if Remote
    import BehaveTestSupport
    import Foundation
    import Testing

    /// A phone killed at any moment while a fleet rolls its behaviour from one copy to the next:
    /// what a copy has stored is never lost, and the next copy counts on from it.
    @Suite("Fleet rollout under SIGKILL")
    struct FleetCrashTests {
        /// Each copy counts in the store, printing each value once it is kept (`store.set` returns
        /// after the write is on disk); the wait lets the tool write out what was printed.
        static func counter(_ copy: String) -> String {
            """
            local n = store.get('n') or 0
            while true do
              n = n + 1
              store.set('n', n)
              print('\(copy)', n)
              wait(0.001)
            end

            """
        }

        /// The device's run under `arguments`, killed with SIGKILL after `delay` microseconds:
        /// the copies and values it printed. On a thread of its own, as the run blocks.
        static func killed(_ arguments: [String], in directory: URL, after delay: useconds_t) async -> [(String, Int)] {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    let process = Process()
                    process.executableURL = Tool.executable
                    process.arguments = arguments
                    process.currentDirectoryURL = directory
                    let out = Pipe()
                    process.standardOutput = out
                    process.standardError = FileHandle.nullDevice
                    do { try process.run() } catch {
                        continuation.resume(returning: [])
                        return
                    }
                    usleep(delay)
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    let values = text.split(separator: "\n").compactMap { line -> (String, Int)? in
                        let fields = line.split(separator: "\t")
                        guard fields.count == 2, let value = Int(fields[1]) else { return nil }
                        return (String(fields[0]), value)
                    }
                    continuation.resume(returning: values)
                }
            }
        }

        @Test("killed at random points through a rollout from c7 to c8, the phone never loses a value it kept")
        func rolloutKilled() async throws {
            let release = try await FleetReleaseTests.Release()
            for copy in ["7", "8"] { _ = try Tool.write(Self.counter(copy), to: "c\(copy).lua", in: release.work) }
            try await release.fleet("new")
            try await release.add("c7", "c8")
            try await release.fleet("point", "production", "c7")
            let store = release.work.appendingPathComponent("store").path
            let identity = release.server.url("/manifest.json") + "#production"
            var generator = SystemRandomNumberGenerator()
            var kept = 0
            var ranCopies: Set<String> = []
            // BEHAVE_CRASH_TRIALS runs more (or fewer) of them.
            let trials = ProcessInfo.processInfo.environment["BEHAVE_CRASH_TRIALS"].flatMap { Int($0) } ?? 40
            for trial in 0..<trials {
                // Half way, the operator rolls the channel out to c8.
                if trial == trials / 2 { try await release.fleet("point", "production", "c8") }
                let arguments =
                    [
                        "run", release.server.url("/manifest.json"), "--channel", "production", "--install-id", "phone",
                        "--public-key", release.pub, "--require-signature", "--allow-http",
                        "--cache-dir", release.work.appendingPathComponent("cache").path, "--store-dir", store,
                    ]
                let delay = useconds_t.random(in: 50_000...1_000_000, using: &generator)
                let printed = await Self.killed(arguments, in: release.work, after: delay)
                ranCopies.formUnion(printed.map(\.0))
                let values = printed.map(\.1)
                #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "trial \(trial): \(values)")
                let shown = try await Tool.runDetached(["store", "--store-dir", store, identity], in: release.work)
                #expect(shown.status == 0, "trial \(trial): \(shown.stderr)")
                let stored = shown.stdout.firstMatch(of: /"n":(\d+)/).map { Int($0.1) ?? -1 } ?? 0
                let reported = printed.map(\.1).max() ?? 0
                #expect(
                    stored >= reported, "trial \(trial) (killed at \(delay) µs): stored \(stored), printed \(reported)")
                #expect(stored >= kept, "trial \(trial) (killed at \(delay) µs): stored \(stored) after \(kept)")
                // Every value a copy printed continues from what the one before kept.
                if let first = printed.first?.1 {
                    #expect(first == kept + 1, "trial \(trial): began at \(first) after \(kept)")
                }
                kept = max(kept, stored)
            }
            // The last trials ran c8, counting on from c7's values.
            #expect(ranCopies.contains("8"), "c8 never ran: \(ranCopies)")
            #expect(kept > 0)
        }
    }
#endif
