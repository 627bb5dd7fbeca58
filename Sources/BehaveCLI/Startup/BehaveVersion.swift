/// The tool's version.
enum BehaveVersion {
    static let current = "0.2.0"
}
