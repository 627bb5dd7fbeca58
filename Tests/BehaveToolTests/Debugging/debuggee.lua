local votes = {}
local big = {}
for i = 1, 250 do big[i] = i end
on("vote", function(data)
  local train = data.train
  votes[#votes + 1] = train
  print("counted", train)
end)
print("before")
wait(3600)
print("after", #votes)
emit("vote", {train = "RE"})
emit("vote", {train = "ICE"})
wait(1)
print("end", #votes)
