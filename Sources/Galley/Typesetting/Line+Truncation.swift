import Foundation

extension Line {
    /// A line no wider than `width` that shows as much of this one as fits, with `token` where text was cut:
    /// at the start, the end or the middle. Cuts fall between grapheme clusters; whitespace next to the token is
    /// dropped. Returns this line when it already fits (trailing whitespace may hang), and nil when the token
    /// alone is wider than `width`.
    ///
    /// The truncated line keeps this line's string range and the source's string indices; hidden characters
    /// belong to no run. The token's runs are marked (`Run.isTruncationToken`); their string indices are the cut
    /// point. Without a token, "…" (U+2026) is used with the attributes of the first hidden character.
    ///
    /// Core Text: `CTLineCreateTruncatedLine`.
    public func truncated(width: CGFloat, type: TruncationType, token: Line? = nil) -> Line? {
        guard !width.isNaN else { return nil }
        let bounds = typographicBounds
        if bounds.width - trailingWhitespaceWidth <= width + LayoutTolerance.position { return self }
        let paragraph = storage.paragraph
        guard !storage.caret.logical.isEmpty else { return self }

        // The plan measures the clusters as this line sets them, but the truncated line may set them wider: the
        // default token takes the attributes of the first hidden character (which depends on the cut), and a cut
        // drops kerning across it or reshapes the edge. So plan, build, and plan again with less room by what the
        // token or the line turned out wider than planned. Each round takes a wider token of another attribute run
        // or more room away, so this ends; a few rounds do.
        var tokenWidth = (token ?? Line.inserted([0x2026], attributesAt: storage.caret.logical[0].start, of: paragraph.text))
            .typographicBounds.width
        var excess: CGFloat = 0
        for _ in 0..<16 {
            guard tokenWidth <= width + LayoutTolerance.position, let plan = TruncationPlan(self, type: type, room: width - tokenWidth - excess) else {
                return nil
            }
            let tokenLine = token ?? Line.inserted([0x2026], attributesAt: plan.tokenSource, of: paragraph.text)
            guard tokenLine.typographicBounds.width <= tokenWidth + LayoutTolerance.position else {
                tokenWidth = tokenLine.typographicBounds.width
                continue
            }
            let (tokenItems, tokenGlyphs) = Line.items(of: tokenLine, at: plan.cut, paragraph: paragraph, kind: .truncationToken)
            let built = Line(storage: LineBuilder(paragraph: paragraph).build(
                showing: plan.shown, of: stringRange, offset: 0, token: (tokenItems, tokenGlyphs, plan.tokenPosition)))
            let overflow = built.typographicBounds.width - built.trailingWhitespaceWidth - width
            guard overflow > LayoutTolerance.position else { return built }
            excess += overflow
        }
        return nil
    }

    /// The runs of a line (a token, a hyphen) as items inserted into a line of `paragraph` at string index `index`,
    /// at the paragraph's level, with their glyphs.
    static func items(of line: Line, at index: Int, paragraph: ShapedParagraph, kind: Insertion.Kind)
        -> (items: [ShapedParagraph.Item], glyphs: GlyphArrays)
    {
        let storage = line.storage
        var glyphs = GlyphArrays(base: index)
        var items: [ShapedParagraph.Item] = []
        for (position, run) in storage.runs.enumerated() {
            let begin = glyphs.count
            storage.forEachGlyph(ofRun: position) { _, source, sourceIndex, _ in
                glyphs.append(source, sourceIndex, stringIndex: index, keepsFlags: false)
            }
            let item = TextItem(range: index..<index, attributeRun: 0, script: 0, level: paragraph.levels.paragraphLevel, font: run.font)
            items.append(ShapedParagraph.Item(item: item, glyphRange: begin..<glyphs.count, attributes: run.sharedAttributes,
                                              baselineShift: run.baselineShift,
                                              insertion: Insertion(kind: kind, text: Array(storage.paragraph.text.units[run.stringRange]))))
        }
        return (items, glyphs)
    }

