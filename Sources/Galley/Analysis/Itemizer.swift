internal import CUnicode
import Foundation

/// One stretch of text shaped in one HarfBuzz call: a single attribute run, script, bidi level and font.
struct TextItem: Sendable {
    /// UTF-16 range in the paragraph.
    var range: Range<Int>
    /// Index into `AttributedText.runAttributes`.
    var attributeRun: Int
    /// The font after fallback (and after superscript scaling).
    var font: Font
    /// ICU script code.
    var script: Int32
    /// Bidi embedding level (odd = right to left).
    var level: UInt8
    /// Set sideways in vertical text: characters of a vertical-forms run that Unicode rotates there (Latin letters,
    /// digits: `VerticalOrientation.rotated`), shaped horizontally in an item of their own.
    var isSideways = false
    /// Set horizontally, upright, in one em of a vertical line (tate-chu-yoko: an attribute run of up to
    /// `horizontalInVerticalForms` characters with vertical forms), one cluster: see `Shaper.appendCombined`.
    var combinesUpright = false

    /// (The fields are stored widest first, so that an item takes 39 bytes and `ShapedParagraph.Item` 64.)
    init(range: Range<Int>, attributeRun: Int, script: Int32, level: UInt8, font: Font, isSideways: Bool = false,
         combinesUpright: Bool = false) {
        self.range = range
        self.attributeRun = attributeRun
        self.font = font
        self.script = script
        self.level = level
        self.isSideways = isSideways
        self.combinesUpright = combinesUpright
    }

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// An attribute run's font with its coverage read once (not per character).
struct PrimaryFont {
    let font: Font
    let codePoints: CodePointSet

    init(_ font: Font) {
        self.font = font
        codePoints = font.face.codePoints
    }
}

/// Splits a paragraph into items: attribute runs × script runs × bidi levels × fonts after fallback. The unit
/// of every decision is the grapheme cluster, so emoji sequences (ZWJ, modifiers, keycaps, flags, variation
/// selectors) and base-plus-mark clusters keep one font and one item.
enum Itemizer {
    /// The facts of the attribute run the itemizer is in, read once a run rather than once a character (Pango's
    /// ItemizeState), and kept from paragraph to paragraph of a text (`Memory`).
    struct RunState {
        var attributeRun = -1
        /// Where the run starts and ends.
        var start = 0
        var end = 0
        var primary: PrimaryFont? = nil
        var language: String? = nil
        var hasDelegate = false
        /// Whether the run has vertical forms: items split between upright and sideways text.
        var isVertical = false
        /// Whether the run is set horizontally in one em of a vertical line (see `TextItem.combinesUpright`).
        var combinesUpright = false
        /// Whether the last item is in the run's primary font (so ASCII text can extend it without touching fonts).
        var lastIsPrimary = false
        /// The primary font's simple units (`Itemizer.simpleUnits(of:)`; all zero without a font).
        var simpleUnits = Itemizer.noSimpleUnits

        /// Enters the attribute run holding `start`.
        mutating func enter(_ text: AttributedText, at start: Int) {
            attributeRun = text.runIndex(at: start)
            self.start = text.runStarts[attributeRun]
            end = text.runEnd(attributeRun)
            // (Read in place: a copy of the attributes retains every object they hold.)
            let shared = text.sharedRunAttributes[attributeRun]
            primary = shared.value.font.map {
                PrimaryFont(Itemizer.runFont($0, superscript: shared.value.superscript, expansion: shared.value.expansion))
            }
            simpleUnits = primary.map { Itemizer.simpleUnits(of: $0.font.face) } ?? Itemizer.noSimpleUnits
            language = shared.value.language
            hasDelegate = shared.value.runDelegate != nil
            isVertical = shared.value.verticalForms
            combinesUpright = isVertical && !hasDelegate && shared.value.horizontalInVerticalForms > 0
                && (1...shared.value.horizontalInVerticalForms).contains(
                    Itemizer.characterCount(text.units, in: text.runStarts[attributeRun]..<end, upTo: shared.value.horizontalInVerticalForms))
            lastIsPrimary = false
            asciiFallbacks = nil
        }

        /// The primary font's ASCII fallbacks, fetched on the run's first ASCII character it lacks.
        private var asciiFallbacks: ASCIIFallbacks? = nil

