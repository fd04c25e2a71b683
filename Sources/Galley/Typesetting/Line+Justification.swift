internal import CUnicode
import Foundation

extension Line {
    /// A copy of the line stretched (or squeezed) to `width` by changing the width of its inter-word spaces.
    ///
    /// `factor` ≥ 1 justifies fully, between 0 and 1 closes that fraction of the gap, ≤ 0 returns the line as it
    /// is. A `width` below the line's natural width squeezes the spaces, down to nothing. Trailing whitespace
    /// hangs and is left alone; a `width` above `LayoutLimits.maximumExtent` (or infinite) counts as that limit, a
    /// NaN width leaves the line as it is. Returns nil when the line has no inter-word space to adjust (a single word, or
    /// text in scripts written without spaces), as Core Text returns NULL when it cannot justify.
    ///
    /// - Parameters:
    ///   - factor: how much of the gap to close: 1 or more justifies fully, 0 or less leaves the line alone.
    ///   - width: the width in points to justify to.
    /// - Returns: the justified line, or nil when the line has no inter-word space to adjust.
    ///
    /// Core Text: `CTLineCreateJustifiedLine`.
    public func justified(factor: CGFloat, width: CGFloat) -> Line? {
        justified(factor: factor, width: width, justification: .interWord)
    }

    /// `justified(factor:width:)` by a justification rule: spaces widen up to the rule's limit, the rest goes
    /// between grapheme clusters (never inside joining scripts such as Arabic), and spaces take what no cluster gap
    /// can. Squeezing narrows spaces only. Returns nil when nothing on the line can widen. Galley only.
    ///
    /// - Parameters:
    ///   - factor: how much of the gap to close: 1 or more justifies fully, 0 or less leaves the line alone.
    ///   - width: the width in points to justify to.
    ///   - justification: how far spaces may widen and whether the rest goes between clusters.
    /// - Returns: the justified line, or nil when nothing on the line can widen.
    public func justified(factor: CGFloat, width: CGFloat, justification: Justification) -> Line? {
        justified(factor: factor, width: width, justification: justification, glyphScale: 1)
    }

