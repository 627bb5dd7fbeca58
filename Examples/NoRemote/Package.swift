// swift-tools-version: 6.2
import PackageDescription

// An app that embeds Behave without remote behaviours or the macro: with no traits, it resolves
// neither the network and crypto packages nor swift-syntax, and links no feature (scripts/no-remote
// checks both).
let package = Package(
    name: "NoRemote",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // snippet: adopt-traits
    dependencies: [
        // Behave's default traits are Remote and Macros; this app wants neither.
        .package(name: "Behave", path: "../..", traits: [])
    ],
    // snippet end
    targets: [
        .executableTarget(name: "NoRemote", dependencies: [.product(name: "Behave", package: "Behave")])
    ],
    swiftLanguageModes: [.v6]
)