    /// The line of inserted text (a hyphen) with the attributes of the character at `source`: `text`, or
    /// `fallbackText` when that font has no glyph for the first.
    static func insertion(text: [UInt16], fallbackText: [UInt16], attributesAt source: Int, of string: AttributedText) -> Line {
        let font = string.attributes(at: source).font
        let units = font.map { $0.glyph(forCodePoint: UInt32(text[0])) != nil } ?? true ? text : fallbackText
        return inserted(units, attributesAt: source, of: string)
    }

    /// A line of inserted text (a token, a hyphen) with the attributes of the character at `index` of `text`,
    /// without its run delegate.
    static func inserted(_ units: [UInt16], attributesAt index: Int, of text: AttributedText) -> Line {
        var attributes = text.attributes(at: index)
        attributes.runDelegate = nil
        return Line(text: AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: attributes.font))
    }
}

/// What a truncated line shows: the ranges kept, where the token goes among them, the string index it stands at,
/// and the character whose attributes the default token takes.
private struct TruncationPlan {
    var shown: [Range<Int>]
    var tokenPosition: Int
    var cut: Int
    var tokenSource: Int

    /// The plan that keeps as much of `line` as fits in `room` (the width less the token's), cutting between grapheme
    /// clusters and dropping whitespace next to the token; nil when the token alone does not fit.
    init?(_ line: Line, type: TruncationType, room: CGFloat) {
        guard room >= -LayoutTolerance.position else { return nil }
        let segments = line.storage.caret.logical
        let units = line.storage.paragraph.text.units
        let first = segments[0], last = segments[segments.count - 1]
        func isSpace(_ segment: CaretTable.Segment) -> Bool {
            segment.end - segment.start == 1 && CharacterClasses.hangsAtLineEnd(units[segment.start])
        }
        func widthOf(_ segment: CaretTable.Segment) -> CGFloat { segment.right - segment.left }
        // The line's own trailing whitespace hangs and takes no room.
        var end = segments.count
        while end > 0, isSpace(segments[end - 1]) { end -= 1 }
        var used: CGFloat = 0
        switch type {
        case .end:
            var kept = 0
            while kept < segments.count, used + widthOf(segments[kept]) <= room + LayoutTolerance.position {
                used += widthOf(segments[kept])
                kept += 1
            }
            while kept > 0, isSpace(segments[kept - 1]) { kept -= 1 }
            cut = kept < segments.count ? segments[kept].start : last.end
            tokenSource = cut
            shown = kept > 0 ? [first.start..<cut] : []
            tokenPosition = shown.count
        case .start:
            var start = end
            while start > 0, used + widthOf(segments[start - 1]) <= room + LayoutTolerance.position {
                used += widthOf(segments[start - 1])
                start -= 1
            }
            while start < segments.count, isSpace(segments[start]) { start += 1 }
            cut = start < segments.count ? segments[start].start : last.end
            tokenSource = max(cut - 1, first.start)
            shown = start < segments.count ? [cut..<last.end] : []
            tokenPosition = 0
        case .middle:
            var head = 0
            while head < end, used + widthOf(segments[head]) <= room / 2 + LayoutTolerance.position {
                used += widthOf(segments[head])
                head += 1
            }
            var tail = end
            while tail > head, used + widthOf(segments[tail - 1]) <= room + LayoutTolerance.position {
                used += widthOf(segments[tail - 1])
                tail -= 1
            }
            var headEnd = head
            while headEnd > 0, isSpace(segments[headEnd - 1]) { headEnd -= 1 }
            while tail < segments.count, isSpace(segments[tail]) { tail += 1 }
            cut = head < segments.count ? segments[head].start : last.end
            tokenSource = cut
            shown = []
            if headEnd > 0 { shown.append(first.start..<segments[headEnd - 1].end) }
            tokenPosition = shown.count
            if tail < segments.count { shown.append(segments[tail].start..<last.end) }
        }
    }
}
