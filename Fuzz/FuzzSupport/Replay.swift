import Behave
import BehavePlatform

/// Without libFuzzer: each input file, or each file in an input directory, through the target
/// once. A finding stops the process as it would under the fuzzer.
enum Replay {
    static func run(_ target: any FuzzTarget.Type, paths: [String], tool: String) -> Int32 {
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = try? FileBytes.read(file, limit: 0) else {
                    StandardError.write("\(tool): cannot read \(file)\n")
                    return 66
                }
                target.check(bytes)
                count += 1
            }
        }
        print("\(tool): \(target.name): \(count) inputs replayed")
        return 0
    }

    private static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }
}
