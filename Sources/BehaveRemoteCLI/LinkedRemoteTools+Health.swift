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

        /// The reports in a file, or at an http(s) URL (one GET, the run's TLS and headers).
        static func collected(_ source: String, options: RemoteOptions, limit: Int) async throws -> [UInt8] {
            guard Behaviour.isRemote(source) else {
                do { return try FileBytes.read(source, limit: limit) } catch { throw BehaveExit.report(error) }
            }
            let name = BehaveTool.current.name
            if source.lowercased().hasPrefix("http://") && !options.allowHTTP {
                StandardError.write("\(name): \(source): plain http is refused; use https, or pass --allow-http\n")
                throw ExitCode(BehaveExit.usage)
            }
            do throws(RemoteProblem) {
                let transport = try AsyncHTTPClientTransport(
                    connectTimeout: options.connectTimeout ?? 5, certificateAuthorities: options.certificateAuthorities)
                let answer: TransportResponse
                do {
                    answer = try await transport.get(
                        TransportRequest(
                            url: source, headers: options.headers.map { (name: $0.name, value: $0.value) },
                            maximumSize: limit, timeout: options.timeout ?? 15))
                } catch {
                    await transport.shutdown()
                    throw error
                }
                await transport.shutdown()
                guard answer.status == 200 else { throw RemoteProblem.status(answer.status) }
                return answer.body
            } catch {
                StandardError.write("\(name): \(source): \(error)\n")
                throw ExitCode(BehaveExit.nothingRan)
            }
        }
    }
#endif
