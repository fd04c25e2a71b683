import Foundation

/// A line of text: glyph runs in visual order with their positions, metrics, and caret geometry.
///
/// A `Line` is an immutable value; its runs share one flat glyph storage. Coordinates are Core Text's: x along
/// the baseline from the line's origin, y up, descent positive below the baseline. String indices are UTF-16
/// offsets into the attributed string the line was made from.
///
/// Core Text: `CTLine`.
public struct Line: Sendable {
    let storage: LineStorage

    init(storage: LineStorage) { self.storage = storage }

    /// One unbroken line for a whole attributed string (labels, single-line text). Text without a font
    /// attribute uses `defaultFont` (nil: `Font.defaultFont`). Never fails: malformed text (unpaired
    /// surrogates, lone marks, controls) is shaped as it is, characters no font has get the primary font's
    /// .notdef glyph, and an empty string gives a line with no runs.
    ///
    /// Core Text: `CTLineCreateWithAttributedString`.
    /// - Parameters:
    ///   - attributedString: the text, with Core Text's attribute keys.
    ///   - options: forced embedding level or script (Core Text's typesetter options).
    ///   - defaultFont: the font for text without a font attribute; nil takes `Font.defaultFont`.
    public init(attributedString: NSAttributedString, options: TypesetterOptions = TypesetterOptions(),
                defaultFont: Font? = nil) {
        self.init(text: AttributedText(attributedString, defaultFont: defaultFont ?? Font.defaultFont), options: options)
    }

    /// One unbroken line for a Swift `AttributedString` with Galley's attributes (`\.galley`).
    ///
    /// Core Text: `CTLineCreateWithAttributedString` (with `AttributedString`, as the iOS 26 overlay allows).
    public init(attributedString: AttributedString, options: TypesetterOptions = TypesetterOptions(),
                defaultFont: Font? = nil) {
        self.init(text: AttributedText(attributedString, defaultFont: defaultFont ?? Font.defaultFont), options: options)
    }

    /// A line for a plain string in one font.
    public init(string: String, font: Font) {
        var attributes = StringAttributes()
        attributes.font = font
        let units = Array(string.utf16)
        self.init(text: AttributedText(units: units, runs: [(0..<units.count, attributes)], defaultFont: font))
    }

    /// The whole text as one line, built as a typesetter's lines are: tab stops placed, bidi rule L1 applied.
    init(text: AttributedText, options: TypesetterOptions = TypesetterOptions()) {
        let paragraph = ShapedParagraph(text, options: options)
        storage = paragraph.range.isEmpty ? LineStorage(paragraph: paragraph) : LineBuilder(paragraph: paragraph).build(paragraph.range, offset: 0)
    }

    // MARK: Runs and ranges

    /// The glyph runs in visual order, left to right. Core Text: `CTLineGetGlyphRuns`.
    public var runs: [Run] { storage.runs.indices.map { Run(storage: storage, index: $0) } }

    /// The direction the line's paragraph resolved to (its style's base direction, or for `.natural` its first strong
    /// character's, by UAX #9's rules P2–P3): what editors show as the paragraph's writing direction. Galley only;
    /// UIKit: `UITextInput.baseWritingDirection(for:in:)`.
    public var paragraphDirection: WritingDirection {
        storage.paragraph.levels.paragraphLevel & 1 == 1 ? .rightToLeft : .leftToRight
    }

    /// The UTF-16 range of the string the line shows. Core Text: `CTLineGetStringRange`.
    public var stringRange: Range<Int> { storage.stringRange }

    /// The number of glyphs in all runs. Core Text: `CTLineGetGlyphCount`.
    public var glyphCount: Int { storage.glyphCount }

    // MARK: Measures

    /// Width (sum of advances, trailing whitespace included), and the largest ascent, descent and leading of
    /// the runs' fonts, run delegates and baseline shifts.
    /// Core Text: `CTLineGetTypographicBounds`.
    public var typographicBounds: TypographicBounds {
        let metrics = storage.metrics(shifted: true)
        return TypographicBounds(width: storage.width, ascent: metrics.ascent, descent: metrics.descent, leading: metrics.leading)
    }

