internal import CUnicode
import Foundation

/// How a character stands in vertical text: Unicode's Vertical_Orientation property (UAX #50), read from ICU.
/// Upright characters (ideographs, kana, Hangul) keep their orientation, with vertical glyph forms; rotated ones
/// (Latin letters, digits, most symbols) are set sideways, turned a quarter turn clockwise; the transformed ones need
/// a glyph of their own for vertical text (brackets, the long vowel mark), which a font's `vert` feature gives.
/// Core Text decides the same internally; Galley only.
public enum VerticalOrientation: Sendable, Hashable {
    /// U: upright, as in horizontal text.
    case upright
    /// R: turned a quarter turn clockwise.
    case rotated
    /// Tu: upright, with a vertical alternate glyph where the font has one.
    case transformedUpright
    /// Tr: a vertical alternate glyph where the font has one, else turned.
    case transformedRotated

    /// The property of a code point (rotated for values that are not code points).
    ///
    /// - Parameter codePoint: a Unicode code point.
    /// - Returns: Unicode's Vertical_Orientation for it.
    public static func of(_ codePoint: UInt32) -> VerticalOrientation {
        guard codePoint <= 0x10FFFF else { return .rotated }
        switch galley_vertical_orientation(Int32(codePoint)) {
        case 3: return .upright
        case 2: return .transformedUpright
        case 1: return .transformedRotated
        default: return .rotated
        }
    }

    /// Whether text of this orientation is shaped top to bottom in a vertical run: upright and both transformed
    /// kinds (HarfBuzz's vertical shaping applies the font's `vert` alternates, which is what the transformed ones
    /// ask for; a font without an alternate for a transformed-rotated character shows it upright, where UAX #50
    /// would turn it); rotated text is shaped horizontally in a run of its own, to be set sideways.
    public var isUprightInVerticalText: Bool { self != .rotated }
}
