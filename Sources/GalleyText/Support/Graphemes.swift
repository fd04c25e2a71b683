internal import CUnicode

/// The grapheme cluster boundaries of UTF-16 text (ICU's, as the typesetter's), 0 and the length included; just
/// [0] for empty text.
func graphemeBoundaries(_ units: [UInt16]) -> [Int] {
    guard !units.isEmpty else { return [0] }
    var boundaries = [Int32](repeating: 0, count: units.count + 1)
    let count = units.withUnsafeBufferPointer {
        galley_grapheme_boundaries($0.baseAddress, Int32(units.count), &boundaries, Int32(boundaries.count))
    }
    return count > 0 ? boundaries.prefix(Int(count)).map(Int.init) : [0, units.count]
}
