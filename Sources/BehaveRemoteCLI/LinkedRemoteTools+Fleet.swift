#if Remote
    import ArgumentParser
    import Behave
    import BehaveCLI
    import BehaveRemote

    extension LinkedRemoteTools {
        /// `behave run MANIFEST_URL --channel C`: the copy the manifest selects for this device,
        /// with its quarantine, its memory for paused rollouts, and its health report after the run.
        func loadFleet(
            _ url: String, channel: String, options: RemoteOptions, configuration: RemoteConfiguration,
            validate: (Behaviour) -> [Diagnostic]
        ) async throws(BehaveExitError) -> LoadedBehaviour {
            let installID = options.fleet.installID ?? FleetInstallID.kept(in: configuration.cacheDirectory)
            let fleet = FleetLoader(configuration, channel: channel, installID: installID)
            let loaded: FleetBehaviour
            do { loaded = try await fleet.load(url, context: options.fleet.context, validate: validate) } catch {
                throw BehaveExitError(BehaveExit.report(error))
            }
            for line in loaded.warnings { StandardError.write("\(BehaveTool.current.name): warning: \(line)\n") }
            var behaviour = Self.loadedBehaviour(loaded.copy, configuration: configuration)
            if loaded.manifest.origin == .lastGoodCopy && behaviour.successCode == BehaveExit.success {
                behaviour.successCode = BehaveExit.ranLastGoodCopy
            }
            let health = try FleetRunReport.reporter(options: options, configuration: configuration)
            let report = FleetRunReport(loaded: loaded, context: options.fleet.context, health: health)
            let afterFailure = behaviour.afterFailure
            let afterRun = behaviour.afterRun
            let quarantines = behaviour.keepsFailingRecording
            behaviour.afterFailure = { reason, recording in
                report.failed(reason, quarantined: quarantines)
                afterFailure?(reason, recording)
            }
            let manifestRefresh = loaded.manifest.refresh
            let grace = Self.refreshGrace(configuration)
            let isRun = options.fleet.isRun
            behaviour.afterRun = {
                // check and translate run nothing: nothing to remember or report.
                if isRun {
                    if !report.hasFailed { fleet.ran(loaded) }
                    await report.send(within: options.fleet.healthWait)
                }
                // A kill or a rollback reaches a device that runs the cached manifest at once
                // (--max-wait) only if the fresh one fetched meanwhile is kept for the next run.
                if let manifestRefresh { _ = await manifestRefresh.wait(atMost: grace) }
                await afterRun?()
            }
            return behaviour
        }

        func which(_ command: WhichCommand) async throws {
            let channel = command.remote.fleet.channel ?? ""
            let manifest: FleetManifest
            do {
                if Behaviour.isRemote(command.manifest) {
                    let configuration = try command.remote.configuration(inputLimit: Limits().input)
                    let fleet = FleetLoader(configuration, channel: channel, installID: "")
                    let loaded = try await fleet.manifest(at: command.manifest)
                    for line in loaded.loaded.notes + [loaded.loaded.warning].compactMap({ $0 }) {
                        StandardError.write("\(BehaveTool.current.name): warning: \(line)\n")
                    }
                    manifest = loaded.manifest
                } else {
                    let bytes = try FileBytes.read(command.manifest, limit: Limits().input)
                    do { manifest = try FleetManifest(parsing: bytes, file: command.manifest) } catch {
                        throw BehaveError.invalid([error])
                    }
                }
            } catch let error as BehaveError {
                throw BehaveExit.report(error)
            } catch let error as RemoteError {
                throw BehaveExit.report(error)
            }
            let selection: FleetSelection
            do {
                selection = try manifest.select(
                    channel: channel, context: command.context, installID: command.remote.fleet.installID ?? "",
                    current: command.current)
            } catch {
                StandardError.write("\(BehaveTool.current.name): \(command.manifest): \(error)\n")
                throw ExitCode(BehaveExit.invalid)
            }
            print(command.json ? FleetText.json(selection) : FleetText.lines(selection))
        }

        func fleet(_ edit: FleetEdit, options: FleetWriteOptions) throws {
            try FleetEditor(options: options).apply(edit)
        }
    }
#endif
