import BehaveLua

/// What the flight recorder takes from the host's state: the seed of `math.random`.
extension BehaveHost {
    /// Seeds `math.random` with `seed` (a fresh seed when empty) and returns the seed it took, so
    /// a replay draws the same numbers.
    func seedRandom(_ seed: [Int64] = []) throws(BehaveError) -> [Int64] {
        try slice {
            let math = policy.isTrusted ? try lua.global("math") : environment["math"]
            guard case .table(let table) = math, case .function(let randomseed) = table["randomseed"] else { return [] }
            return try randomseed.call(arguments: seed).compactMap(\.integer)
        }
    }
}
