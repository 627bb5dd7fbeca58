---A timer or handler registration.
---@class behave.Handle
local Handle = {}
---Cancels it: the timer does not fire again, the handler is not called again.
function Handle:cancel() end
---@return boolean active whether it can still fire
function Handle:active() end

---Suspends this task for `seconds` (0 lets every other ready task run first).
---@async
---@param seconds number
function wait(seconds) end

---Calls `fn(...)` once, `seconds` from now.
---@param seconds number
---@param fn function
---@param ... any arguments for `fn`
---@return behave.Handle
function after(seconds, fn, ...) end

---Calls `fn()` every `seconds` until cancelled.
---@param seconds number
---@param fn function
---@return behave.Handle
function every(seconds, fn) end

---Calls `fn(payload)` each time the event `name` arrives.
---@param name string
---@param fn fun(payload: any)
---@return behave.Handle
function on(name, fn) end

---Calls `fn(payload)` the next time the event `name` arrives, then forgets it.
---@param name string
---@param fn fun(payload: any)
---@return behave.Handle
function once(name, fn) end

---Delivers the event `name` to this behaviour's handlers and waiters.
---@param name string
---@param payload? any
function emit(name, payload) end

---Waits for the event `name`: its payload (`true` when it has none), or `nil, "timeout"`.
---@async
---@param name string
---@param options? {timeout: number}
---@return any payload
---@return string? timeout
function wait_for(name, options) end

---Ends the behaviour (after the current task yields).
---@param reason? string
function stop(reason) end

---Seconds since the behaviour started, on the host's clock.
---@return number
function now() end

---Whether `module` is registered and has `action` (the seed's `responds(to:)`).
---@param module string
---@param action string
---@return boolean
function has(module, action) end

---What the app tells the behaviour (platform, app, version, locale…); read-only.
---@type table<string, any>
context = {}

