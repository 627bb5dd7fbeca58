import CBehave
import CBehaveLua

/// The control block a state shares with the bridge's C (the allocator, the trampolines, the
/// count hook, the watchdog; `behave_control` in `CBehave.h`): the one Swift type that writes its
/// fields. Each write is a named step here, so what Swift changes in the block, and when, reads
/// in one place, and the C that reads the same fields can be checked against it.
///
/// A view: a copy points at the same block. It stays valid while its ``LuaState`` is alive.
@frozen
public struct ControlBlock {
    /// The block itself, for the bridge's C functions that take one. Its fields are written only
    /// through the methods of this type.
    public let pointer: UnsafeMutablePointer<behave_control>

    @usableFromInline init(_ pointer: UnsafeMutablePointer<behave_control>) {
        self.pointer = pointer
    }

    /// A zeroed block with the memory cap `memoryLimit` (0 for none), for a state about to be made.
    static func allocate(memoryLimit: Int) -> ControlBlock {
        let pointer = UnsafeMutablePointer<behave_control>.allocate(capacity: 1)
        pointer.initialize(to: behave_control())
        pointer.pointee.limit = memoryLimit
        return ControlBlock(pointer)
    }

    /// Frees the block, once its state is closed and nothing in C can reach it.
    func deallocate() { pointer.deallocate() }

    // MARK: Memory

    /// Bytes the state's heap holds now.
    @inlinable public var memoryInUse: Int { pointer.pointee.used }
    /// The most bytes the state's heap has held.
    @inlinable public var peakMemory: Int { pointer.pointee.peak }
    /// The memory cap in bytes, 0 for none.
    @inlinable public var memoryLimit: Int { pointer.pointee.limit }

    /// Sets the memory cap in bytes (0 for none); the allocator applies it at the next growth.
    @inlinable public func setMemoryLimit(_ bytes: Int) { pointer.pointee.limit = bytes }

    /// Makes a refusal final, as the sandbox wants: an allocation still refused after Lua's
    /// emergency collection terminates the run instead of raising an error a script could catch.
    @inlinable public func terminateOnRefusedMemory() { pointer.pointee.sticky_memory = 1 }

    // MARK: Enforcing

    /// Lua is about to run with no Swift frame above it, so the allocator may refuse: marks it,
    /// and returns what to put back with ``endEnforcing(_:)`` when the call returns.
    @inlinable public func beginEnforcing() -> Int32 {
        let saved = pointer.pointee.enforcing
        pointer.pointee.enforcing = 1
        return saved
    }

    /// Ends what ``beginEnforcing()`` began, with the value it returned.
    @inlinable public func endEnforcing(_ saved: Int32) { pointer.pointee.enforcing = saved }

    // MARK: Termination

    /// Why the run was terminated (a `BEHAVE_*` reason), 0 while it was not.
    @inlinable public var terminated: Int32 { pointer.pointee.terminated }

    /// Marks the run terminated for `reason`, unless it already was for another, and returns the
    /// reason that stands: the first limit to fire is the one reported.
    @inlinable @discardableResult public func terminate(for reason: Int32) -> Int32 {
        if pointer.pointee.terminated == 0 { pointer.pointee.terminated = reason }
        return pointer.pointee.terminated
    }

    /// Marks the run cancelled, whatever stopped it before: the host saw its cancellation flag.
    @inlinable public func markCancelled() { pointer.pointee.terminated = Int32(BEHAVE_CANCELLED) }

    /// Forgets the last termination and the cancellation flag's request, before the next run.
    @inlinable public func clearTermination() {
        pointer.pointee.terminated = 0
        behave_clear_cancel(pointer)
    }

    /// Forgets the termination for a while (Lua must run once more, to describe an error), and
    /// returns it for ``restoreTermination(_:)``.
    @inlinable public func suspendTermination() -> Int32 {
        let saved = pointer.pointee.terminated
        pointer.pointee.terminated = 0
        return saved
    }

    /// Puts back the termination ``suspendTermination()`` returned.
    @inlinable public func restoreTermination(_ saved: Int32) { pointer.pointee.terminated = saved }

    /// Lets the state see the host's cancellation flag, which outlives it: a cancel from any
    /// thread then stops the state's slices.
    @inlinable public func shareCancellation(_ flag: UnsafeMutablePointer<Int32>) {
        pointer.pointee.shared_cancel = flag
    }

    // MARK: Limits and the count hook

    /// Installs the count hook on `state`, called every `interval` instructions: what counts
    /// instructions, and what polls where no signal interrupts Lua. `watchingCalls` has it see
    /// every call too, where a depth limit is checked.
    @inlinable public func installCountHook(on state: OpaquePointer, interval: Int32, watchingCalls: Bool = false) {
        behave_install_hook(state, interval, watchingCalls ? 1 : 0)
        pointer.pointee.hook_interval = interval
    }

