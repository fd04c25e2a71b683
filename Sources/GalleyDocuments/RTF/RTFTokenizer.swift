/// One piece of RTF: a group's brace, a control word with its parameter, a control symbol, or text bytes.
enum RTFToken: Equatable {
    case groupStart
    case groupEnd
    /// `\word` or `\wordN` (`N` a signed number, clamped to ±2,000,000,000).
    case controlWord(String, Int?)
    /// `\` and a character that is not a letter (`\'` is taken apart as `hexByte`).
    case controlSymbol(UInt8)
    /// `\'hh`: one byte in the current code page.
    case hexByte(UInt8)
    /// Raw bytes of text (line feeds and carriage returns, which RTF ignores, left out).
    case text(ArraySlice<UInt8>)
}

/// Splits RTF bytes into tokens (RTF 1.9.1, "Conventions of an RTF Reader"), one at a time and without recursion,
/// so a document of any depth and length costs time in proportion to its bytes.
struct RTFTokenizer {
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether a letter of a control word.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }

    /// The next token, or nil at the end. (`\binN`'s data is taken by the reader with `binary(count:)`.)
    mutating func next() -> RTFToken? {
        while offset < bytes.count {
            let start = offset
            let byte = bytes[offset]
            switch byte {
            case 0x7B:
                offset += 1
                return .groupStart
            case 0x7D:
                offset += 1
                return .groupEnd
            case 0x0A, 0x0D:
                offset += 1
            case 0x5C:
                return controlToken()
            default:
                var end = offset + 1
                while end < bytes.count {
                    let next = bytes[end]
                    if next == 0x7B || next == 0x7D || next == 0x5C || next == 0x0A || next == 0x0D { break }
                    end += 1
                }
                offset = end
                return .text(bytes[start..<end])
            }
        }
        return nil
    }

    /// The data of a `\binN` just read: `count` raw bytes, clamped to what is left.
    mutating func binary(count: Int) -> ArraySlice<UInt8> {
        let end = offset + min(max(count, 0), bytes.count - offset)
        defer { offset = end }
        return bytes[offset..<end]
    }

    private mutating func controlToken() -> RTFToken {
        offset += 1  // the backslash
        guard offset < bytes.count else { return .controlSymbol(0x5C) }
        let first = bytes[offset]
        guard Self.isLetter(first) else {
            offset += 1
            if first == 0x27 {  // \'hh
                if offset + 1 < bytes.count, let high = Self.hexValue(bytes[offset]), let low = Self.hexValue(bytes[offset + 1]) {
                    offset += 2
                    return .hexByte(high << 4 | low)
                }
                return .controlSymbol(0x3F)  // a malformed \' reads as "?"
            }
            // A backslash before a line break is a paragraph break (as \par): Cocoa writes these.
            if first == 0x0A || first == 0x0D { return .controlWord("par", nil) }
            return .controlSymbol(first)
        }
        let nameStart = offset
        // RTF limits names to 32 letters; a longer run of letters is read on as the same (unknown) word.
        while offset < bytes.count, Self.isLetter(bytes[offset]) { offset += 1 }
        let name = String(decoding: bytes[nameStart..<min(offset, nameStart + 32)], as: UTF8.self)
        var parameter: Int?
        var negative = false
        if offset < bytes.count, bytes[offset] == 0x2D, offset + 1 < bytes.count, bytes[offset + 1] >= 0x30, bytes[offset + 1] <= 0x39 {
            negative = true
            offset += 1
        }
        if offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 {
            var value = 0
            while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 {
                value = min(value * 10 + Int(bytes[offset] - 0x30), 2_000_000_000)
                offset += 1
            }
            parameter = negative ? -value : value
        }
        // One space after a control word belongs to it.
        if offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
        return .controlWord(name, parameter)
    }
}