        /// The font for a cluster of one ASCII unit that is not a simple unit of the primary font (a Latin letter or
        /// digit in an Arabic or CJK font): what `fontForCluster` answers, from the primary font's table of ASCII
        /// fallbacks where no language steers fallback.
        mutating func asciiFont(_ unit: UInt16, units: [UInt16], at index: Int, primary: PrimaryFont) -> Font {
            guard language == nil else { return Itemizer.fontForCluster(units, index..<(index + 1), primary: primary, language: language) }
            if asciiFallbacks == nil { asciiFallbacks = primary.font.asciiFallbackTable() }
            return asciiFallbacks!.font(for: unit, in: primary.font)
        }

        /// A single unit the primary font has and that cannot start an emoji sequence: no fallback to ask.
        @inline(__always)
        func isSimpleUnit(_ unit: UInt16) -> Bool {
            simpleUnits[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
        }
    }

    /// The units below U+10000 that are simple in a face (`isSimple`), as 1,024 words of bits (bit n % 64 of word
    /// n / 64 for unit n): made once a face, the rule asked of each unit its cmap maps (one test a character after,
    /// where the rule takes a search of the coverage and a dozen comparisons).
    static func simpleUnits(of face: FontFace) -> [UInt64] {
        if let known = face.lazySimpleUnits.withLock({ $0 }) { return known }
        var bits = [UInt64](repeating: 0, count: 1024)
        for range in face.codePoints.ranges where range.lowerBound < 0x10000 {
            for codePoint in range.lowerBound...min(range.upperBound, 0xFFFF) where isSimpleIfCovered(UInt16(codePoint)) {
                bits[Int(codePoint >> 6)] |= 1 << UInt64(codePoint & 63)
            }
        }
        face.lazySimpleUnits.withLock { $0 = bits }
        return bits
    }

    /// Whether a unit is simple in a font of this coverage: one the font has, neither a surrogate, nor a character
    /// that may start an emoji sequence (`mayBeEmoji`), nor one coverage ignores (`Font.isIgnorableForCoverage`) —
    /// those take the cluster path.
    static func isSimple(_ unit: UInt16, in codePoints: CodePointSet) -> Bool {
        isSimpleIfCovered(unit) && codePoints.contains(UInt32(unit))
    }

    /// `isSimple` but for the coverage.
    private static func isSimpleIfCovered(_ unit: UInt16) -> Bool {
        !UTF16.isSurrogate(unit) && !mayBeEmoji(UInt32(unit)) && !Font.isIgnorableForCoverage(UInt32(unit))
    }

    /// The simple units of no font: none.
    static let noSimpleUnits = [UInt64](repeating: 0, count: 1024)

    /// The items of a paragraph, grapheme cluster by grapheme cluster: a simple character (one unit the run's font
    /// has) extends the last item when script and level agree, running ahead over the simple characters after it;
    /// any other cluster gets its font (fallback) and joins the last item or starts one.
    static func items(_ text: AttributedText, levels: BidiLevels, graphemes: BoundaryOffsets) -> [TextItem] {
        var items: [TextItem] = []
        var memory = Memory()
        Self.items(text, levels: levels, graphemes: graphemes, into: &items, memory: &memory)
        return items
    }

    /// What the itemizer hands on from paragraph to paragraph of one text (in `ShapingScratch`): the attribute run it
    /// was in, whose font, coverage and simple units a text's next paragraph usually reads again (each a lock and a
    /// reference counted, and the run's attributes read, once a paragraph), and the room of the script runs.
    struct Memory {
        fileprivate var run = RunState()
        fileprivate var scripts = ScriptRuns.Storage()
    }

