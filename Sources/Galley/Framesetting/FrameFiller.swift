import Foundation

/// The one routine that fills a shape with lines; frames and size suggestions both use it.
struct FrameFiller {
    let typesetter: Typesetter
    let path: Path
    let attributes: FrameAttributes
    /// The path's shape and the exclusions, moved so that the top of the path's bounding box is at y = 0: a band's
    /// top is minus its depth, exact however far from the origin the path lies and however tall it is.
    let shape: BandShape
    let exclusions: [BandShape]
    /// The frame's bounds: the path's bounding box, cut to `LayoutLimits.maximumExtent` below its top.
    let box: CGRect
    /// Extra space below a line (given its string range), the editing layer's per-line hook; nil for none.
    var extraSpacingAfterLine: ((Range<Int>) -> CGFloat)? = nil
    /// The editing layer's say over each line's fragment: given the line's string range, its fragment (in the path's
    /// coordinates, y up) and the baseline's distance below the fragment's top, it may change the height and that
    /// distance (TextKit's `shouldSetLineFragmentRect`); position and width stay the shape's.
    var lineFragmentAdjustment: ((Range<Int>, inout CGRect, inout CGFloat) -> Void)? = nil
    /// Greedy word-wrapped lines of an earlier layout by their start: used instead of breaking again in a fragment
    /// as wide (see `Framesetter.frame(…knownBreaks:)`).
    var knownBreaks: [Int: KnownLineBreak] = [:]
    /// The lines of the paragraph's layout before an edit, shown again where the edited paragraph kept their glyphs
    /// (see `Framesetter.frame(…earlierLines:)`).
    var earlierLines: EarlierLines? = nil

    /// The spans of every band inside the shape when it is a rectangle without exclusions (else nil).
    private let rectangleSpans: [ClosedRange<CGFloat>]?

    /// The tolerance for depths in this frame (`LayoutTolerance.depth(inHeight:)`): a frame of the size a suggestion
    /// measured must take the same lines.
    let tolerance: CGFloat

    init(typesetter: Typesetter, path: Path, attributes: FrameAttributes) {
        self.typesetter = typesetter
        self.path = path
        self.attributes = attributes
        let polygons = path.polygons()
        let points = polygons.flatMap { $0 }
        var box = CGRect.zero
        if !points.isEmpty {
            let xs = points.map(\.x)
            let ys = points.map(\.y)
            box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        let top = box.maxY
        if !(box.height <= LayoutLimits.maximumExtent) {
            // Filled to the limit from the top (the origins stay exact relative to the cut box).
            box = CGRect(x: box.minX, y: top - LayoutLimits.maximumExtent, width: box.width, height: LayoutLimits.maximumExtent)
        }
        self.box = box
        shape = BandShape.shared(path, polygons: polygons, fillRule: attributes.pathFillRule, role: .container, shiftedBy: -top)
        exclusions = attributes.clippingPaths.map { BandShape.shared($0.path, fillRule: $0.fillRule, role: .exclusion, shiftedBy: -top) }
            .filter { !$0.isEmpty }
        tolerance = LayoutTolerance.depth(inHeight: box.height)
        // A rectangle without exclusions has one span at every height inside it: made once, not once a line.
        rectangleSpans = shape.isRectangle && exclusions.isEmpty ? Self.wideEnough(shape.inside(from: -box.height, to: 0)) : nil
    }

    /// Whether each line's band has its descent first and its ascent towards the next line: a frame whose columns
    /// advance left to right (Mongolian), filled turned, where the lines' ascents face right as in every vertical
    /// frame but the lines advance towards them.
    var flipsLines: Bool { attributes.progression == .leftToRight }

    /// The vertical extent a line takes and the space after it, by the paragraph's style and line-height policy.
    struct LineBox {
        /// From the top of the line's band to its baseline.
        var above: CGFloat
        /// From the baseline to the bottom of the band.
        var below: CGFloat
        /// Space between this line's band and the next line's.
        var gap: CGFloat
        var height: CGFloat { above + below }
    }

    func lineBox(_ line: Line, paragraph: Typesetter.Paragraph) -> LineBox {
        var ascent: CGFloat
        var descent: CGFloat
        var leading: CGFloat
        switch paragraph.style.lineHeightPolicy {
        case .fontMaximum:
            let bounds = line.typographicBounds
            (ascent, descent, leading) = (bounds.ascent, bounds.descent, bounds.leading)
        case .strut:
            (ascent, descent, leading) = fontMetrics(at: paragraph.range.lowerBound)
            if let delegates = line.runDelegateExtent {
                (ascent, descent) = (max(ascent, delegates.ascent), max(descent, delegates.descent))
            }
        }
        return lineBox(ascent: ascent, descent: descent, leading: leading, style: paragraph.style)
    }

    /// The ascent, descent and leading of the font the text at an index asked for (before fallback): across the
    /// column's centre line for text with vertical forms, as its upright runs measure (zero without a font).
    private func fontMetrics(at index: Int) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        let attributes = typesetter.text.attributes(at: index)
        guard let font = attributes.font else { return (0, 0, 0) }
        return attributes.verticalForms ? (font.halfHeight, font.halfHeight, font.leading) : (font.ascent, font.descent, font.leading)
    }

