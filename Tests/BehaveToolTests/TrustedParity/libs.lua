print(("hello world"):gsub("o", "0"), ("abc"):find("b", 1, true), ("key=val"):match("(%w+)=(%w+)"))
for k, v in string.gmatch("a=1, b=2", "(%w+)=(%w+)") do io.write(k, ":", v, " ") end
io.write("\n")
local t = {5, 2, 8, 1}
table.sort(t, function(a, b) return a > b end)
print(table.concat(t, ","), table.unpack({1, 2, 3}))
print(utf8.char(72, 228, 8364), utf8.len("häll€"), #"häll€")
print(math.floor(3.7), math.ceil(3.2), math.huge, -math.huge, math.pi, 7 // 2, 7 % 3, 2^10, 10 / 4)
print(string.pack and #string.pack("i4", 7), os.time{year=2020, month=1, day=1, hour=0} ~= nil, type(os.clock()))
print(load("return 1 + ...")(41), load("syntax error here"))
local env = {x = 5}
print(load("return x", "chunk", "t", env)())
print(next({}), rawequal(t, t), rawget(t, 1), select(-1, 1, 2, 3))
goto skip
print("not printed")
::skip::
print(string.format("%5s|%-5s|%05.1f|%x|%g", "a", "b", 3.14159, 255, 1e20))
print(#arg, arg[0] ~= nil, ...)
io.stdout:write("direct\n")
print(debug.getinfo(print).what, debug.getinfo(1, "S").short_src)