    /// The line's rubies (`RubyAnnotation`), each placed beside its base (see `PlacedRuby`), in string order of
    /// their bases: before, after, inline and inter-character for each. Galley only (Core Text draws ruby in
    /// `CTLineDraw` and reports none of this).
    public var rubies: [PlacedRuby] {
        storage.rubies.flatMap { ruby -> [PlacedRuby] in
            let start = offset(forStringIndex: ruby.base.lowerBound).primary
            var placed: [PlacedRuby] = []
            if let line = ruby.before {
                placed.append(PlacedRuby(line: line, origin: CGPoint(x: start + ruby.beforeOffset, y: ruby.baseAscent + line.typographicBounds.descent),
                                         base: ruby.base, isColumn: false))
            }
            if let line = ruby.after {
                placed.append(PlacedRuby(line: line, origin: CGPoint(x: start + ruby.afterOffset, y: -(ruby.baseDescent + line.typographicBounds.ascent)),
                                         base: ruby.base, isColumn: false))
            }
            if let line = ruby.inline {
                placed.append(PlacedRuby(line: line, origin: CGPoint(x: start + ruby.inlineOffset, y: 0), base: ruby.base, isColumn: false))
            }
            if let line = ruby.column {
                let top = ruby.columnExtent(length: line.typographicBounds.width).top
                placed.append(PlacedRuby(line: line, origin: CGPoint(x: start + ruby.columnOffset, y: top), base: ruby.base, isColumn: true))
            }
            return placed
        }
    }

    /// The height the line's run delegates need above and below the baseline (their ascents and descents, baseline
    /// shifts applied; nil without delegates): what a line held to its paragraph font's strut still grows by.
    var runDelegateExtent: (ascent: CGFloat, descent: CGFloat)? {
        var extent: (ascent: CGFloat, descent: CGFloat)? = nil
        for run in storage.runs where run.isDelegate {
            let (ascent, descent) = (run.ascent + run.baselineShift, run.descent - run.baselineShift)
            extent = (max(extent?.ascent ?? ascent, ascent), max(extent?.descent ?? descent, descent))
        }
        return extent
    }

    /// A rectangle around the line relative to its origin: typographic by default (x 0, y −descent, height
    /// ascent + descent + leading), or as the options say. With `.includeLanguageExtents` the height also holds the
    /// bounding box of every font of the line, so that any glyph sequence the fonts can make — stacked Vietnamese
    /// and Thai marks, Tibetan stacks — fits (Core Text consults tables of its own per language; a font's box holds
    /// them all). Empty lines give a zero-width rectangle of the default font's height.
    /// Core Text: `CTLineGetBoundsWithOptions`.
    public func bounds(options: LineBoundsOptions = []) -> CGRect {
        if options.contains(.useGlyphPathBounds) { return imageBounds }
        let shifted = !options.contains(.excludeTypographicShifts)
        let metrics = storage.metrics(shifted: shifted)
        let leading = options.contains(.excludeTypographicLeading) ? 0 : metrics.leading
        var (ascent, descent) = (metrics.ascent, metrics.descent)
        if options.contains(.includeLanguageExtents) {
            for run in storage.runs where !run.isDelegate {
                let box = run.font.boundingBox, shift = shifted ? run.baselineShift : 0
                guard !box.isNull, box.minY.isFinite, box.maxY.isFinite else { continue }
                ascent = max(ascent, box.maxY + shift)
                descent = max(descent, -box.minY - shift)
            }
        }
        let height = ascent + descent + leading
        if options.contains(.useOpticalBounds) || options.contains(.useHangingPunctuation) {
            let (left, right) = marginHang(options.contains(.useOpticalBounds) ? .standard : .punctuation)
            let trailing = trailingWhitespaceWidth
            let leftEdge = left + (isVisuallyRightToLeft ? trailing : 0)
            return CGRect(x: leftEdge, y: -descent, width: max(storage.width - trailing - left - right, 0), height: height)
        }
        return CGRect(x: 0, y: -descent, width: storage.width, height: height)
    }