    /// A line box from metrics, by the paragraph style's heights and spacing; the fonts' leading counts only when the
    /// frame uses it (`FrameAttributes.usesFontLeading`).
    private func lineBox(ascent: CGFloat, descent: CGFloat, leading: CGFloat, style: ParagraphStyle) -> LineBox {
        let leading = attributes.usesFontLeading ? leading : 0
        let (ascent, descent) = flipsLines ? (descent, ascent) : (ascent, descent)
        let natural = ascent + descent
        var height = natural
        let multiple = ParagraphStyle.length(style.lineHeightMultiple)
        if multiple > 0 { height = natural * multiple }
        let minimum = max(ParagraphStyle.length(style.minimumLineHeight), 0)
        let maximum = max(ParagraphStyle.length(style.maximumLineHeight), 0)
        if minimum > 0 { height = max(height, minimum) }
        if maximum > 0 { height = min(height, maximum) }
        var gap = leading + ParagraphStyle.length(style.lineSpacingAdjustment)
        let minimumSpacing = max(ParagraphStyle.length(style.minimumLineSpacing), 0)
        let maximumSpacing = max(ParagraphStyle.length(style.maximumLineSpacing), 0)
        gap = max(gap, minimumSpacing)
        if maximumSpacing > 0 { gap = min(gap, maximumSpacing) }
        // Extra height from a multiple or a minimum goes above the glyphs; a maximum cuts from the top. A vertical
        // frame's columns share it out either side of their centre lines, as CSS's half-leading does in vertical
        // writing (there the ascent and descent are halves of the font's height about the central baseline).
        if attributes.progression.isVertical {
            let half = (height - natural) / 2
            return LineBox(above: ascent + half, below: descent + half, gap: max(gap, 0))
        }
        return LineBox(above: height - descent, below: descent, gap: max(gap, 0))
    }

    /// The usable spans of the band [bottom, top] (y up, the box's top at 0), left to right. A band's ends are sums
    /// of line heights: one that passes the shape's bottom or top by no more than the depth tolerance (a band as
    /// tall as what is left of the frame) ends there, rather than losing its spans to rounding.
    func spans(bottom: CGFloat, top: CGFloat) -> [ClosedRange<CGFloat>] {
        var (low, high) = (bottom, top)
        if let lowest = shape.slabHeights.first, low < lowest, low >= lowest - tolerance { low = lowest }
        if let highest = shape.slabHeights.last, high > highest, high <= highest + tolerance { high = highest }
        if let rectangleSpans, let lowest = shape.slabHeights.first, let highest = shape.slabHeights.last, lowest <= low, high <= highest, low < high {
            return rectangleSpans
        }
        var usable = shape.inside(from: low, to: high)
        for exclusion in exclusions where !usable.isEmpty {
            usable = Spans.subtract(usable, exclusion.touched(from: low, to: high))
        }
        return Self.wideEnough(usable)
    }

    /// The spans wider than the position tolerance: a line's room.
    private static func wideEnough(_ spans: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        spans.filter { $0.upperBound - $0.lowerBound > LayoutTolerance.position }
    }

    /// What filling has placed so far, and where the next line goes.
    private struct FillState {
        var lines: [Line] = []
        var origins: [CGPoint] = []
        var fragments: [CGRect] = []
        /// The depth of each line's band bottom (what `depth` was after it).
        var bottoms: [CGFloat] = []
        /// The space each line leaves before a next one (`pendingGap` after it), when the frame records line depths.
        var gaps: [CGFloat] = []
        /// The UTF-16 offset the next line starts at.
        var index: Int
        /// The depth of the last line's bottom below the box's top (sums of line heights: the same whatever the box's
        /// position, so a frame of a measured size makes the very same decisions).
        var depth: CGFloat
        /// The space owed below the last line: its gap, and any the editing layer adds.
        var pendingGap: CGFloat = 0
        /// Whether the last line ended its paragraph (the next one starts after the paragraph spacing).
        var endedParagraph = false
        /// Optimal breaking decides a paragraph's lines at once; they are placed one by one.
        var plannedBreaks: [LineEnd] = []
    }

    /// A line laid in a span: the line, where its text ends, its origin and fragment in the box, and its box.
    struct PlacedLine {
        var line: Line
        var end: Int
        var origin: CGPoint
        var fragment: CGRect
        var box: LineBox
    }

    /// What one band gives: lines (one a span), or a line taller than the band (ask again that tall), or no line
    /// (look lower), or the frame is full.
    private enum BandOutcome {
        case placed([PlacedLine], next: Int)
        case needsTaller(CGFloat)
        case empty
        case frameFull
    }

