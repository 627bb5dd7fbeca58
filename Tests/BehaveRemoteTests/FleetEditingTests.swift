#if Remote
    import Behave
    import BehaveRemote
    import Testing

    /// The operators' edits: each returns a new manifest, remembers what it replaced, and refuses
    /// what would be a mistake.
    @Suite("Fleet editing")
    struct FleetEditingTests {
        func production(_ manifest: FleetManifest) throws -> FleetChannel {
            try #require(manifest.channels["production"])
        }

        @Test("a copy is added once; the same record again is harmless, another under its name is refused")
        func addingCopies() throws {
            let manifest = try FleetFixtures.base()
            let again = try manifest.addingCopy(
                name: "keynote-7", url: "https://cdn.example.com/keynote-7.lua", sha256: FleetFixtures.digest("7"),
                sequence: 7)
            #expect(again == manifest)
            #expect(throws: FleetError.conflictingCopy("keynote-7")) {
                try manifest.addingCopy(
                    name: "keynote-7", url: "https://cdn.example.com/keynote-7.lua",
                    sha256: FleetFixtures.digest("9"), sequence: 7)
            }
            #expect(throws: FleetError.invalidDigest("abc")) {
                try manifest.addingCopy(name: "x", url: "u", sha256: "abc", sequence: 1)
            }
            #expect(throws: FleetError.invalidName("a b")) {
                try manifest.addingCopy(name: "a b", url: "u", sha256: FleetFixtures.digest("a"), sequence: 1)
            }
            #expect(throws: FleetError.invalidSequence(-1)) {
                try manifest.addingCopy(name: "x", url: "u", sha256: FleetFixtures.digest("a"), sequence: -1)
            }
        }

        @Test("pointing sets the default, creates the channel and drops the rules it subsumes")
        func pointing() throws {
            let manifest = try FleetFixtures.rollout(percent: 20)
                .rollingOut(channel: "production", copy: "keynote-6", percent: 1)
            let pointed = try manifest.pointing(channel: "production", to: "keynote-8")
            let channel = try production(pointed)
            #expect(channel.defaultCopy == "keynote-8")
            #expect(channel.rules.map(\.name) == ["rollout-keynote-6"])
            #expect(channel.history.first == (try production(manifest)).state)
            let created = try manifest.pointing(channel: "beta", to: nil)
            #expect(created.channels["beta"] == FleetChannel(defaultCopy: nil))
            #expect(try manifest.pointing(channel: "production", to: "keynote-7") == manifest)
            #expect(throws: FleetError.unknownCopy("keynote-9")) {
                try manifest.pointing(channel: "production", to: "keynote-9")
            }
            let killed = try manifest.killing(copy: "keynote-6")
            #expect(throws: FleetError.killedCopy("keynote-6")) {
                try killed.pointing(channel: "production", to: "keynote-6")
            }
            #expect(throws: FleetError.invalidName("")) { try manifest.pointing(channel: "", to: nil) }
        }

        @Test("rolling out adds a rule first, or updates the same-named one keeping its salt and resuming it")
        func rollingOut() throws {
            let five = try FleetFixtures.rollout(percent: 5)
            #expect(
                try production(five).rules == [
                    FleetRule(name: "rollout-keynote-8", copy: "keynote-8", percent: 5, salt: "rollout-keynote-8")
                ])
            var custom = five
            custom.channels["production"]?.rules[0].salt = "kept"
            let paused = try custom.pausing(channel: "production", rule: "rollout-keynote-8")
            #expect(try production(paused).rules[0].paused)
            let ios = [FleetCondition.field("platform", is: "ios")]
            let resumed = try paused.rollingOut(channel: "production", copy: "keynote-8", percent: 20, when: ios)
            let rule = try production(resumed).rules[0]
            #expect(rule.percent == 20 && rule.salt == "kept" && !rule.paused && rule.when == ios)
            let kept = try resumed.rollingOut(channel: "production", copy: "keynote-8", percent: 30)
            #expect(try production(kept).rules[0].when == ios)
            let second = try five.rollingOut(channel: "production", copy: "keynote-6", percent: 1, rule: "canary")
            #expect(try production(second).rules.map(\.name) == ["canary", "rollout-keynote-8"])
        }

        @Test("rolling out refuses unknown channels and copies, killed copies, bad percentages and clashing rules")
        func rollingOutErrors() throws {
            let five = try FleetFixtures.rollout(percent: 5)
            #expect(throws: FleetError.unknownChannel("beta")) {
                try five.rollingOut(channel: "beta", copy: "keynote-8", percent: 5)
            }
            #expect(throws: FleetError.unknownCopy("keynote-9")) {
                try five.rollingOut(channel: "production", copy: "keynote-9", percent: 5)
            }
            for percent in [-1, 100.5, 5.125, .nan] {
                #expect(throws: FleetError.self) {
                    try five.rollingOut(channel: "production", copy: "keynote-8", percent: percent)
                }
            }
            #expect(
                FleetError.percentOutOfRange(150).description
                    == "percent 150 is not a number in 0...100 with at most 2 decimals")
            #expect(
                throws: FleetError.conflictingRule(channel: "production", rule: "rollout-keynote-8", copy: "keynote-8")
            ) {
                try five.rollingOut(channel: "production", copy: "keynote-6", percent: 5, rule: "rollout-keynote-8")
            }
            let killed = try five.killing(copy: "keynote-6")
            #expect(throws: FleetError.killedCopy("keynote-6")) {
                try killed.rollingOut(channel: "production", copy: "keynote-6", percent: 5)
            }
        }

        @Test("pausing refuses an unknown channel or rule, and pausing twice changes nothing")
        func pausing() throws {
            let five = try FleetFixtures.rollout(percent: 5)
            #expect(throws: FleetError.unknownRule(channel: "production", rule: "nope")) {
                try five.pausing(channel: "production", rule: "nope")
            }
            #expect(throws: FleetError.unknownChannel("beta")) { try five.pausing(channel: "beta", rule: "nope") }
            let once = try five.pausing(channel: "production", rule: "rollout-keynote-8")
            #expect(try once.pausing(channel: "production", rule: "rollout-keynote-8") == once)
        }

        @Test("killing removes the copy's rules and moves a default back to the latest living one")
        func killing() throws {
            let manifest = try FleetFixtures.base()
                .pointing(channel: "production", to: "keynote-6")
                .pointing(channel: "production", to: "keynote-8")
                .rollingOut(channel: "production", copy: "keynote-7", percent: 10)
                .pointing(channel: "staging", to: "keynote-8")
            let killed = try manifest.killing(copy: "keynote-8")
            #expect(killed.killed == ["keynote-8"])
            let channel = try production(killed)
            #expect(channel.defaultCopy == "keynote-6")
            #expect(channel.rules.map(\.copy) == ["keynote-7"])
            #expect(channel.history.first == (try production(manifest)).state)
            #expect(killed.channels["staging"]?.defaultCopy == nil)
            #expect(try killed.killing(copy: "keynote-8") == killed)
            let both = try killed.killing(copy: "keynote-6")
            #expect(try production(both).defaultCopy == "keynote-7")
            #expect(throws: FleetError.unknownCopy("keynote-9")) { try manifest.killing(copy: "keynote-9") }
        }

        @Test("rolling back restores the newest state free of killed copies and drops what it skipped")
        func rollingBack() throws {
            let manifest = try FleetFixtures.base()
                .pointing(channel: "production", to: "keynote-6")
                .rollingOut(channel: "production", copy: "keynote-8", percent: 5)
                .rollingOut(channel: "production", copy: "keynote-8", percent: 20)
            let back = try manifest.rollingBack(channel: "production")
            #expect(try production(back).rules.map(\.percent) == [5])
            #expect(try production(back).history.count == (try production(manifest)).history.count - 1)
            let killed = try manifest.killing(copy: "keynote-8")
            let restored = try killed.rollingBack(channel: "production")
            #expect(try production(restored).state == FleetChannel.State(defaultCopy: "keynote-6"))
            #expect(try production(restored).history == [FleetChannel.State(defaultCopy: "keynote-7")])
            let first = try restored.rollingBack(channel: "production")
            #expect(try production(first).state == FleetChannel.State(defaultCopy: "keynote-7"))
            #expect(throws: FleetError.nothingToRollBack(channel: "production")) {
                try first.rollingBack(channel: "production")
            }
            #expect(throws: FleetError.unknownChannel("beta")) { try first.rollingBack(channel: "beta") }
        }

        @Test("history keeps the 10 newest earlier states and survives encoding")
        func historyTrim() throws {
            var manifest = try FleetFixtures.base()
            for percent in 1...15 {
                manifest = try manifest.rollingOut(channel: "production", copy: "keynote-8", percent: Double(percent))
            }
            let channel = try production(manifest)
            #expect(channel.history.count == FleetChannel.historyLimit)
            #expect(channel.history.map { $0.rules.first?.percent } == (5...14).reversed().map { Double($0) })
            #expect(try FleetManifest(parsing: manifest.encoded(), file: "m.json") == manifest)
        }

        @Test("edit errors read as one line")
        func errorDescriptions() {
            let errors: [FleetError] = [
                .unknownChannel("beta"), .unknownRule(channel: "p", rule: "r"), .unknownCopy("c"), .killedCopy("c"),
                .conflictingCopy("c"), .nothingToRollBack(channel: "p"),
            ]
            for error in errors {
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
            }
            #expect(FleetError.unknownChannel("beta").description == "unknown channel beta")
        }
    }
#endif
