import BehaveTestSupport
import Foundation
import Testing

/// `scripts/bench`'s flags (docs/performance.md), run on the debug build of the bench (`scripts/bench`
/// itself only adds the release build). Figures are not checked: the bench reports speed,
/// tests check behaviour.
@Suite("scripts/bench's flags")
struct BenchTests {
    static var executable: URL { Tool.product("behave-bench") }

    static func bench(_ arguments: [String]) throws -> String {
        let (status, out, _) = try run(arguments)
        #expect(status == 0)
        return out
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // stderr is one short line at most; stdout may be long, so it is read first.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    @Test(
        "a command line the bench cannot read stops it before measuring: one line saying why, exit 64",
        arguments: [
            (["--rounds"], "--rounds needs a whole number of rounds above 0"),
            (["--rounds", "0"], "--rounds needs a whole number of rounds above 0"),
            (["--rounds", "five"], "--rounds needs a whole number of rounds above 0"),
            (["--only"], "--only needs sections, e.g. --only calls,cpu"),
            (
                ["--only", "calls,bogus"],
                "--only: no section 'bogus' (sections: calls, scheduler, recorder, live, json, hosts, cpu, start, input, rehearse)"
            ),
            (
                ["--only", "calls,"],
                "--only: no section '' (sections: calls, scheduler, recorder, live, json, hosts, cpu, start, input, rehearse)"
            ),
            (["--jsn"], "unknown argument '--jsn'"),
        ])
    func refused(arguments: [String], message: String) throws {
        let (status, out, err) = try Self.run(arguments)
        #expect(status == 64)
        #expect(out.isEmpty, "nothing measured: \(out)")
        #expect(err.split(separator: "\n").first.map(String.init) == "behave-bench: \(message)")
        #expect(
            err.contains(
                "usage: behave-bench [--json] [--rounds N] [--only calls,scheduler,recorder,live,json,hosts,cpu,start,input,rehearse]"
            ))
    }

    @Test("--help prints the usage and measures nothing")
    func help() throws {
        let (status, out, _) = try Self.run(["--help"])
        #expect(status == 0)
        #expect(
            out
                == "usage: behave-bench [--json] [--rounds N] [--only calls,scheduler,recorder,live,json,hosts,cpu,start,input,rehearse] [--record DIRECTORY]\n"
        )
    }

    @Test("--only measures just the sections named, and prints the table with its header")
    func only() throws {
        let table = try Self.bench(["--only", "start", "--rounds", "1"])
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.first == "| measured | Behave | baseline | ratio | target | met |")
        #expect(rows.count == 2, "\(table)")
        #expect(rows.last?.hasPrefix("| process start to finish, one-line script: behave run vs lua5.4 |") == true)
    }

    @Test("--only cpu,start: the CPU rows with their floors, then process start, and nothing else")
    func readmeSections() throws {
        let table = try Self.bench(["--only", "cpu,start", "--rounds", "1"])
        let names = table.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst()
            .map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let workloads = ["recursive fib(30)", "sort 1M numbers", "string building", "coroutine ping-pong"]
        #expect(
            names == workloads.flatMap {
                [
                    "\($0): behave run (sandbox, all default limits) vs lua5.4",
                    "\($0): behave run --instruction-limit vs lua-floor --hook 1000 (its floor)",
                    "\($0): C host with an empty count hook vs without (what any instruction limit costs)",
                ]
            } + ["process start to finish, one-line script: behave run vs lua5.4"], "\(table)")
    }

    @Test("peak-memory reads a command's peak, not the peak of the process that started it")
    func peakMemory() throws {
        // This process holds 256 MiB, touched, while it starts the measurement: a child of it
        // would report at least that (Linux carries ru_maxrss across exec), as the input row did
        // after the json section.
        let size = 256 << 20
        let held = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { held.deallocate() }
        held.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        let measured = try Tool.run(["/bin/true"], program: Tool.product("peak-memory"))
        #expect(measured.status == 0)
        let kibibytes = try #require(Int(measured.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kibibytes > 0 && kibibytes < 64 << 10, "\(kibibytes) KiB")
        let failing = try Tool.run(["/bin/false"], program: Tool.product("peak-memory"))
        #expect(failing.status == 1)
        #expect(try Tool.run([], program: Tool.product("peak-memory")).status == 64)
    }

    @Test("--json prints the rows for machines: name, figures, unit, ratio, target, met")
    func json() throws {
        let text = try Self.bench(["--only", "start", "--rounds", "1", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(Set(row.keys) == ["name", "behave", "baseline", "unit", "ratio", "target", "met"])
        #expect(row["unit"] as? String == "ms")
        #expect(row["target"] as? Double == 2)
    }
}
