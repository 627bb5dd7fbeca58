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
/// results[0].string   // "hello, you"
/// ```
public final class LuaState {
    /// The underlying `lua_State *`, for code that talks to the C API directly.
    public private(set) var pointer: OpaquePointer
    /// The control block shared with the allocator, the trampoline and the sandbox hook.
    public let control: UnsafeMutablePointer<behave_control>
    /// Where the last Swift error that came back uncaught was raised in the script
    /// (`chunk:line: `), for hosts that report it; the error itself is rethrown unchanged.
    public internal(set) var lastSwiftErrorPosition: String?
    /// Whether ``close()`` has run.
    public private(set) var isClosed = false
    /// Releases the context of Swift function userdata when Lua collects them.
    private var finalizer: LuaCallbackBox?
    /// How many tables ``LuaFields`` is reading inside one another right now.
    @exclusivity(unchecked) var fieldDepth = 0
    /// How many containers a push is inside now (``LuaStack/enterContainer()``).
    @exclusivity(unchecked) var pushNesting = 0
    /// Why a push since the last check was cut short, if one was. Kept in the control block, so
    /// the C call into a Swift function sees it with one load (`behave_call_swift`).
    var pushCut: PushCut? {
        get { PushCut(rawValue: -control.pointee.push_cut) }
        set { control.pointee.push_cut = -(newValue?.rawValue ?? 0) }
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
        control = .allocate(capacity: 1)
        control.initialize(to: behave_control())
        control.pointee.limit = memoryLimit
        guard let state = behave_new_state(control) else {
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
        control.pointee.enforcing = 0
        control.pointee.max_instructions = 0
        behave_unwatch(control)
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
    public var memoryInUse: Int { control.pointee.used }
    /// The most bytes the state's heap has held.
    public var peakMemory: Int { control.pointee.peak }

    /// The memory cap in bytes (0 for none). Lowering it below ``memoryInUse`` makes the next
    /// growing allocation from Lua fail.
    public var memoryLimit: Int {
        get { control.pointee.limit }
        set { control.pointee.limit = newValue }
    }

    /// Opens Lua's whole standard library, as the stock `lua` interpreter does.
    public func openStandardLibraries() {
        luaL_openlibs(pointer)
    }

    /// The stack of the main thread, for reading and pushing values directly.
    public var stack: LuaStack { LuaStack(pointer, state: self) }

    func ensureOpen() throws {
        if isClosed { throw LuaError(kind: .closed, message: "the Lua state is closed") }
    }

    // MARK: Globals

    /// Reads a global variable without invoking metamethods on the globals table.
    public func global(_ name: String) throws -> LuaValue {
        try ensureOpen()
        lua_rawgeti(pointer, behave_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(pointer, name)
        lua_rawget(pointer, -2)
        defer { behave_pop(pointer, 2) }
        return stack.value(at: -1)
    }

    /// Sets a global variable without invoking metamethods on the globals table.
    public func setGlobal(_ name: String, _ value: some LuaPushable) throws {
        try ensureOpen()
        guard lua_checkstack(pointer, 3) != 0 else { throw LuaError(kind: .memory, message: "not enough memory") }
        lua_rawgeti(pointer, behave_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushstring(pointer, name)
        value.push(to: stack)
        lua_rawset(pointer, -3)
        behave_pop(pointer, 1)
        try checkPushes()
    }

    // MARK: Loading and running

    /// Compiles a text chunk into a function. Binary chunks are refused.
    ///
    /// - Parameters:
    ///   - source: the chunk's text (bytes; need not be UTF-8).
    ///   - chunkName: the name errors show, in Lua's convention: `"=stdin"` shows `stdin`,
    ///     `"@file.lua"` shows `file.lua`.
    public func load(_ source: some Collection<UInt8>, chunkName: String) throws -> LuaFunction {
        try ensureOpen()
        var bytes = Array(source)
        if bytes.isEmpty { bytes = [0x20] }  // a valid, empty chunk needs a non-nil buffer
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // Text chunks only: a binary chunk is refused, whoever loads it.
                luaL_loadbufferx(pointer, chars.baseAddress, chars.count, chunkName, "t")
            }
        }
        if status != LUA_OK {
            let error = makeError(status: status, traceback: nil)
            behave_pop(pointer, 1)
            throw error
        }
        return LuaFunction(popping: self)
    }

    /// Compiles a text chunk from a Swift string. See ``load(_:chunkName:)-(Collection<UInt8>,_)``.
    public func load(_ source: String, chunkName: String = "=chunk") throws -> LuaFunction {
        try load(Array(source.utf8), chunkName: chunkName)
    }

    /// Compiles and runs a chunk, returning all its results.
    @discardableResult
    public func run(_ source: String, chunkName: String = "=chunk") throws -> [LuaValue] {
        try load(source, chunkName: chunkName).call()
    }

    /// Calls the value on top of the stack (below it: `argumentCount` arguments) under
    /// protection, with a traceback, and returns its results. The stack is left as before.
    func protectedCall(argumentCount: Int32) throws -> [LuaValue] {
        let L = pointer
        let functionIndex = lua_gettop(L) - argumentCount
        if pushCut != nil {
            lua_settop(L, functionIndex - 1)
            try checkPushes()
        }
        lua_pushcclosure(L, behave_message_handler, 0)
        behave_insert(L, functionIndex)
        let base = functionIndex - 1
        let savedEnforcing = control.pointee.enforcing
        control.pointee.enforcing = 1
        let status = behave_pcall(L, argumentCount, LUA_MULTRET, functionIndex)
        control.pointee.enforcing = savedEnforcing
        if status != LUA_OK {
            lua_getfield(L, behave_registryindex(), BEHAVE_REGISTRY_TRACEBACK)
            let traceback = stack.value(at: -1).string
            behave_pop(L, 1)
            let error = makeError(status: status, traceback: traceback)
            lua_settop(L, base)
            throw error
        }
        let top = lua_gettop(L)
        // Reading a table, function or thread result pushes a copy of it for a moment.
        guard lua_checkstack(L, 1) != 0 else {
            lua_settop(L, base)
            throw LuaError(kind: .runtime, message: "too many results (\(top - functionIndex)) for the stack")
        }
        var results: [LuaValue] = []
        results.reserveCapacity(Int(top - functionIndex))
        if top > functionIndex {
            for index in (functionIndex + 1)...top { results.append(stack.value(at: index)) }
        }
        lua_settop(L, base)
        return results
    }

    /// The error a script raised, as Swift sees it: the original Swift error when the value
    /// carries one, a ``LuaError`` otherwise (a limit's when the run was terminated). For
    /// hosts that resume coroutines themselves and get the error value back.
    public func error(from value: LuaValue, traceback: String?) -> any Error {
        value.push(to: stack)
        defer { stack.pop() }
        return makeError(status: LUA_ERRRUN, traceback: traceback)
    }

    /// Pushes a Swift error as the value a script sees (`tostring` gives its description;
    /// uncaught, ``error(from:traceback:)`` gives the original error back).
    public func pushError(_ error: any Error) {
        SwiftErrorBox.push(error, onto: pointer, state: self)
    }

    /// Marks the run terminated for `termination`'s limit (unless it already was, for
    /// another) and returns the error that reports it.
    public func terminate(_ termination: LuaTermination) -> LuaError {
        if control.pointee.terminated == 0 { control.pointee.terminated = termination.reason }
        let reason = control.pointee.terminated
        return LuaError(
            kind: LuaState.kind(ofTermination: reason),
            message: LuaState.message(ofTermination: reason, control: control.pointee))
    }

    /// Builds a ``LuaError`` from the error value on top of the stack (left there).
    func makeError(status: Int32, traceback: String?) -> Error {
        let terminated = control.pointee.terminated
        if terminated != 0 {
            return LuaError(
                kind: LuaState.kind(ofTermination: terminated),
                message: LuaState.message(ofTermination: terminated, control: control.pointee),
                traceback: traceback)
        }
        if let swiftError = SwiftErrorBox.error(at: -1, in: pointer) {
            lastSwiftErrorPosition = SwiftErrorBox.position(at: -1, in: self)
            return swiftError
        }
        let kind: LuaError.Kind =
            switch status {
            case LUA_ERRSYNTAX: .syntax
            case LUA_ERRMEM: .memory
            case LUA_ERRERR: .errorHandler
            default: .runtime
            }
        let message = describeError(at: -1)
        return LuaError(kind: kind, message: message, traceback: traceback)
    }

    /// Turns any error value into text without letting a hostile `__tostring` raise into
    /// Swift or run without limits.
    func describeError(at index: Int32) -> String {
        let L = pointer
        switch lua_type(L, index) {
        case LUA_TSTRING:
            return stack.value(at: index).string ?? "?"
        case LUA_TNIL:
            return "nil"
        case LUA_TNUMBER, LUA_TBOOLEAN:
            return stack.value(at: index).description
        default:
            // A metamethod may loop or throw: run it protected, for a second at most (the
            // watchdog stops it; the allocator and the bounded library functions poll too).
            let absolute = lua_absindex(L, index)
            let savedTerminated = control.pointee.terminated
            control.pointee.terminated = 0
            var saved = behave_slice_saved()
            behave_enter_slice(control, L, behave_now_ns() + 1_000_000_000, 0, &saved)
            defer {
                behave_leave_slice(control, &saved)
                control.pointee.terminated = savedTerminated
            }
            lua_pushcclosure(L, behave_tostring, 0)
            lua_pushvalue(L, absolute)
            let savedEnforcing = control.pointee.enforcing
            control.pointee.enforcing = 1
            let status = behave_pcall(L, 1, 1, 0)
            control.pointee.enforcing = savedEnforcing
            defer { behave_pop(L, 1) }
            if status == LUA_OK, lua_type(L, -1) == LUA_TSTRING {
                return stack.value(at: -1).string ?? "?"
            }
            return "(error object is a \(String(cString: lua_typename(L, lua_type(L, absolute)))) value)"
        }
    }

    static func kind(ofTermination reason: Int32) -> LuaError.Kind {
        switch Int(reason) {
        case Int(BEHAVE_LIMIT_MEMORY): .limit(.memory)
        case Int(BEHAVE_LIMIT_INSTRUCTIONS): .limit(.instructions)
        case Int(BEHAVE_LIMIT_TIME): .limit(.time)
        case Int(BEHAVE_LIMIT_OUTPUT): .limit(.output)
        case Int(BEHAVE_LIMIT_DEPTH): .limit(.depth)
        case Int(BEHAVE_LIMIT_DURATION): .limit(.duration)
        default: .cancelled
        }
    }

    static func message(ofTermination reason: Int32, control: behave_control) -> String {
        switch kind(ofTermination: reason) {
        case .limit(.memory): "limit exceeded: memory (\(LuaState.formatBytes(control.limit)))"
        case .limit(.instructions): "limit exceeded: instructions (\(control.max_instructions))"
        case .limit(let limit): "limit exceeded: \(limit)"
        default: "cancelled"
        }
    }

    /// `64 MiB`, `512 KiB`, `100 bytes`.
    public static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    // MARK: Swift functions

    private func installCallbackMetatables() {
        // One finalizer for every userdata whose context Swift retained.
        let box = LuaCallbackBox(name: "__gc") { stack in
            if let raw = lua_touserdata(stack.pointer, 1) {
                let callback = raw.assumingMemoryBound(to: behave_callback.self)
                if let context = callback.pointee.context {
                    Unmanaged<AnyObject>.fromOpaque(context).release()
                    callback.pointee.context = nil
                }
            }
            return 0
        }
        finalizer = box
        for name in [LuaCallbackBox.metatableName, SwiftErrorBox.metatableName] {
            luaL_newmetatable(pointer, name)
            pushCallback(box, retained: false)
            lua_setfield(pointer, -2, "__gc")
            lua_pushboolean(pointer, 1)
            lua_setfield(pointer, -2, "__metatable")  // scripts can neither read nor replace it
            behave_pop(pointer, 1)
        }
        SwiftErrorBox.installToString(in: self)
    }

    /// Pushes a Lua function that calls `box`: a light C function with a slot of this state's
    /// (no upvalue to read per call, light.c) while slots are left, else (and for a suspending
    /// function) a C closure around the trampoline whose userdata's `__gc` releases the box. A
    /// slot's box lives as long as the state.
    func pushCallback(_ box: LuaCallbackBox, retained: Bool = true, suspending: Bool = false) {
        let L = pointer
        box.attach(to: self)
        if retained, !suspending {
            if let light = behave_add_slot(control, box.function) {
                _ = Unmanaged.passRetained(box)  // the slot's claim, given up by releaseSlots
                lua_pushcclosure(L, light, 0)
                return
            }
        }
        let raw = lua_newuserdatauv(L, MemoryLayout<behave_callback>.size, 1)!
        let callback = raw.assumingMemoryBound(to: behave_callback.self)
        callback.initialize(
            to: behave_callback(
                context: retained
                    ? Unmanaged.passRetained(box as AnyObject).toOpaque()
                    : Unmanaged.passUnretained(box as AnyObject).toOpaque(),
                function: box.function))
        if retained {
            luaL_setmetatable(L, LuaCallbackBox.metatableName)
        }
        if suspending {
            lua_pushcclosure(L, behave_async_trampoline, 1)
        } else {
            lua_pushcclosure(L, behave_trampoline, 1)
        }
    }

    /// Releases the boxes of the light slots, once no Lua code can call them any more.
    func releaseSlots() {
        let slots = control.pointee.slots
        for index in 0..<Int(control.pointee.slot_count) {
            if let function = slots?[index] {
                LuaCallbackBox.of(function).release()
            }
        }
        behave_free_slots(control)
    }
}
