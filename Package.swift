// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// How the C Lua 5.4 runtime is found and linked.
//
// On Linux: Debian's liblua5.4-dev, linked statically (liblua5.4.a), with its headers under
// lua5.4/ (Sources/CBehaveLua/lua-headers.h). The shared liblua5.4.so is built as position-independent
// code whose calls to its own API (lua_geti, lua_resume...) go through the PLT, which slows
// table.sort and coroutine switches in any program using the .so (the `lua-floor` rows of
// scripts/bench, docs/performance.md). pkg-config would
// add -llua5.4, which the linker resolves to the .so, so this target does without it.
// Elsewhere (macOS with Homebrew's lua): pkg-config, and whatever library it names.
#if os(Linux)
    let lua: Target = .systemLibrary(
        name: "CBehaveLua", path: "Sources/CBehaveLua", providers: [.apt(["liblua5.4-dev"])])
    let luaLinking: [LinkerSetting] = [.linkedLibrary(":liblua5.4.a"), .linkedLibrary("m"), .linkedLibrary("dl")]
    // Lua's __call lookup goes through Sources/CBehave/callchain.c, so that a stop reaches a
    // __call chain. An unsafe flag: packages depending on Behave need Swift 6.2 or later.
    let behaveLinking: [LinkerSetting] =
        luaLinking + [
            .unsafeFlags([
                "-Xlinker", "--wrap=luaT_gettmbyobj",
                // lauxlib's buffers get room by a collection before they grow (Sources/CBehave/buffers.c).
                "-Xlinker", "--wrap=luaL_buffinitsize", "-Xlinker", "--wrap=luaL_prepbuffsize",
                "-Xlinker", "--wrap=luaL_addlstring", "-Xlinker", "--wrap=luaL_addvalue",
            ])
        ]
#else
    let lua: Target = .systemLibrary(
        name: "CBehaveLua", path: "Sources/CBehaveLua", pkgConfig: "lua5.4", providers: [.brew(["lua"])])
    let luaLinking: [LinkerSetting] = []
    let behaveLinking: [LinkerSetting] = []
#endif

// A dependency whose every use carries its trait's condition is not resolved when the trait is off.
let remote: TargetDependencyCondition? = .when(traits: ["Remote"])
let macros: TargetDependencyCondition? = .when(traits: ["Macros"])

