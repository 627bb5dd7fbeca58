-- More than a pipe holds, printed just before a breakpoint and a log point.
for i = 1, 3000 do print(string.format("line %04d %s", i, string.rep("x", 60))) end
local last = "printed"
print("after the breakpoint")
for i = 1, 200 do print("more " .. i) end
local again = true
