import ArgumentParser
import Behave

/// `behave test --from-recording RECORDING -o FILE_test.lua`.
enum RecordingTest {
    /// Writes the test file made from the recording at `path` to `output` (stdout when nil), never
    /// over an existing file. The calls a test checks need their arguments: the recorded copy
    /// gives those the recording lacks, replayed in the sandbox (a trusted run's recording keeps
    /// them as they are).
    static func write(from path: String, to output: String?) async throws(ExitCode) {
        let read: Recording
        do throws(BehaveError) {
            read = try Recording.read(path: path)
        } catch { throw BehaveExit.report(error) }
        let recording = await BehaveHost.completing(read)
        let behaviour = LexicalPath.relative(recording.behaviour.name, from: LexicalPath.directory(of: output ?? "./-"))
        let text = recording.testFile(behaviourPath: behaviour)
        guard let output else {
            print(text, terminator: "")
            return try BehaveExit.flushOutput()
        }
        do { try OutputFile.write(Array(text.utf8), to: output, replacing: false) } catch {
            StandardError.write("\(BehaveTool.current.name): cannot write \(output): \(error.reason)\n")
            throw ExitCode(BehaveExit.cannotWrite)
        }
    }
}
