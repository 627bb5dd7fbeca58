every(0.1, function() end)
while true do
  local x = 1
  wait(0.05)
end
