import BehaveLua

/// Drives one run of a behaviour: resumes its tasks (the C half is `CBehaveRuntime`, through ``RuntimeDriver``),
/// awaits async actions, delivers events and moves time, until the behaviour stops, fails,
/// or nothing can happen any more.
///
/// Every entry into Lua is a *run slice* with the sandbox's per-slice limits armed; the
/// scheduler itself never blocks a thread while it waits.
final class Scheduler {
    unowned let host: BehaveHost
    let runtime: RuntimeDriver
    private let clock: any BehaveClock
    private let inbox = Inbox()
    private var inFlight: [Int: Task<Void, Never>] = [:]
    private var nextActionID = 0
    private(set) var failedTasks = 0
    /// A request to end the run early, once taken from the inbox.
    private var endRequest: EndRequest?
    /// Whether the farewell of a request to end at rest was given to the behaviour.
    private var farewellQueued = false
    /// That event, until it is delivered, first of the next batch.
    private var farewell: TimedEvent?
    /// What a run that ended early had not delivered, for the channel's next run.
    private var undelivered: [Inbox.Message]?
    /// The features that watch this run's steps, deliveries and answers.
    let watchers: RunWatchers

    init(host: BehaveHost, runtime: RuntimeDriver, clock: any BehaveClock, watchers: RunWatchers = .none) {
        self.host = host
        self.runtime = runtime
        self.clock = clock
        self.watchers = watchers
    }

    /// The id the next async action gets.
    var upcomingActionID: Int { nextActionID + 1 }

    /// Starts an async action's work and returns the id its task waits on.
    func start(_ work: ActionWork) -> Int {
        nextActionID += 1
        let id = nextActionID
        if work.isAnsweredByDriver { return id }
        let inbox = self.inbox
        inFlight[id] = Task {
            do {
                inbox.post(.completed(id: id, .success(try await work.run())))
            } catch {
                inbox.post(.completed(id: id, .failure(error)))
            }
        }
        return id
    }

    /// How many failures a run reports in full; the rest are counted (``RunReport/failedTasks``).
    static let reportedFailures = 100
    /// The most bytes of one failure's message that are reported.
    static let reportedMessageBytes = 4096

    /// Reports a handler or timer that failed with `value`, described as a failing main
    /// chunk would be; the behaviour goes on. Reports are bounded as output is: a handler
    /// failing every millisecond with a megabyte of message must not write 100 MB of reports.
    func taskFailed(_ value: LuaValue, traceback: String?) {
        failedTasks += 1
        defer { host.onTaskFailure?() }
        if failedTasks == Self.reportedFailures + 1 {
            host.output.diagnostic(
                "\(host.output.name): more than \(Self.reportedFailures) handlers or timers failed; the rest are counted, not shown"
            )
        }
        // Past the bound nothing is described: an error's __tostring may run for a whole slice.
        guard failedTasks <= Self.reportedFailures,
            case .failed(let error) = host.failure(value, traceback: traceback)
        else { return }
        watchers.taskFailed(error)
        if host.firstTaskFailure == nil {
            host.firstTaskFailure = error.message.truncated(toBytes: Self.reportedMessageBytes)
        }
        host.output.diagnostic(host.output.name + ": " + error.message.truncated(toBytes: Self.reportedMessageBytes))
        if let traceback = error.traceback, !traceback.isEmpty {
            host.output.diagnostic(traceback.truncated(toBytes: Self.reportedMessageBytes))
        }
    }

