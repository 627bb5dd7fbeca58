import Synchronization

/// The app's side of the basket: items, prices and a discount, behind a lock, since async
/// actions and the app's own code reach it from other threads.
public final class BasketStore: Sendable {
    private let state = Mutex((items: [String: Int](), discount: 0.0))
    /// The price of one item, whatever it is.
    public let price: Double

    /// An empty basket whose items cost `price` each.
    public init(price: Double) { self.price = price }

    func add(_ item: String, _ qty: Int) { state.withLock { $0.items[item, default: 0] += qty } }
    func remove(_ item: String) { state.withLock { $0.items[item] = nil } }
    func clear() { state.withLock { $0.items = [:] } }
    /// How many items the basket holds.
    public var count: Int { state.withLock { $0.items.values.reduce(0, +) } }
    var discount: Double {
        get { state.withLock { $0.discount } }
        set { state.withLock { $0.discount = newValue } }
    }
    /// What the basket costs, discount applied.
    public var total: Double { state.withLock { Double($0.items.values.reduce(0, +)) * price * (1 - $0.discount) } }
}
