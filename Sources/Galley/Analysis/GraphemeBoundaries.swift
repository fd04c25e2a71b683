internal import CUnicode

/// Extended grapheme cluster boundaries (UAX #29, by ICU) of a text: the places a caret may stop and that
/// fallback and hit testing never split.
enum GraphemeBoundaries {
    /// Every boundary in UTF-16 offsets, 0 and `units.count` included (just [0] for empty text).
    static func compute(_ units: [UInt16]) -> [Int] {
        guard !units.isEmpty else { return [0] }
        // ASCII printable text without CR: every unit is its own cluster.
        if units.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return Array(0...units.count) }
        var boundaries = [Int32](repeating: 0, count: units.count + 1)
        let count = units.withUnsafeBufferPointer { text in
            boundaries.withUnsafeMutableBufferPointer {
                galley_grapheme_boundaries(text.baseAddress, Int32(text.count), $0.baseAddress, Int32($0.count))
            }
        }
        guard count >= 2 else { return Array(0...units.count) }
        return boundaries.prefix(Int(count)).map(Int.init)
    }
}
