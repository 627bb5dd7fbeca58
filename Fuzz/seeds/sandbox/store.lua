local t = {} for i = 1, 60 do t = {t, t} end
print(pcall(store.set, "dag", t))
local deep = {} for i = 1, 70 do deep = {deep} end
print(pcall(store.set, "deep", deep))
print(pcall(store.set, "big", string.rep("x", 1 << 20)))
print(pcall(store.set, "mixed", {1, 2, x = {["\u{e9}"] = 1, ["e\u{301}"] = 2}}))
store.set("ok", {list = {1, 2.5, "three", true}, nested = {a = {b = {c = "d"}}}})
for _, k in ipairs(store.keys()) do print(k, store.get(k)) end
store.remove("ok")
print(pcall(store.get, {}), pcall(store.set, string.rep("k", 2000), 1))
