-- Runs docs/debugging.md's nvim-dap block (the file given as arg[1]) against a stand-in for
-- nvim-dap's module, and prints what it configured as JSON: the adapter and the configurations.
local dap = {adapters = {}, configurations = {}}
package.preload.dap = function() return dap end

local function json(value)
  if type(value) == "table" then
    if #value > 0 then
      local items = {}
      for _, item in ipairs(value) do items[#items + 1] = json(item) end
      return "[" .. table.concat(items, ",") .. "]"
    end
    local keys = {}
    for key in pairs(value) do keys[#keys + 1] = key end
    table.sort(keys)
    local fields = {}
    for _, key in ipairs(keys) do fields[#fields + 1] = json(key) .. ":" .. json(value[key]) end
    return "{" .. table.concat(fields, ",") .. "}"
  elseif type(value) == "string" then
    return (string.format("%q", value):gsub("\\\n", "\\n"))
  end
  return tostring(value)
end

dofile(arg[1])
print(json({adapter = dap.adapters.behave, configurations = dap.configurations.lua}))