    /// Fills the shape with the lines of `range` from its start, down to the shape's bottom or the line limit; the
    /// last line shows the rest of its paragraph truncated when the attributes ask for that.
    mutating func fill(_ range: Range<Int>) -> Frame {
        guard !shape.isEmpty, box.width > 0, box.height > 0, box.minX.isFinite, box.width.isFinite else {
            return Frame(lines: [], lineOrigins: [], stringRange: range, visibleStringRange: range.lowerBound..<range.lowerBound,
                         path: path, attributes: attributes, bounds: box, lineFragments: [], usedHeight: 0)
        }
        let limit = attributes.maximumNumberOfLines > 0 ? attributes.maximumNumberOfLines : Int.max
        var state = FillState(index: range.lowerBound, depth: attributes.startingDepth.isFinite ? max(attributes.startingDepth, 0) : 0)
        while state.index < range.upperBound, state.lines.count < limit, placeNextBand(&state, range: range, limit: limit) {}
        if state.lines.count == limit {
            truncateLastLine(&state, range: range)
        } else if state.index < range.upperBound {
            keepWidowsAndOrphans(&state)
        }
        let visibleEnd = state.lines.last?.stringRange.upperBound ?? range.lowerBound
        var frame = Frame(lines: state.lines, lineOrigins: state.origins, stringRange: range,
                          visibleStringRange: range.lowerBound..<max(visibleEnd, range.lowerBound), path: path,
                          attributes: attributes, bounds: box, lineFragments: state.fragments,
                          usedHeight: state.lines.isEmpty ? 0 : state.depth)
        frame.gapAfterLastLine = state.lines.isEmpty ? 0 : state.pendingGap
        if attributes.recordsLineDepths { frame.lineDepths = Frame.LineDepths(bottoms: state.bottoms, gaps: state.gaps) }
        return frame
    }

    /// A frame that ran out of room inside a paragraph leaves neither fewer of its first lines at its bottom than the
    /// paragraph's `orphans` nor fewer of its last lines for the next frame than its `widows` (CSS's rules; TeX's
    /// club and widow penalties): it ends a line or more early, or before the paragraph, when that still leaves it
    /// some text (or it starts below other text, `FrameAttributes.startingDepth`). Then, when it would end on a
    /// hyphenated line and the paragraph style avoids that (`avoidsHyphenatedFrameEnds`, TeX's `\brokenpenalty`), it
    /// ends a line earlier (again while that line is hyphenated too) as long as that keeps `orphans` of the
    /// paragraph's lines (one, when the paragraph began in an earlier frame). The lines after the frame are counted at
    /// the last line's width, as far as `widows` lines, by the paragraph's own breaking: greedily, or — when greedy
    /// breaking leaves no more than `widows` lines, so the rest is short — optimally from the frame's end, as the next
    /// frame sets them (optimal breaking can shrink a short rest into fewer lines; work stays bounded by `widows`).
    private func keepWidowsAndOrphans(_ state: inout FillState) {
        guard let last = state.lines.last else { return }
        let paragraph = typesetter.paragraphs[typesetter.paragraphIndex(at: last.stringRange.lowerBound)]
        let style = paragraph.style
        let orphans = min(max(style.orphans, 1), 100), widows = min(max(style.widows, 1), 100)
        guard orphans > 1 || widows > 1 || style.avoidsHyphenatedFrameEnds, last.stringRange.upperBound < paragraph.range.upperBound
        else { return }
        // This paragraph's lines in the frame, at its end.
        var here = 0
        while here < state.lines.count, state.lines[state.lines.count - 1 - here].stringRange.lowerBound >= paragraph.range.lowerBound { here += 1 }
        let startsHere = state.lines[state.lines.count - here].stringRange.lowerBound == paragraph.range.lowerBound
        // The lines the rest makes, up to `widows`.
        let width = state.fragments.last?.width ?? 0
        var rest = 0
        if widows > 1, width > 0 {
            var position = last.stringRange.upperBound
            while rest <= widows, position < paragraph.range.upperBound {
                let next = typesetter.breakLine(startingAt: position, width: width, offset: 0, endingBy: paragraph.range.upperBound).end
                guard next > position else { break }
                position = next
                rest += 1
            }
            if rest <= widows, position >= paragraph.range.upperBound, case .optimal = style.lineBreakStrategy,
                style.lineBreakMode == .byWordWrapping
            {
                rest = typesetter.optimalBreaks(startingAt: last.stringRange.upperBound, looseness: 0, width: { _ in width }).count
            }
            rest = min(rest, widows)
        }
        var keep = here
        if widows > 1, rest < widows { keep = here - (widows - rest) }
        if startsHere, keep < orphans { keep = 0 }
        // Not on a hyphenated line, when a line fewer still keeps enough of the paragraph here.
        while style.avoidsHyphenatedFrameEnds, keep > 0, keep - 1 >= (startsHere ? orphans : 1),
            state.lines[state.lines.count - here + keep - 1].runs.contains(where: \.isInsertedHyphen)
        {
            keep -= 1
        }
        guard keep < here else { return }
        let mayEmpty = state.lines.count > here || attributes.startingDepth > tolerance
        if keep <= 0, !mayEmpty { return }
        let removed = here - max(keep, 0)
        let remaining = state.lines.count - removed
        state.lines.removeLast(removed)
        state.origins.removeLast(removed)
        state.fragments.removeLast(removed)
        state.bottoms.removeLast(removed)
        if attributes.recordsLineDepths { state.gaps.removeLast(removed) }
        state.depth = state.bottoms.last ?? 0
        if state.lines.isEmpty { state.pendingGap = 0 }
        state.index = remaining > 0 ? state.lines[remaining - 1].stringRange.upperBound : state.index
    }