    /// Runs `main` (with `arguments`) and everything it sets going, to the end; or, with
    /// `untilMainEnds` (a REPL input), until `main` itself has ended, leaving the timers and
    /// handlers it made for later inputs. `origin` is the instant the runtime's `now()` counts
    /// from: a session keeps one across inputs so its timers stay in order.
    nonisolated(nonsending) func run(
        main: LuaFunction, arguments: [any LuaPushable], events: EventChannel?,
        timeline: [TimedEvent], origin: Double? = nil, untilMainEnds: Bool = false
    ) async throws(BehaveError) -> Finish {
        let start = clock.now
        let origin = origin ?? start
        let virtual = clock as? VirtualClock
        let inbox = self.inbox
        let observer = virtual?.observe { inbox.nudge() }
        // A copy that takes the channel over goes on with the run it continues: the duration
        // limit is the whole run's, counted from the start of the first copy (as time run, so
        // that hosts on other clocks agree).
        let runStart = start - (events?.attach(inbox) ?? 0)
        defer {
            events?.detach(
                inbox, keeping: undelivered ?? [], elapsed: undelivered == nil ? nil : clock.now - runStart)
            if let observer { virtual?.stopObserving(observer) }
            for task in inFlight.values { task.cancel() }
            inFlight.removeAll()
        }
        let cancellation = host.cancellation

        try host.slice { try runtime.start(main, arguments: arguments) }

        do {
            return try await withTaskCancellationHandler {
                try await loop(
                    origin: origin, start: start, runStart: runStart, timeline: timeline, eventsOpen: events != nil,
                    untilMainEnds: untilMainEnds)
            } onCancel: {
                cancellation.cancel()
                inbox.nudge()
            }
        } catch let error as BehaveError {
            throw error
        } catch {
            throw .failed(LuaError(kind: .runtime, message: "\(error)"))
        }
    }

    nonisolated(nonsending) private func loop(
        origin: Double, start: Double, runStart: Double, timeline: [TimedEvent], eventsOpen: Bool,
        untilMainEnds: Bool
    ) async throws(BehaveError) -> Finish {
        let virtual = clock as? VirtualClock
        let duration = host.policy.limits.duration
        let limitAt = duration > 0 ? runStart + duration : nil
        // On the system's clock the watchdog also stops a slice that outlives the run's limit.
        if virtual == nil, let limitAt { host.runDeadline = BehaveHost.deadline(after: max(limitAt - clock.now, 1e-9)) }
        defer { host.runDeadline = 0 }
        var eventsOpen = eventsOpen
        // Events still to deliver, each at its time; the channel's join the file's, in order.
        var queue = EventQueue(start: start)
        for event in timeline { queue.append(event, arrivedAt: start) }
        // The runtime counts time from `origin`, the clock from its own zero: once the clock has
        // reached a timer's instant (origin + t), the step is told t itself, since
        // (origin + t) - origin can round below t, and the timer would never be due.
        var reached = 0.0
        var timer: (relative: Double, absolute: Double)?
        // What the step after a batch of events reported, when the batch ran that step.
        var stepped: RuntimeStep?
        while true {
            if let timer, clock.now >= timer.absolute { reached = max(reached, timer.relative) }
            let now = max(clock.now - origin, reached)
            // Ready tasks, then due timers. The first step runs the main chunk, so handlers
            // it registers are in place before any event is delivered.
            let step: RuntimeStep
            if let batchStep = stepped {
                step = batchStep
                stepped = nil
            } else {
                watchers.stepTaken(at: now)
                step = try host.slice { try runtime.step(now) }
            }
            let nextTimer: Double?
            let blocked: Int
            switch step {
            case .failed(let error, let traceback):
                throw host.failure(error, traceback: traceback)
            case .stopped(let reason):
                return .stopped(host.describe(reason))
            case .running(let timer, let waiting, let mainEnded):
                try host.checkCancelled()
                if untilMainEnds, mainEnded { return .completed(waiting: waiting) }
                nextTimer = timer
                blocked = waiting
            }
            if let batchStep = try deliverDue(&queue, now: now, untilMainEnds: untilMainEnds) {
                stepped = batchStep
                // An end at once does not wait for a backlog to be delivered first.
                if inbox.holdsEndRequest { try takeMessages(into: &queue, eventsOpen: &eventsOpen) }
                if endRequest?.atOnce == true { return endingEarly(queue, eventsOpen: eventsOpen) }
                continue
            }
            timer = nextTimer.map { ($0, origin + $0) }
            let timerAt = timer?.absolute
            let eventsPending = eventsOpen || !queue.isEmpty
            if timerAt == nil, inFlight.isEmpty, !eventsPending, inbox.isEmpty {
                return .completed(waiting: blocked)
            }
            if let limitAt, clock.now >= limitAt {
                // Between slices: no Lua code runs, so nothing needs the control block's flag.
                throw .terminated(host.reported(LuaError(kind: .limit(.duration), message: "")))
            }

            if let ended = endAtRest(queue, eventsOpen: eventsOpen) {
                if ended { return .handedOver } else { continue }
            }
            if inbox.isEmpty {
                let eventAt = queue.nextTime
                await waitForNews(until: [timerAt, eventAt, limitAt].compactMap { $0 }.min(), virtual: virtual)
            }
            try host.checkCancelled()
            try takeMessages(into: &queue, eventsOpen: &eventsOpen)
            if endRequest?.atOnce == true { return endingEarly(queue, eventsOpen: eventsOpen) }
        }
    }

