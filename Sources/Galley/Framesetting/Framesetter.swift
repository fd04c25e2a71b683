import Foundation

/// Fills shapes with lines: any path, with exclusions, one frame after another for columns and pages.
///
/// For each line, the framesetter asks the shape for the usable horizontal spans of the band the line will
/// occupy — inside the path by its fill rule and outside every clipping path by its own — and gives every span
/// wide enough a line fragment, in reading order. Rectangles, columns, circles, rings and text around images are
/// all that one question.
///
/// Core Text: `CTFramesetter`.
public final class Framesetter: Sendable {
    /// The typesetter that breaks the lines. Core Text: `CTFramesetterGetTypesetter`.
    public let typesetter: Typesetter

    /// A framesetter over an attributed string (text without a font uses `defaultFont`, else `Font.defaultFont`).
    /// Core Text: `CTFramesetterCreateWithAttributedString`.
    public convenience init(attributedString: NSAttributedString, options: TypesetterOptions = TypesetterOptions(),
                            defaultFont: Font? = nil) {
        self.init(typesetter: Typesetter(attributedString: attributedString, options: options, defaultFont: defaultFont))
    }

    /// A framesetter over a Swift `AttributedString` with Galley's attributes.
    public convenience init(attributedString: AttributedString, options: TypesetterOptions = TypesetterOptions(),
                            defaultFont: Font? = nil) {
        self.init(typesetter: Typesetter(attributedString: attributedString, options: options, defaultFont: defaultFont))
    }

    /// A framesetter over an existing typesetter. Core Text: `CTFramesetterCreateWithTypesetter`.
    public init(typesetter: Typesetter) {
        self.typesetter = typesetter
    }

    /// Lays out `stringRange` (an empty range: from its start to the end of the string) in `path`.
    ///
    /// Lines go down from the top of the path's bounding box; a line is placed only where it fits entirely
    /// inside the path (its whole band, from ascent to descent). A degenerate path (empty, NaN, no area) gives a
    /// frame without lines. Core Text: `CTFramesetterCreateFrame`.
    ///
    /// - Parameters:
    ///   - stringRange: the UTF-16 range to lay out; an empty range lays out from its start to the string's end.
    ///   - path: the frame's shape, y up; lines fill it from the top of its bounding box.
    ///   - attributes: progression, fill rule, exclusion paths, line limit and last-line truncation.
    /// - Returns: the frame, with the lines that fit and `visibleStringRange` ending where the next frame starts.
    public func frame(stringRange: Range<Int> = 0..<0, path: Path, attributes: FrameAttributes = FrameAttributes()) -> Frame {
        if let turn = FrameTurn(attributes.progression) {
            var filler = FrameFiller(typesetter: typesetter, path: path.applying(turn.transform()), attributes: turn.turned(attributes))
            return turn.unturned(filler.fill(resolved(stringRange)), path: path, attributes: attributes)
        }
        var filler = FrameFiller(typesetter: typesetter, path: path, attributes: attributes)
        return filler.fill(resolved(stringRange))
    }

    /// Frames for a sequence of shapes (columns, pages): each starts where the previous one's visible text
    /// ended; the list stops when the text runs out or the shapes do.
    ///
    /// - Parameters:
    ///   - stringRange: the UTF-16 range to lay out; an empty range lays out from its start to the string's end.
    ///   - paths: the shapes in reading order (columns, then pages).
    ///   - attributes: the frame attributes every shape is filled with.
    /// - Returns: one frame per shape used, at most `paths.count`; fewer when the text ends first.
    public func frames(stringRange: Range<Int> = 0..<0, paths: [Path], attributes: FrameAttributes = FrameAttributes())
        -> [Frame]
    {
        var range = resolved(stringRange)
        var frames: [Frame] = []
        for path in paths {
            guard !range.isEmpty || frames.isEmpty else { break }
            let frame = frame(stringRange: range, path: path, attributes: attributes)
            frames.append(frame)
            range = frame.visibleStringRange.upperBound..<range.upperBound
        }
        return frames
    }

