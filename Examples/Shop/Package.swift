// swift-tools-version: 6.2
import PackageDescription

// A shop's app module and tool, written as a new adopter writes them: one module of hand-written
// actions of every arity, one written as a plain type with @BehaveModule, a tool, an app that
// embeds a host, and tests. By path here; an app names the repository and a version instead.
let package = Package(
    name: "Shop",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Shop", targets: ["Shop"]),
        .executable(name: "shop", targets: ["shop"]),
        .executable(name: "shop-app", targets: ["shop-app"]),
    ],
    dependencies: [
        // Behave's default traits, as Examples/Ticketing's, so scripts/example builds Behave once for both.
        .package(name: "Behave", path: "../..")
    ],
    targets: [
        .target(
            name: "Shop",
            dependencies: [
                .product(name: "Behave", package: "Behave"), .product(name: "BehaveMacros", package: "Behave"),
            ]),
        .executableTarget(name: "shop", dependencies: ["Shop", .product(name: "BehaveCLI", package: "Behave")]),
        .executableTarget(name: "shop-app", dependencies: ["Shop", .product(name: "Behave", package: "Behave")]),
        .testTarget(name: "ShopTests", dependencies: ["Shop", .product(name: "Behave", package: "Behave")]),
    ],
    swiftLanguageModes: [.v6]
)
