#if Remote
    import Behave
    import BehaveRemote
    import Testing

    /// Manifests built and read the way the tests need them.
    enum FleetFixtures {
        static func digest(_ character: Character) -> String {
            String(repeating: character, count: 64)
        }

        static let sample = """
            {
              "format": "behave-manifest/1",
              "copies": {
                "keynote-6": {"url": "https://cdn.example.com/keynote-6.lua", "sha256": "\(digest("6"))", "sequence": 6},
                "keynote-7": {"url": "https://cdn.example.com/keynote-7.lua", "sha256": "\(digest("7"))", "sequence": 7},
                "keynote-8": {"url": "https://cdn.example.com/keynote-8.lua", "sha256": "\(digest("8"))", "sequence": 8}
              },
              "killed": ["keynote-6"],
              "channels": {
                "production": {
                  "default": "keynote-7",
                  "rules": [
                    {"name": "rollout-keynote-8", "copy": "keynote-8", "percent": 5, "salt": "rollout-keynote-8", "paused": false,
                     "when": {"platform": "ios", "appVersion": {"version": ">=2.3.0 <3.0.0"}, "tier": {"in": ["beta", "staff"]}}}
                  ],
                  "history": [ {"default": "keynote-6", "rules": []} ]
                },
                "staging": {"default": null}
              }
            }
            """

        /// A manifest of one copy, `a`, and one channel, `p`, whose one rule has the `when` given.
        static func rule(when: String) -> String {
            #"{"format": "behave-manifest/1", "copies": {"a": {"url": "u", "sha256": "\#(digest("a"))", "sequence": 1}}, "#
                + #""channels": {"p": {"default": null, "rules": [{"name": "r", "copy": "a", "when": \#(when)}]}}}"#
        }

        static func parse(_ text: String) throws(Diagnostic) -> FleetManifest {
            try FleetManifest(parsing: Array(text.utf8), file: "manifest.json")
        }

        /// Copies keynote-6…8, production's default keynote-7 and `rollout-keynote-8` at `percent`.
        static func rollout(percent: Double) throws -> FleetManifest {
            try base().rollingOut(channel: "production", copy: "keynote-8", percent: percent)
        }

        static func base() throws -> FleetManifest {
            var manifest = FleetManifest()
            for number in 6...8 {
                manifest = try manifest.addingCopy(
                    name: "keynote-\(number)", url: "https://cdn.example.com/keynote-\(number).lua",
                    sha256: digest(Character("\(number)")), sequence: number)
            }
            return try manifest.pointing(channel: "production", to: "keynote-7")
        }

        /// An install ID whose bucket for `salt` is below (or not below) `threshold`.
        static func installID(salt: String, below threshold: Int, _ inside: Bool = true) -> String {
            var index = 0
            while (FleetBucket.of(installID: "id-\(index)", salt: salt) < threshold) != inside { index += 1 }
            return "id-\(index)"
        }
    }

    /// Reading, evaluating and writing manifests.
    @Suite("Fleet manifests")
    struct FleetManifestTests {
        let ios = ["platform": "ios", "appVersion": "2.4.1", "tier": "beta"]

        @Test("the sample manifest reads as written")
        func parsesTheSample() throws {
            let manifest = try FleetFixtures.parse(FleetFixtures.sample)
            #expect(
                manifest.copies["keynote-7"]
                    == FleetCopy(
                        url: "https://cdn.example.com/keynote-7.lua", sha256: FleetFixtures.digest("7"), sequence: 7))
            #expect(manifest.killed == ["keynote-6"])
            let production = try #require(manifest.channels["production"])
            #expect(production.defaultCopy == "keynote-7")
            #expect(production.history == [FleetChannel.State(defaultCopy: "keynote-6")])
            let rule = try #require(production.rules.first)
            #expect(rule.percent == 5 && rule.salt == "rollout-keynote-8" && !rule.paused)
            #expect(rule.when.map(\.field) == ["platform", "appVersion", "tier"])
            #expect(rule.when[2].tests == [.isIn([.text("beta"), .text("staff")])])
            #expect(manifest.channels["staging"] == FleetChannel(defaultCopy: nil))
        }

        @Test("optional fields take their defaults")
        func defaults() throws {
            let manifest = try FleetFixtures.parse(
                #"{"format": "behave-manifest/1", "copies": {"a": {"url": "u", "sha256": "\#(FleetFixtures.digest("a"))", "sequence": 0}}, "channels": {"c": {"default": "a", "rules": [{"name": "r", "copy": "a"}]}}}"#
            )
            #expect(manifest.killed.isEmpty)
            #expect(manifest.channels["c"]?.rules == [FleetRule(name: "r", copy: "a", percent: 100, salt: "r")])
            #expect(manifest.channels["c"]?.history.isEmpty == true)
        }

        @Test(
            "each malformed manifest is refused in one line at the offending value",
            arguments: [
                ("{", "1:2", "not JSON"),
                (#"{"format": "behave-manifest/2", "copies": {}, "channels": {}}"#, "1:12", "\"format\" must be"),
                (
                    #"{"format": "behave-manifest/1", "copies": {}, "channels": {}, "chanels": 1}"#, "1:63",
                    "unknown key \"chanels\""
                ),
                (
                    "{\n  \"format\": \"behave-manifest/1\",\n  \"copies\": {},\n  \"channels\": {\"p\": {\"defualt\": null}}\n}",
                    "4:22", "unknown key \"defualt\" in channel p"
                ),
                (
                    #"{"format": "behave-manifest/1", "copies": {}, "channels": {"p": {"default": "nope"}}}"#, "1:77",
                    "names copy nope, which is not in"
                ),
                (
                    #"{"format": "behave-manifest/1", "copies": {"a": {"url": "u", "sha256": "ABC", "sequence": 1}}, "channels": {}}"#,
                    "1:72", "64 lowercase hexadecimal"
                ),
                (
                    #"{"format": "behave-manifest/1", "copies": {"a": {"url": "u", "sha256": "\#(FleetFixtures.digest("a"))", "sequence": 1.5}}, "channels": {}}"#,
                    "1:152", "whole number >= 0"
                ),
                (
                    #"{"format": "behave-manifest/1", "copies": {"a b": {"url": "u", "sha256": "x", "sequence": 1}}, "channels": {}}"#,
                    "1:44", "copy name \"a b\""
                ),
            ])
        func parseErrors(text: String, position: String, message: String) {
            do {
                _ = try FleetFixtures.parse(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.hasPrefix("manifest.json:\(position): error: "), "\(error)")
                #expect(error.description.contains(message), "\(error)")
                #expect(!error.description.contains("\n"))
            }
        }

        @Test(
            "malformed rules are refused at the offending value",
            arguments: [
                (#""percent": 150"#, "percent of rule r must be a number in 0...100"),
                (#""percent": 5.125"#, "at most 2 decimals"),
                (#""percent": "5""#, "must be a number"),
                (#""when": {"v": {"version": ">=2.x"}}"#, "malformed version range \">=2.x\""),
                (#""when": {"v": {"gtx": 1}}"#, "unknown operator \"gtx\" in the condition on v"),
                (#""when": {"v": [1]}"#, "must be a string, number, boolean or an object of operators"),
                (#""when": {"v": {}}"#, "has no operator"),
                (#""paused": 1"#, "must be true or false"),
                (#""copy": "b""#, "names copy b, which is not in"),
            ])
        func ruleErrors(member: String, message: String) {
            let prefix = #"  "rules": [{"name": "r", "#
            let copy = member.hasPrefix(#""copy""#) ? "" : #", "copy": "a""#
            let text = """
                {"format": "behave-manifest/1",
                 "copies": {"a": {"url": "u", "sha256": "\(FleetFixtures.digest("a"))", "sequence": 1}},
                 "channels": {"p": {"default": null,
                \(prefix)\(member)\(copy)}]}}}
                """
            let valueStart = Array(member.utf8).firstIndex(of: UInt8(ascii: ":"))! + 2
            let column = prefix.utf8.count + valueStart + 1
            do {
                _ = try FleetFixtures.parse(text)
                Issue.record("accepted \(member)")
            } catch {
                #expect(error.description.contains(message), "\(error)")
                if !member.contains("when") {
                    #expect(error.position == SourcePosition(line: 4, column: column), "\(error)")
                }
            }
        }

        @Test("a rule name appearing twice in a channel is refused at the second")
        func duplicateRules() {
            let text = """
                {"format": "behave-manifest/1",
                 "copies": {"a": {"url": "u", "sha256": "\(FleetFixtures.digest("a"))", "sequence": 1}},
                 "channels": {"p": {"default": null, "rules": [
                   {"name": "r", "copy": "a"},
                   {"name": "r", "copy": "a"}]}}}
                """
            #expect(
                throws: Diagnostic(
                    .error, file: "manifest.json", at: SourcePosition(line: 5, column: 13),
                    "rule r appears twice in channel p")
            ) { try FleetFixtures.parse(text) }
        }

        @Test("among thousands of rules a repeated name is refused at the second; a repeated kill is kept once")
        func manyRules() throws {
            let digest = FleetFixtures.digest("a")
            let copies = (0..<50).map { #""c\#($0)": {"url": "u", "sha256": "\#(digest)", "sequence": \#($0)}"# }
            let rules = (0..<5_000).map { #"  {"name": "r\#($0)", "copy": "c\#($0 % 50)", "when": {"n": "\#($0)"}}"# }
            func text(_ rules: [String]) -> String {
                #"{"format": "behave-manifest/1", "killed": ["c3", "c4", "c3", "c4"],"# + "\n"
                    + #""copies": {\#(copies.joined(separator: ", "))},"# + "\n"
                    + #""channels": {"p": {"default": "c0", "rules": ["# + "\n"
                    + rules.joined(separator: ",\n") + "]}}}"
            }
            let manifest = try FleetFixtures.parse(text(rules))
            #expect(manifest.killed == ["c3", "c4"])
            #expect(manifest.channels["p"]?.rules.count == 5_000)
            #expect(try manifest.select(channel: "p", context: ["n": "4999"], installID: "x").rule == "r4999")
            let killed = try manifest.select(channel: "p", context: ["n": "53"], installID: "x")
            #expect(killed.rule == nil && killed.copyName == "c0", "rule r53's copy c3 is killed")
            let lines = try manifest.whoGetsWhat(channel: "p")
            #expect(lines.count == 5_001)
            #expect(lines[53].hasSuffix("get c3 (killed, so skipped)"), "\(lines[53])")
            #expect(lines[54].hasSuffix("get c4 (killed, so skipped)") && lines[55].hasSuffix("get c5"))
            #expect(
                throws: Diagnostic(
                    .error, file: "manifest.json", at: SourcePosition(line: 4 + 5_000, column: 12),
                    "rule r1 appears twice in channel p")
            ) { try FleetFixtures.parse(text(rules + [rules[1]])) }
        }

        @Test("the version range error points at the range")
        func versionErrorPosition() {
            let text =
                "{\"format\": \"behave-manifest/1\", \"copies\": {\"a\": {\"url\": \"u\", \"sha256\": \"\(FleetFixtures.digest("a"))\", \"sequence\": 1}},\n\"channels\": {\"p\": {\"default\": null, \"rules\": [{\"name\": \"r\", \"copy\": \"a\", \"when\": {\"v\": {\"version\": \"^x\"}}}]}}}"
            do {
                _ = try FleetFixtures.parse(text)
                Issue.record("accepted")
            } catch {
                #expect(error.position == SourcePosition(line: 2, column: 100), "\(error)")
            }
        }

        @Test(
            "a key, field, operator or version range holding a line break is shown escaped: the refusal stays one line",
            arguments: [
                (
                    #"{"format": "behave-manifest/1", "copies": {}, "channels": {}, "a\nb": 1}"#,
                    #"unknown key "a\nb" in the manifest"#
                ),
                (#"{"a\nb" 1}"#, #"not JSON: expected ':' after the member name "a\nb""#),
                (
                    FleetFixtures.rule(when: #"{"a\nb": {"gtx": 1}}"#),
                    #"unknown operator "gtx" in the condition on a\nb"#
                ),
                (FleetFixtures.rule(when: #"{"v": {"g\rt": 1}}"#), #"unknown operator "g\rt" in the condition on v"#),
                (FleetFixtures.rule(when: #"{"a\nb": {}}"#), #"the condition on a\nb has no operator"#),
                (
                    FleetFixtures.rule(when: #"{"v": {"version": ">=1.0 \n2"}}"#),
                    #"malformed version range ">=1.0 \n2": expected a version after "", found "\n2""#
                ),
                (
                    FleetFixtures.rule(when: #"{"v": {"version": "|| \n"}}"#),
                    #"malformed version range "|| \n": an alternative is empty"#
                ),
            ])
        func lineBreaksEscaped(text: String, message: String) {
            do {
                _ = try FleetFixtures.parse(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.message.hasPrefix(message), "\(error)")
                #expect(error.position != nil)
                #expect(!error.description.utf8.contains { $0 == 10 || $0 == 13 }, "\(error)")
            }
        }

        @Test("the first rule that holds, is not killed and admits the bucket wins")
        func selection() throws {
            let manifest = try FleetFixtures.parse(FleetFixtures.sample)
            let inside = FleetFixtures.installID(salt: "rollout-keynote-8", below: 500)
            let outside = FleetFixtures.installID(salt: "rollout-keynote-8", below: 500, false)
            let bucket = FleetBucket.of(installID: inside, salt: "rollout-keynote-8")
            let chosen = try manifest.select(channel: "production", context: ios, installID: inside)
            #expect(chosen.rule == "rollout-keynote-8" && chosen.copyName == "keynote-8")
            #expect(chosen.copy?.sequence == 8)
            #expect(chosen.reason == "rule rollout-keynote-8 (bucket \(bucket) < 500 of 10000)")
            let other = try manifest.select(channel: "production", context: ios, installID: outside)
            #expect(other.rule == nil && other.copyName == "keynote-7")
            #expect(other.reason == "the channel's default (no rule matched)")
            var android = ios
            android["platform"] = "android"
            #expect(
                try manifest.select(channel: "production", context: android, installID: inside).copyName == "keynote-7")
            let staging = try manifest.select(channel: "staging", context: ios, installID: inside)
            #expect(staging.isFallback && staging.copyName == nil)
            #expect(staging.reason == "the app's fallback: the channel has no default")
            #expect(throws: FleetError.unknownChannel("beta")) {
                try manifest.select(channel: "beta", context: ios, installID: inside)
            }
        }

        @Test("a paused rule keeps the devices that run its copy and takes no new one")
        func pausedRule() throws {
            let manifest = try FleetFixtures.rollout(percent: 50).pausing(
                channel: "production", rule: "rollout-keynote-8")
            let inside = FleetFixtures.installID(salt: "rollout-keynote-8", below: 5000)
            let keeps = try manifest.select(
                channel: "production", context: [:], installID: inside, current: "keynote-8")
            #expect(keeps.copyName == "keynote-8" && keeps.rule == "rollout-keynote-8")
            #expect(keeps.reason == "rule rollout-keynote-8 (paused; this device already runs keynote-8)")
            #expect(try manifest.select(channel: "production", context: [:], installID: inside).copyName == "keynote-7")
            let fresh = try manifest.select(
                channel: "production", context: [:], installID: inside, current: "keynote-7")
            #expect(fresh.copyName == "keynote-7")
        }

        @Test("a killed default or rule copy falls through to the app's fallback")
        func killedDefault() throws {
            var manifest = try FleetFixtures.rollout(percent: 100)
            manifest.killed = ["keynote-7", "keynote-8"]
            let selection = try manifest.select(channel: "production", context: [:], installID: "x")
            #expect(selection.isFallback && selection.rule == nil)
            #expect(selection.reason == "the app's fallback: the default keynote-7 is killed")
        }

        @Test("encoding is canonical and parses back to an equal manifest")
        func roundTrip() throws {
            let manifest = try FleetFixtures.parse(FleetFixtures.sample)
                .rollingOut(
                    channel: "production", copy: "keynote-7", percent: 12.5,
                    when: [
                        FleetCondition(
                            field: "build", tests: [.greater(10), .lessOrEqual(20.25), .notEquals(.number(15))]),
                        FleetCondition(field: "beta", tests: [.equals(.bool(true))]),
                        FleetCondition(field: "locale", tests: [.locale(["en", "fr-CA"]), .exists(true)]),
                        FleetCondition(
                            field: "tier", tests: [.notIn([.text("x\"y"), .number(3)]), .equals(.text("a"))]),
                    ], rule: "odd")
            let bytes = manifest.encoded()
            let back = try FleetManifest(parsing: bytes, file: "encoded.json")
            #expect(back == manifest)
            #expect(back.encoded() == bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("{\n  \"format\": \"behave-manifest/1\",\n  \"copies\": {\n    \"keynote-6\": {\n"))
            #expect(text.hasSuffix("}\n"))
            #expect(text.contains("\"tier\": {\n"))
            #expect(text.contains("\"killed\": [\"keynote-6\"],"))
        }

        @Test("who gets what, in words")
        func whoGetsWhat() throws {
            let manifest = try FleetFixtures.parse(FleetFixtures.sample).pausing(
                channel: "production", rule: "rollout-keynote-8")
            #expect(
                try manifest.whoGetsWhat(channel: "production") == [
                    "rule rollout-keynote-8: 5% of devices where platform = ios and appVersion in >=2.3.0 <3.0.0 and tier in beta, staff get keynote-8 (paused)",
                    "everyone else gets keynote-7",
                ])
            #expect(try manifest.whoGetsWhat(channel: "staging") == ["everyone else gets the app's fallback"])
            #expect(throws: FleetError.unknownChannel("x")) { try manifest.whoGetsWhat(channel: "x") }
        }

        @Test("the diff of a 5% to 20% rollout")
        func diff() throws {
            let five = try FleetFixtures.rollout(percent: 5)
            let twenty = try five.rollingOut(channel: "production", copy: "keynote-8", percent: 20)
            #expect(
                FleetDiff.lines(from: five, to: twenty) == [
                    "channel production:",
                    "- rule rollout-keynote-8: 5% of devices get keynote-8",
                    "+ rule rollout-keynote-8: 20% of devices get keynote-8",
                    "  everyone else gets keynote-7",
                ])
            #expect(FleetDiff.lines(from: twenty, to: twenty).isEmpty)
            let killed = try twenty.killing(copy: "keynote-8")
            #expect(
                FleetDiff.lines(from: twenty, to: killed) == [
                    "channel production:",
                    "- rule rollout-keynote-8: 20% of devices get keynote-8",
                    "  everyone else gets keynote-7",
                    "+ killed keynote-8",
                ])
            #expect(
                FleetDiff.lines(from: nil, to: five) == [
                    "channel production:", "+ rule rollout-keynote-8: 5% of devices get keynote-8",
                    "+ everyone else gets keynote-7",
                ])
        }
    }
#endif
