extension Platform {
    /// Runs `body` on a new detached POSIX thread; false when no thread could be made.
    ///
    /// A plain thread, not a Dispatch queue or a Swift task: the tool stays one process with no
    /// thread pool until a behaviour reads events, and a blocked read(2) holds no cooperative thread.
    @discardableResult
    package static func startDetachedThread(_ body: @escaping () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        #if canImport(Darwin)
            let created = pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
        #else
            let created = pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
        #endif
        guard created == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        #if canImport(Darwin)
            pthread_detach(thread!)
        #else
            pthread_detach(thread)
        #endif
        return true
    }
}

/// What a thread started by ``Platform/startDetachedThread(_:)`` runs, kept alive until it does.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