    /// At rest (nothing due, nothing in flight, nothing arrived), a request to end at rest goes
    /// on: first its farewell is queued for the behaviour's handlers (false: run them), then, at
    /// rest again, the run ends (true). nil when none was asked for, or the behaviour is not at rest.
    private func endAtRest(_ queue: EventQueue, eventsOpen: Bool) -> Bool? {
        guard let endRequest, inFlight.isEmpty, inbox.isEmpty, farewell == nil else { return nil }
        if farewellQueued || endRequest.farewell == nil {
            _ = endingEarly(queue, eventsOpen: eventsOpen)
            return true
        }
        farewellQueued = true
        farewell = endRequest.farewell
        return false
    }

    /// Delivers the events due now, a farewell first (due at once, whatever waits for a later
    /// time); what the step after them reported, or nil when nothing was due.
    private func deliverDue(_ queue: inout EventQueue, now: Double, untilMainEnds: Bool) throws(BehaveError)
        -> RuntimeStep?
    {
        var due = queue.due(by: clock.now, limit: Self.batch)
        let first = farewell
        farewell = nil
        if let first { due.insert(first, at: 0) }
        guard !due.isEmpty else { return nil }
        let (delivered, step) = try deliver(due, now: now, untilMainEnds: untilMainEnds)
        queue.drop(delivered - (first == nil ? 0 : 1))
        return step
    }

    /// Ends the run early: what it had not delivered is kept for the channel's next run.
    private func endingEarly(_ queue: EventQueue, eventsOpen: Bool) -> Finish {
        undelivered =
            queue.remaining.map { .event($0.name, $0.data, after: $0.after) } + (eventsOpen ? [] : [.eventsEnded])
        return .handedOver
    }

    /// Waits for a message, or until `wakeAt` (the next timer, event or duration limit): on a
    /// virtual clock by moving it there, unless an action is doing real work meanwhile.
    nonisolated(nonsending) private func waitForNews(until wakeAt: Double?, virtual: VirtualClock?) async {
        guard let virtual else { return await idle(until: wakeAt) }
        if inFlight.count > virtual.sleeperCount {
            await inbox.wait()  // an action is doing real work: virtual time stands still
        } else if let target = [wakeAt, virtual.nextDeadline].compactMap({ $0 }).min() {
            virtual.advance(to: target)
            await settle(virtual)
        } else {
            await inbox.wait()  // only the app's events can still come
        }
    }

    /// Takes what arrived: a finished action resumes its task, an event joins the queue, the
    /// channel's end is noted.
    private func takeMessages(into queue: inout EventQueue, eventsOpen: inout Bool) throws(BehaveError) {
        for message in inbox.take() {
            switch message {
            case .completed(let id, let result):
                inFlight[id] = nil
                try resolve(id, result)
            case .event(let name, let payload, let after):
                queue.append(TimedEvent(name, data: payload, after: after), arrivedAt: clock.now)
            case .eventsEnded:
                eventsOpen = false
            case .end(let request):
                // A second request can only make the end sooner.
                if request.replaces(endRequest) { endRequest = request }
            }
        }
    }

