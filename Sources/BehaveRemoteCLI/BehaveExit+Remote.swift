#if Remote
    import ArgumentParser
    import Behave
    import BehaveCLI
    import BehaveRemote

    extension BehaveExit {
        /// Prints why a remote behaviour could not be loaded and gives its exit code.
        static func report(_ error: RemoteError) -> ExitCode {
            if case .nothingToRun(_, _, _, let notes) = error {
                for note in notes { StandardError.write("\(BehaveTool.current.name): warning: \(note)\n") }
            }
            StandardError.write("\(BehaveTool.current.name): \(error)\n")
            switch error {
            case .refusedURL: return ExitCode(usage)
            case .nothingToRun: return ExitCode(nothingRan)
            }
        }
    }
#endif