    /// Whether the count hook polls the watchdog's flag instead of the watchdog signalling the thread.
    @inlinable public func setPolling(_ polling: Bool) { pointer.pointee.polling = polling ? 1 : 0 }

    /// The instruction limit of the slice now armed, 0 for none.
    @inlinable public var maximumInstructions: Int64 { pointer.pointee.max_instructions }

    /// Arms a slice's limits, which the count hook enforces: a fresh count, at most
    /// `instructions` of them (0 for none) and `depth` Lua call frames (0 for Lua's own limit).
    @inlinable public func armLimits(instructions: Int64, depth: Int32) {
        pointer.pointee.instructions = 0
        pointer.pointee.max_instructions = instructions
        pointer.pointee.max_depth = depth
        pointer.pointee.depth_thread = nil
    }

    /// Disarms what ``armLimits(instructions:depth:)`` armed.
    @inlinable public func disarmLimits() {
        pointer.pointee.max_instructions = 0
        pointer.pointee.max_depth = 0
    }

    /// The state is closing: its finalizers run with no limit and may not raise into Swift, and
    /// the watchdog forgets the block.
    func retire() {
        pointer.pointee.enforcing = 0
        pointer.pointee.max_instructions = 0
        behave_unwatch(pointer)
    }

    // MARK: Slices

    /// What a slice replaced, for ``leaveSlice(_:)`` to put back.
    @frozen
    public struct Slice {
        /// The watchdog's record of the slice around this one.
        @usableFromInline var saved: behave_slice_saved
        /// The outer entry's slice length and carried count (``enterSlice(of:length:deadline:runDeadline:)``).
        @usableFromInline var length: Int64
        @usableFromInline var carried: Int64
        @usableFromInline var setsLength: Bool

        @usableFromInline init(length: Int64, carried: Int64, setsLength: Bool) {
            saved = behave_slice_saved()
            self.length = length
            self.carried = carried
            self.setsLength = setsLength
        }
    }

    /// Enters a slice of `state` on the calling thread: Lua may run until ``leaveSlice(_:)``, and
    /// the watchdog stops it at `deadline` or `runDeadline` (absolute, `behave_now_ns`; 0 for none).
    @inlinable public func enterSlice(of state: OpaquePointer, deadline: Int64, runDeadline: Int64) -> Slice {
        var slice = Slice(length: 0, carried: 0, setsLength: false)
        behave_enter_slice(pointer, state, deadline, runDeadline, &slice.saved)
        return slice
    }

    /// Enters a slice as ``enterSlice(of:deadline:runDeadline:)`` does, one the runtime may follow
    /// with further slices inside the same entry (a batch of events, `behave_next_slice`): each
    /// `length` nanoseconds long (0 for none), each with a fresh instruction count.
    @inlinable public func enterSlice(
        of state: OpaquePointer, length: Int64, deadline: Int64, runDeadline: Int64
    ) -> Slice {
        var slice = Slice(
            length: pointer.pointee.slice_ns, carried: pointer.pointee.instructions_carried, setsLength: true)
        pointer.pointee.slice_ns = length
        pointer.pointee.instructions_carried = 0
        behave_enter_slice(pointer, state, deadline, runDeadline, &slice.saved)
        return slice
    }

    /// Leaves `slice`: the watchdog no longer stops this thread for it. Returns the instructions
    /// counted in it, over every slice of its entry.
    @inlinable @discardableResult public func leaveSlice(_ slice: Slice) -> Int64 {
        withUnsafePointer(to: slice.saved) { behave_leave_slice(pointer, $0) }
        guard slice.setsLength else { return pointer.pointee.instructions }
        let counted = pointer.pointee.instructions + pointer.pointee.instructions_carried
        pointer.pointee.slice_ns = slice.length
        pointer.pointee.instructions_carried = slice.carried
        return counted
    }

    // MARK: Swift functions

    /// Why a push from Swift was cut short (`LuaState.PushCut`'s raw value), 0 when none was.
    var pushCut: Int32 { -pointer.pointee.push_cut }

    /// Records why a push was cut short, 0 to forget it.
    func setPushCut(_ reason: Int32) { pointer.pointee.push_cut = -reason }

    /// The light C function that calls `function` from a slot of the block, nil once the slots
    /// are used up.
    func addSlot(_ function: UnsafeMutablePointer<behave_swift_function>) -> lua_CFunction? {
        behave_add_slot(pointer, function)
    }

    /// Hands each slot's function to `release`, then frees the slots.
    func releaseSlots(_ release: (UnsafeMutablePointer<behave_swift_function>) -> Void) {
        let slots = pointer.pointee.slots
        for index in 0..<Int(pointer.pointee.slot_count) {
            if let function = slots?[index] { release(function) }
        }
        behave_free_slots(pointer)
    }
}
