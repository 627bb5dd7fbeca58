/// One thing a fuzz executable checks: every input goes through ``check(_:)``, which returns when
/// the code under test behaved and stops the process (a finding, which libFuzzer keeps with its
/// input) when it did not. A crash or a hang is a finding too.
public protocol FuzzTarget {
    /// What `scripts/fuzz` and the command line call it.
    static var name: String { get }
    /// Runs one input.
    static func check(_ input: [UInt8])
}

extension FuzzTarget {
    /// Ends the process with what went wrong: libFuzzer records it as a crash with its input.
    public static func finding(_ what: String) -> Never {
        fatalError("\(name): \(what)")
    }
}
