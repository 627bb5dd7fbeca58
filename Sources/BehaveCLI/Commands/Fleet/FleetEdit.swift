/// What a `behave fleet` command changes in a manifest, as plain values: the tools apply it,
/// sign the result and print who gets what before and after.
package enum FleetEdit: Sendable, Equatable {
    /// A manifest with no copies and no channels.
    case create
    /// Adds the copy `name`, served at `url`, whose bytes are the file at `file`.
    case addCopy(name: String, file: String, url: String, sequence: Int64?)
    /// Points `channel`'s default at `copy` (nil: the app's own fallback).
    case point(channel: String, copy: String?)
    /// Starts or changes the rollout of `copy` to `percent` of the devices `when` selects.
    case rollout(channel: String, copy: String, percent: Double, when: [String], rule: String?)
    /// Stops the rollout `rule` from reaching new devices; those that have its copy keep it.
    case pause(channel: String, rule: String)
    /// Takes `copy` away from every device: back to the copy before it, or the app's fallback.
    case kill(copy: String)
    /// Puts `channel` back as it was before its last change.
    case rollback(channel: String)
}
