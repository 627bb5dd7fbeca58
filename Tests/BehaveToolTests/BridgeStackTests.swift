import BehaveTestSupport
import Foundation
import Testing

/// The reproductions of values that once overran Lua's stack, run through the built tool: script
/// arguments and event payloads in numbers and depths past the 20 slots Lua guarantees.
@Suite("Script arguments and event payloads past Lua's guaranteed stack")
struct BridgeStackTests {
    @Test("100,000 script arguments reach the script, and 1,000 with --trusted")
    func manyArguments() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("print(select('#', ...), (select(170, ...)))\n", to: "nargs.lua", in: directory)
        let many = try Tool.run(["run", script] + (1...100_000).map(String.init))
        #expect(many.status == 0, "\(many.stderr)")
        #expect(many.stdout == "100000\t170\n")
        let trusted = try Tool.run(["run", "--trusted", script] + (1...1000).map(String.init))
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout == "1000\t170\n")
    }

    @Test(
        "an event's payload nested to the JSON parser's full depth reaches its handler whole",
        arguments: [
            ("arrays, 170 deep", String(repeating: "[", count: 170) + String(repeating: "]", count: 170), 170),
            (
                "arrays, as deep as the parser allows",
                String(repeating: "[", count: 511) + String(repeating: "]", count: 511), 511
            ),
            (
                "objects, 500 deep",
                String(repeating: "{\"a\": ", count: 500) + "1" + String(repeating: "}", count: 500), 500
            ),
        ])
    func deepPayload(name: String, payload: String, depth: Int) throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            """
            on("e", function(p)
              local d = 0
              while type(p) == "table" do d = d + 1 p = p[1] or p.a end
              print("depth", d)
            end)

            """, to: "ev.lua", in: directory)
        let events = try Tool.write("{\"event\": \"e\", \"data\": \(payload)}\n", to: "deep.jsonl", in: directory)
        let result = try Tool.run(["run", "--events", events, script])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.stdout == "depth\t\(depth)\n", "\(name)")
    }

    @Test("a main chunk returning 500,000 values ends like the stock interpreter's, with --trusted too")
    func manyResults() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("return table.unpack({}, 1, 500000)\n", to: "many.lua", in: directory)
        for options in [[], ["--trusted"]] {
            let result = try Tool.run(["run"] + options + [script])
            #expect(result.status == 0, "\(options): \(result.stderr)")
            #expect(result.stderr.isEmpty)
        }
    }
}
