-- pattern-compare.lua — runs one call through the stock string library and through Behave's
-- bounded one (the table `bounded`) and says whether they agree. Shared by the parity test
-- (pattern-parity.lua) and the fuzz target (Fuzz/PatternFuzz).
-- Returns compare(bounded, case) -> nil when they agree, else a text naming both outcomes.
local concat = table.concat

-- Results as text; errors without the function's name (the stock functions are known to
-- luaL_argerror as string.find and the others, the bounded ones only by position).
local function outcome(ok, ...)
  local t = {ok and "ok" or "error"}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if not ok then v = tostring(v):gsub("to '[^']*'", "to 'f'") end
    t[#t + 1] = type(v) .. ":" .. tostring(v)
  end
  return concat(t, "|")
end

local function all(f, s, p, init)
  local results = {}
  local ok, err = pcall(function()
    for a, b, c in f(s, p, init) do results[#results + 1] = tostring(a) .. "," .. tostring(b) .. "," .. tostring(c) end
  end)
  return outcome(ok, ok and concat(results, ";") or err)
end

-- The replacements gsub is tried with: strings with every kind of %, a number, a table with
-- string, false and number values, and a function that declines some matches.
local replacements = {"%0", "<%1>", "%2%1", "%%", "x", "%", "%9", 7,
  {a = "A", b = false, ["("] = 1.5}, function(a, b) if a == "a" then return nil end return (b or a) .. "!" end}

-- case: {s, p, init, plain, which (1 find, 2 match, 3 gmatch, 4 gsub), replacement (index), n}
local function run(lib, case)
  local s, p, init, which = case.s, case.p, case.init, case.which
  if which == 1 then return outcome(pcall(lib.find, s, p, init, case.plain)) end
  if which == 2 then return outcome(pcall(lib.match, s, p, init)) end
  if which == 3 then return all(lib.gmatch, s, p, init) end
  return outcome(pcall(lib.gsub, s, p, replacements[case.replacement], case.n))
end

-- The bounded side runs first: when it is stopped (a fuzzer's deadline raises the termination,
-- a light userdata), the stock side would take as long with nothing to stop it, so the case is
-- skipped.
local function compare(bounded, case)
  local got = run(bounded, case)
  if got:find("^error|userdata:") then return nil end
  local expected = run(string, case)
  if expected ~= got then
    return string.format("s=%q p=%q init=%d plain=%s which=%d replacement=%s n=%s\n  stock:   %s\n  bounded: %s",
      case.s, case.p, case.init, tostring(case.plain), case.which, tostring(case.replacement), tostring(case.n),
      expected, got)
  end
  return nil
end

return {compare = compare, replacements = #replacements}
