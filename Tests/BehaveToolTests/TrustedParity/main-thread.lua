-- The main chunk is the main thread: it cannot yield, and says it is main.
local co, ismain = coroutine.running()
print(type(co), ismain, coroutine.isyieldable(), coroutine.status(co))
print(pcall(coroutine.yield, 1))
print(pcall(coroutine.resume, co))
print(debug.getinfo(print, "S").what, debug.getinfo(coroutine.running, "S").what)
print(debug.traceback("here"))
local inner = coroutine.wrap(function() return select(2, coroutine.running()), coroutine.isyieldable() end)
print(inner())
return 1