    /// How far the line's first and last visible characters (or its inserted hyphen) hang past its left and right
    /// edges by `table`: their factors times their advances, left and right as the line's direction puts them.
    func marginHang(_ table: CharacterProtrusion) -> (left: CGFloat, right: CGFloat) {
        let range = storage.stringRange
        let visibleEnd = storage.trailingWhitespaceStart
        guard visibleEnd > range.lowerBound else { return (0, 0) }
        let units = storage.paragraph.text.units
        func advance(from index: Int, width: Int) -> CGFloat {
            abs(offset(forStringIndex: index + width).primary - offset(forStringIndex: index).primary)
        }
        let first = UnicodeScalarReader.codePoint(in: units, at: range.lowerBound)
        let start = table.start(first.0) * advance(from: range.lowerBound, width: first.1)
        var end: CGFloat
        if let hyphen = runs.first(where: \.isInsertedHyphen) {
            end = table.end(0x2010) * hyphen.typographicBounds(in: nil).width
        } else {
            let last = UnicodeScalarReader.characterStart(at: visibleEnd - 1, in: units, notBefore: range.lowerBound)
            let character = UnicodeScalarReader.codePoint(in: units, at: last)
            end = table.end(character.0) * advance(from: last, width: character.1)
        }
        if !end.isFinite { end = 0 }
        return isVisuallyRightToLeft ? (end, start.isFinite ? start : 0) : (start.isFinite ? start : 0, end)
    }

    /// Whether the line's text starts at its right (its first character is right of its last visible one).
    private var isVisuallyRightToLeft: Bool {
        let range = storage.stringRange
        let visibleEnd = storage.trailingWhitespaceStart
        guard visibleEnd > range.lowerBound + 1 else { return runs.first?.status.contains(.rightToLeft) ?? false }
        return offset(forStringIndex: range.lowerBound).primary > offset(forStringIndex: visibleEnd - 1).primary
    }

    /// The union of the glyphs' ink, relative to the line origin (y up); `.zero` when no glyph has ink.
    /// Core Text: `CTLineGetImageBounds` (with a NULL context: no text matrix applied).
    public var imageBounds: CGRect {
        let bounds = storage.imageBounds(glyphs: 0..<storage.glyphCount)
        return bounds.isNull ? .zero : bounds
    }

    /// The width of the whitespace at the logical end of the line (spaces, tabs, newlines).
    /// Core Text: `CTLineGetTrailingWhitespaceWidth`.
    public var trailingWhitespaceWidth: CGFloat {
        // The whitespace at the logical end, then its glyphs' advances (no caret table needed).
        let start = storage.trailingWhitespaceStart
        guard start < storage.stringRange.upperBound else { return 0 }
        let units = storage.paragraph.text.units
        var width: CGFloat = 0
        for run in storage.runs where run.insertion == nil && run.stringRange.upperBound > start {
            // A run goes one way: its glyphs at or after `start` are at one end of it (the right end left to right,
            // the left end right to left). Visit those alone, from that end.
            let source = storage.source(of: run)
            func visit(_ glyph: Int) -> Bool {
                let index = run.sourceIndex(glyph)
                let stringIndex = source.stringIndex(index)
                guard stringIndex >= start else { return false }
                // Controls among the whitespace show nothing but do not hang either.
                if CharacterClasses.hangsAtLineEnd(units[stringIndex]) { width += source.advance(index) }
                return true
            }
            var high = run.glyphRange.upperBound
            while high > run.glyphRange.lowerBound, visit(high - 1) { high -= 1 }
            var low = run.glyphRange.lowerBound
            while low < high, visit(low) { low += 1 }
        }
        return width
    }