    /// `justified(factor:width:justification:)` after setting the line's glyphs `glyphScale` times as wide (font
    /// expansion, `FontExpansion`), in one copy of the line: every glyph of its visible text but the spaces that
    /// justification widens, drawn with a horizontally scaled font (run delegates and the hanging whitespace keep
    /// their width). With a scale other than 1 the result is never nil: a line that cannot be justified is only
    /// expanded. A scale that is not finite and positive counts as 1.
    func justified(factor: CGFloat, width: CGFloat, justification: Justification, glyphScale: CGFloat) -> Line? {
        let scale = glyphScale.isFinite && glyphScale > 0 && abs(glyphScale - 1) > 1e-9 ? glyphScale : 1
        let trailing = trailingWhitespaceWidth
        if scale == 1 {
            // Nothing to do: no copy.
            guard factor.isFinite, !width.isNaN, factor > 0,
                  abs((min(width, LayoutLimits.maximumExtent) - (storage.width - trailing)) * min(factor, 1)) > LayoutTolerance.negligibleGap
            else { return self }
        }
        let units = storage.paragraph.text.units
        // The whitespace at the logical end hangs: its string indices are excluded.
        let trailingStart = storage.trailingWhitespaceStart
        var advances = storage.collect { $0.advance($1) }
        // The stretchable spaces: before the hanging whitespace, with some width; and the glyphs expansion scales.
        var spaces: [Int] = []
        spaces.reserveCapacity(storage.glyphCount)
        var expandedWidth = storage.width
        for run in storage.runs {
            let source = storage.source(of: run)
            let scales = scale != 1 && !run.isDelegate
            for glyph in run.glyphRange {
                let index = source.stringIndex(run.sourceIndex(glyph))
                let stretches = CharacterClasses.stretchesWhenJustified(units[index])
                if stretches && index < trailingStart && advances[glyph] > 0 { spaces.append(glyph) }
                if scales, run.insertion != nil || (!stretches && index < trailingStart) {
                    expandedWidth += advances[glyph] * (scale - 1)
                    advances[glyph] *= scale
                }
            }
        }
        func copy(_ advances: [CGFloat]) -> Line { Line(storage: LineStorage(storage, advances: advances, glyphScale: scale)) }
        // Without justification: nil, or the line only expanded (made only then: one copy of the line either way).
        func unjustified() -> Line? { scale == 1 ? nil : copy(advances) }
        guard factor.isFinite, !width.isNaN, factor > 0 else { return unjustified() ?? self }
        // Wider than any line can be: as wide as the longest (infinity included).
        let width = min(width, LayoutLimits.maximumExtent)
        let visible = expandedWidth - trailing
        let gap = (width - visible) * min(factor, 1)
        guard abs(gap) > LayoutTolerance.negligibleGap else { return unjustified() ?? self }
        let spaceTotal = spaces.reduce(CGFloat(0)) { $0 + advances[$1] }
        if gap < 0 {
            // Squeezing takes from every space in proportion.
            guard !spaces.isEmpty else { return unjustified() }
            for index in spaces { advances[index] = max(advances[index] + gap * advances[index] / spaceTotal, 0) }
            return copy(advances)
        }
        let limit = justification.maximumSpaceStretch.isNaN ? 0 : max(justification.maximumSpaceStretch, 0)
        var toSpaces = spaces.isEmpty ? 0 : min(gap, limit * spaceTotal)
        var toClusters = gap - toSpaces
        if toClusters > LayoutTolerance.negligibleGap {
            let gaps = justification.clusterSpacing == .never
                ? [] : clusterGaps(storage.collect { $0.stringIndex($1) }, before: trailingStart, spaces: Set(spaces),
                                   onlyUnspaced: justification.clusterSpacing == .unspacedScripts)
            if gaps.isEmpty {
                // Nothing between clusters can take the rest: spaces take all of it, or the line stays as it is.
                guard !spaces.isEmpty else { return unjustified() }
                (toSpaces, toClusters) = (gap, 0)
            } else {
                let each = toClusters / CGFloat(gaps.count)
                for index in gaps { advances[index] += each }
            }
        }
        // Stretching adds the same amount to each space.
        if !spaces.isEmpty {
            let each = toSpaces / CGFloat(spaces.count)
            for index in spaces { advances[index] += each }
        }
        return copy(advances)
    }

    /// The glyphs (visual indices) after which a gap between two grapheme clusters may widen: the last glyph of
    /// each cluster whose visual neighbour on the right is another cluster of the line's visible text, unless either
    /// cluster joins (cursive scripts) or belongs to inserted text (a hyphen, a truncation token). Spaces are not
    /// widened again: their stretch has its own limit. `onlyUnspaced`: only gaps next to a character of writing
    /// without word spaces.
    private func clusterGaps(_ stringIndices: [Int], before trailingStart: Int, spaces: Set<Int>, onlyUnspaced: Bool) -> [Int] {
        let units = storage.paragraph.text.units
        let boundaries = storage.paragraph.graphemes
        var cluster: [Int] = []
        var usable: [Bool] = []
        var unspaced: [Bool] = []
        cluster.reserveCapacity(stringIndices.count)
        usable.reserveCapacity(stringIndices.count)
        for run in storage.runs {
            for glyph in run.glyphRange {
                let index = stringIndices[glyph]
                cluster.append(boundaries.partitioningIndex { $0 > index })
                guard run.insertion == nil, index < trailingStart, index < units.count else {
                    usable.append(false)
                    unspaced.append(false)
                    continue
                }
                let codePoint = Int32(UnicodeScalarReader.codePoint(in: units, at: index).0)
                usable.append(galley_is_joining(codePoint) == 0)
                unspaced.append(galley_is_unspaced(codePoint) != 0)
            }
        }
        var result: [Int] = []
        for glyph in 0..<max(cluster.count - 1, 0)
        where usable[glyph] && usable[glyph + 1] && cluster[glyph] != cluster[glyph + 1] && !spaces.contains(glyph)
            && (!onlyUnspaced || unspaced[glyph] || unspaced[glyph + 1])
        {
            result.append(glyph)
        }
        return result
    }
}
