import Foundation
import PubSubFixture

/// Starts `arguments` (the program first) with stdout and stderr sent to /dev/null (or the files
/// given, created or emptied), for tests
/// that signal the process themselves; `blocking` is the signal mask it starts with. Returns
/// its pid, or nil if it could not be spawned.
func spawnQuietly(
    _ arguments: [String], blocking signals: [Int32] = [], stdout: String = "/dev/null", stderr: String = "/dev/null"
) -> pid_t? {
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in signals { sigaddset(&mask, signal) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    posix_spawnattr_setsigmask(&attributes, &mask)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    closeInheritedDescriptors(&actions)
    var pid: pid_t = 0
    let status = withCStrings(arguments) { posix_spawn(&pid, arguments[0], &actions, &attributes, $0, environ) }
    return status == 0 ? pid : nil
}
