internal import CUnicode
import Foundation

/// One stretch of text shaped in one HarfBuzz call: a single attribute run, script, bidi level and font.
struct TextItem: Sendable {
    /// UTF-16 range in the paragraph.
    var range: Range<Int>
    /// Index into `AttributedText.runAttributes`.
    var attributeRun: Int
    /// ICU script code.
    var script: Int32
    /// Bidi embedding level (odd = right to left).
    var level: UInt8
    /// The font after fallback (and after superscript scaling).
    var font: Font

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// Splits a paragraph into items: attribute runs × script runs × bidi levels × fonts after fallback. The unit
/// of every decision is the grapheme cluster, so emoji sequences (ZWJ, modifiers, keycaps, flags, variation
/// selectors) and base-plus-mark clusters keep one font and one item.
enum Itemizer {
    static func items(_ text: AttributedText, levels: BidiLevels, graphemes: [Int]) -> [TextItem] {
        let units = text.units
        guard !units.isEmpty else { return [] }
        let scripts = ScriptRuns.scripts(units, boundaries: graphemes)
        var runFonts: [Int: Font] = [:]
        var items: [TextItem] = []
        var attributeRun = 0
        for cluster in 0..<(graphemes.count - 1) {
            let start = graphemes[cluster]
            let end = graphemes[cluster + 1]
            while text.runEnd(attributeRun) <= start { attributeRun += 1 }
            let attributes = text.runAttributes[attributeRun]
            let primary: Font
            if let cached = runFonts[attributeRun] {
                primary = cached
            } else if let base = attributes.font {
                primary = scaledForSuperscript(base, level: attributes.superscript)
                runFonts[attributeRun] = primary
            } else {
                continue  // no font anywhere: the text is still counted in the line's string range
            }
            var font = attributes.runDelegate == nil
                ? fontForCluster(units, start..<end, primary: primary, language: attributes.language) : primary
            // Spaces and punctuation between fallback text stay in the fallback font when it has them, so a
            // sentence in another script is one run, not one run per word.
            if font === primary, let last = items.last, last.font !== primary, last.attributeRun == attributeRun,
                last.range.upperBound == start, isNeutral(units, start..<end, in: last.font)
            {
                font = last.font
            }
            let level = levels.levels[start]
            let script = scripts[cluster]
            if var last = items.last, last.attributeRun == attributeRun, last.level == level, last.script == script,
                last.font === font, last.range.upperBound == start
            {
                last.range = last.range.lowerBound..<end
                items[items.count - 1] = last
            } else {
                items.append(TextItem(range: start..<end, attributeRun: attributeRun, script: script, level: level, font: font))
            }
        }
        return items
    }

    /// Whether a cluster holds only Common-script characters (spaces, punctuation, digits) that `font` covers.
    private static func isNeutral(_ units: [UInt16], _ range: Range<Int>, in font: Font) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let (codePoint, width) = UnicodeScalarReader.codePoint(in: units, at: index)
            index += width
            if Font.isIgnorableForCoverage(codePoint) { continue }
            guard galley_script_code(Int32(codePoint)) == 0, font.face.codePoints.contains(codePoint) else { return false }
        }
        return true
    }

    /// The font for one grapheme cluster: the colour emoji font for emoji presentation sequences, the primary
    /// font when it covers every character that needs a glyph, else the fallback for the cluster's base.
    static func fontForCluster(_ units: [UInt16], _ range: Range<Int>, primary: Font, language: String?) -> Font {
        var base: UInt32? = nil
        var coveredByPrimary = true
        var emoji = false
        var textPresentation = false
        var index = range.lowerBound
        var scalarCount = 0
        while index < range.upperBound {
            let (codePoint, width) = UnicodeScalarReader.codePoint(in: units, at: index)
            index += width
            scalarCount += 1
            if codePoint == 0xFE0F || codePoint == 0x20E3 { emoji = true }
            if codePoint == 0xFE0E { textPresentation = true }
            if codePoint < 0x80 && codePoint >= 0x20 && codePoint != 0x7F {
                if base == nil { base = codePoint }
                continue  // primary fonts cover ASCII in practice; checked below with the cmap anyway
            }
            if Font.isIgnorableForCoverage(codePoint) || (0xD800...0xDFFF).contains(codePoint) {
                continue
            }
            if base == nil {
                base = codePoint
                let properties = galley_emoji_properties(Int32(codePoint))
                if properties & 2 != 0 || properties & 8 != 0 { emoji = true }
            } else if galley_emoji_properties(Int32(codePoint)) & 4 != 0 {
                emoji = true  // skin-tone modifier
            }
            if coveredByPrimary, !primary.face.codePoints.contains(codePoint) { coveredByPrimary = false }
        }
        guard let base else { return primary }
        if base < 0x80, !primary.face.codePoints.contains(base) { coveredByPrimary = false }
        if emoji && !textPresentation && (scalarCount > 1 || base >= 0x80), let font = primary.emojiFallback(for: base) {
            return font
        }
        if coveredByPrimary { return primary }
        return primary.fallback(for: base, language: language)
    }

    /// The font for a superscript (> 0) or subscript (< 0) run: the same face scaled by the OS/2 superscript
    /// or subscript size (0.65 of the size when the font has none).
    static func scaledForSuperscript(_ font: Font, level: Int) -> Font {
        guard level != 0 else { return font }
        let metrics = level > 0 ? font.superscriptMetrics : font.subscriptMetrics
        return (try? font.withSize(font.size * metrics.sizeRatio)) ?? font
    }
}
