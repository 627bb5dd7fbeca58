-- pattern-parity.lua — compares Behave's bounded string.find, match, gmatch and gsub (the
-- table `bounded`) with the stock library's on random subjects and patterns.
-- Arguments: compare (pattern-compare.lua's table), bounded, cases, seed.
-- Returns the number of cases and the first difference (or nil).
local comparison, bounded, cases, seed = ...
math.randomseed(seed)
local random, concat = math.random, table.concat
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

for i = 1, cases do
  local case = {s = subject(), p = pattern(), init = random(-14, 14), plain = random(4) == 1,
    which = random(4), replacement = random(comparison.replacements),
    n = random(3) == 1 and random(0, 3) or nil}
  local difference = comparison.compare(bounded, case)
  if difference then return i, string.format("case %d: %s", i, difference) end
end
return cases, nil
