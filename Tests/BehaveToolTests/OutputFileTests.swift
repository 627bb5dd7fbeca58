import BehaveTestSupport
import Foundation
import Testing

/// The files a command writes whole where the user names them, through the built tool: a link
/// stays a link and the file it leads to gets the content, a device or a FIFO is written into,
/// and nothing but a regular file is ever replaced (docs/cli.md, "Output files").
@Suite("Output files are written where their names lead")
struct OutputFileTests {
    /// Each whole-file output of `behave test` and `behave run`, by the option that names it.
    enum Output: String, CaseIterable, Sendable {
        case junit, coverage, record

        /// The command line that writes this output to `path`, in a directory made by `work()`.
        func arguments(_ path: String) -> [String] {
            switch self {
            case .junit: ["test", "--junit", path, "b_test.lua"]
            case .coverage: ["test", "--coverage", path, "b_test.lua"]
            case .record: ["run", "--record", path, "b.lua"]
            }
        }

        /// Text the output holds.
        var marker: String {
            switch self {
            case .junit: #"<testcase name="runs""#
            case .coverage: "end_of_record\n"
            case .record: #""behave_recording":1"#
            }
        }
    }

    /// A directory with a behaviour that prints `ran` and a test that runs it.
    static func work() throws -> URL {
        let work = try Tool.temporaryDirectory()
        _ = try Tool.write("print('ran')\n", to: "b.lua", in: work)
        _ = try Tool.write("test('runs', function() run_behaviour('b.lua') end)\n", to: "b_test.lua", in: work)
        return work
    }

    @Test(
        "a link named as the output stays a link; the file it leads to gets the content, replaced or made",
        arguments: Output.allCases)
    func link(output: Output) throws {
        let work = try Self.work()
        let manager = FileManager.default
        let files = work.appendingPathComponent("files")
        try manager.createDirectory(at: files, withIntermediateDirectories: true)
        _ = try Tool.write("old\n", to: "files/kept", in: work)
        for name in ["kept", "made"] {
            let link = work.appendingPathComponent(name).path
            try manager.createSymbolicLink(atPath: link, withDestinationPath: "files/\(name)")
            let result = try Tool.run(output.arguments(name), in: work)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try manager.destinationOfSymbolicLink(atPath: link) == "files/\(name)")
            #expect(try Tool.read("files/\(name)", in: work).contains(output.marker))
        }
        #expect(
            try manager.contentsOfDirectory(atPath: files.path).sorted() == ["kept", "made"], "no file left behind")
    }

    /// Through a link in a temporary directory, not /dev/null itself: a build that replaced it,
    /// run as root, would replace the machine's own.
    @Test("a character device is written into, never replaced", arguments: Output.allCases)
    func device(output: Output) throws {
        let work = try Self.work()
        let manager = FileManager.default
        let link = work.appendingPathComponent("null").path
        try manager.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        let result = try Tool.run(output.arguments("null"), in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try manager.destinationOfSymbolicLink(atPath: link) == "/dev/null")
        var info = stat()
        let found = stat("/dev/null", &info) == 0
        #expect(found && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test(
        "a link to the tool's standard output sends the content there, after what was printed",
        arguments: Output.allCases)
    func standardOutput(output: Output) throws {
        let work = try Self.work()
        let link = work.appendingPathComponent("out").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/stdout")
        let result = try Tool.run(output.arguments("out"), in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let printed = try #require(result.stdout.range(of: "ran\n"), "\(result.stdout)")
        let written = try #require(result.stdout.range(of: output.marker), "\(result.stdout)")
        #expect(printed.upperBound <= written.lowerBound, "\(result.stdout)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/stdout")
    }

    @Test("a FIFO is written into while a process reads it, and refused at once (exit 73) while none does")
    func fifo() throws {
        let work = try Self.work()
        let path = work.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o644) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        let written = try BoundedWaitTests.Spawned(Output.junit.arguments("pipe"), in: work)
        let ended = try #require(written.exit(within: 20), "still writing to the FIFO")
        #expect(ended.status == 0, "\(written.stderr)")
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &bytes, bytes.count)
        close(reader)
        #expect(String(decoding: bytes[..<max(count, 0)], as: UTF8.self).contains(Output.junit.marker))
        let unread = try BoundedWaitTests.Spawned(Output.junit.arguments("pipe"), in: work)
        let refused = try #require(unread.exit(within: 20), "still waiting for a reader of the FIFO")
        #expect(refused.status == 73)
        #expect(unread.stderr == "behave: cannot write pipe: a FIFO that no process reads\n")
        var info = stat()
        let found = stat(path, &info) == 0
        #expect(found && (info.st_mode & S_IFMT) == S_IFIFO, "still a FIFO")
    }
}
