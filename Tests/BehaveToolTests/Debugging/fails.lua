on("depart", function(data)
  local train = data.train
  error("no such train: " .. train)
end)
emit("depart", {train = "ghost"})
wait(1)
