// swift-tools-version: 6.2
import PackageDescription

// A team's app module and its own behave tool, depending on Behave as any package would. Here the
// dependency is by path, so the example always builds against the Behave beside it; an app names
// the repository and a version instead:
//     .package(url: "https://github.com/behave-project/behave", from: "0.3.0")
let package = Package(
    name: "Ticketing",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Ticketing", targets: ["Ticketing"]),
        .executable(name: "ticketing", targets: ["ticketing"]),
    ],
    // snippet: adopt-manifest
    dependencies: [
        .package(name: "Behave", path: "../..")
    ],
    targets: [
        // The app's module: what behaviours may do with tickets.
        .target(name: "Ticketing", dependencies: [.product(name: "Behave", package: "Behave")]),
        // The team's own tool: every behave command, knowing Ticketing.
        .executableTarget(
            name: "ticketing",
            dependencies: ["Ticketing", .product(name: "BehaveCLI", package: "Behave")]
        ),
        .testTarget(
            name: "TicketingTests",
            dependencies: ["Ticketing", .product(name: "Behave", package: "Behave")]
        ),
    ],
    // snippet end
    swiftLanguageModes: [.v6]
)