    /// Places the lines of the next band that takes any, from `state.index`: the band starts below the last line
    /// (and the paragraph spacing), as tall as a line of the paragraph's font, taller if its first line is, lower
    /// where no span has room. False when the frame has no room left.
    private func placeNextBand(_ state: inout FillState, range: Range<Int>, limit: Int) -> Bool {
        let paragraphIndex = typesetter.paragraphIndex(at: state.index)
        let paragraph = typesetter.paragraphs[paragraphIndex]
        let style = paragraph.style
        let isFirstLine = paragraph.isFirstLine(startingAt: state.index)
        var bandDepth = state.depth + state.pendingGap
        if isFirstLine, !state.lines.isEmpty {
            bandDepth += max(ParagraphStyle.length(style.paragraphSpacingBefore), 0)
            if state.endedParagraph {
                bandDepth += max(ParagraphStyle.length(typesetter.paragraphs[paragraphIndex - 1].style.paragraphSpacing), 0)
            }
        }
        var proposed = estimatedHeight(paragraph, at: state.index)
        state.plannedBreaks.removeAll { $0.end <= state.index }
        if case .optimal(let looseness) = style.lineBreakStrategy, style.lineBreakMode == .byWordWrapping, state.plannedBreaks.isEmpty {
            state.plannedBreaks = planLines(paragraph, from: state.index, to: range.upperBound, depth: bandDepth, lineHeight: proposed,
                                            looseness: looseness).filter { $0.end > state.index }
        }
        var attempt = 0
        while true {
            switch layBand(paragraph, depth: bandDepth, height: proposed, from: state.index, range: range,
                           plannedBreaks: state.plannedBreaks, attempt: attempt) {
            case .frameFull:
                return false
            case .needsTaller(let height):
                proposed = height
                attempt += 1
            case .empty:
                // No span here takes a line: the next depth where one can, found without walking down the frame.
                guard let below = nextDepth(after: bandDepth, bandHeight: proposed, style: style, isFirstLine: isFirstLine) else {
                    return false
                }
                bandDepth = below
            case .placed(let placed, let next):
                let lineBox = placed[0].box
                for result in placed where state.lines.count < limit {
                    state.lines.append(result.line)
                    state.origins.append(result.origin)
                    state.fragments.append(result.fragment)
                    state.bottoms.append(bandDepth + lineBox.height)
                    if attributes.recordsLineDepths { state.gaps.append(lineBox.gap) }
                }
                state.depth = bandDepth + lineBox.height
                state.pendingGap = lineBox.gap
                if let extra = extraSpacingAfterLine, let last = state.lines.last {
                    let space = extra(last.stringRange)
                    if space.isFinite, space > 0 { state.pendingGap += space }
                }
                if attributes.recordsLineDepths, !state.gaps.isEmpty { state.gaps[state.gaps.count - 1] = state.pendingGap }
                state.index = state.lines.last.map { $0.stringRange.upperBound } ?? next
                state.endedParagraph = paragraph.isLastLine(endingAt: state.index)
                return true
            }
        }
    }

    /// One line in each span of the band `proposed` tall (or as tall as the shape has left) at `bandDepth`, from
    /// `start`, in the paragraph's direction. A first line taller than the band asks for a band as tall (up to three
    /// times), unless the frame has no such room.
    private func layBand(_ paragraph: Typesetter.Paragraph, depth bandDepth: CGFloat, height proposed: CGFloat, from start: Int,
                         range: Range<Int>, plannedBreaks: [LineEnd], attempt: Int) -> BandOutcome {
        let remaining = box.height - bandDepth
        if remaining <= tolerance { return .frameFull }
        let bandHeight = min(proposed, remaining)
        let spans = spans(bottom: -bandDepth - bandHeight, top: -bandDepth)
        let rightToLeft = paragraph.isRightToLeft
        var placed: [PlacedLine] = []
        var next = start
        for span in rightToLeft ? spans.reversed() : spans where next < range.upperBound && next < paragraph.range.upperBound {
            guard let result = layLine(paragraph, start: next, isFirstLine: paragraph.isFirstLine(startingAt: next), span: span,
                                       bandDepth: bandDepth, limit: range.upperBound,
                                       planned: plannedBreaks.first { $0.end > next }, known: knownBreaks[next])
            else { continue }
            if placed.isEmpty, result.box.height > bandHeight + tolerance {
                // Taller than the band: it does not fit below, or ask again with a band as tall as it.
                if result.box.height > remaining + tolerance, bandHeight >= remaining { return .frameFull }
                if attempt < 3 { return .needsTaller(result.box.height) }
                if result.box.height > remaining + tolerance { return .frameFull }
            }
            placed.append(result)
            next = result.end
        }
        return placed.isEmpty ? .empty : .placed(placed, next: next)
    }

    /// At the line limit with more of the last line's paragraph left, the last line shows the rest truncated, placed
    /// by the paragraph's alignment in its fragment.
    private func truncateLastLine(_ state: inout FillState, range: Range<Int>) {
        guard let type = attributes.lastLineTruncation, let last = state.lines.last, last.stringRange.upperBound < range.upperBound
        else { return }
        let paragraph = typesetter.paragraphs[typesetter.paragraphIndex(at: last.stringRange.lowerBound)]
        let rest = min(paragraph.range.upperBound, range.upperBound)
        guard last.stringRange.upperBound < rest else { return }
        let extended = typesetter.line(stringRange: last.stringRange.lowerBound..<rest)
        let token = attributes.truncationToken.map {
            Line.inserted(Array($0.utf16), attributesAt: last.stringRange.upperBound, of: typesetter.text)
        }
        let fragment = state.fragments[state.fragments.count - 1]
        guard let truncated = extended.truncated(width: fragment.width, type: type, token: token, style: paragraph.style) else { return }
        state.lines[state.lines.count - 1] = truncated
        let rightToLeft = paragraph.isRightToLeft
        let visible = truncated.typographicBounds.width - truncated.trailingWhitespaceWidth
        let factor = FrameFiller.alignmentFactor(paragraph.style.alignment, rightToLeft: rightToLeft)
        state.origins[state.origins.count - 1].x = fragment.minX + (fragment.width - visible) * factor
            - (rightToLeft ? truncated.trailingWhitespaceWidth : 0)
    }

