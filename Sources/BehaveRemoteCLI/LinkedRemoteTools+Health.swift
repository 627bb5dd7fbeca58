#if Remote
    import ArgumentParser
    import Behave
    import BehaveCLI
    import BehaveRemote

    extension LinkedRemoteTools {
        func health(_ command: HealthCommand) async throws {
            let bytes = try await Self.collected(command.reports, options: command.remote, limit: command.input.limit)
            let summary = HealthSummary(lines: bytes)
            print(command.json ? summary.json : summary.text, terminator: command.json ? "\n" : "")
            if summary.unreadable > 0, let line = summary.firstUnreadableLine {
                StandardError.write(
                    "\(BehaveTool.current.name): warning: \(command.reports):\(line): \(summary.unreadable) line"
                        + "\(summary.unreadable == 1 ? " is" : "s are") not a report"
                        + (summary.firstUnreadableReason.map { " (\($0))" } ?? "") + "; skipped\n")
            }
            if let failAbove = command.failAbove,
                let worst = summary.groups.filter({ $0.failureRate * 100 > failAbove }).first
            {
                StandardError.write(
                    "\(BehaveTool.current.name): \(worst.copy) (rule \(worst.rule ?? "-")) fails "
                        + "\(worst.failures) of \(worst.runs) runs, above --fail-above \(failAbove)%\n")
                throw ExitCode(BehaveExit.scriptError)
            }
        }

        /// The reports in a file, or at an http(s) URL (fetched as a copy is, with the run's TLS and headers).
        static func collected(_ source: String, options: RemoteOptions, limit: Int) async throws -> [UInt8] {
            guard Behaviour.isRemote(source) else {
                do { return try FileBytes.read(source, limit: limit) } catch { throw BehaveExit.report(error) }
            }
            var configuration: RemoteConfiguration
            do { configuration = try options.configuration(inputLimit: limit) } catch {
                throw BehaveExit.report(error)
            }
            configuration.maximumSize = limit
            do { return try await RemoteLoader(configuration).download(source) } catch {
                StandardError.write("\(BehaveTool.current.name): \(source): \(error)\n")
                throw ExitCode(BehaveExit.nothingRan)
            }
        }
    }
#endif
