local modules, MAXDEPTH, MAXENTRIES, WIDTH, KEYWORDS = ...
local next, type, tostring, pcall, rawget, rawlen, select = next, type, tostring, pcall, rawget, rawlen, select
local sort, concat, format, gsub, byte, match, find, gmatch =
      table.sort, table.concat, string.format, string.gsub, string.byte, string.match, string.find, string.gmatch
local mathtype = math.type
local keywords = {}
for word in gmatch(KEYWORDS, "%a+") do
  keywords[word] = true
end

local colour = false
local function paint(code, text)
  if colour then return "\27[" .. code .. "m" .. text .. "\27[0m" end
  return text
end

local escapes = {['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t"}
local function quote(s)
  return '"' .. gsub(s, '[%c"\\]', function(c) return escapes[c] or format("\\%d", byte(c)) end) .. '"'
end

local typeOrder = {number = 1, string = 2, boolean = 3}
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (typeOrder[ta] or 4) < (typeOrder[tb] or 4) or
    ((typeOrder[ta] or 4) == (typeOrder[tb] or 4) and ta < tb) end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return (not a) and b end
  return format("%p", a) < format("%p", b)
end

-- What tostring gives when a metatable changes it (__tostring, __name); nil otherwise.
local function custom(v)
  local ok, text = pcall(tostring, v)
  if not ok then return "<__tostring failed: " .. (type(text) == "string" and text or type(text)) .. ">" end
  if text ~= format("%s: %p", type(v), v) then return text end
end

local render
local function scalar(v)
  local t = type(v)
  if t == "string" then return paint("32", quote(v)) end
  if t == "number" then return paint("33", tostring(v)) end
  if t == "boolean" or t == "nil" then return paint("35", tostring(v)) end
  local text = custom(v)
  if text then return text end
  return paint("36", format("%s: %p", t, v))
end

local function keyText(k, depth, path)
  if type(k) == "string" and match(k, "^[%a_][%w_]*$") and not keywords[k] then return k end
  return "[" .. render(k, depth, path, "") .. "]"
end

function render(v, depth, path, indent)
  if type(v) ~= "table" then return scalar(v) end
  if modules[v] then return paint("36", "<module " .. modules[v] .. ">") end
  local text = custom(v)
  if text then return text end
  if path[v] then return paint("31", "<cycle>") end
  if depth >= MAXDEPTH then return "{…}" end
  path[v] = true
  local parts, n = {}, rawlen(v)
  local shown, total = 0, 0
  local inner = indent .. "  "
  for i = 1, n do
    total = total + 1
    if shown < MAXENTRIES then
      shown = shown + 1
      parts[shown] = render(rawget(v, i), depth + 1, path, inner)
    end
  end
  local keys = {}
  for k in next, v do
    if not (mathtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, before)
  for i = 1, #keys do
    total = total + 1
    if shown < MAXENTRIES then
      local k = keys[i]
      shown = shown + 1
      parts[shown] = keyText(k, depth + 1, path) .. " = " .. render(rawget(v, k), depth + 1, path, inner)
    end
  end
  path[v] = nil
  if total > shown then parts[shown + 1] = "… (" .. (total - shown) .. " more)" end
  if #parts == 0 then return "{}" end
  local line = "{" .. concat(parts, ", ") .. "}"
  if #line + #indent <= WIDTH and not find(line, "\n", 1, true) then return line end
  return "{\n" .. inner .. concat(parts, ",\n" .. inner) .. "\n" .. indent .. "}"
end

return function(useColour, n, ...)
  colour = useColour
  local out = {}
  for i = 1, n do out[i] = render((select(i, ...)), 0, {}, "") end
  return concat(out, "\t")
end