    /// Where to start drawing the line to align it in `flushWidth`: `(flushWidth − (width − trailing
    /// whitespace)) × flushFactor`, with the factor clamped to 0…1 (0 flush left, 0.5 centred, 1 flush right).
    /// The result is negative when the line is wider than `flushWidth` and the factor is above 0.
    ///
    /// - Parameters:
    ///   - flushFactor: 0 flush left, 0.5 centred, 1 flush right (clamped to 0…1).
    ///   - flushWidth: the width in points to align the line in.
    /// - Returns: the x in points at which to draw the line's origin.
    ///
    /// Core Text: `CTLineGetPenOffsetForFlush`.
    public func penOffset(flushFactor: CGFloat, flushWidth: CGFloat) -> CGFloat {
        guard flushFactor.isFinite, flushWidth.isFinite else { return 0 }
        let factor = min(max(flushFactor, 0), 1)
        return (flushWidth - (storage.width - trailingWhitespaceWidth)) * factor
    }

    // MARK: Carets and hit testing

    /// The x of the caret for a string index, and a secondary x where the index sits between runs of
    /// different directions (the trailing edge of the previous character); otherwise both are equal. An index
    /// inside a grapheme cluster (a surrogate pair, a base and its marks) gives the cluster's leading edge; an
    /// index past the end gives the trailing edge of the last character.
    ///
    /// Answered by binary search in a table built once per line (on the first caret question): no quadratic
    /// cost on long lines.
    /// Core Text: `CTLineGetOffsetForStringIndex`.
    public func offset(forStringIndex index: Int) -> (primary: CGFloat, secondary: CGFloat) {
        storage.caret.offset(forStringIndex: index)
    }

    /// The caret index nearest to a point: the grapheme cluster under x, then its start or end by which half
    /// was hit and by its direction (Core Text's rounding). Only x counts. Points left or right of the line give
    /// the caret at that end.
    ///
    /// This is a caret position, not "the character under the point": use `characterRange(at:)` for that.
    /// Core Text: `CTLineGetStringIndexForPosition`.
    public func stringIndex(forPosition position: CGPoint) -> Int {
        guard position.x.isFinite else { return position.x > 0 ? stringRange.upperBound : stringRange.lowerBound }
        return storage.caret.stringIndex(forX: position.x)
    }

    /// The UTF-16 range of the grapheme cluster whose box holds x (taps on links, hover), or nil outside the
    /// glyphs. Only x counts. Core Text has no such call (users ask for it); TextKit:
    /// `NSLayoutManager.characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`.
    public func characterRange(at position: CGPoint) -> Range<Int>? {
        guard position.x.isFinite else { return nil }
        return storage.caret.characterRange(atX: position.x)
    }

    /// Visits both edges of every grapheme cluster in visual order, left to right: the x offset, the cluster's
    /// first UTF-16 index, and whether the edge is the cluster's leading edge in reading order. Ligatures get
    /// a caret per component (from the font's GDEF carets, else split evenly); surrogate pairs and grapheme
    /// clusters are never split. Set the last argument to true to stop.
    ///
    /// - Parameter body: called for each caret edge in logical order with its x offset from the line's origin, the
    ///   UTF-16 index it belongs to, whether it is the character's leading edge, and a flag to set to stop.
    ///
    /// Core Text: `CTLineEnumerateCaretOffsets`.
    public func enumerateCaretOffsets(_ body: (_ offset: CGFloat, _ stringIndex: Int, _ isLeadingEdge: Bool, _ stop: inout Bool) -> Void) {
        var stop = false
        let caret = storage.caret
        for index in caret.visual {
            let segment = caret.logical[index]
            body(segment.left, segment.start, !segment.isRightToLeft, &stop)
            if stop { return }
            body(segment.right, segment.start, segment.isRightToLeft, &stop)
            if stop { return }
        }
    }
}
