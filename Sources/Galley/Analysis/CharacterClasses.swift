internal import CUnicode

/// The character classes layout rules ask about, each decided here once, from Unicode's properties through ICU,
/// so that breaking, measuring, aligning and justifying a line agree on every character.
enum CharacterClasses {
    /// Whether a character hangs past a line's end: it does not count in the width a line must fit, does not show
    /// at a line's end when the line is aligned, and is Core Text's "trailing whitespace". These are Unicode's
    /// White_Space characters (spaces, tabs, line and paragraph separators, the White_Space controls U+000B, U+000C
    /// and U+0085) except the no-break spaces U+00A0, U+2007 and U+202F, which glue words together and count as
    /// part of them (UAX #14 class GL). Every White_Space character is in the BMP, so one UTF-16 unit decides.
    @inline(__always)
    static func hangsAtLineEnd(_ unit: UInt16) -> Bool {
        if unit == 0x20 { return true }
        if unit < 0x80 { return unit >= 0x09 && unit <= 0x0D }
        return unit != 0xA0 && unit != 0x2007 && unit != 0x202F && galley_is_whitespace(Int32(unit)) != 0
    }

    /// What a character does to the whitespace hanging at a line's end, walking the line forward: whitespace
    /// hangs (`hangsAtLineEnd`); C0 controls that are not whitespace neither hang nor end the hanging run (they
    /// show nothing); anything else ends it. `LineMeasure`, `OpportunityWidths` and a line's trailing whitespace
    /// all go by this.
    enum TrailingRole {
        case hangs, ends, neutral
    }

    @inline(__always)
    static func trailingRole(_ unit: UInt16) -> TrailingRole {
        if hangsAtLineEnd(unit) { return .hangs }
        return unit < 0x20 ? .neutral : .ends
    }
}
