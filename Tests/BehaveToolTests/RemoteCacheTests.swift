#if Remote
    import BehaveTestSupport
    import Foundation
    import Testing

    /// What no server, disk or clock can do to the cache: run an older copy than one accepted, run a
    /// quarantined copy again, quarantine a copy that ran well, lose the good copy to a failed write,
    /// or crash on a damaged file.
    @Suite("Remote cache: no rollback, no lost copy, no crash on damage")
    struct RemoteCacheTests {
        typealias Fixture = RemoteTests.Fixture

        /// The `YYYY-MM-DDTHH:MM:SSZ` form of `seconds` from now.
        static func utc(inSeconds seconds: Double) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: Date().addingTimeInterval(seconds))
        }

        @Test("after the signed copy with the highest sequence expires, an older sequence is still refused")
        func noRollbackAfterExpiry() throws {
            let fixture = try Fixture()
            let signatures = SignatureTests()
            let (key, pub) = try signatures.keygen("team", in: fixture.work)
            let options = ["--public-key", pub, "--require-signature"]
            let expires = Self.utc(inSeconds: 3)
            let ten = try signatures.signed(
                RemoteTests.second, as: "v10.json", key: key, in: fixture.work,
                ["--sequence", "10", "--expires", expires])
            try fixture.server.serve(["/b.json": .body(RemoteTests.second), "/b.json.sig": .body(ten)])
            let current = try fixture.behave("run", "/b.json", options)
            #expect(current.status == 0, "\(current.stderr)")
            let five = try signatures.signed(
                RemoteTests.first, as: "v5.json", key: key, in: fixture.work, ["--sequence", "5"])
            try fixture.server.serve(["/b.json": .body(RemoteTests.first), "/b.json.sig": .body(five)])
            Thread.sleep(forTimeInterval: 4.5)
            let replay = try fixture.behave("run", "/b.json", options)
            #expect(replay.status == 69, "\(replay.stderr)")
            #expect(replay.stdout == "")
            #expect(replay.stderr.contains("its sequence 5 is lower than the last good copy's 10"), "\(replay.stderr)")
            #expect(replay.stderr.contains("its signature expired"), "\(replay.stderr)")
        }

        @Test("a first run that fails with a 100 KB error is quarantined for good: the same bytes never run again")
        func longErrorStaysQuarantined() throws {
            let fixture = try Fixture()
            try fixture.server.serve(["/b.lua": .body("print('ran') error(string.rep('x', 100000))")])
            let first = try fixture.behave("run", "/b.lua")
            #expect(first.status == 1)
            #expect(first.stderr.contains("is quarantined"), "\(first.stderr.prefix(300))")
            let records = try FileManager.default.contentsOfDirectory(atPath: fixture.cache).filter {
                $0.hasSuffix(".quarantine")
            }
            #expect(records.count == 1)
            let size =
                try FileManager.default.attributesOfItem(
                    atPath: fixture.work.appendingPathComponent("cache/\(records[0])").path)[.size] as? Int
            #expect((size ?? .max) < 2000, "a record is bounded when written")
            for _ in 0..<2 {
                let again = try fixture.behave("run", "/b.lua")
                #expect(again.status == 69, "\(again.stderr.prefix(300))")
                #expect(again.stdout == "", "the quarantined bytes ran again")
                #expect(again.stderr.contains("the server still serves the copy quarantined on"))
            }
        }

        @Test("with no ETag every load is a 200: bytes that ran well are not quarantined by a later failure")
        func copyThatRanWellIsNotQuarantined() throws {
            let fixture = try Fixture()
            try fixture.server.serve(["/b.lua": .body("if context.fail then error('bad argument') end print('ok')")])
            let good = try fixture.behave("run", "/b.lua")
            #expect(good.status == 0, "\(good.stderr)")
            #expect(good.stdout == "ok\n")
            let bad = try fixture.behave("run", "/b.lua", ["--context", "fail=1"])
            #expect(bad.status == 1)
            #expect(!bad.stderr.contains("quarantined"), "\(bad.stderr)")
            try fixture.server.serve(["/b.lua": TestServer.Route(status: 503, body: "oops")])
            let offline = try fixture.behave("run", "/b.lua")
            #expect(offline.status == 10, "\(offline.stderr)")
            #expect(offline.stdout == "ok\n")
        }

        @Test("a new copy whose write fails (EFBIG under ulimit -f) leaves the current copy in place")
        func failedWriteKeepsTheCopy() throws {
            let fixture = try Fixture()
            try fixture.server.serve(["/b.lua": .body("print('small')")])
            #expect(try fixture.behave("run", "/b.lua").stdout == "small\n")
            try fixture.server.serve(["/b.lua": TestServer.Route(generate: 300_000)])
            // SIGXFSZ ignored, as a shell or a service manager may leave it: the write fails with EFBIG.
            let script = "trap '' XFSZ; ulimit -f 100; exec \"$@\""
            let limited = try Tool.run(
                [
                    "-c", script, "sh", Tool.executable.path, "run", fixture.server.url("/b.lua"), "--allow-http",
                    "--cache-dir", fixture.cache,
                ], in: fixture.work, program: URL(fileURLWithPath: "/bin/sh"))
            #expect(limited.status == 0, "\(limited.stderr)")
            #expect(limited.stderr.contains("the copy runs but is not kept"), "\(limited.stderr)")
            fixture.server.stop()
            let offline = try fixture.behave("run", "/b.lua")
            #expect(offline.status == 10, "\(offline.stderr)")
            #expect(offline.stdout == "small\n")
        }

        @Test(
            "a cache header whose fetched-at is not a time is damage, never a crash",
            arguments: ["1e300", "nan", "inf", "-1e300", "9.3e18", "-1"])
        func damagedFetchedAt(value: String) throws {
            let fixture = try Fixture()
            _ = try fixture.primed()
            let name = try #require(
                try FileManager.default.contentsOfDirectory(atPath: fixture.cache).first {
                    $0.hasSuffix(".behave-cache")
                })
            let path = fixture.work.appendingPathComponent("cache/\(name)")
            var text = try String(contentsOf: path, encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("fetched-at ") })
            text = text.replacingOccurrences(of: String(line), with: "fetched-at \(value)")
            try text.write(to: path, atomically: true, encoding: .utf8)
            let listed = try Tool.run(["cache", "--cache-dir", fixture.cache])
            #expect(listed.status == 0, "\(listed.stderr)")
            let shown = try Tool.run(["cache", fixture.server.url("/b.json"), "--cache-dir", fixture.cache])
            #expect(shown.status == 0, "\(shown.stderr)")
            fixture.server.stop()
            let offline = try fixture.behave()
            #expect(offline.status == 69, "\(offline.stderr)")
            #expect(offline.stderr.contains("fetched-at is not a time"), "\(offline.stderr)")
        }

        @Test("a quarantine record whose time is not one still holds, and prints as an unknown date")
        func damagedQuarantineTime() throws {
            let fixture = try Fixture()
            _ = try fixture.primed()
            let name = try #require(
                try FileManager.default.contentsOfDirectory(atPath: fixture.cache).first {
                    $0.hasSuffix(".behave-cache")
                })
            let record = String(name.dropLast(".behave-cache".count)) + ".quarantine"
            let digest = try #require(
                try String(contentsOfFile: fixture.cache + "/" + name, encoding: .utf8).split(separator: "\n")
                    .first { $0.hasPrefix("sha256 ") }?.dropFirst(7))
            try "digest \(digest)\nsequence -\nat 1e300\nreason boom\n".write(
                toFile: fixture.cache + "/" + record, atomically: true, encoding: .utf8)
            let shown = try Tool.run(["cache", fixture.server.url("/b.json"), "--cache-dir", fixture.cache])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("on an unknown date: boom"), "\(shown.stdout)")
            let refused = try fixture.behave()
            #expect(refused.status == 10, "\(refused.stderr)")
            #expect(refused.stderr.contains("quarantined on an unknown date"), "\(refused.stderr)")
            fixture.server.stop()
            let offline = try fixture.behave()
            #expect(offline.status == 10, "\(offline.stderr)")
        }

        @Test(
            "verify of a signature whose expiry is no date is refused with one line",
            arguments: ["67767987341548800", "9223372036854775807", "-9223372036854775808", "99999999999999999999"])
        func expiryOutOfRange(expiry: String) throws {
            let work = try Tool.temporaryDirectory()
            let (_, pub) = try SignatureTests().keygen("team", in: work)
            let file = try Tool.write(RemoteTests.first, to: "b.json", in: work)
            let zeros = Data(count: 64).base64EncodedString()
            _ = try Tool.write("behave2 1 \(expiry) \(zeros)\n", to: "b.json.sig", in: work)
            let result = try Tool.run(["verify", file, "--public-key", pub], in: work)
            #expect(result.status == 66, "\(result.stderr)")
            #expect(
                result.stderr.contains("is neither - nor seconds since 1970 before the year 10000"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }

        @Test("an out-of-range sequence is named as such, not as bad base64")
        func sequenceOutOfRange() throws {
            let work = try Tool.temporaryDirectory()
            let (_, pub) = try SignatureTests().keygen("team", in: work)
            let file = try Tool.write(RemoteTests.first, to: "b.json", in: work)
            _ = try Tool.write(
                "behave2 99999999999999999999 - \(Data(count: 64).base64EncodedString())\n", to: "b.json.sig", in: work)
            let result = try Tool.run(["verify", file, "--public-key", pub], in: work)
            #expect(result.status == 66, "\(result.stderr)")
            #expect(
                result.stderr.contains("its sequence 99999999999999999999 is not a whole number"), "\(result.stderr)")
            #expect(!result.stderr.contains("base64"), "\(result.stderr)")
        }

        @Test("headers too large are the server's fault, not a connection failure")
        func headersTooLarge() throws {
            try Fixture().expectLastGoodCopy(
                TestServer.Route(body: RemoteTests.second, header_bytes: 1 << 20),
                "are larger than an answer's headers may be")
        }

        @Test("an over-size .sig names its own fixed limit, not --max-size")
        func signatureTooLarge() throws {
            let fixture = try Fixture()
            let (_, pub) = try SignatureTests().keygen("team", in: fixture.work)
            try fixture.server.serve([
                "/b.json": .body(RemoteTests.first), "/b.json.sig": .body(String(repeating: "A", count: 5000)),
            ])
            let result = try fixture.behave("run", "/b.json", ["--public-key", pub])
            #expect(result.status == 69, "\(result.stderr)")
            #expect(result.stderr.contains("is larger than a signature file may be (4096 bytes)"), "\(result.stderr)")
            #expect(!result.stderr.contains("--max-size"), "\(result.stderr)")
        }
    }
#endif
