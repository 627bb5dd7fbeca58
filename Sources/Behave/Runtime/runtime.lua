-- runtime.lua — the behaviour runtime: tasks (coroutines), timers, events and the helpers
-- scripts call (wait, after, every, on, once, emit, wait_for, stop, now).
--
-- It runs once per state, after sandbox.lua and before any behaviour, with the state's real
-- globals as its environment. Its tables are locals of this chunk, out of every script's reach.
--
-- THE RUNTIME PROTOCOL (docs/architecture.md, "The runtime protocol"; Swift's side is
-- RuntimeStep and RuntimeRequest):
--
--   arguments   env, HOST, host = the behaviour's environment, the sentinel, the host's
--               functions (scheduler, close, halt, traceback, report, print, passing, requests,
--               and in trusted mode stock: main, setmain, running, isyieldable, yield)
--   returns     the driver the Swift Scheduler calls, each call one run slice:
--     start(chunk, ...)    makes the main chunk a task, ready to run with the arguments
--     step(now)            runs ready tasks and due timers; returns one of
--                            "failed", error, traceback
--                            "stopped", reason
--                            "running", next timer's time or nil, tasks blocked in wait_for,
--                                       whether the main chunk has ended
--     resolve(id, ok, ...) an async action finished: its task resumes with (ok, ...)
--     deliverall(now, events, n, untilMainEnds)
--                          n due events (events[2i - 1], events[2i]: name, payload), each
--                          delivered (handlers become tasks, waiters resume) and then stepped,
--                          one slice each; returns how many it delivered and the last step's
--                          results
--     setcontext(t)        the app's context, as a read-only view
--     teststop(hook)       a test's run: stop() calls hook(reason) and ends only its task;
--                          returns the function that ends the run
--     results()            what the main chunk returned
--   requests    a task asks the runtime for something by yielding HOST first, then a kind
--               (host.requests, whose strings are defined once, in CBehave.h), through
--               request (host.passing) or an async action, which mark the yield as a request:
--                 HOST, WAIT, seconds          resume after that long
--                 HOST, EVENT, name, timeout   resume with the event's payload, or nil, "timeout"
--                 HOST, STOP                   drop this task (stop() has ended the behaviour)
--                 HOST, ACTION, id             resume when Swift resolves action id
--               A script's own coroutines pass marked yields up to their resumer (coroutines.c),
--               so wait works inside them; any other yield just lets other tasks run.
--
-- THE SCHEDULER's hot loop is C (host.scheduler, scheduler.c): the ready queue, wait and the
-- heap of waiting tasks, and the step that runs tasks and due timers. This chunk keeps the other
-- timers (after, every, wait_for's timeouts) in a heap of its own, which the step merges with
-- its own by (at, seq), and handles what a resume gives that is not a wait or a bare yield.

local env, HOST, host = ...
-- Captured now: a script may change the library tables it shares with this chunk.
local close, traceback, report, halt = host.close, host.traceback, host.report, host.halt
local WAIT, EVENT, STOP, ACTION = host.requests.wait, host.requests.event, host.requests.stop, host.requests.action
local scheduler = host.scheduler(HOST, WAIT)
local schedule, spawn, cstep = scheduler.schedule, scheduler.spawn, scheduler.step
local nextat, nextseq = scheduler.nextat, scheduler.nextseq
local ended, setmain = scheduler.ended, scheduler.setmain
local create, status, isyieldable = coroutine.create, coroutine.status, coroutine.isyieldable
-- A request is yielded by request, never by coroutine.yield: it marks the yield as one, which is
-- how a script's coroutine.resume and wrap know to pass it up (coroutines.c).
local passingResume, passingWrap, request = host.passing(coroutine.resume, close)
local error, type, tostring, setmetatable, rawget, next = error, type, tostring, setmetatable, rawget, next
local pack, unpack, remove = table.pack, table.unpack, table.remove

-- print goes to the host's output (counted against the output limit), in both modes; it is a C
-- function, as the stock one is (stock.c).
env.print = host.print

local now = 0
local main, mainDone, mainResults
local stopped, failed
local heap, size = {}, 0
local waiters = {}            -- event name -> waiting tasks
local handlers = {}           -- event name -> handler records
local actions = {}            -- action id -> task waiting for it
local blocked = 0             -- tasks in wait_for with no timeout

-- Timers: a binary heap on (at, seq), so timers due together fire in creation order. A timer
-- that is cancelled (or a wait_for timeout that is answered) stays in the heap, marked done,
-- until it comes up; `dead` counts those, and once they are most of the heap it is rebuilt
-- without them, so a debounce or timeout pattern keeps a flat heap.
local dead = 0
local function earlier(a, b) return a.at < b.at or (a.at == b.at and a.seq < b.seq) end
local function siftDown(i)
  while true do
    local l, r, m = 2 * i, 2 * i + 1, i
    if l <= size and earlier(heap[l], heap[m]) then m = l end
    if r <= size and earlier(heap[r], heap[m]) then m = r end
    if m == i then return end
    heap[i], heap[m] = heap[m], heap[i]
    i = m
  end
end
local function push(t)
  t.seq = nextseq()
  t.queued = true
  size = size + 1
  local i = size
  heap[i] = t
  while i > 1 do
    local parent = i // 2
    if not earlier(heap[i], heap[parent]) then break end
    heap[i], heap[parent] = heap[parent], heap[i]
    i = parent
  end
  return t
end
local function pop()
  local top = heap[1]
  heap[1] = heap[size]
  heap[size] = nil
  size = size - 1
  siftDown(1)
  top.queued = false
  if top.done then dead = dead - 1 end
  return top
end
-- Marks a record done (a timer, a handler, a waiter's timeout); a queued timer counts as dead.
local function finish(record)
  if record.done then return false end
  record.done = true
  if record.queued then
    dead = dead + 1
    if dead > 64 and dead * 2 > size then
      -- In place: the scheduler's step holds this table.
      local live = 0
      for i = 1, size do
        local t = heap[i]
        heap[i] = nil
        if t.done then t.queued = false else live = live + 1; heap[live] = t end
      end
      size, dead = live, 0
      for i = size // 2, 1, -1 do siftDown(i) end
    end
  end
  return true
end

local function fail(co, err)
  local trace = traceback(co)
  close(co)
  if co == main then failed = {err, trace}; ended(true) else report(err, trace) end
end

local function waitFor(co, name, timeout)
  local w = {co = co}
  local list = waiters[name]
  if not list then list = {}; waiters[name] = list end
  list[#list + 1] = w
  if timeout then
    w.timer = push{at = now + timeout, kind = "timeout", waiter = w, name = name}
  else
    blocked = blocked + 1
  end
end

-- What a task's resume gave, when the scheduler's step does not handle it itself: the task
-- failed, the main chunk ended (its results packed), or it asks for something other than a wait.
local function resumed(co, ok, ...)
  if not ok then
    if stopped then return close(co) end  -- halted by stop(): no failure
    return fail(co, (...))
  end
  if status(co) == "dead" then
    if co == main then mainDone, mainResults = true, ... end
    return
  end
  local _, kind, a, b = ...
  if kind == ACTION then actions[a] = co
  elseif kind == EVENT then waitFor(co, a, b)
  end -- STOP: the task is dropped
end

-- host.trace while an observer watches the host (driver.settrace), else nil.
local trace = nil

local function fire(t)
  if t.done then return end
  if trace and (t.kind == "after" or t.kind == "every") then trace("timer", t.what) end
  if t.kind == "every" then
    if not t.task or status(t.task) == "dead" then  -- still busy: this tick is skipped
      t.task = create(t.fn)
      schedule(t.task, t.handle)
    end
    -- The next tick after now, in one step: after a long jump of the clock, a loop over the
    -- missed ticks would take as long as they would have.
    if t.at + t.interval > now then
      t.at = t.at + t.interval
    else
      t.at = t.at + ((now - t.at) // t.interval + 1) * t.interval
      if t.at <= now then t.at = now + t.interval end
    end
    return push(t)
  end
  t.done = true
  if t.kind == "after" then spawn(t.fn, unpack(t.args, 1, t.args.n))
  elseif t.kind == "timeout" then
    local w = t.waiter
    if not w.done then
      w.done = true
      local list = waiters[t.name]
      for i = 1, #list do if list[i] == w then remove(list, i) break end end
      if #list == 0 then waiters[t.name] = nil end
      schedule(w.co, nil, "timeout")
    end
  end
end

local function deliver(name, payload)
  if trace then trace("event", name, payload) end
  local list = handlers[name]
  if list then
    -- The list is rebuilt only when a once handler has fired or a handler is done.
    local n, changed = #list, false
    for i = 1, n do
      local h = list[i]
      if h.done then
        changed = true
      else
        if h.once then h.done, changed = true, true end
        spawn(h.fn, payload, name)
      end
    end
    if changed then
      local kept = {}
      for i = 1, n do
        local h = list[i]
        if not h.done then kept[#kept + 1] = h end
      end
      handlers[name] = #kept > 0 and kept or nil
    end
  end
  local waiting = waiters[name]
  if waiting then
    waiters[name] = nil
    for i = 1, #waiting do
      local w = waiting[i]
      if not w.done then
        w.done = true
        if w.timer then finish(w.timer) else blocked = blocked - 1 end
        if payload == nil then schedule(w.co, true) else schedule(w.co, payload) end  -- never a nil that reads as a timeout
      end
    end
  end
end

-- Handles: what after/every/on/once return. The record lives in the scheduler, so a
-- timer keeps running when its handle is garbage.
local records = setmetatable({}, {__mode = "k"})
local methods = {}
function methods.cancel(h)
  local record = records[h]
  if not record then error("bad argument #1 to 'cancel' (handle expected)", 2) end
  local was = finish(record)
  local list = record.event and handlers[record.event]
  if was and list then  -- a handler leaves its event's list now, not at the event's next delivery
    for i = 1, #list do if list[i] == record then remove(list, i) break end end
    if #list == 0 then handlers[record.event] = nil end
  end
  return was
end
function methods.active(h)
  local record = records[h]
  if not record then error("bad argument #1 to 'active' (handle expected)", 2) end
  return not record.done
end
local handleMeta = {__index = methods, __metatable = false,
                    __tostring = function(h) return "handle: " .. records[h].what end}
local function handle(record, what)
  local h = setmetatable({}, handleMeta)
  record.what = what
  records[h] = record
  return h
end

local function seconds(value, fname, positive)
  if value == nil and not positive then return 0 end
  if type(value) ~= "number" or value ~= value or value < 0 or value == 1/0 or (positive and value == 0) then
    error("bad argument #1 to '" .. fname .. "' (" .. (positive and "positive" or "non-negative") ..
          " number of seconds expected, got " .. (type(value) == "number" and tostring(value) or type(value)) .. ")", 3)
  end
  return value
end
local function callable(value, fname, n)
  if type(value) ~= "function" then
    error("bad argument #" .. n .. " to '" .. fname .. "' (function expected, got " .. type(value) .. ")", 3)
  end
end
local function eventName(value, fname)
  if type(value) ~= "string" then
    error("bad argument #1 to '" .. fname .. "' (event name expected, got " .. type(value) .. ")", 3)
  end
end
local function mustWait(fname)
  if not isyieldable() then
    error(fname .. " cannot wait here: not in a behaviour task (inside a metamethod, an iterator, "
          .. "a sort comparator or a string.gsub callback?)", 3)
  end
end

-- wait is the scheduler's own (C): its argument checked as seconds() checks, then the request.
env.wait = scheduler.wait

function env.after(s, fn, ...)
  s = seconds(s, "after")
  callable(fn, "after", 2)
  return handle(push{at = now + s, kind = "after", fn = fn, args = pack(...)}, "after " .. s .. "s")
end

-- every's shortest interval: a shorter one would add nothing a clock could tell apart (and a
-- tick too small to change the time would keep virtual time from advancing).
local MIN_INTERVAL = 0.001
function env.every(s, fn)
  s = seconds(s, "every", true)
  if s < MIN_INTERVAL then s = MIN_INTERVAL end
  callable(fn, "every", 2)
  local t = {at = now + s, kind = "every", fn = fn, interval = s}
  t.handle = handle(t, "every " .. s .. "s")
  push(t)
  return t.handle
end

local function listen(name, fn, once, fname)
  eventName(name, fname)
  callable(fn, fname, 2)
  local record = {fn = fn, once = once, event = name}
  local list = handlers[name]
  if not list then list = {}; handlers[name] = list end
  list[#list + 1] = record
  return handle(record, fname .. " " .. name)
end
function env.on(name, fn) return listen(name, fn, false, "on") end
function env.once(name, fn) return listen(name, fn, true, "once") end

function env.emit(name, payload)
  eventName(name, "emit")
  deliver(name, payload)
end

function env.wait_for(name, options)
  eventName(name, "wait_for")
  local timeout
  if options ~= nil then
    if type(options) ~= "table" then
      error("bad argument #2 to 'wait_for' (table expected, got " .. type(options) .. ")", 2)
    end
    if rawget(options, "timeout") ~= nil then timeout = seconds(rawget(options, "timeout"), "wait_for") end
  end
  mustWait("wait_for")
  return request(HOST, EVENT, name, timeout)
end

local function stopRun(reason)
  if not stopped then stopped = {reason}; ended(true) end
  -- Where the task cannot yield, it is unwound past any pcall (behave_halt, coroutines.c).
  if isyieldable() then request(HOST, STOP) else halt() end
end
-- In a test (driver.teststop), a behaviour's stop() ends only the task that calls it and is
-- reported to the test, which goes on to check what the behaviour did.
local stopHook = nil
function env.stop(reason)
  if stopHook then
    stopHook(reason)
    if isyieldable() then request(HOST, STOP) end
    return
  end
  return stopRun(reason)
end

function env.now() return now end

-- The one place a script's coroutine.resume and coroutine.wrap are installed: versions that
-- pass the host's requests up to their resumer (behave_passing_coroutines, coroutines.c).
env.coroutine.resume, env.coroutine.wrap = passingResume, passingWrap

-- Read-only views, for the app's context.
local function readonly(t)
  local view = {}
  for k, v in next, t do if type(v) == "table" then t[k] = readonly(v) end end
  return setmetatable(view, {
    __index = t,
    __newindex = function(_, k) error("context is read-only (cannot set '" .. tostring(k) .. "')", 2) end,
    __len = function() return #t end,
    -- A closure, not `next, t`: the state value a for loop receives would be the writable table.
    __pairs = function()
      local key
      return function()
        local value
        key, value = next(t, key)
        return key, value
      end
    end,
    __metatable = false,
  })
end

local driver = {}
function driver.setcontext(t) env.context = readonly(t) end
function driver.settrace(on) trace = on and host.trace or nil end
-- A test's: stop() calls hook instead of ending the run; returns the stop that ends it.
function driver.teststop(hook) stopHook = hook; return stopRun end
-- Trusted mode (host.stock): the main task is the stock interpreter's main thread as far as a
-- script can tell: its chunk is called from C, and coroutine.running, isyieldable and yield answer
-- as they do there. wait (scheduler.c) and the runtime's own isyieldable, captured above, still
-- see that it can yield.
local stock = host.stock
if stock then
  env.coroutine.running, env.coroutine.isyieldable, env.coroutine.yield = stock.running, stock.isyieldable, stock.yield
end
-- A coroutine a script holds is never reused for another task (scheduler.c, spawn).
env.coroutine.running = scheduler.exposing(env.coroutine.running)
function driver.start(chunk, ...)
  -- A session starts one main chunk per input; what the last one left is forgotten.
  mainDone, mainResults, stopped, failed = false, nil, nil, nil
  ended(false)
  if stock then
    main = create(stock.main)
    stock.setmain(main)
    setmain(main)
    schedule(main, chunk, ...)
  else
    main = create(chunk)
    setmain(main)
    schedule(main, ...)
  end
end
function driver.resolve(id, ...)
  local co = actions[id]
  actions[id] = nil
  if co then schedule(co, ...) end
end
-- What driver.step returns, once the scheduler's step has run.
local function outcome()
  while heap[1] and heap[1].done do pop() end
  if failed then return "failed", failed[1], failed[2] end
  if stopped then return "stopped", stopped[1] end
  return "running", nextat(heap[1] and heap[1].at), blocked, mainDone or false
end
scheduler.attach(resumed, function() fire(pop()) end, heap, deliver, outcome)
function driver.step(t)
  now = t
  -- Timers made during this step (a wait(0) loop) fire in it, until the step has run for a
  -- millisecond; then the host gets control back to deliver events and move time (scheduler.c).
  cstep(t)
  return outcome()
end
-- A batch of due events in one entry from Swift: events[2i - 1] and events[2i] are the i-th's
-- name and payload. Each is delivered and its tasks run, as the step after it would run them, in
-- a slice of its own (behave_next_slice: fresh limits). The batch ends early when the behaviour
-- stops or fails, or, with untilMainEnds, once the main chunk has ended. Returns how many events
-- it delivered, then what the last step returned. The loop is the scheduler's (scheduler.c).
local cdeliverall = scheduler.deliverall
function driver.deliverall(t, events, n, untilMainEnds)
  now = t
  return cdeliverall(t, events, n, untilMainEnds)
end
function driver.results()
  if mainResults then return unpack(mainResults, 1, mainResults.n) end
end
return driver
