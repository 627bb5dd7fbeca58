#!/usr/bin/env lua5.4 [[
print("after the shebang", select("#", ...))
print(debug.getinfo(1, "l").currentline)
