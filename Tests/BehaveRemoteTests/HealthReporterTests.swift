#if Remote
    import Behave
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import PubSubFixture
    import Testing

    @Suite("Health reporter: queued on disk, posted in batches", .resumedPromptly)
    struct HealthReporterTests {
        /// A reporter to `collector` over plain http, queued in a fresh directory.
        static func reporter(
            _ collector: String, allowing fields: Set<String> = [], batchSize: Int = 100, connectTimeout: Double = 5
        ) throws -> HealthReporter {
            var configuration = HealthConfiguration(collector: collector, directory: healthDirectory())
            configuration.connection.allowHTTP = true
            configuration.connection.connectTimeout = connectTimeout
            configuration.allowedFields = fields
            configuration.batchSize = batchSize
            configuration.backoffBase = 60
            return try HealthReporter(configuration)
        }

        /// A socket on 127.0.0.1 listening, and never accepting nor answering: its port. With
        /// `listening` false, the port is closed again at once: connections are refused.
        static func port(listening: Bool) -> (port: Int, fd: Int32) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    _ = bind(fd, pointer, length)
                    return getsockname(fd, pointer, &length)
                }
            }
            let port = Int(UInt16(bigEndian: address.sin_port))
            if listening { listen(fd, 16) } else { close(fd) }
            return (port, listening ? fd : -1)
        }

        @Test("a collector that refuses: nothing lost up to the bound, the backoff recorded and kept")
        func unreachable() async throws {
            let closed = Self.port(listening: false).port
            let reporter = try Self.reporter("http://127.0.0.1:\(closed)/collect")
            for sequence in 0..<150 { #expect(reporter.record(healthReport(sequence)) == nil) }
            let before = Date().timeIntervalSince1970
            let flush = await reporter.flush(within: 10)
            #expect(flush.sent == 0)
            #expect(flush.kept == 150)
            #expect(flush.dropped == 0)
            #expect(flush.failure != nil)
            #expect(!flush.postponed)
            #expect(flush.nextAttempt >= before + 30)
            #expect(try reporter.queue.read().state.failures == 1)
            let again = await reporter.flush(within: 10)
            #expect(again.postponed)
            #expect(again.sent == 0)
            #expect(again.failure == nil)
            #expect(again.kept == 150)
            #expect(try reporter.queue.read().state.failures == 1)
            #expect(try reporter.queue.read().reports.map(\.sequence) == (0..<150).map { $0 })
        }

        @Test("a collector that never answers holds the flush no longer than its bound")
        func silent() async throws {
            let silent = Self.port(listening: true)
            defer { close(silent.fd) }
            let reporter = try Self.reporter("http://127.0.0.1:\(silent.port)/collect", connectTimeout: 120)
            reporter.record(healthReport(1))
            let start = Date()
            let flush = await reporter.flush(within: 1)
            #expect(Date().timeIntervalSince(start) < 60)
            #expect(flush.failure == "no answer within 1 s")
            #expect(flush.kept == 1)
            #expect(try reporter.queue.read().state.failures >= 1)
        }

        @Test("reports reach the real collector in order, in batches, and leave the queue")
        func collected() async throws {
            let collector = try HealthCollector()
            defer { collector.stop() }
            let reporter = try Self.reporter(collector.url, batchSize: 2)
            let reports = (0..<5).map { healthReport($0, outcome: $0 == 3 ? .failed : .ran) }
            for report in reports { reporter.record(report) }
            let flush = await reporter.flush(within: 30)
            #expect(flush.failure == nil, "\(collector.log())")
            #expect(flush.sent == 5)
            #expect(flush.kept == 0)
            #expect(try reporter.queue.read().lines.isEmpty)
            #expect(await collector.lines(atLeast: 5) == reports.map(\.line))
            #expect(HealthSummary(lines: collector.collected()).reports == 5)
            let nothing = await reporter.flush(within: 30)
            #expect(nothing.sent == 0 && nothing.failure == nil)
        }

        @Test("a collector answering 503 keeps every report queued")
        func unavailable() async throws {
            let collector = try HealthCollector()
            defer { collector.stop() }
            let reporter = try Self.reporter(collector.unavailableURL)
            for sequence in 0..<3 { reporter.record(healthReport(sequence)) }
            let flush = await reporter.flush(within: 30)
            #expect(flush.failure == "the server answered 503")
            #expect(flush.sent == 0)
            #expect(flush.kept == 3)
            #expect(try reporter.queue.read().reports.map(\.sequence) == [0, 1, 2])
            #expect(collector.collected().isEmpty)
        }

        @Test("context fields the allow-list does not name reach neither the disk nor the collector")
        func allowList() async throws {
            let collector = try HealthCollector()
            defer { collector.stop() }
            let reporter = try Self.reporter(collector.url, allowing: ["platform"])
            var report = healthReport(1)
            report.context = ["platform": "ios", "email": "ada@example.com", "installID": "3F2504E0-4F89"]
            #expect(reporter.record(report) == nil)
            let queued = try String(contentsOfFile: reporter.queue.queuePath, encoding: .utf8)
            for secret in ["email", "ada@example.com", "installID", "3F2504E0"] {
                #expect(!queued.contains(secret))
            }
            #expect(queued.contains(#""platform": "ios""#))
            let flush = await reporter.flush(within: 30)
            #expect(flush.sent == 1, "\(collector.log())")
            let lines = await collector.lines(atLeast: 1)
            #expect(lines.count == 1)
            let collected = String(decoding: collector.collected(), as: UTF8.self)
            for secret in ["email", "ada@example.com", "installID", "3F2504E0"] {
                #expect(!collected.contains(secret))
            }
            #expect(try HealthReport(line: Array(lines[0].utf8)).context == ["platform": "ios"])
        }

        @Test("a collector URL over plain http is refused without allowHTTP")
        func refusedURL() {
            let configuration = HealthConfiguration(
                collector: "http://127.0.0.1:1/collect", directory: healthDirectory())
            #expect(throws: RemoteError.self) { try HealthReporter(configuration) }
        }

        @Test("a queue directory that cannot be made is a problem returned, not thrown")
        func unwritable() throws {
            var configuration = HealthConfiguration(collector: "https://127.0.0.1:1/c", directory: "/proc/1/health")
            configuration.maximumQueued = 10
            let reporter = try HealthReporter(configuration)
            let problem = reporter.record(healthReport(1))
            #expect(problem != nil)
        }
    }
#endif
