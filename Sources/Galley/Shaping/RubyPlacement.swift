import Foundation

/// Where a ruby (`RubyAnnotation`) goes over its base in a shaped paragraph, decided once when the paragraph is
/// shaped: the ruby's own lines (one per position), how far along the line from the base's start each begins, and
/// how far across the base's text reaches on each side. A ruby longer than its base first hangs over the kana and
/// punctuation beside it as far as the overhang allows (a ruby character each side), then spreads the base by the
/// alignment (`distributeSpace`, `auto`: half a gap at each end and whole gaps between the base's characters); a
/// ruby shorter than its base is spread over it by the alignment. JIS X 4051 §3.3, simplified: the overhang does not
/// look at whether the neighbour carries ruby of its own.
struct RubyPlacement: Sendable {
    /// The base's characters (UTF-16, absolute).
    let base: Range<Int>
    /// The ruby lines by position: before (above; right in vertical text) and after (below; left).
    let before: Line?
    let after: Line?
    /// Each line's start along the line, from the base's first character's pen position.
    let beforeOffset: CGFloat
    let afterOffset: CGFloat
    /// How far the base's text reaches above and below its baseline (across a column in vertical text).
    let baseAscent: CGFloat
    let baseDescent: CGFloat
    /// The `inline` ruby: set after its base on the base's baseline, at the base's size unless the ruby's attributes
    /// give a font, the base's last character widened to make room; and where it starts along the line from the
    /// base's start.
    var inline: Line? = nil
    var inlineOffset: CGFloat = 0
    /// The `interCharacter` ruby in horizontal text (in vertical text it is set `before`, on the right): a column of
    /// upright vertical forms right of the base, centred on the base's height, the base's last character widened by
    /// the column's width (an em of the ruby's font); and where the column's centre line is along the line from the
    /// base's start.
    var column: Line? = nil
    var columnOffset: CGFloat = 0

    /// Where an inter-character column `length` long reaches, above the baseline (its top) and below (its bottom, y
    /// up): centred on the base's height.
    func columnExtent(length: CGFloat) -> (top: CGFloat, bottom: CGFloat) {
        let centre = (baseAscent - baseDescent) / 2
        return (centre + length / 2, centre - length / 2)
    }

    /// The rubies of a paragraph's shaped glyphs, spreading bases in `glyphs` where a ruby is longer; nil-free and
    /// empty for a paragraph without ruby (the common case costs one pass over the attribute runs).
    static func place(text: AttributedText, range: Range<Int>, items: [ShapedParagraph.Item], glyphs: inout GlyphArrays) -> [RubyPlacement] {
        var placements: [RubyPlacement] = []
        var run = text.runIndex(at: range.lowerBound)
        while run < text.runAttributes.count, text.runStarts[run] < range.upperBound {
            defer { run += 1 }
            guard let ruby = text.runAttributes[run].rubyAnnotation else { continue }
            let base = max(text.runStarts[run], range.lowerBound)..<min(text.runEnd(run), range.upperBound)
            guard !base.isEmpty, let placement = place(ruby, base: base, attributes: text.runAttributes[run], text: text, items: items,
                                                       glyphs: &glyphs)
            else { continue }
            placements.append(placement)
        }
        return placements
    }

