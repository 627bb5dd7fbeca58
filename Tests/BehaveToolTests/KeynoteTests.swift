import BehaveTestSupport
import Foundation
import Testing

/// The keynote of seed 003, end to end through the built tool.
@Suite("Keynote from a script")
struct KeynoteTests {
    static let expected = """
        screen KeynoteWelcome: Welcome to the Xebicon'16 keynote
        screen TrainVote: Which train takes you to Xebicon: Bordeaux or Lyon?
        Vote #1 for Bordeaux recorded
        screen TrainVote: Which train takes you to Xebicon: Bordeaux or Lyon?
        Already voted for Bordeaux
        screen TrainVoteComplete: Votes are closed
        The train goes to Bordeaux (your train won)
        screen TrainRideStart: The train is leaving
        The train is at km 120
        screen Obstacle: Obstacle on the tracks!
        A cow is blocking the tracks
        screen ObstacleCleared: The tracks are clear
        The train is at km 250
        screen KeynoteEnd: Next stop: Xebicon
        screen TrainRideEnd: The train has arrived
        screen KeynoteWelcome: Welcome to the Xebicon'16 keynote
        Thank you for riding with us!

        """

    @Test("the docs' command prints the screens in order and the vote confirmation, exit 0")
    func replay() throws {
        let result = try Tool.run([
            "run", "--events", "scripts/examples/keynote-events.jsonl", "--fast", "scripts/examples/keynote.lua",
        ])
        #expect(result.stdout == Self.expected)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test("a phone that voted and restarts has voted: the store keeps it, and clearing it forgets")
    func votedAcrossRestarts() throws {
        let store = try Tool.temporaryDirectory().path
        let run = [
            "run", "--store-dir", store, "--events", "scripts/examples/keynote-events.jsonl", "--fast",
            "scripts/examples/keynote.lua",
        ]
        #expect(try Tool.run(run).stdout == Self.expected)
        let again = try Tool.run(run)
        #expect(again.status == 0)
        #expect(!again.stdout.contains("Vote #"), "\(again.stdout)")
        #expect(
            again.stdout.components(separatedBy: "Already voted for Bordeaux\n").count == 3, "\(again.stdout)")
        #expect(
            try Tool.run(["store", "--store-dir", store, "--clear", "scripts/examples/keynote.lua"]).status == 0)
        #expect(try Tool.run(run).stdout == Self.expected)
    }

    @Test("the context decides the vote")
    func otherDestination() throws {
        let result = try Tool.run([
            "run", "--context", "destination=Lyon", "--events", "scripts/examples/keynote-events.jsonl", "--fast",
            "scripts/examples/keynote.lua",
        ])
        #expect(result.stdout.contains("Vote #1 for Lyon recorded\n"))
        #expect(result.stdout.contains("The train goes to Bordeaux (your train lost)\n"))
        #expect(result.status == 0)
    }

    @Test("events read from stdin as they come, in real time, each `after` the one before")
    func stdinEvents() throws {
        let started = Date()
        let result = try Tool.run(
            ["run", "--events", "-", "scripts/examples/keynote.lua"],
            input: """
                {"event": "KEYNOTE_START"}
                {"event": "VOTE_TRAIN_START"}
                {"event": "KEYNOTE_END", "after": 2}

                """)
        #expect(
            result.stdout == """
                screen KeynoteWelcome: Welcome to the Xebicon'16 keynote
                screen TrainVote: Which train takes you to Xebicon: Bordeaux or Lyon?
                Vote #1 for Bordeaux recorded
                screen KeynoteWelcome: Welcome to the Xebicon'16 keynote
                Thank you for riding with us!

                """)
        #expect(result.status == 0)
        #expect(Date().timeIntervalSince(started) >= 2)
    }

    @Test("a bad line on stdin is reported with its position and skipped")
    func stdinBadLine() throws {
        let result = try Tool.run(
            ["run", "--events", "-", "--fast", "scripts/examples/keynote.lua"],
            input: "{\"event\": \"KEYNOTE_START\"}\n{\"event\": 3}\n{\"event\": \"KEYNOTE_END\"}\n")
        #expect(result.stderr.contains("stdin:2:11: error: \"event\" must be a non-empty string, found a number"))
        #expect(result.stdout.hasSuffix("Thank you for riding with us!\n"))
        #expect(result.status == 0)
    }

    @Test(
        "a bad events file is refused before anything runs, every problem with its line and column",
        arguments: [
            (
                "{\"event\": \"A\"}\n{\"event\": \"B\", \"after\": -1}\n",
                "events.jsonl:2:25: error: \"after\" must be a non-negative number of seconds"
            ),
            (
                "{\"event\": \"A\", \"when\": 1}\n",
                "events.jsonl:1:16: error: unknown key \"when\"; expected \"event\", \"data\" or \"after\""
            ),
            ("[1, 2]\n", "events.jsonl:1:1: error: expected an object like"),
            ("{\"data\": {}}\n", "events.jsonl:1:1: error: missing \"event\""),
            ("{\"event\": \"A\"\n", "events.jsonl:1:"),
        ])
    func badEventsFile(contents: String, message: String) throws {
        let directory = try Tool.temporaryDirectory()
        let file = try Tool.write(contents, to: "events.jsonl", in: directory)
        let result = try Tool.run(
            [
                "run", "--events", file, "--fast",
                Tool.root.appendingPathComponent("scripts/examples/keynote.lua").path,
            ], in: directory)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr.contains(message.replacingOccurrences(of: "events.jsonl", with: file)), "\(result.stderr)")
    }

    @Test("a missing events file is unreadable (66)")
    func missingEventsFile() throws {
        let result = try Tool.run(["run", "--events", "/nonexistent/e.jsonl", "scripts/examples/keynote.lua"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("/nonexistent/e.jsonl: cannot read"))
    }

    @Test("real time: waits take about as long as they say")
    func realTime() throws {
        let started = Date()
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("wait(0.3) print('late', now() >= 0.3)", to: "w.lua", in: directory)
        let run = try Tool.run(["run", script])
        #expect(run.stdout == "late\ttrue\n")
        #expect(Date().timeIntervalSince(started) >= 0.3)
    }

    @Test("a failing handler: reported with the script's position, the others go on, exit 1")
    func failingHandler() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write(
            """
            on("A", function() Keynote.shwo("x") end)
            on("A", function() print("other handler ran") end)
            emit("A")
            """, to: "h.lua", in: directory)
        let result = try Tool.run(["run", script])
        #expect(result.stdout == "other handler ran\n")
        #expect(result.stderr.contains("h.lua:1: Keynote has no action 'shwo'; did you mean 'show'?"))
        #expect(result.stderr.contains("behave: 1 handler or timer failed"))
        #expect(result.status == 1)
    }

    @Test("--duration-limit ends a behaviour that would run forever (exit 3)")
    func durationLimit() throws {
        let directory = try Tool.temporaryDirectory()
        let script = try Tool.write("every(1, function() end)", to: "forever.lua", in: directory)
        let result = try Tool.run(["run", "--fast", "--duration-limit", "30", script])
        #expect(result.status == 3)
        #expect(result.stderr.contains("limit exceeded: duration (30 s)"))
    }
}