let package = Package(
    name: "Behave",
    // The Swift code builds for these; the C Lua runtime must be found for each (docs/platforms.md
    // says what is built and tested: Linux).
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The bridge alone: Lua states, values and calls both ways.
        .library(name: "BehaveLua", targets: ["BehaveLua"]),
        // The host: modules, the sandbox, behaviours.
        .library(name: "Behave", targets: ["Behave"]),
        // The store: what behaviours keep across runs, per behaviour, in files (`StoreFeature`).
        .library(name: "BehaveStore", targets: ["BehaveStore"]),
        // Line and function coverage of a host's runs (`CoverageRecorder`), and its LCOV report.
        .library(name: "BehaveCoverage", targets: ["BehaveCoverage"]),
        // The debugger (`BehaveDebugger`) and its Debug Adapter Protocol server (`DebugAdapter`).
        .library(name: "BehaveDebugger", targets: ["BehaveDebugger"]),
        // Test files run on a host (`TestFile`), and their results as JUnit XML.
        .library(name: "BehaveTesting", targets: ["BehaveTesting"]),
        // Remote behaviours: fetching, the last-good-copy cache, signatures.
        .library(name: "BehaveRemote", targets: ["BehaveRemote"]),
        // A team's own `behave`, with its own modules (`BehaveTool`).
        .library(name: "BehaveCLI", targets: ["BehaveCLI"]),
        // What a team's tool links in to fetch, sign and verify (`RemoteSupport.linked`).
        .library(name: "BehaveRemoteCLI", targets: ["BehaveRemoteCLI"]),
        .executable(name: "behave", targets: ["behave"]),
        .executable(name: "behave-remote", targets: ["behave-remote"]),
        // `@BehaveModule`: modules written as plain Swift types (the Macros trait).
        .library(name: "BehaveMacros", targets: ["BehaveMacros"]),
    ],
    // Each trait guards every use of the packages it names, so an app that turns it off does not
    // even resolve them (docs/adopting.md, "Products and traits"). Both are on by default, so this
    // package's own tools and tests, and apps that name no traits, keep everything.
    traits: [
        .trait(
            name: "Remote",
            description:
                "BehaveRemote and BehaveRemoteCLI: AsyncHTTPClient, SwiftNIO, NIOSSL, WebSocketKit, swift-crypto."),
        .trait(name: "Macros", description: "BehaveMacros, the @BehaveModule macro: swift-syntax."),
        .default(enabledTraits: ["Remote", "Macros"]),
    ],
    // Each lower bound is the release that added an API Behave uses; anything up to the next
    // major version is accepted, so an app's own requirements decide.
    dependencies: [
        // Swift 6: a Sendable CommandConfiguration (1.5.0); `.postTerminator`, aliases (1.3.0).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // HTTPClient.defaultEventLoopGroup, the shared singleton (1.19.0).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.19.0"),
        // Curve25519 signing and SHA-256, both in 3.x and 4.x (the builds here resolve 4.x).
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // NIOSingletons, which HTTPClient.defaultEventLoopGroup is (2.58.0).
        .package(url: "https://github.com/apple/swift-nio", from: "2.58.0"),
        // TLSConfiguration with the authorities of --ca-file; 2.30.0 is what the AsyncHTTPClient
        // resolved here requires itself.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.30.0"),
        // Events over WebSocket (`--events wss://`): the client, its upgrade and frame limits.
        .package(url: "https://github.com/vapor/websocket-kit", from: "2.16.0"),
        // The macro's syntax tree and compiler plugin; 600 is Swift 6.0's, 603 Swift 6.3's.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        // The C Lua 5.4 runtime.
        lua,
        // Behave's own C: the trampolines through which Lua calls Swift, and the sandbox's limits
        // and guards. C because they raise Lua errors (a longjmp), which Swift must never do.
        .target(name: "CBehave", dependencies: ["CBehaveLua"], linkerSettings: behaveLinking),
        // The behaviour runtime, in C above the bridge: tasks, timers, events, the driver the host's
        // scheduler calls, the app's context, the sandbox's library set. C for the same reason.
        .target(name: "CBehaveRuntime", dependencies: ["CBehave", "CBehaveLua"]),
        // The tools that watch a state from above the sandbox, in C: the debugger's hook and reads,
        // coverage's counts. The sandbox's hook owner (CBehave's hooks.c) serves them; nothing below calls them.
        .target(name: "CBehaveTools", dependencies: ["CBehave", "CBehaveLua"]),
        // The one place that imports the C library (Glibc, Darwin) and branches per platform.
        .target(name: "BehavePlatform"),
        // The Swift bridge: states, values, calls both ways, errors.
        .target(name: "BehaveLua", dependencies: ["CBehaveLua", "CBehave", "BehavePlatform"]),
        // The host: modules, registry, sandbox, behaviours. Its Lua (the REPL's printer, the test files'
        // helpers, the editor stubs) lives in .lua files, compiled at build time by LuaChunks.
        .target(
            name: "Behave",
            dependencies: ["BehaveLua", "CBehaveRuntime", "CBehave", "CBehaveLua", "BehavePlatform"],
            exclude: [
                "Session/printer.lua", "Authoring/definitions.lua", "Testing/testing.lua",
            ],
            plugins: ["LuaChunks"]
        ),
        // The store, a host's feature: the `store` module and its files.
        .target(name: "BehaveStore", dependencies: ["Behave", "BehaveLua", "BehavePlatform"]),
        // Coverage, a host's feature.
        .target(name: "BehaveCoverage", dependencies: ["Behave", "BehaveLua", "CBehaveTools"]),
        // The test runner: a test file's tests, each in a fresh state of a host, and JUnit XML.
        .target(name: "BehaveTesting", dependencies: ["Behave", "BehaveLua"]),
        // The debugger, a host's feature, and the DAP server that drives it.
        .target(name: "BehaveDebugger", dependencies: ["Behave", "BehaveLua", "BehavePlatform", "CBehaveTools"]),
        // Compiles a target's .lua files into a generated Swift file of bytecode (and source).
        .plugin(name: "LuaChunks", capability: .buildTool(), dependencies: ["lua-chunks"]),
        .executableTarget(name: "lua-chunks", dependencies: ["BehaveLua"]),
        // Remote behaviours: fetching, the last-good-copy cache, Ed25519 signatures.
        .target(
            name: "BehaveRemote",
            dependencies: [
                "Behave", "BehavePlatform",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: remote),
                .product(name: "Crypto", package: "swift-crypto", condition: remote),
                .product(name: "NIOCore", package: "swift-nio", condition: remote),
                .product(name: "NIOPosix", package: "swift-nio", condition: remote),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: remote),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: remote),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: remote),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: remote),
                .product(name: "WebSocketKit", package: "websocket-kit", condition: remote),
            ]
        ),
        // `@BehaveModule` and `@BehaveIgnored`, declared for apps; the expansion is the plugin's.
        .target(name: "BehaveMacros", dependencies: ["Behave", "BehaveMacrosPlugin"]),
        // The macros' implementation, run by the compiler; only an app that imports BehaveMacros builds it.
        .macro(
            name: "BehaveMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: macros),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: macros),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: macros),
                .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: macros),
            ]
        ),
        // The seed's demo modules (Greeter, Browser, Keynote), which the `behave` tool carries; not a
        // product. Examples/Ticketing shows a team's own module and tool.
        .target(name: "BehaveDemos", dependencies: ["Behave", "BehavePlatform"], path: "modules"),
        // The command-line tool, with whatever modules it is given (`BehaveTool`).
        .target(
            name: "BehaveCLI",
            dependencies: [
                "Behave", "BehaveLua", "BehavePlatform", "BehaveStore", "BehaveCoverage", "BehaveDebugger",
                "BehaveTesting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fetching, signing and verifying for a tool built on BehaveCLI (`RemoteSupport.linked`).
        .target(
            name: "BehaveRemoteCLI",
            dependencies: [
                "BehaveCLI", "BehaveRemote", "Behave", "BehaveLua", "BehavePlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: remote),
            ]),
        // `behave`: every command, with the demo modules and without the network and crypto code;
        // the commands that fetch, sign or verify are handed to `behave-remote` (README, "Two executables").
        .executableTarget(name: "behave", dependencies: ["BehaveCLI", "BehaveDemos"]),
        // `behave-remote`: the same tool, with BehaveRemote (AsyncHTTPClient, swift-crypto) linked in.
        .executableTarget(
            name: "behave-remote",
            dependencies: [
                "BehaveRemoteCLI", "BehaveCLI", "BehaveDemos", .target(name: "BehaveRemote", condition: remote),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: remote),
            ]),
        // Benchmark support: the C baselines and the measuring executable (scripts/bench).
        .target(
            name: "CBaseline", dependencies: ["CBehaveLua"], path: "Benchmarks/CBaseline", linkerSettings: luaLinking),
        .executableTarget(
            name: "lua-floor", dependencies: ["CBehaveLua"], path: "Benchmarks/LuaFloor", linkerSettings: luaLinking),
        // The peak memory of a command, measured from a process small enough not to inflate it.
        .executableTarget(name: "peak-memory", path: "Benchmarks/PeakMemory"),
        .executableTarget(
            name: "behave-bench",
            dependencies: [
                "BehaveLua", "Behave", "BehaveDemos", "BehavePlatform", "CBaseline", "CBehaveLua",
                // The live rows: devices through LiveEvents, and the tests' nchan on 127.0.0.1.
                .target(name: "BehaveRemote", condition: remote), .target(name: "PubSubFixture", condition: remote),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: remote),
            ],
            path: "Benchmarks/BehaveBench"
        ),
        // Fuzzing (scripts/fuzz): libFuzzer targets over the JSON parser, the events line parser,
        // the action-list planner and translator, values through the bridge and the sandbox. A
        // build without -sanitize=fuzzer replays inputs through them instead (the regression tests).
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        // What both fuzz executables share: the target protocol, libFuzzer's driver, the replay.
        .target(
            name: "FuzzSupport", dependencies: ["Behave", "BehavePlatform", "CFuzzDriver"], path: "Fuzz/FuzzSupport"),
        // Two executables, so that fuzzing Behave itself builds none of the network and crypto code.
        .executableTarget(
            name: "behave-fuzz",
            dependencies: ["FuzzSupport", "Behave", "BehaveLua", "BehaveDemos", "BehavePlatform", "BehaveStore"],
            path: "Fuzz/behave-fuzz"),
        .executableTarget(
            name: "behave-remote-fuzz", dependencies: ["FuzzSupport", "Behave", "BehaveRemote"],
            path: "Fuzz/behave-remote-fuzz"),
        // What several test targets share: running the built tools, a real HTTP server on
        // 127.0.0.1 (behave-test-server.py), the docs' blocks.
        .target(
            name: "BehaveTestSupport", path: "Tests/Support",
            exclude: ["behave-test-server.py", "make-test-certificates.py"]),
        // A real pub/sub server on 127.0.0.1 (nginx with nchan, deploy/nchan): the live tests' and
        // the bench's live rows'.
        .target(name: "PubSubFixture", path: "Tests/PubSubFixture"),
        .testTarget(
            name: "LuaTests", dependencies: ["BehaveLua", "CBehave", "CBehaveLua", "BehavePlatform"],
            exclude: ["Parity"]),
        .testTarget(
            name: "BehaveTests",
            dependencies: [
                "Behave", "BehaveLua", "CBehave", "BehaveDemos", "BehavePlatform", "BehaveStore", "BehaveCoverage",
                "BehaveDebugger", "BehaveTesting",
            ]),
        .testTarget(
            name: "BehaveRemoteTests",
            dependencies: [
                "BehaveRemote", "Behave", "BehaveDemos", "BehaveStore", "BehaveTestSupport", "PubSubFixture",
            ]),
        .testTarget(
            name: "BehaveToolTests",
            dependencies: [
                "behave", "behave-remote", "BehaveCLI", "BehaveRemoteCLI", "Behave", "BehaveRemote", "BehaveDemos",
                "BehavePlatform", "CBehave", "BehaveTesting",
                "BehaveTestSupport", "PubSubFixture",
            ],
            exclude: ["TrustedParity", "Debugging"]
        ),
        // The macros' expansions, and a module written with them at work; built with the Macros trait.
        .testTarget(
            name: "BehaveMacrosTests",
            dependencies: [
                "Behave",
                .target(name: "BehaveMacros", condition: macros),
                .target(name: "BehaveMacrosPlugin", condition: macros),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax", condition: macros),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
