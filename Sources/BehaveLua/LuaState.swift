import CBehave
import CBehaveLua

/// One Lua 5.4 state: its heap, its globals, and the Swift functions registered in it.
///
/// A state is confined: use it from one thread at a time (Behave's host is the unit of
/// concurrency). It is closed deterministically by ``close()`` or when the last reference to
/// it goes away; closing runs every `__gc` and releases every Swift closure registered in it.
///
/// ```swift
/// let lua = try LuaState()
/// lua.register("greet") { (name: String) in "hello, \(name)" }
/// let results = try lua.run("return greet('you')")
/// let greeting = results[0].string  // "hello, you"
/// ```
public final class LuaState {
    /// The underlying `lua_State *`, for code that talks to the C API directly.
    public private(set) var pointer: OpaquePointer
    /// The control block shared with the allocator, the trampoline and the sandbox hook.
    public let control: ControlBlock
    /// Where the last Swift error that came back uncaught was raised in the script
    /// (`chunk:line: `), for hosts that report it; the error itself is rethrown unchanged.
    public internal(set) var lastSwiftErrorPosition: String?
    /// Whether ``close()`` has run.
    public private(set) var isClosed = false
    /// Releases the context of Swift function userdata when Lua collects them.
    var finalizer: LuaCallbackBox?
    /// How many tables ``LuaFields`` is reading inside one another right now.
    @exclusivity(unchecked) var fieldDepth = 0
    /// How many containers a push is inside now (``LuaStack/enterContainer()``).
    @exclusivity(unchecked) var pushNesting = 0
    /// Why a push since the last check was cut short, if one was. Kept in the control block, so
    /// the C call into a Swift function sees it with one load (`behave_call_swift`).
    var pushCut: PushCut? {
        get { PushCut(rawValue: control.pushCut) }
        set { control.setPushCut(newValue?.rawValue ?? 0) }
    }

    /// Why Swift could not push a whole value.
    enum PushCut: Int32 {
        case nesting = 1
        case stack = 2

        var message: String {
            switch self {
            case .nesting: "a value handed to Lua is nested more than \(LuaStack.maximumNesting) levels deep"
            case .stack: "too many values handed to Lua at once (its stack cannot hold them)"
            }
        }
    }

    /// Throws, and forgets it, if a push since the last check was cut short.
    func checkPushes() throws {
        guard let cut = pushCut else { return }
        pushCut = nil
        pushNesting = 0
        throw LuaError(kind: .runtime, message: cut.message)
    }
    /// The strings last read from the state's short Lua strings, made at the first read.
    @exclusivity(unchecked) var stringCache: StringCache?
    /// The contexts of `Codable` decodes (``DecodingContext``), retained by the state and
    /// released when it closes, so taking one counts no reference: the first
    /// `decodingContextsInUse` are in use, one per decode running inside another.
    @exclusivity(unchecked) var decodingContexts: [Unmanaged<DecodingContext>] = []
    @exclusivity(unchecked) var decodingContextsInUse = 0
    /// The keyed containers of `Codable` decodes, per key type (``KeyedReaderPool``).
    @exclusivity(unchecked) var keyedReaderPools: [ObjectIdentifier: KeyedReaderPool] = [:]

    /// Creates a state with Behave's allocator and an optional memory cap in bytes.
    ///
    /// No library is opened: call ``openStandardLibraries()`` for the stock set, or let a
    /// sandbox policy choose.
    public init(memoryLimit: Int = 0) throws {
        control = .allocate(memoryLimit: memoryLimit)
        guard let state = behave_new_state(control.pointer) else {
            control.deallocate()
            throw LuaError(kind: .memory, message: "cannot create a Lua state: out of memory")
        }
        pointer = state
        lua_setwarnf(state, nil, nil)  // no writes to the process's stderr unless the host asks
        installCallbackMetatables()
    }

    deinit {
        close()
        control.deallocate()
    }

    /// Closes the state: runs pending finalizers and frees every Lua object and Swift closure.
    /// Calling it again does nothing. References into a closed state throw ``LuaError/Kind/closed``.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        // Finalizers run with hooks off: no limit applies any more and nothing may raise into Swift.
        control.retire()
        behave_close_state(pointer)
        releaseSlots()
        finalizer = nil
        stringCache?.deallocate()
        stringCache = nil
        for context in decodingContexts { context.release() }
        decodingContexts = []
        keyedReaderPools = [:]
    }

    /// Bytes the state's heap holds now.
    public var memoryInUse: Int { control.memoryInUse }
    /// The most bytes the state's heap has held.
    public var peakMemory: Int { control.peakMemory }

    /// The memory cap in bytes (0 for none). Lowering it below ``memoryInUse`` makes the next
    /// growing allocation from Lua fail.
    public var memoryLimit: Int {
        get { control.memoryLimit }
        set { control.setMemoryLimit(newValue) }
    }

    /// Stops (false) or restarts (true) Lua's collector: while a host builds what stays alive as
    /// long as the state, a collection would only trace it.
    public func setCollecting(_ collecting: Bool) { behave_set_collecting(pointer, collecting ? 1 : 0) }

    /// Opens Lua's whole standard library, as the stock `lua` interpreter does.
    public func openStandardLibraries() {
        luaL_openlibs(pointer)
    }

    /// The stack of the main thread, for reading and pushing values directly.
    public var stack: LuaStack { LuaStack(pointer, state: self) }

    func ensureOpen() throws {
        if isClosed { throw LuaError(kind: .closed, message: "the Lua state is closed") }
    }
}
