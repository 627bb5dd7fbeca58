local start = now()
local x = 1
print("stood still", now() - start < 1)
