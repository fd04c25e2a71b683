import Foundation
import Galley

// Glyph indices, as TextKit 1 numbers them, over the whole laid-out text: line after line, and within a line in
// the order the `Line` holds its glyphs (visual order, as Core Text's runs do; TextKit's stream is logical). Lines
// a truncation cut count their token's glyphs. Glyph questions lay out the text they need.
extension LayoutManager {
    /// The number of glyphs of the whole text (lays all of it out). TextKit: `numberOfGlyphs`.
    public var numberOfGlyphs: Int {
        ensureLayoutForAllText()
        return currentGlyphStarts().last ?? 0
    }

    /// The glyph showing the character at `index` (the first glyph of its cluster), nil where no glyph shows it.
    /// TextKit: `glyphIndexForCharacter(at:)`.
    public func glyphIndex(forCharacterAt index: Int) -> Int? {
        glyphRange(forCharacterRange: index..<(index + 1)).map { $0.lowerBound }
    }

    /// The character the glyph at `glyphIndex` shows (its cluster's first UTF-16 offset), nil past the end.
    /// TextKit: `characterIndexForGlyph(at:)`.
    public func characterIndex(forGlyphAt glyphIndex: Int) -> Int? {
        guard let place = locateGlyph(glyphIndex) else { return nil }
        return place.run.stringIndices(in: place.offset..<(place.offset + 1))[0] + place.fragment.paragraphStart
    }

    /// The glyph at `glyphIndex` (its font's glyph ID), nil past the end. TextKit: `glyph(at:)`.
    public func glyph(at glyphIndex: Int) -> Glyph? {
        guard let place = locateGlyph(glyphIndex) else { return nil }
        return place.run.glyphs(in: place.offset..<(place.offset + 1))[0]
    }

    /// The glyphs of `glyphRange` (clamped to the glyphs there are), in glyph order. TextKit: `getGlyphs(in:…)`.
    public func glyphs(in glyphRange: Range<Int>) -> [Glyph] {
        guard glyphRange.lowerBound >= 0 else { return [] }
        return glyphRange.lazy.map { self.glyph(at: $0) }.prefix { $0 != nil }.compactMap { $0 }
    }

    /// The glyphs of a glyph range with what TextKit gives beside them: each glyph's properties, the storage offset
    /// of the character it stands for, and its bidi embedding level. Clamped to the glyphs there are. TextKit:
    /// `getGlyphs(in:glyphs:properties:characterIndexes:bidiLevels:)`.
    public func getGlyphs(in glyphRange: Range<Int>) -> (glyphs: [Glyph], properties: [GlyphProperty], characterIndexes: [Int], bidiLevels: [UInt8]) {
        var result: (glyphs: [Glyph], properties: [GlyphProperty], characterIndexes: [Int], bidiLevels: [UInt8]) = ([], [], [], [])
        guard glyphRange.lowerBound >= 0 else { return result }
        var previous: (fragment: Int, index: Int)? = nil
        for glyphIndex in glyphRange {
            guard let place = locateGlyph(glyphIndex) else { break }
            let glyph = place.run.glyphs(in: place.offset..<(place.offset + 1))[0]
            let index = place.run.stringIndices(in: place.offset..<(place.offset + 1))[0] + place.fragment.paragraphStart
            let unit = textStorage.units(in: index..<min(index + 1, textStorage.length)).first ?? 0
            let continues = previous.map { $0.fragment == place.fragment.paragraphStart && $0.index == index } ?? false
            let property = GlyphProperty.of(glyph, unit: unit, continuesCluster: continues)
            previous = (place.fragment.paragraphStart, index)
            result.glyphs.append(glyph)
            result.properties.append(property)
            result.characterIndexes.append(index)
            result.bidiLevels.append(UInt8(clamping: place.run.bidiLevel))
        }
        return result
    }

    /// Where the glyph at `glyphIndex` sits in its line fragment: its origin on the baseline, relative to the
    /// fragment's rect. TextKit: `location(forGlyphAt:)`.
    public func location(forGlyphAt glyphIndex: Int) -> CGPoint? {
        guard let place = locateGlyph(glyphIndex) else { return nil }
        let position = place.run.positions(in: place.offset..<(place.offset + 1))[0]
        let fragment = place.fragment
        // Container coordinates are y down; glyph positions are y up from the baseline.
        return CGPoint(x: fragment.baselineOrigin.x - fragment.rect.minX + position.x,
                       y: fragment.baselineOrigin.y - fragment.rect.minY - position.y)
    }

    /// Whether the glyph at `glyphIndex` inks outside its line fragment (a tall accent stack, a swash, a deep
    /// descender in a tight line): its drawing then reaches the fragments around it, which a view redraws with it.
    /// Galley never clips glyphs to fragments; this says where they fall. TextKit: `drawsOutsideLineFragment(forGlyphAt:)`.
    public func drawsOutsideLineFragment(forGlyphAt glyphIndex: Int) -> Bool {
        guard let place = locateGlyph(glyphIndex) else { return false }
        let ink = place.run.imageBounds(in: place.offset..<(place.offset + 1))
        guard ink.width > 0 || ink.height > 0 else { return false }
        let fragment = place.fragment
        // Line space (y up from the baseline origin) to the container's (y down).
        let placed = CGRect(x: fragment.baselineOrigin.x + ink.minX, y: fragment.baselineOrigin.y - ink.maxY, width: ink.width, height: ink.height)
        return !fragment.rect.insetBy(dx: -LayoutTolerance.position, dy: -LayoutTolerance.position).contains(placed)
    }

