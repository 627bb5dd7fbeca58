-- pattern-parity.lua — compares Behave's bounded string.find, match, gmatch and gsub (the
-- table `bounded`) with the stock library's on random subjects and patterns.
-- Arguments: bounded, cases, seed. Returns the number of cases and the first difference (or nil).
local bounded, cases, seed = ...
math.randomseed(seed)
local random, char, concat = math.random, string.char, table.concat
local pieces = {"a", "b", "c", "%a", "%d", "%s", "%w", "%p", "%l", "%u", "%x", "%c", "%g", "%A", "%S",
  ".", "[ab]", "[^a]", "[a-c]", "[%a_]", "[]]", "[^]a]", "%b()", "%bab", "%f[%a]", "%f[^%w]", "%1", "%2",
  "(", ")", "()", "^", "$", "*", "+", "-", "?", "%", "%%", "[", "]", "%z", "\0", "x", "1", " "}
local letters = {"a", "b", "c", "(", ")", " ", "1", "x", "\0", "_", "A", "."}

local function subject()
  local n, t = random(0, 12), {}
  for i = 1, n do t[i] = letters[random(#letters)] end
  return concat(t)
end

local function pattern()
  local n, t = random(0, 8), {}
  for i = 1, n do t[i] = pieces[random(#pieces)] end
  return concat(t)
end

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

local replacements = {"%0", "<%1>", "%2%1", "%%", "x", "%", "%9", 7,
  {a = "A", b = false, ["("] = 1.5}, function(a, b) if a == "a" then return nil end return (b or a) .. "!" end}

for i = 1, cases do
  local s, p, init = subject(), pattern(), random(-14, 14)
  local plain = random(4) == 1
  local expected, got
  local which = random(4)
  if which == 1 then
    expected = outcome(pcall(string.find, s, p, init, plain))
    got = outcome(pcall(bounded.find, s, p, init, plain))
  elseif which == 2 then
    expected = outcome(pcall(string.match, s, p, init))
    got = outcome(pcall(bounded.match, s, p, init))
  elseif which == 3 then
    expected = all(string.gmatch, s, p, init)
    got = all(bounded.gmatch, s, p, init)
  else
    local r = replacements[random(#replacements)]
    local n = random(3) == 1 and random(0, 3) or nil
    expected = outcome(pcall(string.gsub, s, p, r, n))
    got = outcome(pcall(bounded.gsub, s, p, r, n))
  end
  if expected ~= got then
    return i, string.format("case %d: s=%q p=%q init=%d plain=%s which=%d\n  stock:   %s\n  bounded: %s",
      i, s, p, init, tostring(plain), which, expected, got)
  end
end
return cases, nil
