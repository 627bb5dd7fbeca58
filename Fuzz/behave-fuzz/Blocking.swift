import Dispatch

/// Runs async work to its end from the fuzzer's callback, which is synchronous and on a
/// thread of its own (never one of the concurrency pool's).
func blocking<T>(_ work: @escaping () async -> T) -> T {
    nonisolated(unsafe) let work = work
    nonisolated(unsafe) var result: T?
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        result = await work()
        done.signal()
    }
    done.wait()
    return result!
}
