import ArgumentParser
import Behave
import BehavePlatform

/// `--watch`: runs something again whenever one of the files it used changes.
enum FileWatch {
    /// Runs `body`, which names the files it used (also when it fails), then waits for one of them
    /// to change, says which, and runs it again; Ctrl-C, SIGTERM or SIGHUP end the watch with
    /// their exit code. A failure of `body` was reported by it: the watch waits for a fix.
    static func repeating(_ body: (inout [String]) async throws(ExitCode) -> Void) async throws(ExitCode) {
        let name = BehaveTool.current.name
        while true {
            var files: [String] = []
            do { try await body(&files) } catch { if Interrupts.cancelled { throw error } }
            var seen: Set<String> = []
            files = files.filter { seen.insert($0).inserted }
            // Stamped before saying so: a change made as soon as the line is read must count.
            let stamps = files.map(Platform.fileStamp)
            StandardError.write("\(name): watching \(files.count) file\(files.count == 1 ? "" : "s"); Ctrl-C stops\n")
            while true {
                usleep(100_000)
                if Interrupts.cancelled { throw ExitCode(Interrupts.exitCode) }
                if let changed = files.indices.first(where: { Platform.fileStamp(files[$0]) != stamps[$0] }) {
                    StandardError.write("\(name): \(files[changed]) changed; running again\n")
                    break
                }
            }
        }
    }
}
