// snippet: shop-main
import BehaveCLI
import Shop

// The shop's own tool: every behave command, knowing the shop's modules, with an option of its own.
BehaveTool(
    name: "shop", version: "1.0.0",
    options: [
        .value("price", valueName: "amount", help: "What one item costs (default 2.5).") {
            Double($0).map { $0.isFinite && $0 >= 0 } ?? false
        }
    ]
) { given in
    let store = BasketStore(price: given["price"].flatMap(Double.init) ?? 2.5)
    return [Basket(store: store), Payments(store: store)]
}.main()
// snippet end
