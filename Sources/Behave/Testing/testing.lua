-- testing.lua — what a test file (`behave test`) has besides a behaviour's environment: test,
-- expect, fake and run_behaviour.
--
-- It runs in each test's fresh state, after the runtime, with the state's real globals as its
-- environment. Its arguments are the behaviour's environment, the modules' own tables (the ones
-- behind the read-only views scripts see) and the host's functions for tests:
--   source(path)    the Lua of the behaviour at path (relative to the test file; a JSON list's
--                   translation, line for line) and its name; or nil, message
--   declare(names)  the names of the tests the file declared, in order
--   teststop        the runtime's driver.teststop
-- It returns the runner the Swift side (TestFile) starts as the main task:
--   runner(chunk, index)   runs the test file's chunk, which declares its tests, declares them
--                          to the host, runs test `index` if there is one, and stops the run, so
--                          timers and handlers the test left cannot keep it going.

local env, modules, host = ...
local error, type, tostring, select, pairs, ipairs, next = error, type, tostring, select, pairs, ipairs, next
local rawequal, rawget, rawset, getmetatable, pcall = rawequal, rawget, rawset, getmetatable, env.pcall
local format, find, sort, concat = string.format, string.find, table.sort, table.concat
local math_type = math.type
local after, emit, wait, now, load = env.after, env.emit, env.wait, env.now, env.load
local setmetatable, pack, unpack = setmetatable, table.pack, table.unpack
local min, max = math.min, math.max

local tests = {}
local running = coroutine.running

-- A behaviour's stop() ends the task that calls it and is noted in the report of the
-- run_behaviour that is running (or ran last); the test's own stop() ends the test.
local testTask, report
local stopRun
stopRun = host.teststop(function(reason)
  if running() == testTask then return stopRun(reason) end
  if report and not report.stopped then report.stopped, report.reason = true, reason end
end)

