// snippet: adopt-main
import BehaveCLI
import Ticketing

// The team's own tool: every behave command, knowing Ticketing (and no demo module).
BehaveTool.main(name: "ticketing", version: "1.0.0", modules: [Ticketing(desk: LocalDesk())])
// snippet end
