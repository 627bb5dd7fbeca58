import Behave
import Shop

// An app embedding a host at the top level of main.swift (the main actor): async let runs the
// behaviour while the app reads what it emits; the report decodes into the app's own type.
let store = BasketStore(price: 2.5)
let host = try BehaveHost(modules: [Basket(store: store), Payments(store: store)], clock: VirtualClock())
let checkout = try Behaviour.read(path: CommandLine.arguments.dropFirst().first ?? "behaviours/checkout.lua")
// snippet: embed-app
let emitted = host.emittedEvents()
async let report = host.run(checkout)
for await event in emitted {
    print("emitted \(event.name) at \(event.time)s")
}
let order = try await report.results.decode(Order.self)
print("order: \(order.items) items, \(order.total) paid with card \(order.card)")
// snippet end
