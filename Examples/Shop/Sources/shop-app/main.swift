import Behave
import Shop

// An app embedding a host at the top level of main.swift (the main actor): async let runs the
// behaviour while the app reads what it emits; the report decodes into the app's own type. The
// behaviour prints as it runs; the app prints once the run has ended.
let store = BasketStore(price: 2.5)
let host = try BehaveHost(modules: [Basket(store: store), Payments(store: store)], clock: VirtualClock())
let checkout = try Behaviour.read(path: CommandLine.arguments.dropFirst().first ?? "behaviours/checkout.lua")
// snippet: embed-app
let emitted = host.emittedEvents()
async let report = host.run(checkout)
var seen: [String] = []
for await event in emitted {
    seen.append("\(event.name) at \(event.time)s")
}
let order = try await report.results.decode(Order.self)
print("emitted: " + seen.joined(separator: ", "))
print("order: \(order.items) items, \(order.total) paid with card \(order.card)")
// snippet end
