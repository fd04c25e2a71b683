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
    /// - Parameters:
    ///   - width: the widest the truncated line may be, in points.
    ///   - type: where text is cut: `.start`, `.end` or `.middle`.
    ///   - token: the line shown where text was cut; nil shows "…".
    /// - Returns: the truncated line, this line when it fits, or nil when the token alone does not fit.
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
            if tokenWidth > width + LayoutTolerance.position {
                // The first guess (the attributes of the line's first character) may be wider than the token a cut
                // takes (those of the first hidden one): the token of the cut that hides the most decides whether any
                // fits.
                guard token == nil, let bare = TruncationPlan(self, type: type, room: 0) else { return nil }
                let bareWidth = Line.inserted([0x2026], attributesAt: bare.tokenSource, of: paragraph.text).typographicBounds.width
                guard bareWidth <= width + LayoutTolerance.position, bareWidth < tokenWidth else { return nil }
                tokenWidth = bareWidth
            }
            guard let plan = TruncationPlan(self, type: type, room: width - tokenWidth - excess) else { return nil }
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
            let item = TextItem(range: index..<index, attributeRun: 0, script: 0, level: paragraph.levels.paragraphLevel, font: run.font,
                                isSideways: run.status.contains(.rotated))
            let insertion = Insertion(kind: kind, text: Array(storage.paragraph.text.units[run.stringRange]))
            items.append(ShapedParagraph.Item(item: item, glyphRange: begin..<glyphs.count,
                                              style: RunStyle(font: run.font, sharedAttributes: run.sharedAttributes,
                                                              baselineShift: run.baselineShift, insertion: insertion)))
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
        let clusters = Clusters(line)
        switch type {
        case .end: self = Self.keepingStart(clusters, room: room)
        case .start: self = Self.keepingEnd(clusters, room: room)
        case .middle: self = Self.keepingBothEnds(clusters, room: room)
        }
    }

    private init(shown: [Range<Int>], tokenPosition: Int, cut: Int, tokenSource: Int) {
        (self.shown, self.tokenPosition, self.cut, self.tokenSource) = (shown, tokenPosition, cut, tokenSource)
    }

    /// A line's grapheme clusters in logical order, with their widths and which are single hanging spaces.
    private struct Clusters {
        let segments: [CaretTable.Segment]
        let units: [UInt16]
        /// The clusters before the line's trailing whitespace (which hangs and takes no room).
        private(set) var visibleEnd = 0

        init(_ line: Line) {
            segments = line.storage.caret.logical
            units = line.storage.paragraph.text.units
            var end = segments.count
            while end > 0, isSpace(end - 1) { end -= 1 }
            visibleEnd = end
        }

        var count: Int { segments.count }
        var start: Int { segments[0].start }
        var end: Int { segments[segments.count - 1].end }
        func isSpace(_ index: Int) -> Bool {
            segments[index].end - segments[index].start == 1 && CharacterClasses.hangsAtLineEnd(units[segments[index].start])
        }
        func width(_ index: Int) -> CGFloat { segments[index].right - segments[index].left }
        /// Where cluster `index` starts (the line's end past the last).
        func offset(_ index: Int) -> Int { index < segments.count ? segments[index].start : end }
    }

    /// Truncation at the end: the clusters from the start that fit, less the spaces before the token.
    private static func keepingStart(_ clusters: Clusters, room: CGFloat) -> TruncationPlan {
        var used: CGFloat = 0
        var kept = 0
        while kept < clusters.count, used + clusters.width(kept) <= room + LayoutTolerance.position {
            used += clusters.width(kept)
            kept += 1
        }
        while kept > 0, clusters.isSpace(kept - 1) { kept -= 1 }
        let cut = clusters.offset(kept)
        let shown = kept > 0 ? [clusters.start..<cut] : []
        return TruncationPlan(shown: shown, tokenPosition: shown.count, cut: cut, tokenSource: cut)
    }

    /// Truncation at the start: the visible clusters from the end that fit, less the spaces after the token.
    private static func keepingEnd(_ clusters: Clusters, room: CGFloat) -> TruncationPlan {
        var used: CGFloat = 0
        var start = clusters.visibleEnd
        while start > 0, used + clusters.width(start - 1) <= room + LayoutTolerance.position {
            used += clusters.width(start - 1)
            start -= 1
        }
        while start < clusters.count, clusters.isSpace(start) { start += 1 }
        let cut = clusters.offset(start)
        return TruncationPlan(shown: start < clusters.count ? [cut..<clusters.end] : [], tokenPosition: 0, cut: cut,
                              tokenSource: max(cut - 1, clusters.start))
    }

    /// Truncation in the middle: clusters from the start filling half the room, then from the visible end what fits
    /// in the rest, less the spaces on either side of the token.
    private static func keepingBothEnds(_ clusters: Clusters, room: CGFloat) -> TruncationPlan {
        var used: CGFloat = 0
        var head = 0
        while head < clusters.visibleEnd, used + clusters.width(head) <= room / 2 + LayoutTolerance.position {
            used += clusters.width(head)
            head += 1
        }
        var tail = clusters.visibleEnd
        while tail > head, used + clusters.width(tail - 1) <= room + LayoutTolerance.position {
            used += clusters.width(tail - 1)
            tail -= 1
        }
        var headEnd = head
        while headEnd > 0, clusters.isSpace(headEnd - 1) { headEnd -= 1 }
        while tail < clusters.count, clusters.isSpace(tail) { tail += 1 }
        var shown: [Range<Int>] = []
        if headEnd > 0 { shown.append(clusters.start..<clusters.segments[headEnd - 1].end) }
        let tokenPosition = shown.count
        if tail < clusters.count { shown.append(clusters.segments[tail].start..<clusters.end) }
        let cut = clusters.offset(head)
        return TruncationPlan(shown: shown, tokenPosition: tokenPosition, cut: cut, tokenSource: cut)
    }
}