    /// Optimal breaks for the rest of a paragraph, with line n as wide as the first span of the band it would take
    /// if every line were as tall as a line of the paragraph's font.
    private func planLines(_ paragraph: Typesetter.Paragraph, from start: Int, to limit: Int, depth: CGFloat, lineHeight: CGFloat,
                           looseness: Int) -> [LineEnd] {
        let style = paragraph.style
        let font = fontMetrics(at: start)
        let step = lineHeight + lineBox(ascent: font.ascent, descent: font.descent, leading: font.leading, style: style).gap
        let rightToLeft = paragraph.isRightToLeft
        var lastWidth = box.width
        // In a rectangle without exclusions every line after the first (which may be indented differently) is as wide.
        let uniformFrom = shape.isRectangle && exclusions.isEmpty ? 1 : nil
        return typesetter.optimalBreaks(startingAt: start, looseness: looseness, uniformFrom: uniformFrom, endingBy: limit) { line in
            let top = -(depth + CGFloat(line) * step)
            let spans = spans(bottom: top - lineHeight, top: top)
            guard let span = rightToLeft ? spans.last : spans.first else { return lastWidth }
            let isFirstLine = line == 0 && paragraph.isFirstLine(startingAt: start)
            lastWidth = max(Self.room(in: span, style: style, isFirstLine: isFirstLine).available, 1)
            return lastWidth
        }
    }

    /// Where a line goes in a span: the paragraph's indents taken off (Core Text's tail indent: positive measures
    /// the line's end from the leading margin; otherwise an inset). `head` and `end` are distances from the leading
    /// edge; a line fits only where `available` is positive.
    static func room(in span: ClosedRange<CGFloat>, style: ParagraphStyle, isFirstLine: Bool)
        -> (head: CGFloat, end: CGFloat, available: CGFloat)
    {
        let spanWidth = span.upperBound - span.lowerBound
        let (head, tail) = indents(style, isFirstLine: isFirstLine)
        let end = tail > 0 ? min(tail, spanWidth) : spanWidth + tail
        return (head, end, end - head)
    }

    /// A line's head indent (never negative) and the style's tail indent, as layout reads them.
    static func indents(_ style: ParagraphStyle, isFirstLine: Bool) -> (head: CGFloat, tail: CGFloat) {
        (max(ParagraphStyle.length(isFirstLine ? style.firstLineHeadIndent : style.headIndent), 0), ParagraphStyle.length(style.tailIndent))
    }

    /// Stretches between vertices up to this many steps long are walked step by step; longer ones are sampled.
    static let walkedSteps = 8
    /// The steps tried in a longer stretch (its first and last among them).
    static let sampledSteps = 5

    /// The first depth below `depth` where a band `bandHeight` tall has a span with room for a line, on the grid the
    /// search steps on (`depth` plus multiples of a quarter of the band, 0.5 to 4 pt); nil when there is none above
    /// the frame's bottom.
    ///
    /// The grid is not walked down the frame. Between two depths where the band's top or bottom passes a slab height
    /// of the shape or of an exclusion (a vertex, or where two edges cross), every edge is straight, so a span's width
    /// changes linearly with depth; and past the last one there is no shape at all, so the search stops there. Each
    /// band asked about costs O(log n) (see `BandShape`). A stretch between slab heights is walked
    /// step by step when short (up to `walkedSteps`, as a line-by-line search would), else tried at `sampledSteps`
    /// evenly spread steps (a span's width is linear or, with exclusions, piecewise linear there), and the first step
    /// with room is found by bisection below the first sample that has it. So time grows with the number of
    /// slab heights, never with the frame's height.
    private func nextDepth(after depth: CGFloat, bandHeight: CGFloat, style: ParagraphStyle, isFirstLine: Bool) -> CGFloat? {
        let step = max(min(bandHeight / 4, 4), 0.5)
        let bottom = box.height - tolerance
        guard depth + step < bottom else { return nil }
        // The depths below the top of the slab heights of the shape and the exclusions, ascending: between two of
        // them every edge is straight. (Found here, not for every frame: few frames ever need them.)
        let slabDepths = Array(Set((shape.slabHeights + exclusions.flatMap(\.slabHeights)).map { -$0 })).sorted()
        let lastStep = Int(((bottom - depth) / step).rounded(.up)) - 1
        func stepDepth(_ index: Int) -> CGFloat { depth + CGFloat(index) * step }
        func hasRoom(_ index: Int) -> Bool {
            let top = stepDepth(index)
            let height = min(bandHeight, box.height - top)
            return spans(bottom: -top - height, top: -top).contains {
                Self.room(in: $0, style: style, isFirstLine: isFirstLine).available > 0
            }
        }
        // The first depth after `from` where the band's top or bottom reaches a slab height.
        func nextChange(after from: CGFloat) -> CGFloat? {
            let byTop = slabDepths.partitioningIndex { $0 > from }
            let byBottom = slabDepths.partitioningIndex { $0 - bandHeight > from }
            let candidates = [byTop < slabDepths.count ? slabDepths[byTop] : nil,
                              byBottom < slabDepths.count ? slabDepths[byBottom] - bandHeight : nil].compactMap { $0 }
            return candidates.min()
        }
        var first = 1
        while first <= lastStep {
            // The stretch holding step `first`: up to the next change after it.
            var change = nextChange(after: stepDepth(first - 1))
            while let found = change, found <= stepDepth(first) { change = nextChange(after: found) }
            guard let end = change else { return hasRoom(first) ? stepDepth(first) : nil }
            // The last step before the change.
            // (Clamped as a `Double` first: a slab height far below would overflow `Int`.)
            let last = min(max(Int(min(((end - depth) / step).rounded(.up), Double(lastStep + 1))) - 1, first), lastStep)
            if last - first < Self.walkedSteps {
                for index in first...last where hasRoom(index) { return stepDepth(index) }
            } else {
                var failed = first - 1
                for sample in 0..<Self.sampledSteps {
                    let index = first + (last - first) * sample / (Self.sampledSteps - 1)
                    guard hasRoom(index) else {
                        failed = index
                        continue
                    }
                    var (low, high) = (failed, index)
                    while high - low > 1 {
                        let middle = low + (high - low) / 2
                        if hasRoom(middle) { high = middle } else { low = middle }
                    }
                    return stepDepth(high)
                }
            }
            first = last + 1
        }
        return nil
    }

