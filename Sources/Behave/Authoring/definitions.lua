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
---@param fn fun(...: any)
---@param ... any arguments for `fn`
---@return behave.Handle
function after(seconds, fn, ...) end

---Calls `fn(handle)` every `seconds` (at least 0.001) until cancelled; a tick is skipped while
---the previous call still runs.
---@param seconds number
---@param fn fun(handle: behave.Handle)
---@return behave.Handle
function every(seconds, fn) end

---Calls `fn(payload, name)` each time the event `name` arrives.
---@param name string
---@param fn fun(payload: any, name: string)
---@return behave.Handle
function on(name, fn) end

---Calls `fn(payload, name)` the next time the event `name` arrives, then forgets it.
---@param name string
---@param fn fun(payload: any, name: string)
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

---Ends the behaviour at once: nothing after the call runs (`stop(); print("after")` prints
---nothing, and no `pcall` catches it), and no other task, timer or handler runs after it.
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

-- The sandbox's `os` keeps only these (the .luarc.json that `behave modules --luals DIR` writes
-- turns LuaLS's own `os`, `io`, `debug` and `package` off, so a call to anything else is flagged).
os = {}
---@param date? osdateparam
---@return integer
function os.time(date) end
---@return number
function os.clock() end
---@param format? string
---@param time? integer
---@return string|osdate
function os.date(format, time) end
---@param t2 integer
---@param t1 integer
---@return integer
function os.difftime(t2, t1) end
