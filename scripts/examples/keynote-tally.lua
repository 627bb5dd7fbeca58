-- The presenter's tally of the keynote's votes (seed 003), read from the pub/sub server the
-- phones publish them to (docs/live.md):
--
--   behave run --context close=SECRET --events "$PRESENTER/replies/keynote" scripts/examples/keynote-tally.lua
--
-- The server keeps the votes in the order it took them and sends them from the oldest, so a
-- tally that starts late, or reconnects, still reads each one. A voter counts once, however
-- often its vote arrives; a vote without a voter or a train is refused. VOTES_CLOSED, which the
-- presenter adds to the same stream with the secret only it knows (`context.close`), ends the
-- count: every vote the server took before it is in, and none after it. Phones can add votes to
-- the stream but not read it, so none can learn the secret and close the vote early.

local votes = {Bordeaux = 0, Lyon = 0}
local voters = {}                -- who voted, and for which train
local repeated = 0               -- votes from a voter already counted
local refused = 0                -- votes that name no voter or no train

on("VOTE", function(vote)
  if type(vote) ~= "table" or type(vote.voter) ~= "string" or votes[vote.destination] == nil then
    refused = refused + 1
    return
  end
  if voters[vote.voter] then
    repeated = repeated + 1
    return
  end
  voters[vote.voter] = vote.destination
  votes[vote.destination] = votes[vote.destination] + 1
end)

on("VOTES_CLOSED", function(close)
  if context.close == nil or type(close) ~= "table" or close.secret ~= context.close then
    refused = refused + 1
    return
  end
  local winner = votes.Lyon > votes.Bordeaux and "Lyon" or "Bordeaux"
  print("Bordeaux", votes.Bordeaux)
  print("Lyon", votes.Lyon)
  print("repeated", repeated)
  print("refused", refused)
  print("winner", winner)
  stop("the vote is closed")
end)
