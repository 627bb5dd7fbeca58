import BehaveTestSupport
import Foundation
import Testing

/// The store through the built tool: `run --store-dir`, `behave store` to list, show and clear,
/// `behave test`'s store for each test, and a store that a crash at any point, or a real
/// `SIGKILL`, leaves with its last committed values.
@Suite("Store through the tool")
struct StoreToolTests {
    static let visits = """
        local n = store.get("visits") or 0
        store.set("visits", n + 1)
        print("visit " .. (n + 1))

        """

    @Test("a run keeps what it stores for the next; behave store lists, shows and clears it")
    func restart() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(Self.visits, to: "visits.lua", in: directory)
        let store = directory.appendingPathComponent("store").path
        #expect(try Tool.run(["run", "--store-dir", store, "visits.lua"], in: directory).stdout == "visit 1\n")
        #expect(try Tool.run(["run", "--store-dir", store, script]).stdout == "visit 2\n")
        let listed = try Tool.run(["store", "--store-dir", store])
        #expect(listed.stdout == "\(script)  1 key, 9 bytes\n")
        #expect(
            try Tool.run(["store", "--store-dir", store, "visits.lua"], in: directory).stdout == "{\"visits\":2}\n")
        #expect(try Tool.run(["store", "--store-dir", store, "--clear", script]).status == 0)
        let again = try Tool.run(["store", "--store-dir", store, "--clear", script])
        #expect(again.status == 0 && again.stderr == "\(script): nothing stored\n")
        #expect(try Tool.run(["run", "--store-dir", store, script]).stdout == "visit 1\n")
        // Named from elsewhere, through `..` or a link: the same file, the same namespace.
        let inner = directory.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        #expect(try Tool.run(["run", "--store-dir", store, "../visits.lua"], in: inner).stdout == "visit 2\n")
        try FileManager.default.createSymbolicLink(atPath: inner.path + "/link.lua", withDestinationPath: script)
        #expect(try Tool.run(["run", "--store-dir", store, "link.lua"], in: inner).stdout == "visit 3\n")
        // With -e run before it, it is still the script, in the script's namespace.
        #expect(
            try Tool.run(["run", "--store-dir", store, "-e", "x = 1", "../visits.lua"], in: inner).stdout
                == "visit 4\n")
        // A script from stdin has the namespace `stdin`, which behave store names as the list shows it.
        #expect(try Tool.run(["run", "--store-dir", store, "-"], input: Self.visits).stdout == "visit 1\n")
        #expect(try Tool.run(["store", "--store-dir", store, "stdin"], in: inner).stdout == "{\"visits\":1}\n")
    }

    @Test("by default the store is under $XDG_STATE_HOME, else ~/.local/state; with no home, it lasts the run")
    func defaultDirectory() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(Self.visits, to: "visits.lua", in: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        for expected in ["visit 1\n", "visit 2\n"] {
            #expect(try Tool.run(["run", script], environment: environment).stdout == expected)
        }
        let listed = try Tool.run(["store"], environment: environment)
        #expect(listed.stdout == "\(script)  1 key, 9 bytes\n")
        let kept = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("state/behave/store").path)
        #expect(kept.filter { $0.hasSuffix(".json") }.count == 1)
        environment["XDG_STATE_HOME"] = nil
        environment["HOME"] = directory.appendingPathComponent("home").path
        #expect(try Tool.run(["run", script], environment: environment).stdout == "visit 1\n")
        #expect(
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("home/.local/state/behave/store").path))
        environment["HOME"] = "relative"
        for _ in 0..<2 { #expect(try Tool.run(["run", script], environment: environment).stdout == "visit 1\n") }
    }

    @Test("docs/store.md's commands print what it shows")
    func docsCommands() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write(try Docs.block("store-lua", in: "docs/store.md"), to: "vote.lua", in: directory)
        var expected = ""
        var printed = ""
        for line in try Docs.block("store-run", in: "docs/store.md").split(separator: "\n") {
            guard line.hasPrefix("$ behave ") else {
                expected += line + "\n"
                continue
            }
            let words = line.dropFirst("$ behave ".count).split(separator: " ").map(String.init)
            let result = try Tool.run(words, in: directory)
            #expect(result.status == 0, "\(line): \(result.stderr)")
            printed += result.stdout
        }
        #expect(printed == expected)
    }

    @Test("bad store options and a store file that is not one: one line each, documented exits")
    func badInput() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(Self.visits, to: "visits.lua", in: directory)
        let quota = try Tool.run(["run", "--store-quota", "2GiB", script])
        #expect(quota.status == 64 && quota.stderr.contains("--store-quota must be at most 64MiB, not 2GiB"))
        let clear = try Tool.run(["store", "--clear"])
        #expect(clear.status == 64 && clear.stderr.contains("--clear needs the behaviour"))
        let store = directory.appendingPathComponent("store")
        #expect(try Tool.run(["run", "--store-dir", store.path, script]).status == 0)
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: store.path).first { $0.hasSuffix(".json") })
        let broken = "{\"behaviour\": 1}"
        try Data(broken.utf8).write(to: store.appendingPathComponent(file))
        let listed = try Tool.run(["store", "--store-dir", store.path])
        #expect(listed.status == 66)
        #expect(
            listed.stderr
                == "behave: \(store.path)/\(file):1:1: not a store file: expected {\"behaviour\": …, \"values\": {…}}; "
                + "behave store --clear \(file) removes it\n")
        let run = try Tool.run(["run", "--store-dir", store.path, script])
        #expect(
            run.status == 1 && run.stderr.contains("visits.lua:1: store: \(store.path)/\(file):1:1: not a store file"))
        #expect(try String(contentsOf: store.appendingPathComponent(file), encoding: .utf8) == broken)
        // --clear forgets a file that cannot be read too.
        #expect(try Tool.run(["store", "--store-dir", store.path, "--clear", script]).status == 0)
        #expect(try Tool.run(["run", "--store-dir", store.path, script]).stdout == "visit 1\n")
    }

    @Test(
        "a store directory that is a file, or whose lock cannot be opened, says why, not that another process holds it")
    func unusableDirectory() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(Self.visits, to: "visits.lua", in: directory)
        let file = try Tool.write("not a directory\n", to: "file", in: directory)
        let onFile = try Tool.run(["run", "--store-dir", file, script])
        #expect(onFile.status == 1)
        #expect(onFile.stderr.contains("store: \(file): not a directory"), "\(onFile.stderr)")
        let store = directory.appendingPathComponent("store")
        try FileManager.default.createDirectory(
            at: store.appendingPathComponent(".lock"), withIntermediateDirectories: true)
        let locked = try Tool.run(["run", "--store-dir", store.path, script])
        #expect(locked.status == 1)
        #expect(locked.stderr.contains("cannot take the store's lock: Is a directory"), "\(locked.stderr)")
        #expect(!locked.stderr.contains("another process"))
    }

    @Test("the list names each file that serves no namespace on its own line, lists the rest, exits 66; --clear NAME")
    func damagedFiles() throws {
        let directory = try Tool.temporaryDirectory()
        let visits = try Tool.write(Self.visits, to: "visits.lua", in: directory)
        let other = try Tool.write(Self.visits, to: "other.lua", in: directory)
        let store = directory.appendingPathComponent("store")
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0.hasSuffix(".json") }.sorted()
        }
        #expect(try Tool.run(["run", "--store-dir", store.path, visits]).stdout == "visit 1\n")
        let visitsFile = try #require(try files().first)
        #expect(try Tool.run(["run", "--store-dir", store.path, other]).stdout == "visit 1\n")
        let otherFile = try #require(try files().first { $0 != visitsFile })
        // other.lua's file replaced by a copy of visits.lua's: other.lua's run refuses it.
        let otherPath = store.appendingPathComponent(otherFile).path
        try FileManager.default.removeItem(atPath: otherPath)
        try FileManager.default.copyItem(atPath: store.appendingPathComponent(visitsFile).path, toPath: otherPath)
        let refused = try Tool.run(["run", "--store-dir", store.path, other])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "other.lua:1: store: \(otherPath): holds the store of \"\(visits)\", not of \"\(other)\": refused"),
            "\(refused.stderr)")
        // A link, a file that is not a store file and a FIFO beside them.
        try FileManager.default.createSymbolicLink(
            atPath: store.appendingPathComponent("link.json").path,
            withDestinationPath: store.appendingPathComponent(visitsFile).path)
        try Data("{".utf8).write(to: store.appendingPathComponent("junk.json"))
        #expect(mkfifo(store.appendingPathComponent("fifo.json").path, 0o600) == 0)
        let listed = try Tool.run(["store", "--store-dir", store.path])
        #expect(listed.status == 66)
        #expect(listed.stdout == "\(visits)  1 key, 9 bytes\n")
        let lines = listed.stderr.split(separator: "\n")
        #expect(lines.count == 4, "\(listed.stderr)")
        for name in ["fifo.json", "junk.json", "link.json", otherFile] {
            #expect(
                lines.contains { $0.contains("/\(name)") && $0.hasSuffix("behave store --clear \(name) removes it") },
                "\(name): \(listed.stderr)")
        }
        // Each is removed by the name the list gives; the link goes, not what it points to.
        for name in ["fifo.json", "junk.json", "link.json", otherFile] {
            let cleared = try Tool.run(["store", "--store-dir", store.path, "--clear", name])
            #expect(cleared.status == 0 && cleared.stderr.isEmpty, "\(name): \(cleared.stderr)")
        }
        #expect(try files() == [visitsFile])
        let clean = try Tool.run(["store", "--store-dir", store.path])
        #expect(clean.status == 0 && clean.stdout == "\(visits)  1 key, 9 bytes\n" && clean.stderr.isEmpty)
        #expect(try Tool.run(["run", "--store-dir", store.path, other]).stdout == "visit 1\n")
    }

    @Test("a URL's --fallback keeps the URL's namespace: a launch with no network counts on from the copy's")
    func fallbackSharesTheURLsNamespace() throws {
        let server = try TestServer()
        let directory = try Tool.temporaryDirectory()
        try server.serve(["/visits.lua": .body(Self.visits)])
        let fallback = try Tool.write(Self.visits, to: "bundled.lua", in: directory)
        let store = directory.appendingPathComponent("store").path
        let url = server.url("/visits.lua")
        func launch(cache: String) throws -> Tool.Result {
            try Tool.run(
                [
                    "run", url, "--allow-http", "--cache-dir", directory.appendingPathComponent(cache).path,
                    "--store-dir", store, "--fallback", fallback,
                ], in: directory)
        }
        let online = try launch(cache: "cache-1")
        #expect(online.status == 0 && online.stdout == "visit 1\n", "\(online.stderr)")
        server.stop()
        // Another install: nothing cached and no network, so the fallback runs.
        let offline = try launch(cache: "cache-2")
        #expect(offline.status == 11 && offline.stdout == "visit 2\n", "\(offline.stderr)")
        #expect(try Tool.run(["store", "--store-dir", store]).stdout == "\(url)  1 key, 9 bytes\n")
        #expect(try Tool.run(["store", "--store-dir", store, url]).stdout == "{\"visits\":2}\n")
    }

    @Test(
        "a write crashed or failed at each of its steps leaves the last committed value, never a torn file",
        arguments: ["BEHAVE_TEST_CRASH_AT", "BEHAVE_TEST_FAIL_AT"])
    func everyStep(hook: String) throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(Self.visits, to: "visits.lua", in: directory)
        let store = directory.appendingPathComponent("store").path
        #expect(try Tool.run(["run", "--store-dir", store, script]).stdout == "visit 1\n")
        let primed = directory.appendingPathComponent("primed").path
        try FileManager.default.copyItem(atPath: store, toPath: primed)
        var point = 1
        while point < 20 {
            try? FileManager.default.removeItem(atPath: store)
            try FileManager.default.copyItem(atPath: primed, toPath: store)
            var environment = ProcessInfo.processInfo.environment
            environment[hook] = "\(point)"
            let interrupted = try Tool.run(["run", "--store-dir", store, script], environment: environment)
            let next = try Tool.run(["run", "--store-dir", store, script])
            #expect(["visit 2\n", "visit 3\n"].contains(next.stdout), "point \(point): \(next.stdout) \(next.stderr)")
            if interrupted.status == 0 {
                #expect(interrupted.stdout == "visit 2\n" && next.stdout == "visit 3\n")
                break
            }
            // The write that failed or crashed is not reported as done.
            #expect(interrupted.stdout.isEmpty, "point \(point)")
            #expect([1, 86].contains(interrupted.status), "point \(point): \(interrupted.stderr)")
            point += 1
        }
        #expect(point > 2 && point < 20, "the hook reached \(point) points")
    }

    @Test("SIGKILL while a behaviour writes in a loop: the store reads back whole, at or past the last write reported")
    func sigkill() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            "for i = 1, 1000000 do store.set('n', {count = i, pad = string.rep('x', i % 500)}) print(i) end",
            to: "loop.lua", in: directory)
        let store = directory.appendingPathComponent("store").path
        for delay in [30_000, 120_000, 250_000, 400_000] as [useconds_t] {
            let process = Process()
            process.executableURL = Tool.executable
            process.arguments = ["run", "--store-dir", store, script]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed =
                String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").compactMap { Int($0) }.max() ?? 0
            let shown = try Tool.run(["store", "--store-dir", store, script])
            #expect(shown.status == 0, "\(shown.stderr)")
            let count = shown.stdout.firstMatch(of: /"count":(\d+)/).map { Int($0.1) ?? -1 } ?? 0
            #expect(count >= printed, "stored \(count), printed \(printed)")
        }
        // The next write clears what the killed writers left beside the namespaces.
        _ = try Tool.run(["run", "--store-dir", store, "-"], input: "store.set('n', 0)")
        let left = try FileManager.default.contentsOfDirectory(atPath: store).filter { $0.hasPrefix(".tmp-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("behave test: each test starts with an empty store, which the behaviour it runs shares")
    func inTests() throws {
        let directory = try Tool.temporaryDirectory()
        _ = try Tool.write(Self.visits, to: "visits.lua", in: directory)
        _ = try Tool.write(
            """
            test("a first visit", function()
              run_behaviour("visits.lua")
              expect(store.get("visits")).to_be(1)
            end)
            test("a returning visitor", function()
              expect(store.get("visits")).to_be_nil()
              store.set("visits", 41)
              run_behaviour("visits.lua")
              expect(store.get("visits")).to_be(42)
            end)

            """, to: "visits_test.lua", in: directory)
        let result = try Tool.run(["test", "visits_test.lua"], in: directory)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("visit 42\n") && result.stdout.contains("2 passed, 0 failed"))
    }
}
