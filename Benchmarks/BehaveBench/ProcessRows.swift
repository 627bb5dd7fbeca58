import BehavePlatform

/// Runs `arguments` (no shell in between), stdout discarded: the seconds from spawning to its exit
/// (NaN for a run that failed).
func spawnTime(_ arguments: [String]) -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return .nan }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0 ? now() - start : .nan
}

/// The `peak-memory` tool built next to this executable.
let peakMemory = CommandLine.arguments[0].replacingLastComponent(with: "peak-memory")

/// The bytes of resident memory `command` (a shell command line) holds at its peak, read by
/// `peak-memory`: a child of this process would report at least this process's own peak (Linux
/// carries ru_maxrss across exec). NaN for a run that failed.
func peakBytes(_ command: String) -> Double {
    guard let pipe = popen("\(peakMemory) \(command)", "r") else { return .nan }
    var line = [CChar](repeating: 0, count: 64)
    let read = fgets(&line, Int32(line.count), pipe) != nil
    let status = pclose(pipe)
    let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let text = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    guard read, status == 0, let kibibytes = Double(text) else { return .nan }
    return kibibytes * 1024  // ru_maxrss is in KiB on Linux
}
