import Behave
import BehaveRemote

/// A behaviour named on the command line: a file, or an http(s) URL loaded through the cache.
struct LoadedBehaviour {
    var behaviour: Behaviour
    /// Where a remote copy came from; nil for files.
    var origin: RemoteBehaviour.Origin?

    /// Reads `argument`, printing one warning line for every copy that is not the current one.
    /// `validate` decides whether a downloaded or cached copy may run.
    static func load(_ argument: String, remote: RemoteOptions,
                     validate: (Behaviour) -> [Diagnostic]) async throws(BehaveExitError) -> LoadedBehaviour {
        guard RemoteLoader.isRemote(argument) else {
            do { return LoadedBehaviour(behaviour: try Behaviour.read(path: argument)) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
        }
        let configuration: RemoteConfiguration
        do { configuration = try remote.configuration() } catch { throw BehaveExitError(BehaveExit.report(error)) }
        do {
            let loaded = try await RemoteLoader(configuration).load(argument, validate: validate)
            for note in loaded.notes { StandardError.write("behave: warning: \(note)\n") }
            if let warning = loaded.warning { StandardError.write("behave: warning: \(warning)\n") }
            return LoadedBehaviour(behaviour: loaded.behaviour, origin: loaded.origin)
        } catch {
            throw BehaveExitError(BehaveExit.report(error))
        }
    }

    /// The exit code for a run that itself succeeded: it still tells whether a stale copy ran.
    var successCode: Int32 {
        switch origin {
        case .lastGoodCopy: BehaveExit.ranLastGoodCopy
        case .fallback: BehaveExit.ranFallback
        default: BehaveExit.success
        }
    }
}