---Declares a test; `behave test` runs each in a fresh sandbox, in the order declared.
---@param name string
---@param fn fun()
function env.test(name, fn)
  if type(name) ~= "string" then
    error("bad argument #1 to 'test' (test name expected, got " .. type(name) .. ")", 2)
  end
  if type(fn) ~= "function" then
    error("bad argument #2 to 'test' (function expected, got " .. type(fn) .. ")", 2)
  end
  tests[#tests + 1] = {name = name, fn = fn}
end

-- A value as a failure message shows it: strings quoted, tables as constructors (sorted keys),
-- bounded in depth and length so a cyclic or huge table cannot flood the report.
local function show(value, depth)
  local t = type(value)
  if t == "string" then return format("%q", value) end
  if t == "number" and math_type(value) == "float" and value == value // 1 and value < 2^53 and value > -2^53 then
    return format("%.1f", value)
  end
  if t ~= "table" then return tostring(value) end
  depth = depth or 0
  if depth >= 3 then return "{…}" end
  local keys, n = {}, #value
  for k in next, value do
    if not (math_type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "string" or type(a) == "number") then return a < b end
    return type(a) < type(b)
  end)
  local parts = {}
  for i = 1, n do
    if #parts >= 20 then parts[#parts + 1] = "…"; break end
    parts[#parts + 1] = show(rawget(value, i), depth + 1)
  end
  for _, k in ipairs(keys) do
    if #parts >= 20 then parts[#parts + 1] = "…"; break end
    local key = type(k) == "string" and find(k, "^[%a_][%w_]*$") and k or "[" .. show(k, depth + 1) .. "]"
    parts[#parts + 1] = key .. " = " .. show(rawget(value, k), depth + 1)
  end
  return "{" .. concat(parts, ", ") .. "}"
end

-- Deep equality of plain values: tables by their contents (raw), everything else by ==.
local function same(a, b, seen)
  if rawequal(a, b) then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in next, a do
    if not same(v, rawget(b, k), seen) then return false end
  end
  for k in next, b do
    if rawget(a, k) == nil then return false end
  end
  return true
end

-- A failed expectation's error: its position is the test's line that called the check (fail,
-- the check, the bound check that expect made, the test).
local function fail(message, extra)
  if extra ~= nil then message = message .. " (" .. tostring(extra) .. ")" end
  error(message, 4)
end

-- The checks expect(actual) offers, each called as check(actual, ...). The `---` lines are
-- the editor stub's (`behave modules --luals`), which declares each without `actual`.
---The checks on a value; each fails the test with its line, and takes an optional last message.
---@class behave.Expectation
local expectation = {}

-- expect(actual).to_be(3), or expect(actual):to_be(3).
---The checks on `actual`: `expect(x).to_be(3)`.
---@param actual any
---@return behave.Expectation
function env.expect(actual)
  local bound = {}
  for name, check in next, expectation do
    -- Not tail calls: the test's frame must stay where fail's level points.
    bound[name] = function(first, ...)
      if rawequal(first, bound) then check(actual, ...) else check(actual, first, ...) end
    end
  end
  return bound
end

---`actual == expected`.
---@param expected any
---@param message? string
function expectation.to_be(actual, expected, message)
  if not rawequal(actual, expected) and actual ~= expected then
    fail("expected " .. show(expected) .. ", got " .. show(actual), message)
  end
end

---The same contents: tables compared key by key, nested.
---@param expected any
---@param message? string
function expectation.to_equal(actual, expected, message)
  if not same(actual, expected) then
    fail("expected " .. show(expected) .. ", got " .. show(actual), message)
  end
end

---Neither false nor nil.
---@param message? string
function expectation.to_be_truthy(actual, message)
  if not actual then fail("expected a true value, got " .. show(actual), message) end
end

---False or nil.
---@param message? string
function expectation.to_be_falsy(actual, message)
  if actual then fail("expected false or nil, got " .. show(actual), message) end
end

---Nil.
---@param message? string
function expectation.to_be_nil(actual, message)
  if actual ~= nil then fail("expected nil, got " .. show(actual), message) end
end

---A string containing `expected`, or a table with an element equal to it.
---@param expected any
---@param message? string
function expectation.to_contain(actual, expected, message)
  if type(actual) == "string" and type(expected) == "string" then
    if find(actual, expected, 1, true) then return end
  elseif type(actual) == "table" then
    for _, v in next, actual do if same(v, expected) then return end end
  end
  fail("expected " .. show(actual) .. " to contain " .. show(expected), message)
end

---A function that raises an error whose message contains `expected` (any error when nil).
---@param expected? string
---@param message? string
function expectation.to_fail(actual, expected, message)
  if type(actual) ~= "function" then
    fail("expected a function that fails, got " .. show(actual), message)
  end
  local ok, err = pcall(actual)
  if ok then fail("expected an error, but the function returned", message) end
  if expected ~= nil and not find(tostring(err), expected, 1, true) then
    fail("expected an error containing " .. show(expected) .. ", got " .. show(err), message)
  end
end

-- assert, with the test's position on the message (the base assert's has none).
function env.assert(value, message, ...)
  if not value then error(message == nil and "assertion failed!" or message, 2) end
  return value, message, ...
end

-- Closest name, for the messages of fake.
local function suggestion(name, names)
  local best, bestCost
  for _, candidate in ipairs(names) do
    local a, b = name:lower(), candidate:lower()
    -- Levenshtein distance, small strings only.
    if #a <= 64 and #b <= 64 then
      local row = {}
      for j = 0, #b do row[j] = j end
      for i = 1, #a do
        local previous, diagonal = row[0], row[0]
        row[0] = i
        for j = 1, #b do
          local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
          previous = row[j]
          row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + cost)
          diagonal = previous
        end
      end
      local cost = row[#b]
      if cost <= max(1, #b // 3) and (not bestCost or cost < bestCost) then best, bestCost = candidate, cost end
    end
  end
  return best and ("; did you mean '" .. best .. "'?") or ""
end

local function names(t)
  local list = {}
  for k in next, t do if type(k) == "string" then list[#list + 1] = k end end
  sort(list)
  return list
end

---Replaces every action of the module `name` for this test: those in `replacements` by the
---function given (or one returning the value given), the others by ones that return nothing.
---@param name string
---@param replacements? table<string, any>
---@return {calls: table<string, any[][]>} fake each action's calls, each a list of its arguments
function env.fake(name, replacements)
  if type(name) ~= "string" then
    error("bad argument #1 to 'fake' (module name expected, got " .. type(name) .. ")", 2)
  end
  local actions = rawget(modules, name)
  if actions == nil then
    error("fake: there is no module '" .. name .. "'" .. suggestion(name, names(modules)), 2)
  end
  if replacements == nil then replacements = {} end
  if type(replacements) ~= "table" then
    error("bad argument #2 to 'fake' (table of actions expected, got " .. type(replacements) .. ")", 2)
  end
  local real = names(actions)
  for action in next, replacements do
    if type(action) ~= "string" or rawget(actions, action) == nil then
      error("fake: " .. name .. " has no action '" .. tostring(action) .. "'" .. suggestion(tostring(action), real), 2)
    end
  end
  local calls = {}
  for _, action in ipairs(real) do
    local list, replacement = {}, replacements[action]
    calls[action] = list
    rawset(actions, action, function(...)
      list[#list + 1] = {...}
      if type(replacement) == "function" then return replacement(...) end
      return replacement
    end)
  end
  return {calls = calls}
end

---Runs the behaviour at `path` (relative to the test file) inside the test, with `options.events`
---delivered at their times and `options.context` as its context; returns when its main chunk has finished and the last event's
---handlers have started.
---@param path string
---@param options? {events?: {event: string, data?: any, after?: number}[], arguments?: any[], context?: table}
---@return {stopped: boolean, reason?: string, results: table} run
function env.run_behaviour(path, options)
  if type(path) ~= "string" then
    error("bad argument #1 to 'run_behaviour' (path expected, got " .. type(path) .. ")", 2)
  end
  if options ~= nil and type(options) ~= "table" then
    error("bad argument #2 to 'run_behaviour' (table expected, got " .. type(options) .. ")", 2)
  end
  local source, name = host.source(path)
  if not source then error(name, 2) end
  local chunk, message = load(source, "@" .. name, "t", env)
  if not chunk then error(message, 2) end
  local started, last = now(), 0
  local events = options and options.events
  if events ~= nil then
    if type(events) ~= "table" then error("run_behaviour: events must be a list of {event = NAME, data = …, after = SECONDS}", 2) end
    -- As in an events file, each event's `after` counts from the one before.
    for i, event in ipairs(events) do
      if type(event) ~= "table" or type(event.event) ~= "string" then
        error("run_behaviour: events[" .. i .. "] needs an event name ({event = NAME})", 2)
      end
      local delay = event.after or 0
      if type(delay) ~= "number" or delay < 0 or delay ~= delay or delay == 1/0 then
        error("run_behaviour: events[" .. i .. "].after must be a non-negative number of seconds", 2)
      end
      last = last + delay
      after(last, emit, event.event, event.data)
    end
  end
  local context = options and options.context
  if context ~= nil then
    if type(context) ~= "table" then error("run_behaviour: context must be a table", 2) end
    -- What the app tells the behaviour, as a recorded run had it: the test's own context too.
    host.setcontext(context)
  end
  local arguments = options and options.arguments or {}
  local mine = {stopped = false}
  report = mine
  mine.results = pack(chunk(unpack(arguments)))
  -- Until the last event is delivered, and once more so the handlers it started can run.
  local remaining = started + last - now()
  if remaining > 0 then wait(remaining) end
  wait(0)
  return mine
end

return function(chunk, index)
  testTask = running()
  chunk()
  local list = {}
  for i, t in ipairs(tests) do list[i] = t.name end
  host.declare(list)
  local t = tests[index]
  if t then t.fn() end
  stopRun()
end
