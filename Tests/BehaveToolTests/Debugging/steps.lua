local function twice(x)
  return x * 2
end
local y = 1
y = twice(y + 1)
y = twice(y)
print("twice", y)