    private static func place(_ ruby: RubyAnnotation, base: Range<Int>, attributes: StringAttributes, text: AttributedText,
                              items: [ShapedParagraph.Item], glyphs: inout GlyphArrays) -> RubyPlacement? {
        // The base's glyphs (left-to-right items; a right-to-left base is not spread) and its clusters' last glyphs.
        // (Items are in string order: the first that reaches into the base, and those after it that start inside.)
        let firstItem = items.partitioningIndex { $0.item.range.upperBound > base.lowerBound }
        var lastItem = firstItem
        while lastItem < items.count, items[lastItem].item.range.lowerBound < base.upperBound { lastItem += 1 }
        let baseItems = items[firstItem..<lastItem].filter { !$0.item.range.isEmpty }
        guard let first = baseItems.first else { return nil }
        let font = first.item.font
        let vertical = baseItems.contains { Shaper.isVertical($0.item, verticalForms: $0.attributes.verticalForms) }
        let glyphRange = baseItems.first!.glyphRange.lowerBound..<baseItems.last!.glyphRange.upperBound
        // (A base of no glyphs — controls, a run delegate's nothing — is not spread.)
        let spreads = !glyphRange.isEmpty && baseItems.allSatisfy { !$0.item.isRightToLeft && $0.clustersAreMonotonic }
        let baseWidth = glyphs.advanceSum(glyphRange)
        var clusterEnds: [Int] = []
        for index in glyphRange where index + 1 == glyphRange.upperBound || glyphs.stringIndex(index + 1) != glyphs.stringIndex(index) {
            clusterEnds.append(index)
        }
        // The ruby lines, in the ruby's font: its own, else the base's at the size factor.
        let rubyFont = (ruby.attributes[.font] as? Font) ?? font.derived(size: font.size * ruby.sizeFactor, matrix: font.matrix)
        // Each position's text: in vertical text inter-character ruby stands on the right, where `before` does (the
        // first of the two when both are given).
        func rubyText(_ positions: [RubyPosition]) -> String? {
            positions.lazy.compactMap { ruby.text[$0] }.first { !$0.isEmpty }
        }
        func line(_ string: String?, font: Font, upright: Bool) -> Line? {
            guard let string else { return nil }
            var dictionary: [NSAttributedString.Key: Any] = [:]
            if upright { dictionary[.verticalForms] = true }
            if let color = attributes.foregroundColor { dictionary[.foregroundColor] = color }
            for (key, value) in ruby.attributes { dictionary[key] = value }
            dictionary[.font] = font
            return Line(attributedString: NSAttributedString(string: string, attributes: dictionary))
        }
        let lines = (before: line(rubyText(vertical ? [.before, .interCharacter] : [.before]), font: rubyFont, upright: attributes.verticalForms),
                     after: line(rubyText([.after]), font: rubyFont, upright: attributes.verticalForms))
        // (Inline and column rubies widen the base's end: not for a base that cannot be spread.)
        let inline = spreads ? line(rubyText([.inline]), font: (ruby.attributes[.font] as? Font) ?? font, upright: attributes.verticalForms) : nil
        let column = spreads && !vertical ? line(rubyText([.interCharacter]), font: rubyFont, upright: true) : nil
        guard lines.before != nil || lines.after != nil || inline != nil || column != nil else { return nil }
        let rubyWidth = max(lines.before?.typographicBounds.width ?? 0, lines.after?.typographicBounds.width ?? 0)

        // Overhang: a ruby character's width over kana or punctuation beside the base.
        let units = text.units
        func overhangs(at index: Int) -> Bool {
            guard index >= 0, index < units.count else { return false }
            let unit = units[index]
            return (0x3040...0x30FF).contains(unit) || (0x3000...0x303F).contains(unit) || (0xFF01...0xFF60).contains(unit)
        }
        let em = rubyFont.size
        let allowedStart = [.auto, .start].contains(ruby.overhang) && overhangs(at: base.lowerBound - 1) ? em : 0
        let allowedEnd = [.auto, .end].contains(ruby.overhang) && overhangs(at: base.upperBound) ? em : 0
        var newBaseWidth = baseWidth
        var rubyStart: CGFloat = 0
        if rubyWidth > baseWidth {
            let excess = rubyWidth - baseWidth
            // Hang over each side up to what it allows, evenly where both do.
            var start = min(excess / 2, allowedStart), end = min(excess / 2, allowedEnd)
            start = min(allowedStart, start + max(excess / 2 - end, 0))
            end = min(allowedEnd, end + max(excess / 2 - start, 0))
            let spread = spreads ? max(excess - start - end, 0) : 0
            if spread > 0 { Self.spread(&glyphs, clusterEnds: clusterEnds, in: glyphRange, by: spread, alignment: ruby.alignment) }
            newBaseWidth = baseWidth + spread
            rubyStart = (newBaseWidth - rubyWidth) / 2 + (end - start) / 2
        }
        // A ruby shorter than the base (or one line shorter than the other) sits by the alignment.
        func offset(_ line: Line?) -> CGFloat {
            guard let line else { return 0 }
            let width = line.typographicBounds.width
            guard width < newBaseWidth else { return rubyWidth > baseWidth ? rubyStart : 0 }
            switch ruby.alignment {
            case .start: return 0
            case .end: return newBaseWidth - width
            default: return (newBaseWidth - width) / 2
            }
        }
        let (ascent, descent) = vertical ? (font.halfHeight, font.halfHeight) : (font.ascent, font.descent)
        let before = lines.before.map { Self.distributed($0, over: newBaseWidth, alignment: ruby.alignment) }
        let after = lines.after.map { Self.distributed($0, over: newBaseWidth, alignment: ruby.alignment) }
        var placement = RubyPlacement(base: base, before: before, after: after, beforeOffset: offset(before), afterOffset: offset(after),
                                      baseAscent: ascent, baseDescent: descent)
        // Inline ruby, then the inter-character column, after the base: its last character makes room for them.
        var end = newBaseWidth
        if let inline {
            placement.inline = inline
            placement.inlineOffset = end
            end += max(inline.typographicBounds.width, 0)
        }
        if let column {
            // (The column is an em of the ruby's font wide: its upright forms' width, not its line height.)
            let across = column.runs.map(\.font.size).max() ?? 0
            placement.column = column
            placement.columnOffset = end + across / 2
            end += across
        }
        if end > newBaseWidth, let last = clusterEnds.last {
            glyphs.setAdvance(last, glyphs.advance(last) + end - newBaseWidth)
            if last + 1 < glyphs.count { glyphs.clearUnsafeToBreak(last + 1) }
        }
        return placement
    }

