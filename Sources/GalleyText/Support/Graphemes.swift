import Galley

/// The grapheme cluster boundaries of UTF-16 text, 0 and the length included ([0] for empty text): the
/// typesetter's own (`GraphemeBoundaries`), so carets stop where lines cut clusters.
func graphemeBoundaries(_ units: [UInt16]) -> [Int] {
    Array(GraphemeBoundaries.compute(units))
}
