/// The sentence a checker says when a call passes more arguments than an action takes, worded
/// for the counts: "takes 0 arguments, but 1 was given", "takes 1 argument, but 2 were given".
/// One place, so that the Lua and JSON checks say it alike.
package enum ArgumentCount {
    /// "takes `parameters` argument(s), but `given` was/were given", with the right number.
    package static func tooMany(parameters: Int, given: Int) -> String {
        "takes \(parameters) argument\(parameters == 1 ? "" : "s"), but \(given) \(given == 1 ? "was" : "were") given"
    }
}
