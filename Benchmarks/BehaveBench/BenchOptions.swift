import BehavePlatform

/// What `behave-bench` was asked for: `[--json] [--rounds N] [--only SECTIONS] [--record DIRECTORY]`.
///
/// A command line it cannot read stops it before anything is measured, with one line on
/// stderr and exit status 64 (as `behave`'s usage errors), since a misspelt flag would
/// otherwise cost minutes of measuring the wrong thing.
struct BenchOptions {
    /// The sections `--only` can name, in the order the table prints them.
    static let sections = [
        "calls", "scheduler", "recorder", "live", "json", "hosts", "cpu", "start", "input", "rehearse",
    ]
    static let usage =
        "usage: behave-bench [--json] [--rounds N] [--only \(sections.joined(separator: ","))] [--record DIRECTORY]"

    var json = false
    var rounds = 5
    /// nil: every section.
    var only: Set<String>?
    /// Where to keep the run's rows as data (``BenchRecord``); nil: nowhere.
    var record: String?

    /// A problem with the command line, said in one line.
    struct Problem: Error { let message: String }

    init(_ arguments: [String]) throws(Problem) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--json":
                json = true
            case "--rounds":
                guard let value = rest.popFirst(), let count = Int(value), count > 0 else {
                    throw Problem(message: "--rounds needs a whole number of rounds above 0")
                }
                rounds = count
            case "--only":
                guard let value = rest.popFirst(), !value.isEmpty else {
                    throw Problem(message: "--only needs sections, e.g. --only calls,cpu")
                }
                let named = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if let unknown = named.first(where: { !Self.sections.contains($0) }) {
                    throw Problem(
                        message: "--only: no section '\(unknown)' (sections: \(Self.sections.joined(separator: ", ")))")
                }
                only = Set(named)
            case "--record":
                guard let value = rest.popFirst(), !value.isEmpty else {
                    throw Problem(message: "--record needs a directory, e.g. --record Benchmarks/results")
                }
                record = value
            default:
                throw Problem(message: "unknown argument '\(argument)'")
            }
        }
    }

    /// Whether `section` is measured.
    func measures(_ section: String) -> Bool { only?.contains(section) ?? true }

    /// The options of this process, or exit: 0 with the usage for `--help`, 64 for a problem.
    static func ofProcess() -> BenchOptions {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            exit(0)
        }
        do {
            return try BenchOptions(arguments)
        } catch {
            let text = Array("behave-bench: \(error.message)\n\(usage)\n".utf8)
            _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            exit(64)
        }
    }
}
