import BehavePlatform

/// How the sandbox's `require` finds Lua source files: only under the configured
/// directories, never outside them (no `..`, no absolute names, no symlink leading out).
enum RequireSearch {
    enum Outcome {
        case success((source: [UInt8], path: String))
        case failure(String)
    }

    /// The source of module `name`, at most `limit` bytes (0 for any size).
    static func find(_ name: String, in directories: [String], limit: Int) -> Outcome {
        let allowed = name.utf8.allSatisfy {
            $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
        guard allowed, !name.isEmpty, !name.hasPrefix("."), !name.contains(".."), !name.hasSuffix(".") else {
            return .failure(
                "module '\(name)' not found: names may hold letters, digits, '_', '-' and '.' separators only")
        }
        let relative = name.split(separator: ".").joined(separator: "/") + ".lua"
        var tried: [String] = []
        for directory in directories {
            guard let root = realPath(directory) else { continue }
            let candidate = directory + "/" + relative
            tried.append(candidate)
            guard let resolved = realPath(candidate) else { continue }
            guard resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
                return .failure("module '\(name)' not found: \(candidate) leads outside \(directory)")
            }
            do { return .success((try FileBytes.read(resolved, limit: limit, regularOnly: true), candidate)) } catch {
                return .failure("module '\(name)': \(error)")
            }
        }
        return .failure("module '\(name)' not found:" + tried.map { "\n\tno file '\($0)'" }.joined())
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
