import BehaveTestSupport
import Foundation
import Testing

/// scripts/behave builds behave-remote only for the commands behave hands to it; a command it
/// missed would run against a stale or missing helper.
@Suite("scripts/behave builds behave-remote when the command needs it")
struct ProductsScriptTests {
    static func products(_ arguments: [String]) throws -> [String] {
        let script = Tool.root.appendingPathComponent("scripts/lib/products.sh").path
        let result = try Tool.run(
            ["-c", ". \"$0\"; behave_products \"$@\"", script] + arguments,
            program: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(
        "URLs (any case) and keygen, sign, verify need it",
        arguments: [
            ["run", "https://example.com/b.json"], ["check", "a.lua", "HTTP://example.com/b.lua", "--allow-http"],
            ["translate", "Https://example.com/b.json"], ["keygen", "team"], ["sign", "b.json", "--key", "k"],
            ["verify", "b.json", "--public-key", "k"], ["cache"], ["cache", "--clear", "https://example.com/b.json"],
        ])
    func needsHelper(arguments: [String]) throws {
        #expect(try Self.products(arguments) == ["behave", "behave-remote"])
    }

    @Test(
        "files, the REPL and the other commands do not",
        arguments: [
            ["run", "scripts/examples/Protocols.json"], [], ["repl"], ["check", "a.lua", "b.json"],
            ["modules", "--json"],
            ["run", "https.lua"], ["run", "a.lua", "--context", "url=https"],
        ])
    func noHelper(arguments: [String]) throws {
        #expect(try Self.products(arguments) == ["behave"])
    }
}
