-- a __close that errors while the main chunk fails: its error is the one reported
local outer <close> = setmetatable({}, {__close = function(_, err) print("outer sees", (tostring(err):match("^[^\n]*"))) end})
local x <close> = setmetatable({}, {__close = function() error("in close") end})
print("before")
error("boom")
