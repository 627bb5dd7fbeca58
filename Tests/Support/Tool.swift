import Foundation

/// Runs the built `behave` executable, as a user would.
package enum Tool {
    /// The package's root: this file is Tests/Support/Tool.swift.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where the build put the executables: beside this test bundle (`.build/debug`, or
    /// wherever `--build-path` or `--configuration` sent them), found from the running test binary.
    package static let products: URL = {
        var url = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        for _ in 0..<4 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("behave").path) { return url }
        }
        return root.appendingPathComponent(".build/debug")
    }()

    /// The built executable `name` (`behave`, `behave-remote`, `behave-bench`).
    package static func product(_ name: String) -> URL { products.appendingPathComponent(name) }

    package static var executable: URL { product("behave") }

    package struct Result {
        package var stdout: String
        package var stderr: String
        package var status: Int32

        package init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    /// Runs `behave` (or `program`) with `arguments`; `input` (if any) is written to its stdin, then closed;
    /// `inputFile` (if any) is its stdin instead (`/dev/zero`). `environment` replaces the test's own;
    /// without it, the tool's default store is `directory`'s own (`.state` in it), or a fresh one
    /// when there is no directory, so that what one test's behaviour keeps never reaches another's.
    package static func run(
        _ arguments: [String], in directory: URL? = nil, input: String? = nil, inputFile: String? = nil,
        program: URL? = nil, environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        if let environment {
            process.environment = environment
        } else {
            var isolated = ProcessInfo.processInfo.environment
            // A path only: the store makes the directory when a behaviour first keeps something.
            isolated["XDG_STATE_HOME"] =
                (directory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "behave-state-\(UUID().uuidString)")).appendingPathComponent(".state").path
            process.environment = isolated
        }
        process.currentDirectoryURL = directory ?? root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput =
            try inputPipe ?? inputFile.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
            ?? FileHandle.nullDevice
        try process.run()
        if let inputPipe, let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Read both pipes while the process runs, so a large output cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        process.waitUntilExit()
        group.wait()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// A fresh temporary directory for files a test writes.
    package static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("behave-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    package static func write(_ contents: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The text of a file a run wrote (a trace, a report) in `directory`.
    package static func read(_ name: String, in directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    package static func write(bytes: [UInt8], to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
