-- print is a C function without upvalues, as the stock one (db.lua checks it)
local info = debug.getinfo(print, "uS")
print(info.nups, info.what, info.short_src, info.nparams, info.isvararg)
print(debug.getupvalue(print, 1))
