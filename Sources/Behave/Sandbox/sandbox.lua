-- sandbox.lua — builds the environment behaviours run in, from the real globals and the host's
-- functions; returns that environment. What is present and absent, and why: docs/sandbox.md.

local G, host, modules = ...
local env = {}

-- Base library, minus dofile/loadfile (files), load/pcall/xpcall/collectgarbage/setmetatable
-- (replaced below), print (the runtime's, in both modes) and warn (writes to the process's stderr).
for _, name in ipairs{"assert", "error", "getmetatable", "ipairs", "next", "pairs", "rawequal",
                      "rawget", "rawlen", "rawset", "select", "tonumber", "tostring", "type", "_VERSION"} do
  env[name] = G[name]
end

-- Libraries are shared with the strings' metatable, so the dangerous entries go from the
-- real tables too: ("").dump must not reach string.dump.
G.string.dump = nil
env.string = G.string
env.table = G.table
env.math = G.math
env.utf8 = G.utf8
env.os = {time = G.os.time, clock = G.os.clock, date = G.os.date, difftime = G.os.difftime}
for name in pairs(G.os) do if env.os[name] == nil then G.os[name] = nil end end
G.dofile, G.loadfile, G.require, G.package, G.debug, G.io = nil, nil, nil, nil, nil, nil

env.coroutine = {}
for name, f in pairs(G.coroutine) do env.coroutine[name] = f end
env.coroutine.close = host.close  -- guarded; the runtime installs resume and wrap
env.pcall = host.pcall
env.xpcall = host.xpcall

-- The metatable of strings cannot be read or changed: getmetatable("") gives false.
getmetatable("").__metatable = false

local tostring, select = G.tostring, G.select
local rawget, setmetatable, error, type = G.rawget, G.setmetatable, G.error, G.type
function env.setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("__gc metamethods are not available in the sandbox (finalizers run where no limit applies)", 2)
  end
  if type(mt) == "table" and rawget(mt, "__call") ~= nil and type(rawget(mt, "__call")) ~= "function" then
    error("__call must be a function in the sandbox (a chain of callable tables loops where no limit reaches)", 2)
  end
  return setmetatable(t, mt)
end

local collect = G.collectgarbage
function env.collectgarbage(option, ...)
  if option == "count" then return collect("count") end
  error("collectgarbage('" .. tostring(option or "collect") .. "') is not available in the sandbox; only 'count' is", 2)
end

local load = host.load
function env.load(chunk, name, mode, ...)
  if mode ~= nil and mode ~= "t" and mode ~= "bt" then
    return nil, "binary chunks are not available in the sandbox"
  end
  local chosen = env
  if select("#", ...) > 0 then chosen = ... end
  return load(chunk, name, "t", chosen)
end

local loaded, find = {}, host.findmodule
function env.require(name)
  if type(name) ~= "string" then
    error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
  end
  local value = loaded[name]
  if value ~= nil then return value end
  local source, path = find(name)
  if not source then error(path, 2) end
  local chunk, message = load(source, "@" .. path, "t", env)
  if not chunk then error(message, 2) end
  value = chunk(name, path)
  if value == nil then value = true end
  if loaded[name] == nil then loaded[name] = value end
  return loaded[name], path
end

-- Modules: read-only views of the host's tables.
for name, actions in pairs(modules) do
  env[name] = setmetatable({}, {
    __index = actions,
    __newindex = function(_, key) error("module " .. name .. " is read-only (cannot set '" .. tostring(key) .. "')", 2) end,
    __metatable = false,
  })
end
env.has = host.has
env._G = env
return env