    /// Where a line sits in its free space: 0 flush left, 0.5 centred, 1 flush right.
    static func alignmentFactor(_ alignment: TextAlignment, rightToLeft: Bool) -> CGFloat {
        switch alignment {
        case .left: return 0
        case .right: return 1
        case .center: return 0.5
        case .natural, .justified: return rightToLeft ? 1 : 0
        }
    }

    /// A line of the paragraph's first font, by the paragraph's style: the first guess for a band's height.
    private func estimatedHeight(_ paragraph: Typesetter.Paragraph, at index: Int) -> CGFloat {
        let font = fontMetrics(at: index)
        let box = lineBox(ascent: font.ascent, descent: font.descent, leading: font.leading, style: paragraph.style)
        return max(box.height, 0.5)
    }

    /// Breaks and places one line in a span: indents, alignment, the line's box.
    private func layLine(_ paragraph: Typesetter.Paragraph, start: Int, isFirstLine: Bool, span: ClosedRange<CGFloat>,
                         bandDepth: CGFloat, limit: Int, planned: LineEnd? = nil,
                         known: KnownLineBreak? = nil) -> PlacedLine? {
        let style = paragraph.style
        let rightToLeft = paragraph.isRightToLeft
        let (head, end, available) = Self.room(in: span, style: style, isFirstLine: isFirstLine)
        guard available > 0 else { return nil }
        // An opening bracket starting the line may give up its blank half to the margin: the line has that much more
        // room (`Typesetter.lineStartTrim`).
        let trim = typesetter.lineStartTrim(of: paragraph, at: start)
        let count: Int
        var hyphenated = false
        switch style.lineBreakMode {
        case .byWordWrapping:
            // A known line is taken only in a fragment as wide as the one it was broken for.
            let known = known.flatMap { $0.width == available && $0.range.upperBound > start ? LineEnd(end: $0.range.upperBound, hyphenated: $0.hyphenated) : nil }
            let moved = planned == nil && known == nil
                ? earlierLines.flatMap { movedBreak($0, paragraph: paragraph, start: start, width: available, limit: limit) } : nil
            if InternalChecks.areEnabled, let moved {
                let fresh = typesetter.breakLine(startingAt: start, width: available + trim, offset: head, endingBy: limit)
                _internalInvariant(fresh.end == moved.end && fresh.hyphenated == moved.hyphenated,
                                   "the moved line from \(start) ends at \(moved.end), breaking ends it at \(fresh.end)")
            }
            let broken = planned.flatMap { $0.end > start ? $0 : nil } ?? known ?? moved
                ?? typesetter.breakLine(startingAt: start, width: available + trim, offset: head, endingBy: limit)
            count = broken.end - start
            hyphenated = broken.hyphenated
        case .byCharWrapping:
            count = typesetter.suggestClusterBreak(startingAt: start, width: available + trim, offset: head)
        case .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle:
            // One line per paragraph (up to a line separator), cut or truncated to the span.
            count = typesetter.suggestLineBreak(startingAt: start, width: .greatestFiniteMagnitude, offset: head)
        }
        guard count > 0 else { return nil }
        let lineEnd = min(start + count, limit)
        if style.lineBreakMode == .byWordWrapping, lineEnd == start + count, let earlierLines,
            let placed = earlierLine(earlierLines, paragraph: paragraph, range: start..<lineEnd, hyphenated: hyphenated,
                                     fragmentX: (rightToLeft ? span.upperBound - end : span.lowerBound + head) - box.minX,
                                     width: available, bandDepth: bandDepth)
        {
            return placed
        }
        var line = typesetter.line(start..<lineEnd, offset: head, hyphenated: hyphenated && lineEnd == start + count)
            .fittingAttachments(toWidth: available)
        if [.byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle].contains(style.lineBreakMode) {
            let type: TruncationType = style.lineBreakMode == .byTruncatingHead
                ? .start : style.lineBreakMode == .byTruncatingMiddle ? .middle : .end
            line = line.truncated(width: available, type: type, style: style) ?? line
        }
        // Character protrusion: the line's first and last characters may hang into the margins (left and right as
        // the paragraph's direction puts its start and end).
        // (Measured only for styles with protrusion or expansion: every other line skips it.)
        var visibleEnd = lineEnd
        var protrusion: (start: CGFloat, end: CGFloat) = (0, 0)
        if style.characterProtrusion != nil || style.fontExpansion != nil {
            visibleEnd = CharacterClasses.visibleEnd(of: start..<lineEnd, in: typesetter.text.units)
            if !line.runs.contains(where: \.isTruncationToken) {
                protrusion = typesetter.protrusion(of: paragraph, start: start, visibleEnd: visibleEnd,
                                                   hyphenated: line.runs.contains(where: \.isInsertedHyphen))
            }
        }
        // A closing bracket ending a line too long for its room without it gives its blank half to the margin (greedy
        // breaking let the line take it: `Typesetter.lineEndHang`).
        var endTrim: CGFloat = 0
        if style.trimsPunctuationAtLineEnds, line.typographicBounds.width - line.trailingWhitespaceWidth - trim > available + LayoutTolerance.lineFit,
            !line.runs.contains(where: \.isTruncationToken)
        {
            endTrim = typesetter.lineEndTrim(of: paragraph, visibleEnd: CharacterClasses.visibleEnd(of: start..<lineEnd, in: typesetter.text.units))
        }
        let (hangLeft, hangRight) = rightToLeft ? (protrusion.end, protrusion.start) : (protrusion.start + trim, max(protrusion.end, endTrim))
        // Justified paragraphs stretch every line but the last and lines that end at a forced break: first the glyphs
        // by the line's share of font expansion (as optimal breaking counted it), then the spaces.
        if style.alignment == .justified, !paragraph.isLastLine(endingAt: lineEnd), !typesetter.endsWithForcedBreak(lineEnd) {
            let target = available + hangLeft + hangRight
            var glyphScale: CGFloat = 1
            if let expansion = style.fontExpansion {
                let natural = line.storage.width - line.trailingWhitespaceWidth
                // The spaces' stretch and shrink, as the breaker sums them.
                var spaces = OptimalLineBreaker.Prefix()
                var walker = paragraph.unitAdvances.walker(from: start)
                let units = typesetter.text.units
                while let (unit, advance) = walker.next(before: visibleEnd) {
                    if CharacterClasses.stretchesWhenJustified(units[unit]) { spaces.add(advance, stretches: true) }
                }
                let adjustable = OptimalLineBreaker.adjustability(natural: natural, stretch: spaces.stretch, shrink: spaces.shrink,
                                                                  expansion: expansion)
                let ratio = OptimalLineBreaker.ratio(natural: natural, stretch: adjustable.stretch, shrink: adjustable.shrink,
                                                     width: target, isLast: false)
                glyphScale = expansion.scale(forRatio: ratio)
            }
            line = line.justified(factor: 1, width: target, justification: style.justification, glyphScale: glyphScale) ?? line
        }
        var box = lineBox(line, paragraph: paragraph)
        if let adjust = lineFragmentAdjustment {
            var rect = CGRect(x: span.lowerBound, y: self.box.maxY - bandDepth - box.height, width: available, height: box.height)
            var baselineOffset = box.above
            adjust(line.stringRange, &rect, &baselineOffset)
            // A height that is not finite or negative keeps the proposal; the baseline stays inside the fragment.
            let height = rect.height.isFinite && rect.height >= 0 ? min(rect.height, LayoutLimits.maximumExtent) : box.height
            let above = baselineOffset.isFinite ? min(max(baselineOffset, 0), height) : min(box.above, height)
            box = LineBox(above: above, below: height - above, gap: box.gap)
        }
        let width = line.typographicBounds.width
        // Where the line sits between the margins; trailing whitespace hangs outside (it moves nothing on a line set
        // from its left edge, where it is not measured).
        let factor = FrameFiller.alignmentFactor(style.alignment, rightToLeft: rightToLeft)
        let trailing = factor == 0 && !rightToLeft ? 0 : line.trailingWhitespaceWidth
        let visible = width - trailing
        let leftMargin = rightToLeft ? span.upperBound - end : span.lowerBound + head
        let visibleLeftInLine = rightToLeft ? trailing : 0
        let x = leftMargin + (available - (visible - hangLeft - hangRight)) * factor - visibleLeftInLine - hangLeft
        // Relative to the box's origin, computed from the depth (see `fill`).
        let baseline = self.box.height - (bandDepth + box.above)
        let fragment = CGRect(x: leftMargin - self.box.minX, y: self.box.height - (bandDepth + box.height), width: available,
                              height: box.height)
        return PlacedLine(line: line, end: start + count, origin: CGPoint(x: x - self.box.minX, y: baseline), fragment: fragment, box: box)
    }
}