    /// The size a rectangle needs to show `stringRange` within `constraints` (use `.greatestFiniteMagnitude` for
    /// no limit), and the range that fits. It is computed by the very routine that fills frames, so a frame with a
    /// rectangle of the returned size (at any origin) shows exactly `fitRange` — Core Text's suggestion can be
    /// short and lose the last line. The size is not rounded; round up if you need whole points. A line with
    /// nothing visible (spaces, an empty paragraph) counts as 1 pt wide, the room a fragment needs to take it; a
    /// last line with no height adds a few millionths of a point, the room a band needs. Paragraphs broken optimally
    /// with a looseness are the exception: asking for more lines than the best is met more readily in a narrower
    /// frame, so a frame of the suggested size may break them into more lines than the suggestion measured.
    ///
    /// - Parameters:
    ///   - stringRange: the UTF-16 range to measure; an empty range measures from its start to the string's end.
    ///   - attributes: the frame attributes the frame will be filled with (line limit, truncation).
    ///   - constraints: the largest width and height; `.greatestFiniteMagnitude` for no limit.
    /// - Returns: the size a rectangle needs, and the range a frame of that size shows.
    ///
    /// Core Text: `CTFramesetterSuggestFrameSizeWithConstraints`.
    public func suggestFrameSize(stringRange: Range<Int> = 0..<0, attributes: FrameAttributes = FrameAttributes(),
                                 constraints: CGSize) -> (size: CGSize, fitRange: Range<Int>) {
        if let turn = FrameTurn(attributes.progression) {
            // The turned frame's suggestion, turned back: its width is the columns' length, its height their extent.
            let turnedConstraints = CGSize(width: constraints.height, height: constraints.width)
            let measured = Self.measuringSize(turnedConstraints)
            var turned = turn.turned(attributes, pageSize: CGSize(width: measured.height, height: measured.width))
            turned.progression = .topToBottom
            let suggestion = suggestFrameSize(stringRange: stringRange, attributes: turned, constraints: turnedConstraints)
            return (CGSize(width: suggestion.size.height, height: suggestion.size.width), suggestion.fitRange)
        }
        let measuring = Self.measuringSize(constraints)
        let (width, height) = (measuring.width, measuring.height)
        let frame = frame(stringRange: stringRange, path: Path(rect: CGRect(x: 0, y: 0, width: width, height: height)),
                          attributes: attributes)
        let used = frame.lines.reduce(CGFloat(0)) { widest, line in
            // A line needs its indents (the head indent before it, an inset tail indent after it, whichever the
            // direction and alignment) and its visible width between them.
            let paragraph = typesetter.paragraphs[typesetter.paragraphIndex(at: line.stringRange.lowerBound)]
            let style = paragraph.style
            let isFirstLine = paragraph.isFirstLine(startingAt: line.stringRange.lowerBound)
            let (head, tail) = FrameFiller.indents(style, isFirstLine: isFirstLine)
            let indents = head + max(-tail, 0)
            // (An opening bracket starting the line hangs half into the margin: that much less is needed where
            // greedy breaking gave the line that room. Optimal breaking's suggestions keep the lines' whole widths, as
            // they do with protrusion: enough, if not the least.)
            var trim = typesetter.lineStartTrim(of: paragraph, at: line.stringRange.lowerBound)
            // (And its last character may hang past the end where greedy breaking let it: a frame that much narrower
            // breaks it alike.)
            var endHang: CGFloat = 0
            if case .optimal = style.lineBreakStrategy, style.lineBreakMode == .byWordWrapping {
                trim = 0
            } else if style.lineBreakMode == .byWordWrapping, !line.runs.contains(where: \.isInsertedHyphen) {
                endHang = typesetter.lineEndHang(of: paragraph, visibleEnd: CharacterClasses.visibleEnd(of: line.stringRange, in: typesetter.text.units))
            }
            let visible = line.typographicBounds.width - line.trailingWhitespaceWidth - trim - endHang
            // What breaking measures for the line (its reshaped edges aside, where negative advances make it wider
            // before its end than at it, and Knuth–Plass's sums) must fit too, or a frame of the suggested width breaks
            // it earlier.
            let measured = typesetter.requiredWidth(startingAt: line.stringRange.lowerBound, end: line.stringRange.upperBound, offset: head,
                                                    textEnd: frame.stringRange.upperBound, endHang: endHang) - trim
            // A line with (nearly) nothing visible — spaces, an empty paragraph — still needs a point of room; a line
            // wider than the frame (a word that did not fit) needs no more than the frame.
            return max(widest, min(indents + max(visible, measured, Self.minimumRoom), width))
        }
        let suggestedWidth = constraints.width.isFinite && constraints.width > 0 && used > constraints.width ? constraints.width : used
        // A last line with no height (its runs have none) sits at the very bottom, where a frame of exactly the used
        // height has no room left to try a band: a sliver more gives it one.
        var usedHeight = frame.usedHeight
        if let last = frame.lineFragments.last, last.height <= LayoutTolerance.depth(inHeight: usedHeight) {
            usedHeight = min(usedHeight + 2 * LayoutTolerance.depth(inHeight: usedHeight), height)
        }
        let size = CGSize(width: suggestedWidth, height: usedHeight)
        // Text was left over and the suggestion is narrower than the frame measured: the lines shown break alike in
        // a frame of the suggested size (their widths were measured for that), but the lines after them break
        // shorter there, and one that did not fit (too tall) may give way to shorter ones that do, lines of no
        // height among them. The range is what a frame of the suggested size shows (found by the frames fuzzer).
        if frame.visibleStringRange.upperBound < frame.stringRange.upperBound, suggestedWidth < width {
            let check = self.frame(stringRange: stringRange, path: Path(rect: CGRect(origin: .zero, size: size)), attributes: attributes)
            return (size, check.visibleStringRange)
        }
        return (size, frame.visibleStringRange)
    }

    /// The rectangle a size suggestion fills: the constraints, where they are positive and finite, up to 10⁷ pt wide
    /// and `LayoutLimits.maximumExtent` tall.
    static func measuringSize(_ constraints: CGSize) -> CGSize {
        CGSize(width: constraints.width.isFinite && constraints.width > 0 ? min(constraints.width, 1e7) : 1e7,
               height: constraints.height.isFinite && constraints.height > 0
                ? min(constraints.height, LayoutLimits.maximumExtent) : LayoutLimits.maximumExtent)
    }

    /// The least width `suggestFrameSize` gives a line's fragment beyond the indents, so that a line showing nothing
    /// (spaces, an empty paragraph) has a fragment to go in.
    static let minimumRoom: CGFloat = 1

    func resolved(_ range: Range<Int>) -> Range<Int> {
        let length = typesetter.length
        let start = min(max(range.lowerBound, 0), length)
        let end = range.isEmpty ? length : min(max(range.upperBound, start), length)
        return start..<end
    }
}
