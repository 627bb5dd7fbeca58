import BehavePlatform

/// `--record DIRECTORY`: the run's rows kept as data, `DIRECTORY/<date>-<commit>.json`, with the
/// machine and commit they were measured on (`docs/performance.md` points to the latest).
enum BenchRecord {
    /// Writes the record and returns its path; the file appears whole or not at all.
    static func write(_ rows: [Row], rounds: Int, to directory: String) throws(BenchOptions.Problem) -> String {
        let commit = command("git rev-parse --short HEAD") ?? "unknown"
        let dirty = (command("git status --porcelain --untracked-files=no") ?? "").isEmpty ? "" : "-dirty"
        let date = today()
        let text = """
            {"date": "\(date)", "commit": "\(commit)\(dirty)", "rounds": \(rounds),
             "machine": {"system": "\(escaped(command("uname -srm") ?? "unknown"))", "cpu": "\(escaped(cpuModel()))", "cores": \(sysconf(Int32(_SC_NPROCESSORS_ONLN)))},
             "rows": [\(rows.map(\.json).joined(separator: ",\n  "))]}

            """
        let path = "\(directory)/\(date)-\(commit)\(dirty).json"
        let temporary = path + ".partial"
        guard let file = fopen(temporary, "w") else { throw .init(message: "--record: cannot write \(temporary)") }
        let written = fputs(text, file) >= 0
        guard fclose(file) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .init(message: "--record: cannot write \(path)")
        }
        return path
    }

    /// The command's first line of output, or nil when it fails.
    private static func command(_ line: String) -> String? {
        guard let pipe = popen(line + " 2>/dev/null", "r") else { return nil }
        var buffer = [CChar](repeating: 0, count: 512)
        let read = fgets(&buffer, 512, pipe) != nil
        guard pclose(pipe) == 0 else { return nil }
        guard read else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func cpuModel() -> String {
        command("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'") ?? "unknown"
    }

    private static func today() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 16)
        _ = strftime(&buffer, 16, "%Y-%m-%d", &parts)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || character == "\"" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