extension FrameFiller {
    /// The line the layout before an edit placed for `range` of the edited paragraph, shown from it, where it can be:
    /// the paragraph kept the glyphs and styles the line shows (`ShapedParagraph.kept`: all before the kept prefix's
    /// end, or all from the moved suffix's start on, where the old line's range is this one less the units' shift),
    /// and the old line ended the same way in a fragment as wide at the same place — then what building, fitting,
    /// justifying and aligning it would give is what the old layout gave. Only its depth is new.
    fileprivate func earlierLine(_ earlier: EarlierLines, paragraph: Typesetter.Paragraph, range: Range<Int>, hyphenated: Bool,
                                 fragmentX: CGFloat, width: CGFloat, bandDepth: CGFloat) -> PlacedLine? {
        guard lineFragmentAdjustment == nil, !attributes.progression.isVertical, let kept = paragraph.shaped.kept else { return nil }
        let unitShift: Int, glyphShift: Int
        if range.upperBound <= kept.prefixEnd {
            (unitShift, glyphShift) = (0, 0)
        } else if let suffix = kept.suffix, range.lowerBound >= suffix.start {
            (unitShift, glyphShift) = (suffix.unitShift, suffix.glyphShift)
        } else {
            return nil
        }
        let oldRange = (range.lowerBound - unitShift)..<(range.upperBound - unitShift)
        guard let index = earlier.line(startingAt: oldRange.lowerBound, width: width, of: kept), earlier.fragments[index].minX == fragmentX
        else { return nil }
        let old = earlier.lines[index].storage
        guard old.stringRange == oldRange else { return nil }
        let insertions = old.insertionKinds
        guard insertions.hyphen == hyphenated, !insertions.truncationToken else { return nil }
        let line = Line(storage: LineStorage(rebasing: old, onto: paragraph.shaped, unitShift: unitShift, glyphShift: glyphShift))
        let box = lineBox(line, paragraph: paragraph)
        let baseline = self.box.height - (bandDepth + box.above)
        let fragment = CGRect(x: fragmentX, y: self.box.height - (bandDepth + box.height), width: width, height: box.height)
        return PlacedLine(line: line, end: range.upperBound, origin: CGPoint(x: earlier.origins[index].x, y: baseline), fragment: fragment, box: box)
    }
}

