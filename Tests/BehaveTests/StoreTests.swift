import Behave
import BehaveDemos
import BehaveStore
import Foundation
import Testing

/// The `store` module through the public API: what a behaviour keeps lasts across hosts (a
/// restart), each behaviour in its own namespace, within its quota, and only JSON-shaped values.
@Suite("Behaviour store")
struct StoreTests {
    static func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("behave-store-\(UUID().uuidString)")
        return url.path
    }

    static func host(_ store: BehaviourStore?, lines: Captured? = nil) throws -> BehaveHost {
        try BehaveHost(
            modules: [], output: OutputSink(write: { lines?.output += $0 }, diagnostic: { _ in }),
            features: store.map { [StoreFeature($0)] } ?? [])
    }

    static func run(_ source: String, named name: String = "b.lua", on host: BehaveHost) async throws -> [PlainValue] {
        try await host.run(Behaviour(name: name, source: source)).results.values
    }

    @Test("what a behaviour sets is there for the next host on the same directory, kinds and all")
    func restart() async throws {
        let store = BehaviourStore(directory: try Self.directory())
        _ = try await Self.run(
            "store.set('voted', 'Bordeaux') store.set('n', {1, 2.5, {a = true}}) store.set('gone', 1) store.remove('gone')",
            on: try Self.host(store))
        let values = try await Self.run(
            "local n = store.get('n') return store.get('voted'), math.type(n[1]), math.type(n[2]), n[3].a, store.keys()",
            on: try Self.host(store))
        #expect(
            values == [.string("Bordeaux"), .string("integer"), .string("float"), .bool(true), ["n", "voted"]])
        #expect(try store.values(of: "b.lua") == ["voted": "Bordeaux", "n": [1, 2.5, ["a": true]]])
        #expect(try store.namespaces().map(\.identity) == ["b.lua"])
        #expect(try store.clear("b.lua"))
        #expect(try store.namespaces().isEmpty)
    }

    @Test("docs/store.md's app code: a host with a store, and what the behaviour kept")
    func appCode() async throws {
        let stateDirectory = try Self.directory()
        let behaviour = Behaviour(name: "vote.lua", source: "store.set('vote', {destination = 'Bordeaux'})")
        // snippet: store-app
        let store = BehaviourStore(directory: stateDirectory + "/behave-store", quota: 16 * 1024)
        let host = try BehaveHost(modules: [Keynote()], features: [StoreFeature(store)])
        try await host.run(behaviour)
        let kept = try store.values(of: behaviour.identity)  // what the behaviour keeps, as PlainValue
        // snippet end
        #expect(kept == ["vote": ["destination": "Bordeaux"]])
        #expect(host.feature(StoreFeature.self)?.store == store)
    }

    @Test("each behaviour identity has its own namespace; copies under other names share it by identity")
    func namespaces() async throws {
        let host = try Self.host(BehaviourStore(directory: try Self.directory()))
        _ = try await Self.run("store.set('who', 'a')", named: "a.lua", on: host)
        #expect(try await Self.run("return store.get('who')", named: "b.lua", on: host) == [.null])
        var copy = Behaviour(name: "a-v2.lua", source: "return store.get('who')")
        copy.identity = "a.lua"
        #expect(try await host.run(copy).results.values == ["a"])
        let file = try Behaviour.read(path: "./Package.swift")
        #expect(file.identity == FileManager.default.currentDirectoryPath + "/Package.swift")
    }

    @Test("a write over the quota is refused, catchably, and changes nothing")
    func quota() async throws {
        let store = BehaviourStore(directory: try Self.directory(), quota: 64)
        let host = try Self.host(store)
        let values = try await Self.run(
            """
            store.set('a', string.rep('x', 30))
            local big, bigError = pcall(store.set, 'b', string.rep('y', 100))
            local sum, sumError = pcall(store.set, 'b', string.rep('y', 30))
            return big, bigError, sum, sumError, #store.get('a'), store.get('b')
            """, on: host)
        #expect(values.count == 6)
        #expect(values[0] == false && values[2] == false)
        #expect(values[1].text.contains("larger than the store's quota of 64 bytes"))
        #expect(values[3].text.contains("would make the store hold 70 bytes, over its quota of 64"))
        #expect(values[4] == 30 && values[5] == .null)
        #expect(try store.values(of: "b.lua") == ["a": .string(String(repeating: "x", count: 30))])
    }

    @Test("only JSON-shaped values are kept: each other value is refused with the reason")
    func refusedValues() async throws {
        let host = try Self.host(.inMemory())
        let cases: [(String, String)] = [
            ("store.set('k', print)", "a function cannot be stored"),
            ("store.set('k', {1, 2, x = 3})", "a list (keys 1…n) or have only string keys"),
            ("store.set('k', {[true] = 1})", "a table key must be a string or a list index, not a boolean"),
            ("local t = {} t.t = t store.set('k', t)", "a table that appears twice in a value (or holds itself)"),
            ("local s = {} store.set('k', {s, s})", "a table that appears twice"),
            // One table under itself twice, 60 levels: a walk that went in again would run for ever.
            ("local t = {} for i = 1, 60 do t = {t, t} end store.set('k', t)", "a table that appears twice"),
            ("local t = {} for i = 1, 65 do t = {t} end store.set('k', t)", "nested deeper than 64"),
            ("store.set('k', {[1] = 1, [3] = 3})", "a list's keys must be 1…n, with no gaps"),
            (
                "store.set('k', {['\u{e9}'] = 1, ['e\u{301}'] = 2})",
                "two keys that are one text in two Unicode spellings"
            ),
            ("store.set('k', '\\xff')", "not UTF-8 text"),
            ("store.set('k', 0/0)", "nan cannot be stored"),
            ("store.set('k', math.huge)", "inf cannot be stored"),
            ("store.set('', 1)", "a key has 1 to 1024 bytes"),
            ("store.set(string.rep('k', 1025), 1)", "a key has 1 to 1024 bytes"),
            ("store.get(1)", "the key must be a string, not number"),
            ("store.set('k', coroutine.create(print))", "a thread cannot be stored"),
        ]
        for (source, reason) in cases {
            let values = try await Self.run(
                "local ok, e = pcall(function() \(source) end) return ok, e, #store.keys()", on: host)
            #expect(values.first == false, "\(source)")
            #expect((values.dropFirst().first?.text.contains(reason) ?? false), "\(source): \(values)")
            #expect(values.last == 0, "\(source) kept something")
        }
    }

    @Test("the quota counts what the file holds: a key of control characters counts its escapes")
    func quotaCountsEscapes() async throws {
        let store = BehaviourStore(directory: try Self.directory(), quota: 1000)
        let values = try await Self.run(
            "return pcall(store.set, string.rep('\\1', 200), 1)", on: try Self.host(store))
        #expect(values.first == false)
        #expect(values.last?.text.contains("would make the store hold 1203 bytes, over its quota of 1000") == true)
    }

    @Test("a store file holding a number past a float's range is refused at it, never read as infinity")
    func numberPastFloats() async throws {
        let directory = try Self.directory()
        let store = BehaviourStore(directory: directory)
        _ = try await Self.run("store.set('x', 1)", on: try Self.host(store))
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".json") })
        let path = directory + "/" + name
        // Read as infinity, it would be written back as another value ({"$float": "-inf"}).
        try Data(#"{"behaviour": "b.lua", "values": {"x": [1, -1e400]}}"#.utf8).write(to: URL(fileURLWithPath: path))
        do {
            let values = try store.values(of: "b.lua")
            Issue.record("read \(values)")
        } catch {
            #expect("\(error)" == "\(path):1:44: not a store file: the number -1e400 is beyond a float's range")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("-1e400"))
    }

    @Test("a store in memory is empty at each run; a host without a store has no store module")
    func memoryAndNone() async throws {
        let host = try Self.host(.inMemory())
        #expect(try await Self.run("store.set('x', 1) return store.get('x')", on: host) == [1])
        #expect(try await Self.run("return store.get('x')", on: host) == [.null])
        let none = try Self.host(nil)
        #expect(try await Self.run("return store, has('store', 'get')", on: none) == [.null, false])
        #expect(none.feature(StoreFeature.self) == nil)
    }

    @Test("two hosts writing one namespace lose neither's key: each write merges under the lock")
    func twoHosts() async throws {
        let store = BehaviourStore(directory: try Self.directory())
        let first = try Self.host(store)
        let second = try Self.host(store)
        _ = try await Self.run("store.set('shared', 0)", on: first)
        async let one: [PlainValue] = Self.run("for i = 1, 20 do store.set('a' .. i, i) end", on: first)
        async let two: [PlainValue] = Self.run("for i = 1, 20 do store.set('b' .. i, i) end", on: second)
        _ = try await (one, two)
        #expect(try store.values(of: "b.lua").count == 41)
    }

    @Test("a store file that is not one is an error naming its line and column, and is left as it was")
    func corruptFile() async throws {
        let directory = try Self.directory()
        let store = BehaviourStore(directory: directory)
        let host = try Self.host(store)
        _ = try await Self.run("store.set('x', 1)", on: host)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".json") })
        let path = directory + "/" + name
        try Data("{\"behaviour\": \"b.lua\",\n \"values\": {\"x\": tru}}".utf8).write(to: URL(fileURLWithPath: path))
        let values = try await Self.run(
            "local a, e = pcall(store.get, 'x') local b, f = pcall(store.set, 'y', 2) return a, e, b, f", on: host)
        #expect(values.first == false && values[2] == false)
        #expect(values[1].text.contains("\(path):2:"), "\(values)")
        #expect(values[3].text.contains("\(path):2:"), "\(values)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("tru}"))
        #expect(throws: StoreError.self) { try store.namespaces() }
    }

    /// The store files in `directory`, by name.
    static func files(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("a store file copied under another behaviour's name is refused, listed as damaged, and removable by name")
    func anotherBehavioursFile() async throws {
        let directory = try Self.directory()
        let store = BehaviourStore(directory: directory)
        let host = try Self.host(store)
        _ = try await Self.run("store.set('vote', 'a')", named: "a.lua", on: host)
        let aFile = try #require(try Self.files(directory).first)
        _ = try await Self.run("store.set('vote', 'b')", named: "b.lua", on: host)
        let bFile = try #require(try Self.files(directory).first { $0 != aFile })
        let bPath = directory + "/" + bFile
        try FileManager.default.removeItem(atPath: bPath)
        try FileManager.default.copyItem(atPath: directory + "/" + aFile, toPath: bPath)
        let values = try await Self.run(
            "local a, e = pcall(store.get, 'vote') local b, f = pcall(store.set, 'vote', 'b2') return a, e, b, f",
            named: "b.lua", on: host)
        #expect(values.first == false && values[2] == false, "\(values)")
        let refusal = "\(bPath): holds the store of \"a.lua\", not of \"b.lua\": refused"
        #expect(values[1].text.contains(refusal), "\(values)")
        #expect(values[3].text.contains(refusal), "\(values)")
        #expect(throws: StoreError.self) { try store.values(of: "b.lua") }
        // The listing serves a.lua's namespace once, and names the copy by its file.
        let listing = try store.listing()
        #expect(listing.namespaces.map(\.identity) == ["a.lua"])
        #expect(listing.damaged.map(\.name) == [bFile])
        #expect(listing.damaged.first?.error.reason.contains("holds the store of \"a.lua\"") == true)
        #expect(try store.values(of: "a.lua") == ["vote": "a"])
        #expect(store.containsFile(named: bFile))
        #expect(try store.removeFile(named: bFile))
        #expect(try store.listing().damaged.isEmpty)
        #expect(try await Self.run("return store.get('vote')", named: "b.lua", on: host) == [.null])
        #expect(throws: StoreError.self) { try store.removeFile(named: "../" + aFile) }
    }

    @Test("a store file that is a symbolic link is refused, even to a file that holds the behaviour's own store")
    func linkedFile() async throws {
        let directory = try Self.directory()
        let store = BehaviourStore(directory: directory)
        let host = try Self.host(store)
        _ = try await Self.run("store.set('vote', 'a')", named: "a.lua", on: host)
        let name = try #require(try Self.files(directory).first)
        let path = directory + "/" + name
        let elsewhere = directory + "-elsewhere.json"
        try FileManager.default.moveItem(atPath: path, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        let values = try await Self.run(
            "local a, e = pcall(store.get, 'vote') local b, f = pcall(store.set, 'vote', 'x') return a, e, b, f",
            named: "a.lua", on: host)
        #expect(values.first == false && values[2] == false, "\(values)")
        #expect(values[1].text.contains("\(path): is a symbolic link, not a store file: refused"), "\(values)")
        #expect(values[3].text.contains("is a symbolic link"), "\(values)")
        let listing = try store.listing()
        #expect(listing.namespaces.isEmpty && listing.damaged.map(\.name) == [name])
        // --clear removes the link, never what it points to.
        #expect(try store.clear("a.lua"))
        #expect(FileManager.default.fileExists(atPath: elsewhere))
        #expect(try store.listing().damaged.isEmpty)
    }

    @Test("a recorded run's store reads replay from the recording, whatever the store holds now")
    func replay() async throws {
        let store = BehaviourStore(directory: try Self.directory())
        let host = try Self.host(store)
        _ = try await Self.run("store.set('visits', 4)", on: host)
        _ = try await Self.run(
            "local n = store.get('visits') store.set('visits', n + 1) print('visit ' .. n + 1)", on: host)
        let recording = try #require(host.lastRecording)
        try store.clear("b.lua")
        let lines = Captured()
        let report = try await BehaveHost.replay(
            recording, output: OutputSink(write: { lines.output += $0 }, diagnostic: { _ in }))
        #expect(report.matches)
        #expect(lines.output == "visit 5\n")
        #expect(try store.values(of: "b.lua").isEmpty)
    }
}

extension PlainValue {
    /// A string's text, or the value's description: what an error message check reads.
    fileprivate var text: String {
        if case .string(let text) = self { return text }
        return "\(self)"
    }
}
