import BehaveTestSupport

/// The two copies the remote suites' server serves, and what each prints, as `Self.first`,
/// `Self.secondOutput`, … in a suite that conforms.
protocol RemoteCopiesSuite {}

extension RemoteCopiesSuite {
    static var first: String { RemoteFixtures.first }
    static var second: String { RemoteFixtures.second }
    static var firstOutput: String { RemoteFixtures.firstOutput }
    static var secondOutput: String { RemoteFixtures.secondOutput }
}
