extension String {
    /// Four hexadecimal digits (`001f`).
    init(format4 value: UInt8) {
        let hex = String(value, radix: 16)
        self = String(repeating: "0", count: 4 - hex.count) + hex
    }
}
