/// Lets one run at a time use a host's Lua state: a host may be shared between tasks and
/// actors, and a run that starts while another is under way waits for it, in the order they came.
final class RunGate: @unchecked Sendable {
    private let lock = Lock()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Takes the gate if it is free; never waits.
    func tryEnter() -> Bool {
        lock.withLock {
            if busy { return false }
            busy = true
            return true
        }
    }

    /// Takes the gate, waiting (without blocking a thread) for the runs before this one.
    nonisolated(nonsending) func enter() async {
        if tryEnter() { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock {
                if busy {
                    waiting.append(continuation)
                    return false
                }
                busy = true
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Gives the gate to the next waiting run, or frees it.
    func leave() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty {
                busy = false
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}

extension BehaveHost {
    /// Takes the gate for a run, with the streams of emitted events waiting for it.
    nonisolated(nonsending) func enterGate() async {
        await gate.enter()
        tracer.emitted.begin()
    }

    /// The run has ended, however it ended: its streams finish and the next run may start.
    func leaveGate() {
        tracer.emitted.end()
        gate.leave()
    }
}
