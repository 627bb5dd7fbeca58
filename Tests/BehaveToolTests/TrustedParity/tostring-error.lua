-- An error object with __tostring: the stock interpreter reports its text.
print(tostring(setmetatable({}, {__name = "Point"})):match("^Point: ") ~= nil)
print(pcall(print, setmetatable({}, {__tostring = function() return 1 end})))
error(setmetatable({}, {__tostring = function() return "a custom error" end}))