    /// `items`, written over `items` (whose room the paragraphs of a text pass on: `ShapingScratch`). `memory`: what
    /// the text's paragraph before left (the same text).
    static func items(_ text: AttributedText, levels: BidiLevels, graphemes: BoundaryOffsets, into items: inout [TextItem],
                      memory: inout Memory) {
        items.removeAll(keepingCapacity: true)
        let units = text.units
        guard !units.isEmpty else { return }
        let scripts = ScriptRuns(units, boundaries: graphemes, storage: &memory.scripts)
        defer { memory.scripts = scripts.storage }
        if items.capacity < 8 { items.reserveCapacity(8) }  // (a paragraph's items are a few; growing from one took three copies)
        // (The run the paragraph before ended in, taken for the walk and handed back after it; no item yet to extend.)
        var run = RunState()
        swap(&run, &memory.run)
        defer { swap(&run, &memory.run) }
        run.lastIsPrimary = false
        let clusterCount = graphemes.count - 1
        let everyUnit = graphemes.everyUnit
        var cluster = -1
        var end = graphemes[0]
        // The bidi run and the script run the walk is in: each one's value, and where it ends.
        var levelRun: (level: UInt8, end: Int) = (0, Int.min)
        var scriptRun: (script: Int32, end: Int) = (0, Int.min)
        while cluster + 1 < clusterCount {
            cluster += 1
            let start = end
            end = graphemes[cluster + 1]
            if start >= run.end || start < run.start || run.attributeRun < 0 { run.enter(text, at: start) }
            if start >= levelRun.end { levelRun = levels.run(at: start) }
            let level = levelRun.level
            if start >= scriptRun.end { scriptRun = scripts.run(at: start) }
            let script = scriptRun.script
            if run.combinesUpright, let primary = run.primary {
                // Tate-chu-yoko: the whole run is one item in the font of its first cluster.
                let font = run.hasDelegate ? primary.font : fontForCluster(units, start..<end, primary: primary, language: run.language)
                while end < run.end, cluster + 1 < clusterCount {
                    cluster += 1
                    end = graphemes[cluster + 1]
                }
                items.append(TextItem(range: start..<end, attributeRun: run.attributeRun, script: script, level: level, font: font,
                                      combinesUpright: true))
                run.lastIsPrimary = false
                continue
            }
            let last = items.count - 1
            // (Vertical runs decide each cluster's orientation: the run-ahead below does not.)
            let isSimple = end - start == 1 && !run.hasDelegate && !run.isVertical && run.isSimpleUnit(units[start])
            let sideways = run.isVertical
                && !VerticalOrientation.of(UnicodeScalarReader.codePoint(in: units, at: start).0).isUprightInVerticalText
            if isSimple, run.lastIsPrimary, items[last].range.upperBound == start, items[last].level == level,
                items[last].script == script
            {
                // The common case: more simple characters in the same item. Run ahead over the single-unit clusters
                // that follow and need no other decision, then extend the item once.
                if let everyUnit {
                    // (Every unit a cluster: the clusters are the units, read without looking their bounds up.)
                    let limit = min(run.end, scriptRun.end, levelRun.end, everyUnit.upperBound)
                    while end < limit, run.isSimpleUnit(units[end]) { end += 1 }
                    cluster = end - everyUnit.lowerBound - 1
                } else {
                    while cluster + 1 < clusterCount, end < run.end {
                        let next = graphemes[cluster + 2]
                        guard next - end == 1, run.isSimpleUnit(units[end]), end < scriptRun.end, end < levelRun.end
                        else { break }
                        cluster += 1
                        end = next
                    }
                }
                items[last].range = items[last].range.lowerBound..<end
                continue
            }
            guard run.primary != nil else { continue }  // no font anywhere: the text still counts in the line's range
            // The cluster's font; nil for the primary font, which a simple cluster has (read in place by
            // `appendToLast`: bound to a name, it was counted four times more, once an item).
            var font: Font? = nil
            if !isSimple, !run.hasDelegate {
                let primary = run.primary!
                font = end - start == 1 && units[start] < 0x80 ? run.asciiFont(units[start], units: units, at: start, primary: primary)
                    : fontForCluster(units, start..<end, primary: primary, language: run.language)
            }
            if appendToLast(&items, start..<end, font: font, run: run, level: level, script: script, sideways: sideways, units: units) { continue }
            run.lastIsPrimary = items[items.count - 1].font === run.primary.unsafelyUnwrapped.font
        }
    }

    /// How many characters (code points that do not continue a cluster) a range holds, counted up to `limit + 1`: for
    /// tate-chu-yoko, whose runs hold 1 to 4.
    static func characterCount(_ units: [UInt16], in range: Range<Int>, upTo limit: Int) -> Int {
        var count = 0
        var index = range.lowerBound
        while index < range.upperBound, index < units.count, count <= limit {
            let (codePoint, width) = UnicodeScalarReader.codePoint(in: units, at: index)
            index += width
            if galley_continues_cluster(Int32(codePoint)) == 0 { count += 1 }
        }
        return count
    }

