import Behave

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces `behave` with `behave-remote`, installed beside it, on the same command line.
///
/// This is how git keeps `git-remote-https` (and libcurl) out of `git`: the commands that fetch, sign
/// or verify are the only ones that pay for loading the network and crypto code.
enum RemoteHandOff {
    /// The helper's file name; it lives in the same directory as `behave`.
    static let helperName = "behave-remote"

    /// `behave-remote` beside the running executable.
    static var helperPath: String {
        let executable = runningExecutable() ?? CommandLine.arguments.first ?? "behave"
        guard let slash = executable.lastIndex(of: "/") else { return helperName }
        return String(executable[...slash]) + helperName
    }

    /// Execs the helper with this process's arguments; returns only by exiting when it cannot.
    static func exec() -> Never {
        let path = helperPath
        let arguments = [path] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(path, pointers)
        let reason = String(cString: strerror(errno))
        StandardError.write(
            """
            behave: fetching, signing and verifying are done by \(helperName), which could not be started \
            from \(path): \(reason); build it with `swift build -c release --product \(helperName)` \
            (scripts/behave does) and install it beside behave; nothing ran

            """)
        exit(BehaveExit.nothingRan)
    }

    private static func runningExecutable() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return nil
        #endif
    }
}
