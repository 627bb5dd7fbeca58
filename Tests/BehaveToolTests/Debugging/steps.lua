local factor = 2
local function twice(x)
  return x * factor
end
local y = 1
y = twice(y + 1)
y = twice(y)
print("twice", y)
