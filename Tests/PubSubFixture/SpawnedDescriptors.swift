import Foundation

#if os(Linux)
    // glibc declares it only under _GNU_SOURCE, which Swift's Glibc module does not define.
    @_silgen_name("posix_spawn_file_actions_addclosefrom_np")
    private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
#endif

/// Makes a spawn close every descriptor above stderr that the test process holds. Foundation's
/// pipes are not close-on-exec: a server or terminal child spawned while another test's stdin
/// pipe is open would keep its write end, and that test's tool would wait for an end of input
/// that never comes.
/// Here, beside the server the bench spawns too, since the test support module needs Testing.
package func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    #if os(Linux)
        _ = addCloseFrom(&actions, 3)
    #endif
}
