local t = setmetatable({}, {__index = function(_, k) return k * 2 end, __call = function(self, x) return x end})
table.sort({3, 2, 1}, function(a, b) return a > b end)
print(t[21], t(5), string.format("%q %5.2f %d", "s\n", 1/3, 7), utf8.char(233, 8364))
print(select("#", table.unpack({1, 2, 3})), math.maxinteger // -1, ("x"):rep(3, ","))
for k, v in pairs(context) do print(k, v) end
print(load("return 1 + ...")(2), string.pack and "pack" or "no pack", os and os.time and "time")