extension FrameFiller {
    /// Where a line from `start` ends when the paragraph's widths from before `start` on are the old ones moved, exactly
    /// (`OpportunityWidths.movedFrom`): where the old line from the same text ended, moved — breaking measures the same
    /// differences, the same text and the same hyphenation points as it did, so it decides the same. Nil when there is
    /// no such line in a fragment as wide, or a veto (which may answer by offset) has a say.
    fileprivate func movedBreak(_ earlier: EarlierLines, paragraph: Typesetter.Paragraph, start: Int, width: CGFloat, limit: Int) -> LineEnd? {
        guard typesetter.breakVeto == nil, let movedFrom = paragraph.opportunityWidths?.movedFrom, start >= movedFrom,
            let kept = paragraph.shaped.kept, let suffix = kept.suffix, limit == paragraph.range.upperBound,
            let index = earlier.line(startingAt: start - suffix.unitShift, width: width, of: kept)
        else { return nil }
        let old = earlier.lines[index].storage
        guard old.paragraph.range.upperBound + suffix.unitShift == limit else { return nil }
        let insertions = old.insertionKinds
        guard !insertions.truncationToken else { return nil }
        return LineEnd(end: old.stringRange.upperBound + suffix.unitShift, hyphenated: insertions.hyphen)
    }
}

/// The lines of a paragraph's layout before an edit, in string order, each with its origin and fragment in its frame:
/// what `FrameFiller` shows again where the edited paragraph kept the glyphs.
package struct EarlierLines: Sendable {
    fileprivate let lines: [Line]
    fileprivate let origins: [CGPoint]
    fileprivate let fragments: [CGRect]
    /// Where each line starts (searched without touching the lines).
    private let starts: [Int]

    /// The lines of `frames` (one paragraph's, in order).
    package init(frames: [Frame]) {
        lines = frames.flatMap(\.lines)
        origins = frames.flatMap(\.lineOrigins)
        fragments = frames.flatMap(\.lineFragments)
        starts = lines.map(\.stringRange.lowerBound)
    }

    /// The index of the line starting at `start` in a fragment `width` wide, if one does and it shows the paragraph
    /// that `kept` was kept from.
    fileprivate func line(startingAt start: Int, width: CGFloat, of kept: ShapedParagraph.Kept) -> Int? {
        let found = starts.partitioningIndex { $0 >= start }
        guard found < starts.count, starts[found] == start, fragments[found].width == width,
            ObjectIdentifier(lines[found].storage.paragraph) == kept.from
        else { return nil }
        return found
    }
}

extension Framesetter {
    /// The usable spans of a shape between two heights (y up, in the path's coordinates), left to right: what a frame
    /// of `path` with `exclusions` gives a line there. For the editing layer's proposed-rectangle question.
    /// A typesetter of no text: the filler needs one, the span question no text.
    private static let emptyTypesetter = Typesetter(attributedString: NSAttributedString(string: ""))

    package static func usableSpans(of path: Path, fillRule: Path.FillRule, exclusions: [ClippingPath], bottom: CGFloat,
                                    top: CGFloat) -> [ClosedRange<CGFloat>] {
        var attributes = FrameAttributes()
        attributes.pathFillRule = fillRule
        attributes.clippingPaths = exclusions
        let filler = FrameFiller(typesetter: emptyTypesetter, path: path, attributes: attributes)
        // The filler measures heights from its box's top, downwards as negative values.
        return filler.spans(bottom: bottom - filler.box.maxY, top: top - filler.box.maxY)
    }
}