    /// The line fragment holding the glyph at `glyphIndex`. TextKit: `lineFragmentRect(forGlyphAt:effectiveRange:)`.
    public func lineFragment(forGlyphAt glyphIndex: Int) -> LineFragment? { locateGlyph(glyphIndex)?.fragment }

    /// The glyphs of the truncation token in the line fragment holding `glyphIndex`, nil when that line is not
    /// truncated. TextKit: `truncatedGlyphRange(inLineFragmentForGlyphAt:)`.
    public func truncatedGlyphRange(inLineFragmentForGlyphAt glyphIndex: Int) -> Range<Int>? {
        guard let place = locateGlyph(glyphIndex) else { return nil }
        var glyph = place.lineStart
        for run in place.fragment.line.runs {
            if run.isTruncationToken { return glyph..<(glyph + run.glyphCount) }
            glyph += run.glyphCount
        }
        return nil
    }

    /// The fragment, run and offset in the run of the glyph at `glyphIndex`, with the glyph index its line starts at;
    /// nil past the end (laying out what it needs).
    private func locateGlyph(_ glyphIndex: Int) -> (fragment: LineFragment, run: Run, offset: Int, lineStart: Int)? {
        guard glyphIndex >= 0 else { return nil }
        if glyphIndex >= (currentGlyphStarts().last ?? 0) { ensureLayoutForAllText() }
        let starts = currentGlyphStarts()
        guard glyphIndex < (starts.last ?? 0) else { return nil }
        let paragraph = max(starts.dropLast().partitioningIndex { $0 > glyphIndex } - 1, 0)
        var offset = glyphIndex - starts[paragraph]
        var lineStart = starts[paragraph]
        for fragment in lineFragments(ofParagraph: paragraph) {
            let count = fragment.line.glyphCount
            if offset < count {
                for run in fragment.line.runs {
                    if offset < run.glyphCount { return (fragment, run, offset, lineStart) }
                    offset -= run.glyphCount
                }
            }
            offset -= count
            lineStart += count
        }
        return nil
    }

    /// The smallest glyph range holding every glyph of the characters in `range` (bidi reordering may put other
    /// glyphs between them), nil when none shows. TextKit: `glyphRange(forCharacterRange:actualCharacterRange:)`.
    public func glyphRange(forCharacterRange range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        ensureLayout(forCharacterRange: range)
        let starts = currentGlyphStarts()
        var lower: Int? = nil
        var upper = 0
        let first = paragraphIndex(containing: range.lowerBound)
        let last = paragraphIndex(containing: range.upperBound - 1)
        for paragraph in first...last where paragraph < layouts.count {
            var base = starts[paragraph]
            for fragment in lineFragments(ofParagraph: paragraph) {
                if fragment.characterRange.overlaps(range) {
                    var glyph = base
                    for run in fragment.line.runs {
                        for (offset, index) in run.stringIndices.enumerated() where range.contains(index + fragment.paragraphStart) {
                            lower = min(lower ?? glyph + offset, glyph + offset)
                            upper = max(upper, glyph + offset + 1)
                        }
                        glyph += run.glyphCount
                    }
                }
                base += fragment.line.glyphCount
            }
        }
        return lower.map { $0..<upper }
    }

    /// The characters the glyphs of `glyphRange` show, whole clusters. TextKit:
    /// `characterRange(forGlyphRange:actualGlyphRange:)`.
    public func characterRange(forGlyphRange glyphRange: Range<Int>) -> Range<Int>? {
        guard !glyphRange.isEmpty, glyphRange.lowerBound >= 0 else { return nil }
        if glyphRange.upperBound > (currentGlyphStarts().last ?? 0) { ensureLayoutForAllText() }
        let starts = currentGlyphStarts()
        var lower: Int? = nil
        var upper = 0
        var paragraph = max(starts.dropLast().partitioningIndex { $0 > glyphRange.lowerBound } - 1, 0)
        while paragraph < layouts.count, starts[paragraph] < glyphRange.upperBound {
            var glyph = starts[paragraph]
            for fragment in lineFragments(ofParagraph: paragraph) {
                for run in fragment.line.runs {
                    let range = glyph..<(glyph + run.glyphCount)
                    if range.overlaps(glyphRange) {
                        let local = (max(range.lowerBound, glyphRange.lowerBound) - glyph)..<(min(range.upperBound, glyphRange.upperBound) - glyph)
                        for index in run.stringIndices(in: local) {
                            lower = min(lower ?? index + fragment.paragraphStart, index + fragment.paragraphStart)
                            upper = max(upper, index + fragment.paragraphStart + 1)
                        }
                    }
                    glyph += run.glyphCount
                }
            }
            paragraph += 1
        }
        guard let lower else { return nil }
        // To the end of the last character's cluster.
        let end = TextTokenizer(layoutManager: self).rangeEnclosingPosition(upper - 1, with: .character, inDirection: .forward)?.upperBound ?? upper
        return lower..<max(end, upper)
    }

    /// Glyph starts of the laid-out paragraphs (and their total last).
    func currentGlyphStarts() -> [Int] {
        if let starts = glyphStarts { return starts }
        let starts = startOffsets(of: layouts) { layout in
            layout.placements.reduce(0) { total, placement in total + placement.frame.lines.reduce(0) { $0 + $1.glyphCount } }
        }
        glyphStarts = starts
        return starts
    }
}
