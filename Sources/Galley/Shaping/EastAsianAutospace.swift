internal import CUnicode
import Foundation

/// Space between Chinese or Japanese characters and the Latin letters and digits beside them
/// (`ParagraphStyle.eastAsianAutospace`): added, in ems of the East Asian character's font, to the advance of the
/// cluster before each such boundary, once the paragraph is shaped. CSS: `text-autospace: ideograph-alpha
/// ideograph-numeric` (0.125 em); JIS X 4051: a quarter em. Core Text has none.
///
/// The East Asian side is Han, hiragana, katakana and bopomofo (not their punctuation); the other side letters of the
/// Latin, Greek and Cyrillic scripts and digits, not their fullwidth forms. Right-to-left items and items whose
/// clusters are not in order are left as they are.
enum EastAsianAutospace {
    static func apply(_ amount: CGFloat, text: AttributedText, range: Range<Int>, items: [ShapedParagraph.Item], glyphs: inout GlyphArrays) {
        guard amount > 0, amount.isFinite else { return }
        let units = text.units
        for (position, item) in items.enumerated() where !item.item.isRightToLeft && item.clustersAreMonotonic && !item.glyphRange.isEmpty {
            let glyphRange = item.glyphRange
            for index in glyphRange {
                // The last glyph of a cluster, and where the next cluster starts.
                let next = index + 1 < glyphRange.upperBound ? glyphs.stringIndex(index + 1) : item.item.range.upperBound
                guard next != glyphs.stringIndex(index), next > range.lowerBound, next < range.upperBound else { continue }
                let before = UnicodeScalarReader.codePoint(in: units, at: UnicodeScalarReader.characterStart(at: next - 1, in: units)).0
                let after = UnicodeScalarReader.codePoint(in: units, at: next).0
                let spaced = (isEastAsian(before) && isAlphanumeric(after)) || (isAlphanumeric(before) && isEastAsian(after))
                guard spaced else { continue }
                // In ems of the East Asian side's font: this item's, or the next one's when the boundary ends this item.
                let following = next == item.item.range.upperBound && position + 1 < items.count ? items[position + 1].item.font : item.item.font
                let font = isEastAsian(before) ? item.item.font : following
                let extra = min(amount, 1) * font.size
                glyphs.setAdvance(index, glyphs.advance(index) + extra)
                if index + 1 < glyphs.count { glyphs.clearUnsafeToBreak(index + 1) }
            }
        }
    }

    /// Han, hiragana, katakana or bopomofo (ICU's script codes), not punctuation.
    static func isEastAsian(_ codePoint: UInt32) -> Bool {
        let script = galley_script_code(Int32(codePoint))
        return script == 17 || script == 20 || script == 22 || script == 5 || (0x3005...0x3007).contains(codePoint)
    }

    /// A Latin, Greek or Cyrillic letter or a digit, not in its fullwidth form.
    static func isAlphanumeric(_ codePoint: UInt32) -> Bool {
        guard galley_joins_lines_without_space(Int32(codePoint)) == 0 else { return false }
        if (0x30...0x39).contains(codePoint) { return true }
        let script = galley_script_code(Int32(codePoint))
        guard script == 25 || script == 14 || script == 8 else { return false }
        return Unicode.Scalar(codePoint)?.properties.isAlphabetic ?? false
    }
}
