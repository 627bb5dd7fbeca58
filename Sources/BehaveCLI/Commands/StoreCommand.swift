import ArgumentParser
import Behave
import BehaveStore

/// `behave store [BEHAVIOUR]`: what behaviours keep in the store; `--clear BEHAVIOUR` empties one.
struct StoreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "store",
            abstract: "List what behaviours keep in the store, show one's values, or clear them.",
            discussion: """
                Without BEHAVIOUR, one line per behaviour that keeps something: its identity (a file's absolute \
                path, a URL, a fleet's MANIFEST_URL#CHANNEL), its key count and bytes; each store file that \
                cannot serve one (unreadable, a link, not a store file, another behaviour's) is named on stderr \
                and the exit is 66. With BEHAVIOUR (a file's path as you run it, a URL, an identity the list \
                shows, or a damaged file's name), its values as one JSON object; with --clear, forgets them.
                """)
    }

    @Argument(
        help: "A behaviour file or URL, an identity, or a store file's name.",
        completion: .file(extensions: ["lua", "json"]))
    var behaviour: String?

    @Flag(help: "Forget everything BEHAVIOUR keeps.")
    var clear = false

    @OptionGroup var options: StoreOptions

    func validate() throws {
        if clear && behaviour == nil { throw ValidationError("--clear needs the behaviour whose store to clear") }
    }

    func run() throws {
        let store = options.store
        guard let behaviour else {
            let damaged: Int
            do { damaged = try list(store) } catch {
                StandardError.write("\(BehaveTool.current.name): \(error)\n")
                throw ExitCode(BehaveExit.unreadable)
            }
            if damaged > 0 { throw ExitCode(BehaveExit.unreadable) }
            return
        }
        do {
            // A URL, or an identity the list shows (`stdin`, a fleet's), as written; a store file's
            // name as the list shows it; else a file's path.
            if !Behaviour.isRemote(behaviour) && !store.contains(behaviour) && store.containsFile(named: behaviour) {
                if clear {
                    try store.removeFile(named: behaviour)
                } else {
                    print(PlainValue.object(try store.namespace(inFile: behaviour).values).jsonText)
                }
                return
            }
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

    /// Prints each namespace the store serves, and each file that serves none on stderr by the
    /// name `--clear` takes; returns how many such files there are.
    private func list(_ store: BehaviourStore) throws(StoreError) -> Int {
        let listing = try store.listing()
        for namespace in listing.namespaces {
            let keys = namespace.values.count
            print("\(namespace.identity)  \(keys) key\(keys == 1 ? "" : "s"), \(namespace.bytes) bytes")
        }
        for file in listing.damaged {
            StandardError.write(
                "\(BehaveTool.current.name): \(file.error); \(BehaveTool.current.name) store --clear \(file.name) removes it\n"
            )
        }
        return listing.damaged.count
    }
}
