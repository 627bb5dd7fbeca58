import BehaveTestSupport
import Testing

/// The features are targets an app picks: the host's product, with all it depends on, holds none
/// of them, and each depends on the host (docs/architecture.md, "Features: one seam").
@Suite("Feature targets: an app that embeds only the host links no feature")
struct FeatureTargetTests {
    static let features = ["BehaveStore", "BehaveCoverage", "BehaveDebugger", "BehaveTesting"]

    /// `name` and every target it depends on, directly or through others.
    static func closure(of name: String, in targets: [LayeringTests.DeclaredTarget]) -> Set<String> {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var found: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += byName[next]?.dependencies ?? []
        }
        return found
    }

    @Test("the host's targets, with everything they depend on, hold no feature and no tool's C")
    func hostHoldsNoFeature() throws {
        let targets = try LayeringTests.packageTargets()
        let host = Self.closure(of: "Behave", in: targets)
        #expect(host.contains("CBehave") && host.contains("BehaveLua"), "\(host.sorted())")
        #expect(host.isDisjoint(with: Self.features + ["CBehaveTools"]), "\(host.sorted())")
        for feature in Self.features {
            #expect(targets.first { $0.name == feature }?.dependencies.contains("Behave") == true, "\(feature)")
            #expect(Self.closure(of: "BehaveCLI", in: targets).contains(feature), "the tool lacks \(feature)")
        }
    }

    @Test("each feature is a product of its own")
    func featuresAreProducts() throws {
        let manifest = try Docs.text("Package.swift")
        for feature in Self.features {
            #expect(manifest.contains(#".library(name: "\#(feature)", targets: ["\#(feature)"])"#), "\(feature)")
        }
    }
}
