#if Remote
    import BehaveRemote
    import BehaveTestSupport
    import Foundation
    import Testing

    /// `behave keygen`, `sign`, `verify`, and signed remote behaviours served by a real server.
    @Suite("Signed behaviours")
    struct SignatureTests {
        typealias Fixture = RemoteTests.Fixture

        /// Writes a key pair NAME.key/NAME.pub into `directory` with the tool.
        func keygen(_ name: String, in directory: URL) throws -> (key: String, pub: String) {
            let result = try Tool.run(["keygen", name], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            return (
                directory.appendingPathComponent(name + ".key").path,
                directory.appendingPathComponent(name + ".pub").path
            )
        }

        /// Writes `text` as NAME and signs it with `key` (and `extra` options); returns the signature's text.
        func signed(_ text: String, as name: String, key: String, in directory: URL, _ extra: [String] = []) throws
            -> String
        {
            let file = try Tool.write(text, to: name, in: directory)
            let result = try Tool.run(["sign", file, "--key", key] + extra, in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            return try String(contentsOfFile: file + ".sig", encoding: .utf8)
        }

        @Test func signedCopyRunsAndTamperedCopyIsRefused() throws {
            let fixture = try Fixture()
            let (key, pub) = try keygen("team", in: fixture.work)
            let signature = try signed(RemoteTests.first, as: "v1.json", key: key, in: fixture.work)
            try fixture.server.serve(["/b.json": .body(RemoteTests.first), "/b.json.sig": .body(signature)])
            let options = ["--public-key", pub, "--require-signature"]
            let good = try fixture.behave("run", "/b.json", options)
            #expect(good.status == 0, "\(good.stderr)")
            #expect(good.stdout == RemoteTests.firstOutput)
            let cached = try fixture.cacheFiles()

            // New bytes, the old (valid) signature: refused, the signed copy runs.
            try fixture.server.serve(["/b.json": .body(RemoteTests.second), "/b.json.sig": .body(signature)])
            let tampered = try fixture.behave("run", "/b.json", options)
            RemoteTests.Fixture.expectFirstCopyRan(
                tampered, saying: "its signature does not verify: none of the 1 trusted key made it over these bytes")
            #expect(try fixture.cacheFiles() == cached)
        }

        @Test("an older sequence is refused as a replay; an expired copy is refused; the last good copy runs")
        func sequenceAndExpiry() throws {
            let fixture = try Fixture()
            let (key, pub) = try keygen("team", in: fixture.work)
            let options = ["--public-key", pub, "--require-signature"]
            let five = try signed(RemoteTests.first, as: "v5.json", key: key, in: fixture.work, ["--sequence", "5"])
            #expect(five.hasPrefix("behave2 5 - "))
            try fixture.server.serve(["/b.json": .body(RemoteTests.first), "/b.json.sig": .body(five)])
            #expect(try fixture.behave("run", "/b.json", options).status == 0)
            // A validly signed but older copy, served again: refused, naming both sequences.
            let three = try signed(RemoteTests.second, as: "v3.json", key: key, in: fixture.work, ["--sequence", "3"])
            try fixture.server.serve(["/b.json": .body(RemoteTests.second), "/b.json.sig": .body(three)])
            let replayed = try fixture.behave("run", "/b.json", options)
            RemoteTests.Fixture.expectFirstCopyRan(
                replayed,
                saying:
                    "its sequence 3 is lower than the last good copy's 5: an older copy served again; running the last good copy"
            )
            // A newer sequence that has expired: refused, naming the date.
            let expired = try signed(
                RemoteTests.second, as: "v9.json", key: key, in: fixture.work,
                ["--sequence", "9", "--expires", "2020-01-31"])
            try fixture.server.serve(["/b.json": .body(RemoteTests.second), "/b.json.sig": .body(expired)])
            let late = try fixture.behave("run", "/b.json", options)
            #expect(late.status == 10)
            #expect(late.stderr.contains("its signature expired on 2020-01-31 00:00:00 UTC"), "\(late.stderr)")
            // A newer sequence, valid for a while: it runs and becomes the last good copy.
            let seven = try signed(
                RemoteTests.second, as: "v7.json", key: key, in: fixture.work,
                ["--sequence", "7", "--expires", "2999-12-31T23:59Z"])
            try fixture.server.serve(["/b.json": .body(RemoteTests.second), "/b.json.sig": .body(seven)])
            let newer = try fixture.behave("run", "/b.json", options)
            #expect(newer.status == 0, "\(newer.stderr)")
            #expect(newer.stdout == RemoteTests.secondOutput)
            // verify names the sequence and the expiry, and refuses the expired one.
            let verified = try Tool.run(["verify", "v7.json", "--public-key", pub], in: fixture.work)
            #expect(verified.stdout.hasSuffix("sequence 7, expires 2999-12-31 23:59:00 UTC\n"), "\(verified.stdout)")
            let stale = try Tool.run(["verify", "v9.json", "--public-key", pub], in: fixture.work)
            #expect(stale.status == 65)
            #expect(stale.stderr.contains("expired on 2020-01-31 00:00:00 UTC"))
        }

        @Test("a .sig in the format before sequence numbers is a clear error saying how to sign again")
        func oldFormat() throws {
            let fixture = try Fixture()
            let (key, pub) = try keygen("team", in: fixture.work)
            let current = try signed(RemoteTests.first, as: "v1.json", key: key, in: fixture.work)
            let old = String(current.split(separator: " ").last!)  // the bare base64 an older tool wrote
            try fixture.server.serve(["/b.json": .body(RemoteTests.first), "/b.json.sig": .body(old)])
            let result = try fixture.behave("run", "/b.json", ["--public-key", pub, "--require-signature"])
            #expect(result.status == 69)
            #expect(result.stderr.contains("sign the file again with `behave sign FILE --key KEY`"), "\(result.stderr)")
            for bad in [["--sequence", "-1"], ["--expires", "tomorrow"], ["--expires", "2027-02-30"]] {
                let refused = try Tool.run(["sign", "v1.json", "--key", key] + bad, in: fixture.work)
                #expect(refused.status == 64, "\(bad)")
            }
        }

        @Test func rotatedKeyIsAccepted() throws {
            let fixture = try Fixture()
            let old = try keygen("old", in: fixture.work)
            let new = try keygen("new", in: fixture.work)
            let signature = try signed(RemoteTests.second, as: "v2.json", key: new.key, in: fixture.work)
            try fixture.server.serve(["/b.json": .body(RemoteTests.second), "/b.json.sig": .body(signature)])
            let newKeyText = try String(contentsOfFile: new.pub, encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            // The app ships both keys: a file for the old one, the base64 text for the new one.
            let result = try fixture.behave(
                "run", "/b.json", ["--public-key", old.pub, "--public-key", newKeyText, "--require-signature"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == RemoteTests.secondOutput)
        }

        @Test func unsignedIsRefusedWhenSignaturesAreRequired() throws {
            let fixture = try Fixture()
            let (_, pub) = try keygen("team", in: fixture.work)
            try fixture.server.serve(["/b.json": .body(RemoteTests.first)])
            let result = try fixture.behave("run", "/b.json", ["--public-key", pub, "--require-signature"])
            #expect(result.status == 69)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.contains(
                    "it is unsigned (no .sig) and --require-signature is set; no cached copy and no fallback; nothing ran"
                ),
                "\(result.stderr)")
            #expect(try fixture.cacheFiles().isEmpty)
        }

        @Test func signatureByAnUntrustedKeyIsRefused() throws {
            let fixture = try Fixture()
            let trusted = try keygen("trusted", in: fixture.work)
            let stranger = try keygen("stranger", in: fixture.work)
            let signature = try signed(RemoteTests.first, as: "v1.json", key: stranger.key, in: fixture.work)
            try fixture.server.serve(["/b.json": .body(RemoteTests.first), "/b.json.sig": .body(signature)])
            let result = try fixture.behave("run", "/b.json", ["--public-key", trusted.pub])
            #expect(result.status == 69)
            #expect(result.stderr.contains("its signature does not verify"), "\(result.stderr)")
        }

        @Test func cachedCopyFromARevokedKeyIsNotRun() throws {
            let fixture = try Fixture()
            let old = try keygen("old", in: fixture.work)
            let new = try keygen("new", in: fixture.work)
            let signature = try signed(RemoteTests.first, as: "v1.json", key: old.key, in: fixture.work)
            try fixture.server.serve(["/b.json": .body(RemoteTests.first), "/b.json.sig": .body(signature)])
            #expect(try fixture.behave("run", "/b.json", ["--public-key", old.pub, "--require-signature"]).status == 0)
            fixture.server.stop()
            // The app now trusts only the new key: the old copy is not run, even offline.
            let result = try fixture.behave("run", "/b.json", ["--public-key", new.pub, "--require-signature"])
            #expect(result.status == 69)
            #expect(
                result.stderr.contains("is not used: its signature is not by any of the trusted keys"),
                "\(result.stderr)")
        }

        @Test func keygenNeverReplacesAKey() throws {
            let directory = try Tool.temporaryDirectory()
            let (key, pub) = try keygen("team", in: directory)
            let before = try Data(contentsOf: URL(fileURLWithPath: key))
            let again = try Tool.run(["keygen", "team"], in: directory)
            #expect(again.status == 73)
            #expect(again.stderr.contains("team.key: already exists (pass --force to replace it)"), "\(again.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: key)) == before)
            let attributes = try FileManager.default.attributesOfItem(atPath: key)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(FileManager.default.fileExists(atPath: pub))
        }

        @Test func signRefusesAnInvalidBehaviour() throws {
            let directory = try Tool.temporaryDirectory()
            let (key, _) = try keygen("team", in: directory)
            let file = try Tool.write("[{\"name\": 1}]", to: "bad.json", in: directory)
            let result = try Tool.run(["sign", file, "--key", key], in: directory)
            #expect(result.status == 65)
            #expect(!FileManager.default.fileExists(atPath: file + ".sig"))
        }

        @Test func signWithAPublicKeyIsAClearError() throws {
            let directory = try Tool.temporaryDirectory()
            let (_, pub) = try keygen("team", in: directory)
            let file = try Tool.write(RemoteTests.first, to: "b.json", in: directory)
            let result = try Tool.run(["sign", file, "--key", pub], in: directory)
            #expect(result.status == 66)
            #expect(result.stderr.contains("team.pub"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: file + ".sig"))
        }

        @Test func verifyChecksTheExactBytes() throws {
            let directory = try Tool.temporaryDirectory()
            let (key, pub) = try keygen("team", in: directory)
            _ = try signed(RemoteTests.first, as: "b.json", key: key, in: directory)
            let good = try Tool.run(["verify", "b.json", "--public-key", pub], in: directory)
            #expect(good.status == 0, "\(good.stderr)")
            #expect(good.stdout.hasPrefix("b.json: signed by "))
            _ = try Tool.write(RemoteTests.first + " ", to: "b.json", in: directory)  // one byte more
            let bad = try Tool.run(["verify", "b.json", "--public-key", pub], in: directory)
            #expect(bad.status == 65)
            #expect(bad.stderr.contains("is not by any of the 1 given key"), "\(bad.stderr)")
        }
    }
#endif
