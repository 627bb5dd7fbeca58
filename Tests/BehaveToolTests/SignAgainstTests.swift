#if Remote
    import BehaveTestSupport
    import Foundation
    import Testing

    /// `sign --against`: a release is signed only once its differences over recorded runs were seen.
    @Suite("Signing against recordings")
    struct SignAgainstTests {
        @Test("sign --against refuses a copy that behaves otherwise, signs it with --accept-diff, and apps run it")
        func signAgainst() throws {
            let directory = try RecordingDiffTests.keynoteCorpus()
            #expect(try Tool.run(["keygen", "team"], in: directory).status == 0)
            let refused = try Tool.run(
                ["sign", "changed.lua", "--key", "team.key", "--against", "corpus"], in: directory)
            #expect(refused.status == 5)
            #expect(refused.stdout.contains(#"  new (changed.lua:34): Keynote.vote("Lyon")"#))
            #expect(
                refused.stderr
                    == "behave: changed.lua behaves otherwise than the recorded copy over corpus: review the differences above, then sign with --accept-diff\n"
            )
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("changed.lua.sig").path))
            let accepted = try Tool.run(
                ["sign", "changed.lua", "--key", "team.key", "--against", "corpus", "--accept-diff"], in: directory)
            #expect(accepted.status == 0, "\(accepted.stderr)")
            #expect(accepted.stdout.contains(", against recordings "))
            let signature = try Tool.read("changed.lua.sig", in: directory)
            #expect(signature.hasPrefix("behave3 "))
            let verified = try Tool.run(["verify", "changed.lua", "--public-key", "team.pub"], in: directory)
            #expect(verified.status == 0, "\(verified.stderr)")
            // The corpus is signed: a signature whose corpus was changed is not the key's.
            let words = signature.split(separator: " ")
            let forged = ([words[0], words[1], words[2], Substring(String(repeating: "0", count: 64)), words[4]])
                .joined(separator: " ")
            _ = try Tool.write(forged, to: "changed.lua.sig", in: directory)
            #expect(try Tool.run(["verify", "changed.lua", "--public-key", "team.pub"], in: directory).status == 65)
            let alone = try Tool.run(["sign", "changed.lua", "--key", "team.key", "--accept-diff"], in: directory)
            #expect(alone.status == 64)
        }

        @Test("a copy signed against recordings runs from a real server with --require-signature")
        func servedCopy() throws {
            let fixture = try RemoteTests.Fixture()
            let directory = try RecordingDiffTests.keynoteCorpus()
            #expect(try Tool.run(["keygen", "team"], in: directory).status == 0)
            #expect(
                try Tool.run(["sign", "keynote.lua", "--key", "team.key", "--against", "corpus"], in: directory).status
                    == 0)
            try fixture.server.serve([
                "/k.lua": .body(try Tool.read("keynote.lua", in: directory)),
                "/k.lua.sig": .body(try Tool.read("keynote.lua.sig", in: directory)),
            ])
            let run = try fixture.behave(
                "run", "/k.lua",
                [
                    "--public-key", directory.appendingPathComponent("team.pub").path, "--require-signature", "--fast",
                    "--events", Tool.root.appendingPathComponent("scripts/examples/keynote-events.jsonl").path,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Thank you for riding with us!"))
        }
    }
#endif
