/// A reader of Lua 5.4's binary chunks (`ldump.c`'s layout), as far as ``ChunkGlobals`` and
/// ``ChunkLines`` need:
/// each function's instructions, string constants, upvalues, line of each instruction and
/// nested functions. Every read is bounds-checked: a short or odd dump gives nil, never a trap.
package struct LuaDumpReader {
    /// One function of the chunk.
    package struct Function {
        package var lineDefined: Int
        /// Whether it takes `...` (the main chunk does): its first instruction sets them up.
        package var isVararg: Bool
        package var code: [UInt32]
        /// The constants, strings as text and every other kind as nil.
        var constants: [String?]
        var upvalues: [(inStack: Bool, index: Int)]
        package var children: [Function]
        /// The line of each instruction (empty when the dump was stripped).
        package var lines: [Int]

        func string(at index: Int) -> String? { index < constants.count ? constants[index] : nil }
    }

    let bytes: [UInt8]
    var offset = 0

    package init(bytes: [UInt8]) { self.bytes = bytes }

    package mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - offset else { return false }
        offset += count
        return true
    }

    /// The signature, version 5.4, format 0, the check bytes, and sizes of 4-byte instructions
    /// and 8-byte integers and floats (what this machine's Lua writes).
    package mutating func header() -> Bool {
        let expected: [UInt8] = [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A, 4, 8, 8]
        guard bytes.count >= expected.count, Array(bytes[0..<expected.count]) == expected else { return false }
        offset = expected.count
        return skip(16)  // LUAC_INT and LUAC_NUM
    }

    /// A size: seven bits a byte, most significant first, the last byte marked by its high bit.
    mutating func size() -> Int? {
        var value = 0
        while let byte = byte() {
            guard value < Int.max >> 8 else { return nil }
            value = (value << 7) | Int(byte & 0x7F)
            if byte & 0x80 != 0 { return value }
        }
        return nil
    }

    /// A string: its size plus one, then its bytes; size 0 is no string (an empty string here).
    mutating func string() -> String? {
        guard let size = size() else { return nil }
        guard size > 0 else { return "" }
        let start = offset
        guard skip(size - 1) else { return nil }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// One function, the nested ones included.
    package mutating func function() -> Function? {
        guard string() != nil, let lineDefined = size(), size() != nil, skip(1), let vararg = byte(), skip(1)
        else { return nil }
        guard let count = size(), count <= (bytes.count - offset) / 4 else { return nil }
        var code: [UInt32] = []
        code.reserveCapacity(count)
        for index in 0..<count {
            let at = offset + index * 4
            // Little-endian, as the dump of this machine's Lua.
            code.append(
                UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
                    | UInt32(bytes[at + 3]) << 24)
        }
        offset += count * 4
        guard let constants = constants(), let upvalues = upvalues(), let childCount = size() else { return nil }
        var children: [Function] = []
        for _ in 0..<childCount {
            guard let child = function() else { return nil }
            children.append(child)
        }
        guard let lines = lines(count: count, from: lineDefined), debugRest() else { return nil }
        return Function(
            lineDefined: lineDefined, isVararg: vararg != 0, code: code, constants: constants, upvalues: upvalues,
            children: children, lines: lines)
    }

    private mutating func constants() -> [String?]? {
        guard let count = size(), count <= bytes.count - offset else { return nil }
        var constants: [String?] = []
        for _ in 0..<count {
            switch byte() {
            case 0x00, 0x01, 0x11: constants.append(nil)  // nil, false, true
            case 0x03, 0x13:  // an integer, a float
                guard skip(8) else { return nil }
                constants.append(nil)
            case 0x04, 0x14:  // a short string, a long one
                guard let text = string() else { return nil }
                constants.append(text)
            default: return nil
            }
        }
        return constants
    }

    private mutating func upvalues() -> [(inStack: Bool, index: Int)]? {
        guard let count = size(), count <= (bytes.count - offset) / 3 else { return nil }
        var upvalues: [(inStack: Bool, index: Int)] = []
        for _ in 0..<count {
            guard let inStack = byte(), let index = byte(), byte() != nil else { return nil }
            upvalues.append((inStack != 0, Int(index)))
        }
        return upvalues
    }

    /// Each instruction's line: a signed step from the one before, or, where the step is the
    /// marker -128, the line the absolute table gives for that instruction.
    private mutating func lines(count: Int, from lineDefined: Int) -> [Int]? {
        guard let stepCount = size(), stepCount <= bytes.count - offset else { return nil }
        let steps = bytes[offset..<(offset + stepCount)].map { Int(Int8(bitPattern: $0)) }
        offset += stepCount
        guard let absoluteCount = size() else { return nil }
        var absolute: [Int: Int] = [:]
        for _ in 0..<absoluteCount {
            guard let pc = size(), let line = size() else { return nil }
            absolute[pc] = line
        }
        guard stepCount == count else { return [] }
        var line = lineDefined
        return steps.enumerated().map { pc, step in
            if step == -128, let known = absolute[pc] { line = known } else { line += step }
            return line
        }
    }

    /// The local variables' names and ranges, and the upvalues' names.
    private mutating func debugRest() -> Bool {
        guard let locals = size() else { return false }
        for _ in 0..<locals {
            guard string() != nil, size() != nil, size() != nil else { return false }
        }
        guard let names = size() else { return false }
        for _ in 0..<names where string() == nil { return false }
        return true
    }
}