    /// Widens a base's glyphs by `extra`: for `distributeSpace` and `auto` half a gap before the first cluster and
    /// after the last and whole gaps between (1:2:1), for `distributeLetter` gaps between only, centred, at the start
    /// or at the end otherwise. Space before a glyph is its offset and advance grown alike (so it is drawn later and
    /// the pen after it moves on as far). The base's edges become safe to break at.
    private static func spread(_ glyphs: inout GlyphArrays, clusterEnds: [Int], in range: Range<Int>, by extra: CGFloat, alignment: RubyAlignment) {
        let count = clusterEnds.count
        var before: CGFloat = 0, between: CGFloat = 0, after: CGFloat = 0
        switch alignment {
        case .auto, .distributeSpace, .lineEdge:
            between = extra / CGFloat(count)
            before = between / 2
            after = between / 2
        case .distributeLetter:
            if count > 1 { between = extra / CGFloat(count - 1) } else { (before, after) = (extra / 2, extra / 2) }
        case .center: (before, after) = (extra / 2, extra / 2)
        case .start: after = extra
        case .end: before = extra
        }
        let first = range.lowerBound
        glyphs.setOffset(first, CGPoint(x: glyphs.offset(first).x + before, y: glyphs.offset(first).y))
        glyphs.setAdvance(first, glyphs.advance(first) + before)
        for (position, end) in clusterEnds.enumerated() {
            let gap = position + 1 == count ? after : between
            glyphs.setAdvance(end, glyphs.advance(end) + gap)
        }
        glyphs.clearUnsafeToBreak(first)
        if range.upperBound < glyphs.count { glyphs.clearUnsafeToBreak(range.upperBound) }
    }

    /// A ruby line shorter than its base spread over it by the alignment: `distributeLetter` edge to edge, its
    /// clusters evenly apart; `distributeSpace` and `auto` with half a gap at each end (1:2:1: the line is spread to
    /// the width less one gap, then centred). Its glyphs move along the line; nothing else changes.
    private static func distributed(_ line: Line, over width: CGFloat, alignment: RubyAlignment) -> Line {
        let natural = line.typographicBounds.width
        guard natural < width, [.auto, .distributeSpace, .distributeLetter, .lineEdge].contains(alignment) else { return line }
        let clusters = Set(line.runs.flatMap(\.stringIndices)).count
        guard clusters > 1 else { return line }
        let target = alignment == .distributeLetter ? width : width - (width - natural) / CGFloat(clusters)
        return line.justified(factor: 1, width: target, justification: .interCluster) ?? line
    }
}
