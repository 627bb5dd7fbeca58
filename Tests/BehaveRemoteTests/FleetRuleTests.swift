#if Remote
    import Behave
    import BehaveRemote
    import Testing

    /// Conditions, versions, locales and buckets: what decides whether a rule applies to a device.
    @Suite("Fleet rules")
    struct FleetRuleTests {
        func holds(_ test: FleetTest, _ value: String?) -> Bool {
            FleetCondition(field: "f", tests: [test]).holds(in: value.map { ["f": $0] } ?? [:])
        }

        func version(_ text: String) -> SemanticVersion {
            SemanticVersion(text)!
        }

        func range(_ text: String) throws -> VersionRange {
            try VersionRange(text)
        }

        @Test("equality compares numbers numerically, booleans as text and everything else as text")
        func equality() {
            #expect(holds(.equals(.text("ios")), "ios"))
            #expect(!holds(.equals(.text("ios")), "iOS"))
            #expect(holds(.equals(.number(5)), "5.0"))
            #expect(holds(.equals(.number(5)), "5"))
            #expect(!holds(.equals(.number(5)), "five"))
            #expect(holds(.equals(.bool(true)), "true"))
            #expect(!holds(.equals(.bool(true)), "1"))
            #expect(!holds(.equals(.text("5")), "5.0"))
            #expect(holds(.notEquals(.text("ios")), "android"))
            #expect(!holds(.notEquals(.text("ios")), "ios"))
        }

        @Test("membership, numeric comparisons and presence")
        func operators() {
            #expect(holds(.isIn([.text("beta"), .text("staff")]), "staff"))
            #expect(!holds(.isIn([.text("beta"), .text("staff")]), "public"))
            #expect(holds(.notIn([.text("beta")]), "public"))
            #expect(!holds(.notIn([.text("beta")]), "beta"))
            #expect(holds(.isIn([.number(1), .number(2)]), "2.0"))
            #expect(holds(.greater(5), "5.5"))
            #expect(!holds(.greater(5), "5"))
            #expect(holds(.greaterOrEqual(5), "5"))
            #expect(holds(.less(5), "-1"))
            #expect(!holds(.less(5), "5"))
            #expect(holds(.lessOrEqual(5), "5"))
            #expect(!holds(.greater(5), "lots"))
            #expect(holds(.exists(true), "x"))
            #expect(!holds(.exists(false), "x"))
            #expect(holds(.version(try! range(">=2")), "2.1"))
            #expect(!holds(.version(try! range(">=2")), "two"))
        }

        @Test("a missing field fails every test except exists false, ne and not-in")
        func missingField() throws {
            let failing: [FleetTest] = [
                .equals(.text("")), .isIn([.text("")]), .greater(-1), .greaterOrEqual(-1), .less(1),
                .lessOrEqual(1), .version(try range("*")), .locale(["en"]), .exists(true),
            ]
            for test in failing { #expect(!holds(test, nil), "\(test)") }
            #expect(holds(.exists(false), nil))
            #expect(holds(.notEquals(.text("beta")), nil))
            #expect(holds(.notIn([.text("beta")]), nil))
        }

        @Test("several tests on one field and several fields must all hold")
        func conjunction() {
            let rule = FleetRule(
                name: "r", copy: "c",
                when: [
                    FleetCondition(field: "build", tests: [.greaterOrEqual(10), .less(20)]),
                    .field("platform", is: "ios"),
                ])
            #expect(rule.applies(to: ["build": "15", "platform": "ios"]))
            #expect(!rule.applies(to: ["build": "25", "platform": "ios"]))
            #expect(!rule.applies(to: ["build": "15", "platform": "android"]))
            #expect(!rule.applies(to: ["build": "15"]))
            #expect(FleetRule(name: "r", copy: "c").applies(to: [:]))
        }

        @Test("locales match their more specific tags, ignoring case and _ versus -")
        func locales() {
            let tags = FleetTest.locale(["en", "fr-CA"])
            for value in ["en", "en-GB", "en_US", "EN-us", "fr-CA", "fr_ca", "fr-CA-x-test"] {
                #expect(holds(tags, value), "\(value)")
            }
            for value in ["fr-FR", "fr", "eng", "de", ""] { #expect(!holds(tags, value), "\(value)") }
        }

        @Test("versions parse with missing parts, a leading v, pre-release and build")
        func versionParsing() {
            #expect(version("2") == SemanticVersion(major: 2))
            #expect(version("v2.3") == SemanticVersion(major: 2, minor: 3))
            #expect(version("1.2.3-beta.2+exp.sha.5114f85").prerelease == ["beta", "2"])
            #expect(version("1.2.3-beta.2+exp.sha.5114f85").build == ["exp", "sha", "5114f85"])
            #expect(version("1.2.3-rc.1").description == "1.2.3-rc.1")
            for bad in ["", "x", "1.2.3.4", "1..2", "1.2.x", "1.2.3-", "1.2.3-a..b", "1.2.3+", "-1", "1.2 .3"] {
                #expect(SemanticVersion(bad) == nil, "\(bad)")
            }
            // A part too large to have a next release line is refused, not overflowed.
            #expect(SemanticVersion("9223372036854775807") == nil)
            for huge in ["^9223372036854775807", "~1.9223372036854775807", "^0.9999999999999999"] {
                #expect(throws: VersionRange.Failure.self, "\(huge)") { try VersionRange(huge) }
            }
        }

        @Test("versions order by semver 2.0 precedence")
        func precedence() {
            let ordered = [
                "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
                "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "1.10.0", "2.0.0",
            ]
            for (a, b) in zip(ordered, ordered.dropFirst()) {
                #expect(version(a) < version(b), "\(a) < \(b)")
                #expect(!(version(b) < version(a)), "\(b) < \(a)")
            }
            #expect(version("1.0.0+a") == version("1.0.0+b"))
            #expect(version("1.2") == version("1.2.0"))
        }

        @Test("numeric pre-release identifiers compare as numbers at any length, below alphanumeric ones")
        func longNumericIdentifiers() throws {
            let ordered = [
                "1.0.0-rc.9", "1.0.0-rc.3000000000000000", "1.0.0-rc.20000000000000000",
                "1.0.0-rc.99999999999999999999", "1.0.0-rc.100000000000000000000", "1.0.0-rc.100000000000000000001",
                "1.0.0-rc.a", "1.0.0",
            ]
            for (a, b) in zip(ordered, ordered.dropFirst()) {
                #expect(version(a) < version(b), "\(a) < \(b)")
                #expect(!(version(b) < version(a)), "\(b) < \(a)")
            }
            // Leading zeros (outside the spec, let through): one order, and equal only when written alike.
            let zeros = version("1.0.0-rc.0100000000000000000000")
            let plain = version("1.0.0-rc.100000000000000000000")
            #expect((zeros < plain) != (plain < zeros) && zeros != plain)
            #expect(version("1.0.0-rc.01") < version("1.0.0-rc.2") && version("1.0.0-rc.010") > version("1.0.0-rc.9"))
            // Major, minor and patch: 15 digits are a number, compared as one; 16 are not a version.
            #expect(version("999999999999999.1") > version("99999999999999.2"))
            #expect(SemanticVersion("1.9999999999999999") == nil)
            let lines = try VersionRange("^999999999999999 || ~1.999999999999999")
            #expect(lines.contains(version("999999999999999.3")) && lines.contains(version("1.999999999999999.5")))
            #expect(!lines.contains(version("2")))
        }

        @Test("ranges: comparators, ^, ~, *, || and pre-releases")
        func ranges() throws {
            let cases: [(String, [String], [String])] = [
                (">=2.3.0 <3.0.0", ["2.3.0", "2.9.9", "v2.3"], ["2.2.9", "3.0.0", "2.3.0-beta"]),
                (">1", ["1.0.1", "2"], ["1.0.0", "1.0.0-rc.1"]),
                ("<=1.2", ["1.2.0", "1.1.9"], ["1.2.1"]),
                ("=1.2.3", ["1.2.3", "1.2.3+build"], ["1.2.4"]),
                ("1.2.3", ["1.2.3"], ["1.2.3-rc.1"]),
                ("^1.2.3", ["1.2.3", "1.9.0"], ["1.2.2", "2.0.0", "2.0.0-alpha"]),
                ("^0.2.3", ["0.2.3", "0.2.9"], ["0.3.0", "0.2.2", "1.0.0"]),
                ("~1.2.3", ["1.2.3", "1.2.9"], ["1.3.0", "1.3.0-beta", "1.2.2"]),
                ("*", ["0.0.0", "99.1.1-x"], []),
                ("<1 || >=2.0.0 <2.1 || ^5", ["0.9.0", "2.0.5", "5.4.0"], ["1.5.0", "2.1.0", "6.0.0"]),
                (">=1.0.0-beta", ["1.0.0-beta", "1.0.0-rc", "1.0.0"], ["1.0.0-alpha"]),
            ]
            for (text, inside, outside) in cases {
                let range = try VersionRange(text)
                for v in inside { #expect(range.contains(version(v)), "\(v) in \(text)") }
                for v in outside { #expect(!range.contains(version(v)), "\(v) not in \(text)") }
            }
            for bad in [">=", ">=x", "1.2 ||", "", "=>1", "^", "1.x", "> 1"] {
                #expect(throws: VersionRange.Failure.self, "\(bad)") { try VersionRange(bad) }
            }
        }

        @Test("a bucket depends only on the install ID and the salt")
        func bucketsAreStable() {
            let a = FleetBucket.of(installID: "device-1", salt: "rollout-keynote-8")
            #expect(a == FleetBucket.of(installID: "device-1", salt: "rollout-keynote-8"))
            #expect((0..<FleetBucket.count).contains(a))
            let reshuffled = (0..<200).filter {
                FleetBucket.of(installID: "d\($0)", salt: "a") != FleetBucket.of(installID: "d\($0)", salt: "b")
            }
            #expect(reshuffled.count > 190)
        }

        @Test("raising a rollout keeps every device it admitted, across manifests")
        func raisingKeepsDevices() throws {
            let five = try FleetFixtures.rollout(percent: 5)
            let twenty = try five.rollingOut(channel: "production", copy: "keynote-8", percent: 20)
            var admitted = 0
            for index in 0..<10_000 {
                let id = "install-\(index)"
                let before = try five.select(channel: "production", context: [:], installID: id)
                let after = try twenty.select(channel: "production", context: [:], installID: id)
                if before.copyName == "keynote-8" {
                    admitted += 1
                    #expect(after.copyName == "keynote-8", "\(id)")
                }
            }
            #expect((400...600).contains(admitted))
        }

        @Test("buckets are uniform: a 20% rollout admits about 20%, every decile holds about 10%")
        func bucketsAreUniform() {
            var deciles = Array(repeating: 0, count: 10)
            var admitted = 0
            let threshold = FleetBucket.threshold(percent: 20)
            for index in 0..<100_000 {
                let bucket = FleetBucket.of(installID: "install-\(index)", salt: "rollout-keynote-8")
                deciles[bucket / 1000] += 1
                if bucket < threshold { admitted += 1 }
            }
            #expect((19_000...21_000).contains(admitted))
            for count in deciles { #expect((9_000...11_000).contains(count), "\(deciles)") }
        }
    }
#endif