extension Line {
    /// `truncated(width:type:token:)` as a paragraph style asks: squeezed to fit instead where it allows tightening
    /// (`ParagraphStyle.allowsDefaultTighteningForTruncation`) and that is enough.
    func truncated(width: CGFloat, type: TruncationType, token: Line? = nil, style: ParagraphStyle) -> Line? {
        (style.allowsDefaultTighteningForTruncation ? tightened(toFit: width) : nil) ?? truncated(width: width, type: type, token: token)
    }

    /// The line squeezed to `width` by narrowing its inter-word spaces, when taking at most half of their width does
    /// it; nil when the line fits already or would need more (then it is truncated). For paragraph styles that allow
    /// tightening before truncation (`ParagraphStyle.allowsDefaultTighteningForTruncation`).
    func tightened(toFit width: CGFloat) -> Line? {
        let visible = storage.width - trailingWhitespaceWidth
        guard width.isFinite, width > 0, visible > width + LayoutTolerance.negligibleGap else { return nil }
        let text = utf16Text
        let trailingStart = storage.trailingWhitespaceStart
        var spaces: CGFloat = 0
        for run in runs {
            let advances = run.advances, indices = run.stringIndices
            for glyph in 0..<run.glyphCount where indices[glyph] < trailingStart && indices[glyph] >= 0 && indices[glyph] < text.count
                && CharacterClasses.isWhitespace(text[indices[glyph]]) && !CharacterClasses.isLayoutControl(text[indices[glyph]]) {
                spaces += advances[glyph].width
            }
        }
        guard visible - width <= spaces / 2, let squeezed = justified(factor: 1, width: width, justification: .interWord) else { return nil }
        // Advances are 32-bit floats: the squeezed width lands within a rounding of the target.
        return squeezed.storage.width - squeezed.trailingWhitespaceWidth <= width + LayoutTolerance.position ? squeezed : nil
    }
}
