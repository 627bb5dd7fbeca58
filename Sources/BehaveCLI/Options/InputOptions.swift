import ArgumentParser
import Behave

/// `--max-input`: the most bytes the tool reads from a behaviour file, an events file, a required
/// module or one line of `--events -` (``Limits/input``). Every command that reads a behaviour
/// takes it, in trusted mode too: the trust is in the script, and `/dev/zero` given by mistake
/// is no script.
package struct InputOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("max-input"),
        help:
            "Bytes a behaviour file, an events file, a required module or one line of --events - may hold, up to 1024GiB; 0 for none. Default 16MiB, --trusted too."
    )
    var maxInput: ByteCount?

    package func validate() throws {
        guard let maxInput, !SandboxOptions.Range.bytes.contains(maxInput.bytes) else { return }
        throw ValidationError("--max-input must be from 0 (none) to 1024GiB, not \(maxInput.text)")
    }

    /// The limit in bytes: the option's, or the default.
    package var limit: Int { maxInput?.bytes ?? Limits().input }
}
