import ArgumentParser
import Behave

/// `behave store [BEHAVIOUR]`: what behaviours keep in the store; `--clear BEHAVIOUR` empties one.
struct StoreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "store",
            abstract: "List what behaviours keep in the store, show one's values, or clear them.",
            discussion: """
                Without BEHAVIOUR, one line per behaviour that keeps something: its identity (a file's absolute \
                path, a URL), its key count and bytes. With BEHAVIOUR (a file's path as you run it, or a URL), \
                its values as one JSON object; with --clear, forgets them. An identity the list shows (stdin, \
                session) names its namespace as written.
                """)
    }

    @Argument(help: "A behaviour file or URL.", completion: .file(extensions: ["lua", "json"]))
    var behaviour: String?

    @Flag(help: "Forget everything BEHAVIOUR keeps.")
    var clear = false

    @OptionGroup var options: StoreOptions

    func validate() throws {
        if clear && behaviour == nil { throw ValidationError("--clear needs the behaviour whose store to clear") }
    }

    func run() throws {
        let store = options.store
        do {
            guard let behaviour else {
                for namespace in try store.namespaces() {
                    let keys = namespace.values.count
                    print("\(namespace.identity)  \(keys) key\(keys == 1 ? "" : "s"), \(namespace.bytes) bytes")
                }
                return
            }
            // A URL, or an identity the list shows (`stdin`, `session`), as written; else a file's path.
            let identity =
                Behaviour.isRemote(behaviour) || store.contains(behaviour)
                ? behaviour : Behaviour.absolutePath(behaviour)
            if clear {
                if !(try store.clear(identity)) { StandardError.write("\(identity): nothing stored\n") }
                return
            }
            print(PlainValue.object(try store.values(of: identity)).jsonText)
        } catch {
            StandardError.write("\(BehaveTool.current.name): \(error)\n")
            throw ExitCode(clear ? BehaveExit.cannotWrite : BehaveExit.unreadable)
        }
    }
}
