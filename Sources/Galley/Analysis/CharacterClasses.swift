internal import CUnicode

/// The character classes layout rules ask about, each decided here once, from Unicode's properties, so that breaking,
/// measuring, aligning, justifying, truncating and drawing a line agree on every character. Each is tested against
/// Unicode's data files (`CharacterClassesTests`), and each caller against the class.
///
/// The roles of the two spaces round one disagreed about:
/// - U+00A0 NO-BREAK SPACE glues words (no break after it, so it never hangs at a line's end: it is measured as
///   part of the word it joins) and stretches like a space when a line is justified, in both the justifier and
///   Knuth–Plass. U+2007 FIGURE SPACE and U+202F NARROW NO-BREAK SPACE glue too, but keep their width.
/// - U+3000 IDEOGRAPHIC SPACE hangs at a line's end like any breaking space, and stretches when justified (it is the
///   space between words in East Asian text).
package enum CharacterClasses {
    /// Whether a character hangs past a line's end: it does not count in the width a line must fit, does not show
    /// at a line's end when the line is aligned, and is Core Text's "trailing whitespace". These are Unicode's
    /// White_Space characters (spaces, tabs, line and paragraph separators, the White_Space controls U+000B, U+000C
    /// and U+0085) except the no-break spaces U+00A0, U+2007 and U+202F, which glue words together and count as
    /// part of them (UAX #14 class GL). Every White_Space character is in the BMP, so one UTF-16 unit decides.
    @inline(__always)
    package static func hangsAtLineEnd(_ unit: UInt16) -> Bool {
        if unit == 0x20 { return true }
        if unit < 0x80 { return unit >= 0x09 && unit <= 0x0D }
        // (No White_Space character comes after U+3000: ideographs and CJK punctuation never ask ICU.)
        return unit <= 0x3000 && unit != 0xA0 && unit != 0x2007 && unit != 0x202F && galley_is_whitespace(Int32(unit)) != 0
    }

    /// Where the visible text of the line `range` ends: before the whitespace hanging at its end (`hangsAtLineEnd`).
    static func visibleEnd(of range: Range<Int>, in units: [UInt16]) -> Int {
        var end = range.upperBound
        while end > range.lowerBound, hangsAtLineEnd(units[end - 1]) { end -= 1 }
        return end
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

extension CharacterClasses {
    /// Whether a character is Unicode White_Space (ICU's `u_isUWhiteSpace`): what underlining by word leaves out.
    /// Every White_Space character is in the BMP, so one UTF-16 unit decides (a surrogate is not whitespace).
    @inline(__always)
    package static func isWhitespace(_ unit: UInt16) -> Bool {
        if unit == 0x20 || unit == 0xA0 { return true }
        if unit < 0x80 { return unit >= 0x09 && unit <= 0x0D }
        return unit <= 0x3000 && galley_is_whitespace(Int32(unit)) != 0
    }

    /// Whether a character stretches (or, under Knuth–Plass, shrinks) when a line is justified: the word separators
    /// of CSS Text's `text-justify` (U+0020, U+00A0, U+1361 ETHIOPIC WORDSPACE) and U+3000 IDEOGRAPHIC SPACE. The
    /// other space separators (General_Category Zs) are fixed-width spaces a typesetter chose on purpose (en and em
    /// spaces, thin and hair spaces, the figure and narrow no-break spaces, U+205F) or U+1680 OGHAM SPACE MARK, which
    /// shows a glyph; they keep their width.
    @inline(__always)
    package static func stretchesWhenJustified(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0xA0 || unit == 0x3000 || unit == 0x1361
    }

    /// Whether a character is a control (General_Category Cc: U+0000–U+001F, U+007F–U+009F) or the line or paragraph
    /// separator (Zl U+2028, Zp U+2029): layout acts on it (tab stops, line and paragraph ends), it shows no glyph
    /// (HarfBuzz would show .notdef; Core Text shows nothing), and shaped words are never cached across it.
    @inline(__always)
    package static func isLayoutControl(_ unit: UInt16) -> Bool {
        unit < 0x20 || (unit >= 0x7F && unit <= 0x9F) || unit == 0x2028 || unit == 0x2029
    }

    /// Whether a line must end after a character: UAX #14's mandatory breaks (Line_Break BK, CR, LF and NL: LF, VT,
    /// FF, CR, NEL, U+2028, U+2029). A line ending so is not stretched when justified. (After CR, UAX #14 breaks only
    /// when no LF follows; the CR LF pair ends at its LF.)
    @inline(__always)
    package static func forcesLineBreak(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// Whether a character ends a paragraph: LF, CR (with the LF that may follow it), NEL and U+2029 PARAGRAPH
    /// SEPARATOR, Unicode's newline functions (UAX #13) and NSString's paragraph separators. The other mandatory
    /// breaks end only a line: VT, FF (which the editing layer also makes a container break) and U+2028 LINE
    /// SEPARATOR (Core Text treats U+2028 as a paragraph end, with paragraph spacing; Galley does not copy that).
    @inline(__always)
    package static func endsParagraph(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2029
    }

    /// Whether a character is a segment or paragraph separator in bidi (Bidi_Class S: tab, U+000B, U+001F; B: LF,
    /// CR, U+001C–U+001E, NEL, U+2029): rule L1 puts it, and the whitespace before it, back at the paragraph level.
    /// Every such character is in the BMP and listed here, as UnicodeData gives them.
    @inline(__always)
    package static func separatesBidiSegments(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09, 0x0A, 0x0B, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x85, 0x2029: true
        default: false
        }
    }
}
