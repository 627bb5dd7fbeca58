import BehaveLua

extension Scheduler {
    /// Runs `main` again as a recording has it: each step, batch of events and async answer handed
    /// to the runtime in the recorded order and at the recorded instants, the actions answered by
    /// the stand-ins that read the same `cursor`. Ends as the recorded run ended; a divergence, or
    /// the recording's end or gap, ends it where it happens (the cursor says which).
    nonisolated(nonsending) func replay(
        main: LuaFunction, arguments: [any LuaPushable], cursor: ReplayCursor, outcome: RecordedOutcome?
    ) async throws(BehaveError) -> Finish {
        try host.slice { try runtime.start(main, arguments: arguments) }
        var waiting = 0
        while true {
            // A replay never waits for time, so nothing else would see a cancellation between slices.
            try host.checkCancelled()
            let entry: RecordedEntry?
            do { entry = try cursor.nextForRuntime() } catch is ReplayStop {
                throw .terminated(LuaError(kind: .cancelled, message: "the replay diverged"))
            } catch {
                throw .terminated(host.lua.terminate(LuaTermination(.output)))
            }
            guard let entry else { break }
            let step: RuntimeStep
            switch entry {
            case .step(let at): step = try host.slice { try runtime.step(at) }
            case .deliver(let at, let events): step = try deliver(events, now: at, untilMainEnds: false).step
            case .resolved(let id, _, let values):
                try resolve(
                    id,
                    .success(
                        ActionResult { stack in
                            // A recording holds any number of values: room first, as for any push.
                            guard stack.reserve(values.count + 1) else { return 0 }
                            for value in values { value.push(to: stack) }
                            return Int32(values.count)
                        }))
                continue
            case .rejected(let id, _, let message, let form):
                try resolve(id, .failure(form.error(message)))
                continue
            default: continue
            }
            switch step {
            case .failed(let error, let traceback): throw host.failure(error, traceback: traceback)
            case .stopped(let reason): return .stopped(host.describe(reason))
            case .running(_, let blocked, _): waiting = blocked
            }
        }
        // The recorded run went on from here: the limit that ended it between slices ends this one.
        if cursor.remainder == 0, let outcome, outcome.kind == .terminated, let message = outcome.message {
            throw .terminated(LuaError(kind: .limit(.duration), message: message))
        }
        return .completed(waiting: waiting)
    }
}