    /// After a virtual clock moved, waits until every action it woke has either finished or
    /// gone back to sleep, so what happens at one instant does not depend on thread timing.
    nonisolated(nonsending) private func settle(_ virtual: VirtualClock) async {
        while inFlight.count - completedCount() > virtual.sleeperCount {
            await inbox.wait()
        }
    }

    private func completedCount() -> Int {
        inbox.count { if case .completed = $0 { true } else { false } }
    }

    /// Waits for a message or `deadline`; a cancellation requested from a signal handler wakes
    /// it too (``CancelWatch``).
    nonisolated(nonsending) private func idle(until deadline: Double?) async {
        if let deadline, deadline <= clock.now { return }
        host.output.flush()
        let clock = self.clock
        let inbox = self.inbox
        CancelWatch.start(inbox, flag: host.cancelFlag, output: host.output)
        defer { CancelWatch.stop(inbox) }
        // Only a deadline needs a timer: a behaviour that waits for events alone waits for them.
        let timer = deadline.map { wake in
            Task {
                do {
                    try await clock.sleep(until: wake)
                    inbox.nudge()
                } catch {}
            }
        }
        await inbox.wait()
        timer?.cancel()
    }

    func resolve(_ id: Int, _ result: Result<ActionResult, any Error>) throws(BehaveError) {
        let watchers = self.watchers
        let at = watchers.isEmpty ? 0 : clock.now - watchers.origin
        switch result {
        case .success(let value):
            try host.slice {
                try runtime.resolve(id) { stack in
                    true.push(to: stack)
                    let count = value.push(stack)
                    if !watchers.isEmpty {
                        watchers.actionResolved(
                            id: id, at: at, stack: stack, first: stack.count - count + 1, count: count)
                    }
                    return 1 + count
                }
            }
        case .failure(let error):
            if let termination = error as? LuaTermination {
                throw .terminated(host.lua.terminate(termination))  // the output limit, from an async action
            }
            watchers.actionRejected(id: id, at: at, error: error)
            try host.slice {
                try runtime.resolve(id) { stack in
                    false.push(to: stack)
                    if let script = error as? LuaScriptError {
                        script.message.push(to: stack)
                    } else {
                        stack.state.pushError(error)
                    }
                    return 2
                }
            }
        }
    }

    /// The most events one entry into Lua delivers: each still runs in a slice of its own.
    static let batch = 256

    /// Delivers `events` in one entry into Lua, each followed by a step (the runtime's
    /// `behave_runtime_deliver`): one protected call from Swift for the batch, not two per event.
    /// Returns how many it delivered (fewer when the behaviour stopped, failed or, with
    /// `untilMainEnds`, its main chunk ended) and what the last step reported.
    func deliver(
        _ events: [TimedEvent], now: Double, untilMainEnds: Bool
    ) throws(BehaveError) -> (delivered: Int, step: RuntimeStep) {
        watchers.eventsDelivered(events, at: now)
        let (delivered, step) = try host.slice {
            try runtime.deliver(count: events.count, now: now, untilMainEnds: untilMainEnds) { stack in
                stack.newTable(arrayCount: events.count * 2)
                for (offset, event) in events.enumerated() {
                    // An event named as the one before reuses its string: pushing a Swift
                    // string hashes and interns it again.
                    if offset > 0, event.name == events[offset - 1].name {
                        stack.rawGet(tableAt: -1, index: 2 * offset - 1)
                    } else {
                        event.name.push(to: stack)
                    }
                    stack.rawSet(tableAt: -2, index: 2 * offset + 1)
                    event.data.push(to: stack)
                    stack.rawSet(tableAt: -2, index: 2 * offset + 2)
                }
            }
        }
        guard delivered >= 1, delivered <= events.count else {
            throw .failed(
                LuaError(kind: .runtime, message: "the runtime delivered \(delivered) of \(events.count) events"))
        }
        return (delivered, step)
    }
}
