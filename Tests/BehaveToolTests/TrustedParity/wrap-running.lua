-- A wrap function that resumes itself: the error is the one about resuming, and the coroutine stays.
local X = false
local A
A = coroutine.wrap(function()
  local _ <close> = setmetatable({}, {__close = function () X = true end})
  return pcall(A, 1)
end)
local st, res = A()
print(st, res, X)
