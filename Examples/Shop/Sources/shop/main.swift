import BehaveCLI
import Shop

// The shop's own tool: every behave command, knowing the shop's modules.
let store = BasketStore(price: 2.5)
BehaveTool.main(name: "shop", version: "1.0.0", modules: [Basket(store: store), Payments(store: store)])