    /// Adds a cluster to the last item when it continues it (same run, level, script and font), else as a new item;
    /// true when it joined. `font`: the cluster's, nil for the run's primary font (read in place from `run`). Spaces and
    /// punctuation in the primary font between fallback text stay in the fallback font when it has them, so a sentence
    /// in another script is one run, not one run per word.
    @inline(__always)
    private static func appendToLast(_ items: inout [TextItem], _ range: Range<Int>, font: Font?, run: RunState, level: UInt8,
                                     script: Int32, sideways: Bool, units: [UInt16]) -> Bool {
        // (The last item and the primary font are read in place: copies would retain them.)
        let last = items.count - 1
        if last >= 0, items[last].range.upperBound == range.lowerBound, items[last].attributeRun == run.attributeRun {
            let isPrimary = font == nil || font! === run.primary.unsafelyUnwrapped.font
            let lastIsPrimary = items[last].font === run.primary.unsafelyUnwrapped.font
            let joinsLast = isPrimary && !lastIsPrimary && isNeutral(units, range, in: items[last].font)
            let sameFont = joinsLast || (isPrimary ? lastIsPrimary : items[last].font === font!)
            if sameFont, items[last].level == level, items[last].script == script, items[last].isSideways == sideways {
                items[last].range = items[last].range.lowerBound..<range.upperBound
                return true
            }
            if joinsLast {
                items.append(TextItem(range: range, attributeRun: run.attributeRun, script: script, level: level, font: items[last].font,
                                      isSideways: sideways))
                return false
            }
        }
        items.append(TextItem(range: range, attributeRun: run.attributeRun, script: script, level: level,
                              font: font ?? run.primary.unsafelyUnwrapped.font, isSideways: sideways))
        return false
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
    static func fontForCluster(_ units: [UInt16], _ range: Range<Int>, primary: PrimaryFont, language: String?) -> Font {
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
                if mayBeEmoji(codePoint) {
                    let properties = galley_emoji_properties(Int32(codePoint))
                    if properties & 2 != 0 || properties & 8 != 0 { emoji = true }
                }
            } else if codePoint >= 0x1F3FB, codePoint <= 0x1F3FF {
                emoji = true  // skin-tone modifier (Emoji_Modifier is exactly this range)
            }
            if coveredByPrimary, !primary.codePoints.contains(codePoint) { coveredByPrimary = false }
        }
        guard let base else { return primary.font }
        if base < 0x80, !primary.codePoints.contains(base) { coveredByPrimary = false }
        if emoji && !textPresentation && (scalarCount > 1 || base >= 0x80), let font = primary.font.emojiFallback(for: base) {
            return font
        }
        if coveredByPrimary { return primary.font }
        return primary.font.fallback(for: base, language: language)
    }

    /// Whether a code point lies where Unicode puts characters with Emoji_Presentation or Regional_Indicator
    /// (a cheap filter before asking ICU; letters of every script fall outside).
    @inline(__always)
    static func mayBeEmoji(_ codePoint: UInt32) -> Bool {
        (codePoint >= 0x231A && codePoint <= 0x2B55) || codePoint == 0x3030 || codePoint == 0x303D
            || codePoint == 0x3297 || codePoint == 0x3299 || codePoint >= 0x1F000
    }

    /// The font a run's text is set in: for a superscript (> 0) or subscript (< 0) run, the same face scaled by the
    /// OS/2 superscript or subscript size (0.65 of the size when the font has none); with expansion, its matrix
    /// stretched horizontally by e^expansion (fallback fonts take the primary's size and matrix).
    static func runFont(_ font: Font, superscript level: Int, expansion: CGFloat = 0) -> Font {
        guard level != 0 || expansion != 0 else { return font }
        var size = font.size
        if level != 0 { size *= (level > 0 ? font.superscriptMetrics : font.subscriptMetrics).sizeRatio }
        var matrix = font.matrix
        if expansion != 0 {
            // x' = x·m11 + y·m21 + tX, stretched: every term of x' by the factor.
            let factor = exp(expansion)
            matrix.m11 *= factor
            matrix.m21 *= factor
            matrix.tX *= factor
        }
        return font.derived(size: size, matrix: matrix)
    }
}
