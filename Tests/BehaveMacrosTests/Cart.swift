#if Macros
    import BehaveMacros
    import Foundation

    // snippet: adopt-macro
    /// A shopping cart: what behaviours may do with it.
    @BehaveModule
    struct Cart: Sendable {
        let store: CartStore

        /// Adds an item to the cart.
        /// - Parameters:
        ///   - item: What to add
        ///   - qty: How many
        func add(item: String, qty: Int) throws {
            guard qty > 0 else { throw CartError("a quantity must be positive") }
            store.add(item, qty)
        }

        /// What the cart costs.
        func total() -> Double { store.total }

        /// Pays for the cart and returns the order's number.
        func checkout() async throws -> String { try await store.pay() }

        /// Greets a customer in the behaviour's output.
        func greet(_ context: ActionContext, name: String) throws { try context.print("Hello, \(name)") }

        /// Opens a web page: the seed's `openUrlWithUrl:`.
        func openUrl(url: String) { store.open(url) }

        @BehaveIgnored
        func empty() { store.empty() }
    }
    // snippet end

    /// Why the cart refuses an item.
    struct CartError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The app's side of the cart: items, prices and the pages opened, behind a lock since an async
    /// action runs off the host's thread.
    final class CartStore: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(String, Int)] = []
        private var pages: [String] = []
        let price: Double

        init(price: Double) { self.price = price }

        func add(_ item: String, _ qty: Int) { lock.withLock { items.append((item, qty)) } }
        func open(_ url: String) { lock.withLock { pages.append(url) } }
        func empty() { lock.withLock { items.removeAll() } }
        var total: Double { lock.withLock { Double(items.reduce(0) { $0 + $1.1 }) * price } }
        var opened: [String] { lock.withLock { pages } }

        func pay() async throws -> String {
            try await Task.sleep(nanoseconds: 1_000)
            return "order-\(lock.withLock { items.count })"
        }
    }
#endif
