// swift-tools-version: 6.2
import PackageDescription

// How the C Lua 5.4 runtime is found and linked.
//
// On Linux: Debian's liblua5.4-dev, linked statically (liblua5.4.a), with its headers under
// lua5.4/ (Sources/CLua/lua-headers.h). The shared liblua5.4.so is built as position-independent
// code whose calls to its own API (lua_geti, lua_resume...) go through the PLT: the stock lua5.4
// interpreter, which has the library linked in, runs table.sort or coroutine switches about 8%
// faster than any program using the .so (the `lua-floor` rows of scripts/bench). pkg-config would
// add -llua5.4, which the linker resolves to the .so, so this target does without it.
// Elsewhere (macOS with Homebrew's lua): pkg-config, and whatever library it names.
#if os(Linux)
    let lua: Target = .systemLibrary(name: "CLua", path: "Sources/CLua", providers: [.apt(["liblua5.4-dev"])])
    let luaLinking: [LinkerSetting] = [.linkedLibrary(":liblua5.4.a"), .linkedLibrary("m"), .linkedLibrary("dl")]
    // Lua's __call lookup goes through Sources/CBehave/callchain.c, so that a stop reaches a
    // __call chain. An unsafe flag: packages depending on Behave need Swift 6.2 or later.
    let behaveLinking: [LinkerSetting] = luaLinking + [.unsafeFlags(["-Xlinker", "--wrap=luaT_gettmbyobj"])]
#else
    let lua: Target = .systemLibrary(
        name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4", providers: [.brew(["lua"])])
    let luaLinking: [LinkerSetting] = []
    let behaveLinking: [LinkerSetting] = []
#endif

let package = Package(
    name: "Behave",
    products: [
        .library(name: "Lua", targets: ["Lua"]),
        .library(name: "Behave", targets: ["Behave"]),
        .library(name: "Greeter", targets: ["Greeter"]),
        .library(name: "Browser", targets: ["Browser"]),
        .library(name: "Keynote", targets: ["Keynote"]),
        .library(name: "BehaveRemote", targets: ["BehaveRemote"]),
        .executable(name: "behave", targets: ["behave"]),
        .executable(name: "behave-remote", targets: ["behave-remote"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The C Lua 5.4 runtime.
        lua,
        // Behave's own C: the trampolines through which Lua calls Swift, and the sandbox's limits
        // and guards. C because they raise Lua errors (a longjmp), which Swift must never do.
        .target(name: "CBehave", dependencies: ["CLua"], linkerSettings: behaveLinking),
        // The Swift bridge: states, values, calls both ways, errors.
        .target(name: "Lua", dependencies: ["CLua", "CBehave"]),
        // The host: modules, registry, sandbox, behaviours. Its Lua (the runtime, the sandbox
        // prelude, the REPL's printer, the editor stubs) lives in .lua files, compiled at build time by
        // LuaChunks.
        .target(
            name: "Behave",
            dependencies: ["Lua"],
            exclude: [
                "Runtime/runtime.lua", "Sandbox/sandbox.lua", "Session/printer.lua", "Authoring/definitions.lua",
            ],
            plugins: ["LuaChunks"]
        ),
        // Compiles a target's .lua files into a generated Swift file of bytecode (and source).
        .plugin(name: "LuaChunks", capability: .buildTool(), dependencies: ["lua-chunks"]),
        .executableTarget(name: "lua-chunks", dependencies: ["Lua"]),
        // Remote behaviours: fetching, the last-good-copy cache, Ed25519 signatures.
        .target(
            name: "BehaveRemote",
            dependencies: [
                "Behave",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Feature modules, each depending only on Behave's module API.
        .target(name: "Greeter", dependencies: ["Behave"], path: "modules/Greeter"),
        .target(name: "Browser", dependencies: ["Behave"], path: "modules/Browser"),
        .target(name: "Keynote", dependencies: ["Behave"], path: "modules/Keynote"),
        // The command-line tool: its commands, shared by the two executables below.
        .target(
            name: "BehaveCLI",
            dependencies: [
                "Behave", "Greeter", "Browser", "Keynote",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `behave`: every command, without the network and crypto code; the commands that fetch, sign or
        // verify are handed to `behave-remote` (README, "Two executables").
        .executableTarget(name: "behave", dependencies: ["BehaveCLI"]),
        // `behave-remote`: the same commands, with BehaveRemote (AsyncHTTPClient, swift-crypto) linked in.
        .executableTarget(name: "behave-remote", dependencies: ["BehaveCLI", "BehaveRemote"]),
        // Benchmark support: the C baselines and the measuring executable (scripts/bench).
        .target(name: "CBaseline", dependencies: ["CLua"], path: "Benchmarks/CBaseline", linkerSettings: luaLinking),
        .executableTarget(
            name: "lua-floor", dependencies: ["CLua"], path: "Benchmarks/LuaFloor", linkerSettings: luaLinking),
        .executableTarget(
            name: "behave-bench",
            dependencies: ["Lua", "Behave", "Greeter", "Browser", "Keynote", "CBaseline"],
            path: "Benchmarks/BehaveBench"
        ),
        // Fuzzing (scripts/fuzz): libFuzzer targets over the JSON parser, the events line parser,
        // the action-list planner and translator, values through the bridge and the sandbox. A
        // build without -sanitize=fuzzer replays inputs through them instead (the regression tests).
        .target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"),
        .executableTarget(
            name: "behave-fuzz", dependencies: ["Behave", "Lua", "Greeter", "Browser", "CFuzzDriver"],
            path: "Fuzz/behave-fuzz"),
        // What several test targets share: running the built tools, a real HTTP server on
        // 127.0.0.1 (behave-test-server.py), the docs' blocks.
        .target(name: "BehaveTestSupport", path: "Tests/Support", exclude: ["behave-test-server.py"]),
        .testTarget(name: "LuaTests", dependencies: ["Lua", "CBehave", "CLua"], exclude: ["Parity"]),
        .testTarget(name: "BehaveTests", dependencies: ["Behave", "Greeter", "Browser", "Keynote"]),
        .testTarget(
            name: "BehaveRemoteTests", dependencies: ["BehaveRemote", "Behave", "Greeter", "BehaveTestSupport"]),
        .testTarget(
            name: "BehaveToolTests",
            dependencies: [
                "behave", "behave-remote", "BehaveCLI", "Behave", "BehaveRemote", "Greeter", "BehaveTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
