print("first")
local function f() error({code = 7}) end
f()
