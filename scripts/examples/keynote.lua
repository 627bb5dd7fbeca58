-- The Xebicon'16 interactive keynote (seed 003), written as a behaviour.
--
-- The server pushes the keynote's states as events; each one switches the screen. The
-- spectator votes once, for Bordeaux or Lyon, remembered across restarts (the store); an
-- obstacle on the tracks holds the train's position updates until it is cleared.
--
--   behave run --events scripts/examples/keynote-events.jsonl --fast scripts/examples/keynote.lua
--   behave run --context destination=Lyon --events … scripts/examples/keynote.lua

local destination = context.destination or "Bordeaux"
local voted = store and store.get("voted")  -- kept in the host's store: a restarted phone has voted
local blocked = false      -- an obstacle holds the train

local function present(state)
  Keynote.show(Keynote.screen(state))
end

on("KEYNOTE_START", function()
  present("KEYNOTE_START")
end)

on("VOTE_TRAIN_START", function(data)
  present("VOTE_TRAIN_START")
  if voted then
    print("Already voted for " .. voted)
    return
  end
  if destination ~= "Bordeaux" and destination ~= "Lyon" then
    print("No train goes to " .. destination .. ": not voting")
    return
  end
  voted = destination; if store then store.set("voted", voted) end  -- before sending: never twice
  wait(1)                                  -- the spectator takes a moment to choose
  print(Keynote.vote(destination))         -- waits for the server's answer
end)

on("VOTE_TRAIN_END", function(data)
  present("VOTE_TRAIN_END")
  if data and data.winner then
    local verdict = data.winner == voted and "your train won" or "your train lost"
    print(("The train goes to %s (%s)"):format(data.winner, voted and verdict or "you did not vote"))
  end
end)

on("TRAIN_DEPARTURE_START", function()
  present("TRAIN_DEPARTURE_START")
end)

on("TRAIN_POSITION", function(data)
  if blocked then return end               -- the obstacle holds the train
  if data.arrived then
    present("TRAIN_POSITION")
  else
    print(("The train is at km %d"):format(data.km))
  end
end)

on("OBSTACLE", function(data)
  blocked = true
  present("OBSTACLE")
  print(("A %s is blocking the tracks"):format(data and data.type or "something"))
  local cleared = wait_for("OBSTACLE_CLEARED", {timeout = 60})
  blocked = false
  if cleared then
    present("OBSTACLE_CLEARED")
  else
    print("The obstacle was not cleared in time: going on anyway")
  end
end)

on("TRAIN_DEPARTURE_END", function()
  present("TRAIN_DEPARTURE_END")
end)

on("KEYNOTE_END", function()
  present("KEYNOTE_END")
  print("Thank you for riding with us!")
  stop("the keynote is over")
end)
