-- Tests of keynote.lua, the keynote behaviour: `behave test scripts/examples/keynote_test.lua`.
-- Each test runs in a fresh sandbox on a virtual clock, so the keynote's waits take no time.

-- The Keynote module, faked: every call is recorded, and the screens are named after the states.
local function fakeKeynote()
  return fake("Keynote", {
    screen = function(state) return "screen for " .. state end,
    vote = function(destination) return "Vote for " .. destination .. " recorded" end,
  })
end

test("the vote is sent once, a second after the vote opens", function()
  local keynote = fakeKeynote()
  run_behaviour("keynote.lua", {events = {
    {event = "VOTE_TRAIN_START"},
    {event = "VOTE_TRAIN_START", after = 3},
  }})
  expect(keynote.calls.vote).to_equal({{"Bordeaux"}})
  expect(now()).to_be(3)
end)

test("the screens follow the events", function()
  local keynote = fakeKeynote()
  local run = run_behaviour("keynote.lua", {events = {
    {event = "KEYNOTE_START"},
    {event = "OBSTACLE", data = {type = "cow"}, after = 2},
    {event = "TRAIN_POSITION", data = {km = 121}, after = 1},
    {event = "OBSTACLE_CLEARED", after = 4},
    {event = "KEYNOTE_END", after = 2},
  }})
  expect(keynote.calls.show).to_equal({
    {"screen for KEYNOTE_START"},
    {"screen for OBSTACLE"},
    {"screen for OBSTACLE_CLEARED"},
    {"screen for KEYNOTE_END"},
  })
  expect(run.reason).to_be("the keynote is over")
end)

test("an obstacle not cleared in a minute lets the train go on", function()
  local keynote = fakeKeynote()
  run_behaviour("keynote.lua", {events = {{event = "OBSTACLE"}}})
  wait(60)
  emit("TRAIN_POSITION", {km = 300, arrived = true})
  wait(0)  -- the handlers the event started run
  expect(keynote.calls.show[#keynote.calls.show]).to_equal({"screen for TRAIN_POSITION"})
end)
