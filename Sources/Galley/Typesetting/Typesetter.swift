internal import CUnicode
import Foundation
import Synchronization

/// Breaks the paragraphs of an attributed string into lines.
///
/// A typesetter itemizes and shapes every paragraph once, when it is made; every later question — where a line
/// of some width should end, the line for a range — is answered from that shaping and from the stored glyph
/// advances. Re-breaking at another width never reshapes; a line reshapes only an edge that HarfBuzz marks
/// unsafe to break (a ligature or a joining form cut by the line's end).
///
/// Paragraphs end after LF, CR, CRLF, NEL and U+2029; U+2028 ends a line inside its paragraph. A paragraph takes
/// its `ParagraphStyle` from its first character.
///
/// Core Text: `CTTypesetter`.
public final class Typesetter: Sendable {
    /// One paragraph, shaped, with what line breaking needs.
    /// (A class: line breaking passes it around for every line, and one reference is cheaper to hand over than a
    /// struct of a dozen.)
    final class Paragraph: Sendable {
        let shaped: ShapedParagraph
        let breaks: LineBreakOpportunities
        /// The advance of each UTF-16 unit's cluster at the unit where the cluster starts (0 elsewhere).
        let unitAdvances: UnitAdvances
        /// Widths up to each opportunity (nil for paragraphs with tabs).
        let opportunityWidths: OpportunityWidths?
        /// The attributes of the paragraph's first character, whose paragraph style is the paragraph's (a reference:
        /// a `ParagraphStyle` is some 360 bytes, and most paragraphs share one).
        private let firstAttributes: SharedAttributes
        /// Whether the paragraph's first line is here, and its last (not so for a text that starts or stops inside a
        /// paragraph: `TypesetterOptions.startsInsideParagraph`, `endsInsideParagraph`).
        let opensParagraph: Bool
        let closesParagraph: Bool

        /// For a paragraph made from the one before an edit: that paragraph, and how many of the first opportunities
        /// the two share with the same widths (`OpportunityWidths.keptPrefix`), which
        /// `Typesetter.breakingAgreement(with:upTo:)` then need not compare.
        var sharedOpportunities: (with: ObjectIdentifier, count: Int)? {
            guard let from = shaped.kept?.from, let count = opportunityWidths?.keptPrefix, count > 0 else { return nil }
            return (from, count)
        }

        /// `reuse`: the edit this paragraph was shaped from the old one by, whose widths it keeps where it can.
        init(shaped: ShapedParagraph, breaks: LineBreakOpportunities, firstAttributes: SharedAttributes, reusing reuse: ShapingReuse? = nil,
             opens: Bool = true, closes: Bool = true) {
            self.shaped = shaped
            opensParagraph = opens
            closesParagraph = closes
            self.breaks = breaks  // (the opportunities read from here on in place: taken, not copied)
            unitAdvances = UnitAdvances(shaped)
            let keeping = reuse?.widths.flatMap { [breaks = self.breaks] in OpportunityWidths.keeping($0, paragraph: shaped, breaks: breaks) }
            // (A piece of a longer paragraph, laid out and edited on its own, looks for exact sums whatever its length.)
            opportunityWidths = OpportunityWidths(paragraph: shaped, positions: self.breaks.positions, advances: unitAdvances, keeping: keeping,
                                                  isPiece: !opens || !closes)
            self.firstAttributes = firstAttributes
        }

        /// The paragraph's range in the typeset string (its shaping's, read in place: a copy here cost 16 bytes a
        /// paragraph).
        var range: Range<Int> { shaped.range }

        /// The paragraph's style (its first character's), read in place.
        var style: ParagraphStyle {
            _read { yield firstAttributes.paragraphStyle }
        }

        /// Whether a line starting at `index` is the paragraph's first (its first-line indent, the spacing before it).
        func isFirstLine(startingAt index: Int) -> Bool { index == range.lowerBound && opensParagraph }

        /// Whether a line ending at `index` is the paragraph's last (not justified; the spacing after it follows).
        func isLastLine(endingAt index: Int) -> Bool { index >= range.upperBound && closesParagraph }

        /// Whether the paragraph's base direction (its resolved paragraph embedding level) is right to left.
        var isRightToLeft: Bool { shaped.levels.paragraphLevel & 1 == 1 }
    }

    let text: AttributedText
    let options: TypesetterOptions
    let paragraphs: [Paragraph]
    /// Where each paragraph starts (searched without touching the paragraphs).
    private let paragraphStarts: [Int]
    /// The paragraph found last: lines are asked for in order, so the next offset is usually in it or the next one.
    private let lastParagraph = Atomic<Int>(0)
    /// The hyphen line of each attribute run that has needed one (shaped on first use).
    private let hyphenLines = Locked<[Int: Line]>([:])
    /// Refuses breaks: called with the UTF-16 offset a line would end at and whether it is a hyphenation point.
    let breakVeto: (@Sendable (_ index: Int, _ isHyphenation: Bool) -> Bool)?

    /// A typesetter for an attributed string with Core Text's keys. Text without a font attribute uses
    /// `defaultFont` (nil: `Font.defaultFont`).
    /// Core Text: `CTTypesetterCreateWithAttributedStringAndOptions`.
    ///
    /// - Parameters:
    ///   - attributedString: the text, with Core Text's attribute keys.
    ///   - options: forced embedding level or script (Core Text's typesetter options).
    ///   - defaultFont: the font for text without a font attribute; nil takes `Font.defaultFont`.
    ///   - shouldBreak: a veto, as TextKit's delegate `layoutManager(_:shouldBreakLineByWordBeforeCharacterAt:)`
    ///     and `…ByHyphenatingBeforeCharacterAt:`: called with the offset a line would end at and whether it is a
    ///     hyphenation point; return false to keep the text together (links, URLs). A vetoed line ends earlier.
    public convenience init(attributedString: NSAttributedString, options: TypesetterOptions = TypesetterOptions(),
                            defaultFont: Font? = nil,
                            shouldBreak: (@Sendable (_ index: Int, _ isHyphenation: Bool) -> Bool)? = nil) {
        self.init(text: AttributedText(attributedString, defaultFont: defaultFont ?? Font.defaultFont), options: options,
                  breakVeto: shouldBreak)
    }

    /// A typesetter for a Swift `AttributedString` with Galley's attributes.
    /// Core Text: `CTTypesetterCreateWithAttributedString`.
    public convenience init(attributedString: AttributedString, options: TypesetterOptions = TypesetterOptions(),
                            defaultFont: Font? = nil,
                            shouldBreak: (@Sendable (_ index: Int, _ isHyphenation: Bool) -> Bool)? = nil) {
        self.init(text: AttributedText(attributedString, defaultFont: defaultFont ?? Font.defaultFont), options: options,
                  breakVeto: shouldBreak)
    }

    /// `reuse`: for a text of one paragraph, the paragraph before an edit, whose glyphs away from the edit it keeps.
    init(text: AttributedText, options: TypesetterOptions = TypesetterOptions(),
         breakVeto: (@Sendable (Int, Bool) -> Bool)? = nil, reusing reuse: ShapingReuse? = nil) {
        self.text = text
        self.options = options
        self.breakVeto = breakVeto
        var ranges = ParagraphBoundaries.ranges(text.units)
        ranges = Typesetter.bounded(ranges, text.units, limit: options.allowsUnboundedLayout
            ? TypesetterOptions.maximumUnboundedParagraphLength : TypesetterOptions.maximumParagraphLength)
        let reuse = ranges.count == 1 ? reuse : nil
        let scratch = ShapingScratch()
        // The paragraphs' line-break opportunities, found together (`LineBreakOpportunities.ofParagraphs`).
        // (Each taken out as its paragraph is made: a copy counted a reference on each of its arrays.)
        var breaks: [LineBreakOpportunities?] = ranges.count > 1 ? LineBreakOpportunities.ofParagraphs(text.units, ranges: ranges, locales: ranges.map {
            let rules = Typesetter.lineBreakRules(text, paragraphAt: $0.lowerBound)
            return rules.strictness.icuLocale(language: rules.language)
        }) : []
        paragraphs = ranges.indices.map {
            Typesetter.prepare(text, range: ranges[$0], options: options, reusing: reuse, scratch: scratch,
                               breaks: $0 < breaks.count ? breaks[$0].take() : nil,
                               opens: $0 > 0 || !options.startsInsideParagraph, closes: $0 < ranges.count - 1 || !options.endsInsideParagraph)
        }
        paragraphStarts = ranges.map(\.lowerBound)
    }

    /// Paragraphs longer than the bound, cut into pieces at grapheme boundaries.
    private static func bounded(_ ranges: [Range<Int>], _ units: [UInt16], limit: Int) -> [Range<Int>] {
        guard ranges.contains(where: { $0.count > limit }) else { return ranges }
        var result: [Range<Int>] = []
        for range in ranges {
            var start = range.lowerBound
            while range.upperBound - start > limit {
                var cut = start + limit
                let boundaries = GraphemeBoundaries.compute(units[max(start, cut - 64)..<min(range.upperBound, cut + 64)])
                cut = boundaries.last { $0 <= cut && $0 > start } ?? cut
                result.append(start..<cut)
                start = cut
            }
            result.append(start..<range.upperBound)
        }
        return result
    }

    /// The language and strictness a paragraph's lines break by: its first character's.
    private static func lineBreakRules(_ text: AttributedText, paragraphAt start: Int) -> (language: String?, strictness: LineBreakStrictness) {
        // (Read in place: a copy of the attributes retains every object they hold.)
        let first = text.sharedRunAttributes[text.runIndex(at: start)]
        return (first.value.language, first.paragraphStyle.lineBreakStrictness)
    }

    private static func prepare(_ text: AttributedText, range: Range<Int>, options: TypesetterOptions,
                                reusing reuse: ShapingReuse? = nil, scratch: ShapingScratch? = nil,
                                breaks found: consuming LineBreakOpportunities? = nil, opens: Bool = true, closes: Bool = true) -> Paragraph {
        let shaped = ShapedParagraph(text, range: range, options: options, reusing: reuse, scratch: scratch)
        let firstAttributes = text.sharedRunAttributes[text.runIndex(at: range.lowerBound)]
        let (language, strictness) = lineBreakRules(text, paragraphAt: range.lowerBound)
        var breaks: LineBreakOpportunities
        if let reuse, let old = reuse.breaks, old.language == language, old.strictness == strictness, range == 0..<text.length {
            breaks = LineBreakOpportunities(text.units[range], language: language, strictness: strictness,
                                            reusing: old.opportunities, replaced: reuse.replaced, insertedLength: reuse.insertedLength)
        } else if let found {
            breaks = found
        } else {
            breaks = LineBreakOpportunities(text.units[range], language: language, strictness: strictness)
        }
        // A ruby's base never breaks apart.
        if !shaped.rubies.isEmpty {
            breaks = breaks.removing(inside: shaped.rubies.map { ($0.base.lowerBound - range.lowerBound)..<($0.base.upperBound - range.lowerBound) })
        }
        return Paragraph(shaped: shaped, breaks: breaks, firstAttributes: firstAttributes, reusing: reuse, opens: opens, closes: closes)
    }

    /// The number of UTF-16 units of the typeset string.
    public var length: Int { text.length }

    /// The index of the paragraph holding a UTF-16 offset (the last paragraph for the end).
    func paragraphIndex(at index: Int) -> Int {
        let hint = lastParagraph.load(ordering: .relaxed)
        for candidate in hint..<min(hint + 2, paragraphStarts.count) where paragraphStarts[candidate] <= index
            && (candidate + 1 == paragraphStarts.count || paragraphStarts[candidate + 1] > index)
        {
            if candidate != hint { lastParagraph.store(candidate, ordering: .relaxed) }
            return candidate
        }
        let found = max(paragraphStarts.partitioningIndex { $0 > index } - 1, 0)
        lastParagraph.store(found, ordering: .relaxed)
        return found
    }

    /// The UTF-16 ranges of the paragraphs, separators included.
    public var paragraphRanges: [Range<Int>] { paragraphs.map(\.range) }

    // MARK: Breaking

    /// How many UTF-16 units from `start` fit on a line `width` points wide: the line ends at the last line-break
    /// opportunity (UAX #14, tailored by the paragraph's language) whose text fits, trailing whitespace hanging
    /// past the width; at a mandatory break (U+2028, the paragraph's end) at the latest. A word wider than the
    /// line breaks between grapheme clusters; at least one cluster is always returned, so a caller always
    /// advances. `offset` is the line's start position, which tab stops are measured from.
    /// Core Text: `CTTypesetterSuggestLineBreakWithOffset`.
    ///
    /// When the paragraph's style has a `hyphenationFactor` and the line would be filled less than that, the next
    /// word is hyphenated where the dictionary allows; `line(stringRange:)` then ends the line with a hyphen.
    ///
    /// - Parameters:
    ///   - start: the UTF-16 offset the line starts at.
    ///   - width: the line's width in points; a NaN or negative width still gives one cluster.
    ///   - offset: the line's start position in points, from which tab stops are measured.
    /// - Returns: the number of UTF-16 units on the line, at least one cluster's; 0 for a start outside the string.
    public func suggestLineBreak(startingAt start: Int, width: CGFloat, offset: CGFloat = 0) -> Int {
        guard start >= 0, start < text.length else { return 0 }
        return breakLine(startingAt: start, width: width, offset: offset).end - start
    }

    /// The greedy line from `start` when the text counts as ending at `limit` (a frame's string range ending inside
    /// the paragraph): the line the paragraph gives, or all the text up to the limit when that fits — as a paragraph
    /// ending there would break. Only the first opportunity past the line's end needs measuring: if it lies before
    /// the limit, the text to the limit is wider still.
    func breakLine(startingAt start: Int, width: CGFloat, offset: CGFloat, endingBy limit: Int) -> LineEnd {
        let broken = breakLine(startingAt: start, width: width, offset: offset)
        guard broken.end < limit else { return broken }
        let paragraph = paragraphs[paragraphIndex(at: start)]
        // Not past a mandatory break (after which there is no next opportunity), nor past any other before the limit.
        guard limit < paragraph.range.upperBound, let next = nextOpportunity(paragraph, after: broken.end), next >= limit
        else { return broken }
        var measure = LineMeasure(typesetter: self, paragraph: paragraph, start: start, offset: offset)
        measure.advance(to: limit, stoppingAbove: width)
        // (The limit ends the line as an opportunity would: its last character may hang.)
        let hang = hangsAtLineEnds(paragraph) ? lineEndHang(of: paragraph, visibleEnd: CharacterClasses.visibleEnd(of: start..<limit, in: text.units)) : 0
        return measure.position == limit && measure.visibleWidth - hang <= width + LayoutTolerance.lineFit ? LineEnd(end: limit, hyphenated: false) : broken
    }

    /// The widest the text from `start` gets, visibly, at any break opportunity up to `end` (inclusive), as breaking
    /// measures it (from the paragraph's shaping): the width a line must have for greedy breaking to reach `end`.
    /// That can exceed the width of the line set for the range, whose edges may be reshaped; and with negative
    /// advances (negative kerning or tracking) a line can be narrower at its end than before it, while greedy
    /// breaking stops at the first opportunity that does not fit.
    /// `betweenClusters`: the line breaks between any grapheme clusters (char wrapping), so every cluster boundary
    /// counts as an opportunity. `endHang`: how far the text may pass the width at `end` itself (`lineEndHang`).
    func widestPrefix(startingAt start: Int, end: Int, offset: CGFloat, betweenClusters: Bool = false, endHang: CGFloat = 0) -> CGFloat {
        let paragraph = paragraphs[paragraphIndex(at: start)]
        let base = paragraph.range.lowerBound
        let positions = paragraph.breaks.positions
        var measure = LineMeasure(typesetter: self, paragraph: paragraph, start: start, offset: offset)
        var widest = -CGFloat.infinity
        func measureAt(_ places: some Sequence<Int>) {
            for place in places {
                guard place < end else { break }
                measure.advance(to: place)
                widest = max(widest, measure.visibleWidth)
            }
        }
        if betweenClusters {
            let graphemes = paragraph.shaped.graphemes
            measureAt(graphemes[graphemes.partitioningIndex { $0 > start }...])
        } else if paragraph.opportunityWidths?.advancesAreNonNegative != true {
            // (Without negative advances the width at the end is the widest.)
            measureAt(positions[positions.firstIndex(after: start - base)...].lazy.map { $0 + base })
        }
        measure.advance(to: min(end, paragraph.range.upperBound))
        // Breaking stops measuring a line once it is far past its width (`LineMeasure.givesUp(above:)`), which only
        // negative advances (tracking of -10⁹, found by the frames fuzzer) could bring back: the line needs a width at
        // which no point before `end` is that far past it, or greedy breaking ends it earlier.
        return max(widest, measure.visibleWidth - endHang, LineMeasure.limitMeasuringPast(measure.peakVisibleWidth))
    }

    /// The width a line from `start` to `end` needs for this paragraph's breaking to set it so, besides its indents:
    /// what greedy breaking measures (`widestPrefix`, for word and char wrapping), and under Knuth–Plass also the
    /// breaker's natural width of the line (`OptimalLineBreaker.naturalWidth`), which sums the paragraph's advances
    /// without tab stops and can be the wider. Other break modes set one line per paragraph: 0. `textEnd`: where the
    /// text counts as ending (a frame's string range). `endHang`: how far greedy breaking lets the line pass its width
    /// at its end (`lineEndHang`).
    func requiredWidth(startingAt start: Int, end: Int, offset: CGFloat, textEnd: Int, endHang: CGFloat = 0) -> CGFloat {
        let paragraph = paragraphs[paragraphIndex(at: start)]
        let style = paragraph.style
        switch style.lineBreakMode {
        case .byCharWrapping:
            return widestPrefix(startingAt: start, end: end, offset: offset, betweenClusters: true)
        case .byWordWrapping:
            let greedy = widestPrefix(startingAt: start, end: end, offset: offset, endHang: endHang)
            guard case .optimal = style.lineBreakStrategy else { return greedy }
            return max(greedy, OptimalLineBreaker.naturalWidth(of: start..<min(end, paragraph.range.upperBound), in: paragraph, textEnd: textEnd,
                                                          typesetter: self))
        case .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle:
            return 0
        }
    }

    /// The greedy line from `start`: where it ends and whether it ends at a hyphenation point.
    func breakLine(startingAt start: Int, width: CGFloat, offset: CGFloat) -> LineEnd {
        let paragraph = paragraphs[paragraphIndex(at: start)]
        let width = width.isNaN ? 0 : width
        let fit = wordBreak(paragraph, start: start, width: width, offset: offset)
        if paragraph.style.hyphenationFactor > 0, let overflow = fit.map({ nextOpportunity(paragraph, after: $0.end) }) ?? nextOpportunity(paragraph, after: start),
            (fit?.visibleWidth ?? 0) < CGFloat(paragraph.style.hyphenationFactor) * width,
            let hyphenated = hyphenationBreak(paragraph, start: start, from: fit?.end ?? start, to: overflow, width: width, offset: offset)
        {
            return LineEnd(end: hyphenated, hyphenated: true)
        }
        if let fit { return LineEnd(end: fit.end, hyphenated: false) }
        return LineEnd(end: clusterBreak(paragraph, start: start, width: width, offset: offset), hyphenated: false)
    }

    /// Where the lines of the paragraph holding `start` should end (UTF-16 offsets, ascending, the paragraph's end
    /// last) by Knuth and Plass's total fit, with line n as wide as `width(n)` — the way to break for shapes whose
    /// lines differ in width. Uses the paragraph style's hyphenation.
    ///
    /// - Parameters:
    ///   - start: a UTF-16 offset in the paragraph; breaking starts there.
    ///   - looseness: TeX's `\looseness`: ask for that many lines more (positive) or fewer (negative) than the best
    ///     breaking, when the paragraph allows it.
    ///   - width: the width in points of line n (0 is the first line from `start`).
    /// - Returns: the UTF-16 offset at which each line ends, ascending, the paragraph's end last.
    public func optimalLineBreaks(startingAt start: Int, looseness: Int = 0, width: (Int) -> CGFloat) -> [Int] {
        guard start >= 0, start < text.length else { return [] }
        return optimalBreaks(startingAt: start, looseness: looseness, width: width).map(\.end)
    }

    /// `uniformFrom`: the line from which on every line is as wide (nil when the caller does not know). `limit`:
    /// where the text counts as ending when that is inside the paragraph (a frame's string range).
    func optimalBreaks(startingAt start: Int, looseness: Int, uniformFrom: Int? = nil, endingBy limit: Int? = nil,
                       width: (Int) -> CGFloat) -> [LineEnd]
    {
        let paragraph = paragraphs[paragraphIndex(at: start)]
        let end = min(max(limit ?? paragraph.range.upperBound, start + 1), paragraph.range.upperBound)
        return withoutActuallyEscaping(width) { width in
            OptimalLineBreaker(typesetter: self, paragraph: paragraph, start: start, end: end, width: width,
                               looseness: looseness, uniformFrom: uniformFrom).breaks()
        }
    }

    /// The first break opportunity after `index` (the paragraph's end at the latest).
    private func nextOpportunity(_ paragraph: Paragraph, after index: Int) -> Int? {
        let base = paragraph.range.lowerBound
        let positions = paragraph.breaks.positions
        let low = positions.partitioningIndex { $0 + base > index }
        guard low < positions.count else { return nil }
        if low > 0, paragraph.breaks.isMandatory[low - 1], positions[low - 1] + base == index { return nil }
        return positions[low] + base
    }

    /// The best hyphenation point in the words between `from` and `to` for a line from `start`: the last one whose
    /// text and hyphen fit, that the veto allows.
    private func hyphenationBreak(_ paragraph: Paragraph, start: Int, from: Int, to: Int, width: CGFloat, offset: CGFloat) -> Int? {
        // Only words that start before the line overflows can give a point that fits.
        var overflow = LineMeasure(typesetter: self, paragraph: paragraph, start: start, offset: offset)
        overflow.advance(to: to, stoppingAbove: width)
        let points = hyphenationPoints(paragraph, in: from..<to, wordsStartingBefore: overflow.position + 1)
        guard !points.isEmpty else { return nil }
        var measure = LineMeasure(typesetter: self, paragraph: paragraph, start: start, offset: offset)
        var best: Int? = nil
        for point in points where point > start {
            measure.advance(to: point)
            guard measure.width + hyphenWidth(at: point - 1) <= width + LayoutTolerance.lineFit else { break }
            if breakVeto?(point, true) ?? true { best = point }
        }
        return best
    }

    /// Hyphenation points (absolute offsets) of the letter runs in a range, by the dictionary of each run's language.
    /// With `limit`, only words starting before it count, and the scan stops inside a word found too long to
    /// hyphenate past it: work is bounded by the limit, not by the range (a megabyte-long "word").
    func hyphenationPoints(_ paragraph: Paragraph, in range: Range<Int>, wordsStartingBefore limit: Int? = nil) -> [Int] {
        let units = text.units
        var points: [Int] = []
        var index = range.lowerBound
        // The language and its hyphenator of the last attribute run asked (most paragraphs have one).
        var known: (run: Int, hyphenator: Hyphenator?) = (-1, nil)
        let limit = limit ?? range.upperBound
        while index < range.upperBound, index < limit {
            guard isLetter(units[index]) else {
                index += 1
                continue
            }
            let wordStart = index
            while index < range.upperBound, isLetter(units[index]) {
                index += 1
                if index - wordStart > Hyphenator.maximumWordLength, index >= limit { return points }
            }
            guard index - wordStart >= 4, index - wordStart <= Hyphenator.maximumWordLength else { continue }
            // A part of a compound written with a hyphen ("quick-witted") breaks at its hyphen only, as TeX's words do,
            // unless the style asks for patterns inside compounds too.
            if !paragraph.style.hyphenatesCompounds {
                let joinedBefore = wordStart >= 2 && Self.isExplicitHyphen(units[wordStart - 1]) && isLetter(units[wordStart - 2])
                let joinedAfter = index + 1 < units.count && Self.isExplicitHyphen(units[index]) && isLetter(units[index + 1])
                if joinedBefore || joinedAfter { continue }
            }
            let run = text.runIndex(at: wordStart)
            if run != known.run {
                let language = text.sharedRunAttributes[run].value.language ?? options.language
                known = (run, language.flatMap(Hyphenator.forLanguage))
            }
            guard let hyphenator = known.hyphenator, index - wordStart >= hyphenator.leftMinimum + hyphenator.rightMinimum else { continue }
            hyphenator.appendHyphenationPoints(of: units[wordStart..<index], adding: wordStart, to: &points)
        }
        return points
    }

    /// A hyphen written in the text: hyphen-minus, U+2010 HYPHEN or U+2011 NON-BREAKING HYPHEN.
    static func isExplicitHyphen(_ unit: UInt16) -> Bool { unit == 0x2D || unit == 0x2010 || unit == 0x2011 }

    /// Letters (and combining marks) of words: what hyphenation looks at.
    private func isLetter(_ unit: UInt16) -> Bool {
        if unit < 0x80 { return (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A) }
        if UTF16.isSurrogate(unit) { return false }
        guard let scalar = Unicode.Scalar(unit) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
    }

    /// The width of the hyphen a line ending after `index` would show (the font's U+2010, else U+002D).
    func hyphenWidth(at index: Int) -> CGFloat {
        guard let font = text.runAttributes[text.runIndex(at: max(index, 0))].font else { return 0 }
        let glyph = font.glyph(forCodePoint: 0x2010) ?? font.glyph(forCodePoint: 0x2D) ?? 0
        return font.advances(for: [glyph]).total
    }

    /// How many UTF-16 units from `start` fit on a line `width` points wide when lines may break between any
    /// grapheme clusters (char wrapping); at least one cluster, and never past a mandatory break.
    ///
    /// - Parameters:
    ///   - start: the UTF-16 offset the line starts at.
    ///   - width: the line's width in points.
    ///   - offset: the line's start position in points, from which tab stops are measured.
    /// - Returns: the number of UTF-16 units on the line, at least one cluster's; 0 for a start outside the string.
    ///
    /// Core Text: `CTTypesetterSuggestClusterBreakWithOffset`.
    public func suggestClusterBreak(startingAt start: Int, width: CGFloat, offset: CGFloat = 0) -> Int {
        guard start >= 0, start < text.length else { return 0 }
        let paragraph = paragraphs[paragraphIndex(at: start)]
        return clusterBreak(paragraph, start: start, width: width.isNaN ? 0 : width, offset: offset) - start
    }

    /// The end of the longest line from `start` ending at a break opportunity that fits, or nil when even the
    /// first word does not fit.
    func wordBreak(_ paragraph: Paragraph, start: Int, width: CGFloat, offset: CGFloat) -> (end: Int, visibleWidth: CGFloat)? {
        let positions = paragraph.breaks.positions
        let base = paragraph.range.lowerBound
        // The first opportunity after start (positions are relative to the paragraph).
        let low = positions.firstIndex(after: start - base)
        var advances = paragraph.unitAdvances.reader
        if let widths = paragraph.opportunityWidths,
            let startWidth = widths.width(before: start, positions: positions, after: low, advances: &advances)
        {
            // Differences of stored sums: a few steps per opportunity on the line. The whitespace hanging at the end
            // is measured only where the whole width does not settle it, and for the line chosen.
            var index = low
            var fitIndex: Int? = nil
            if breakVeto == nil, widths.advancesAreNonNegative, low < positions.count {
                // Whole widths then ascend: every opportunity up to the last whose whole width fits is a fit, found up
                // to the first mandatory break (which ends the line); the loop below goes on from there, measuring
                // hanging whitespace, as it would have. A line holds a few opportunities: stepping through the first
                // 16 costs fewer mispredicted branches than a binary search; past them, the rest is searched.
                let stop = paragraph.breaks.firstMandatory(atOrAfter: low) ?? positions.count - 1
                var over = low
                while over <= stop, over < low + 16, widths.width(from: startWidth, to: over) <= width + LayoutTolerance.lineFit { over += 1 }
                if over == low + 16, over <= stop {
                    over = (over..<(stop + 1)).partitioningIndex { widths.width(from: startWidth, to: $0) > width + LayoutTolerance.lineFit }
                }
                if over > low { fitIndex = over - 1 }
                index = over > stop && paragraph.breaks.isMandatory[stop] ? positions.count : over
            }
            while index < positions.count {
                let end = positions[index] + base
                let fits = widths.advancesAreNonNegative && widths.width(from: startWidth, to: index) <= width + LayoutTolerance.lineFit
                    || widths.visibleWidth(from: start, startWidth: startWidth, to: index, positions: positions,
                                           units: text.units, advances: &advances) <= width + LayoutTolerance.lineFit
                guard fits else {
                    // The first opportunity past the width may still end the line if its last character can hang.
                    if hangsAtLineEnds(paragraph), takesHangingEnd(paragraph, start: start, index: index, width: width,
                                                                  visibleWidth: widths.visibleWidth(from: start, startWidth: startWidth, to: index, positions: positions,
                                                                                                    units: text.units, advances: &advances)) {
                        fitIndex = index
                    }
                    break
                }
                let mandatory = paragraph.breaks.isMandatory[index] || end == paragraph.range.upperBound
                if mandatory || (breakVeto?(end, false) ?? true) { fitIndex = index }
                if paragraph.breaks.isMandatory[index] { break }
                index += 1
            }
            return fitIndex.map { index in
                let end = positions[index] + base
                return (end, widths.visibleWidth(from: start, startWidth: startWidth, to: index, positions: positions,
                                                 units: text.units, advances: &advances))
            }
        }
        var fit: (end: Int, visibleWidth: CGFloat)? = nil
        var measure = LineMeasure(typesetter: self, paragraph: paragraph, start: start, offset: offset)
        var index = low
        while index < positions.count {
            let end = positions[index] + base
            measure.advance(to: end, stoppingAbove: width)
            guard measure.visibleWidth <= width + LayoutTolerance.lineFit else {
                if measure.position == end, hangsAtLineEnds(paragraph),
                    takesHangingEnd(paragraph, start: start, index: index, width: width, visibleWidth: measure.visibleWidth)
                {
                    fit = (end, measure.visibleWidth)
                }
                break
            }
            let mandatory = paragraph.breaks.isMandatory[index] || end == paragraph.range.upperBound
            if mandatory || (breakVeto?(end, false) ?? true) { fit = (end, measure.visibleWidth) }
            if paragraph.breaks.isMandatory[index] { break }
            index += 1
        }
        // A mandatory break inside the first word that does not fit still ends the line there.
        return fit
    }

    /// Whether lines of the paragraph may end with a character hanging past their width (`lineEndHang`).
    private func hangsAtLineEnds(_ paragraph: Paragraph) -> Bool {
        paragraph.style.trimsPunctuationAtLineEnds || paragraph.style.characterProtrusion != nil
    }

    /// Whether a line from `start` that overflows `width` at opportunity `index` (by its `visibleWidth`) fits there
    /// with its last character hanging (`lineEndHang`) and may end there. Only the first opportunity past the width
    /// can: at any later one the text since the one before is already wider than a character's hang.
    private func takesHangingEnd(_ paragraph: Paragraph, start: Int, index: Int, width: CGFloat, visibleWidth: CGFloat) -> Bool {
        let end = paragraph.breaks.positions[index] + paragraph.range.lowerBound
        let hang = lineEndHang(of: paragraph, visibleEnd: CharacterClasses.visibleEnd(of: start..<end, in: text.units))
        guard hang > 0, visibleWidth - hang <= width + LayoutTolerance.lineFit else { return false }
        return paragraph.breaks.isMandatory[index] || end == paragraph.range.upperBound || (breakVeto?(end, false) ?? true)
    }

    /// The end of the longest run of whole grapheme clusters from `start` that fits (at least one), stopping at a
    /// mandatory break.
    func clusterBreak(_ paragraph: Paragraph, start: Int, width: CGFloat, offset: CGFloat) -> Int {
        let graphemes = paragraph.shaped.graphemes
        let positions = paragraph.breaks.positions
        let base = paragraph.range.lowerBound
        // Break opportunities are read only as far as the line reaches (never to the paragraph's end).
        var opportunity = positions.partitioningIndex { $0 + base > start }
        func mandatoryBreak(upTo limit: Int) -> Int? {
            while opportunity < positions.count, positions[opportunity] + base <= limit {
                let index = opportunity
                opportunity += 1
                if paragraph.breaks.isMandatory[index] { return positions[index] + base }
            }
            return nil
        }
        let low = graphemes.partitioningIndex { $0 > start }
        var end = low < graphemes.count ? graphemes[low] : paragraph.range.upperBound
        if let hard = mandatoryBreak(upTo: end) { return hard }
        var measure = LineMeasure(typesetter: self, paragraph: paragraph, start: start, offset: offset)
        measure.advance(to: end)
        var index = low + 1
        while index < graphemes.count {
            let next = graphemes[index]
            let hard = mandatoryBreak(upTo: next)
            if let hard, hard < next { break }
            measure.advance(to: next)
            guard measure.visibleWidth <= width + LayoutTolerance.lineFit else { break }
            end = next
            if hard != nil { break }
            index += 1
        }
        return end
    }

    // MARK: Lines

    /// The line for a range of the string (clamped to the string; an empty range runs to the end of the paragraph
    /// that holds its start), with tab stops measured from `offset`. The line reuses the paragraph's glyphs and
    /// reshapes only edges HarfBuzz marks unsafe to break. A range that crosses paragraph separators is one line
    /// holding them, as Core Text makes it (shaped for the call; bidi levels resolved paragraph by paragraph).
    /// Core Text: `CTTypesetterCreateLineWithOffset`.
    ///
    /// A line that ends after a soft hyphen (U+00AD), or at a hyphenation point of a paragraph whose style
    /// hyphenates, ends with a hyphen (the font's U+2010, else U+002D) in a run marked `isInsertedHyphen`.
    ///
    /// - Parameters:
    ///   - range: the UTF-16 range the line shows; an empty range runs to its paragraph's end.
    ///   - offset: the line's start position in points, from which tab stops are measured.
    /// - Returns: the line, its runs in visual order.
    public func line(stringRange range: Range<Int>, offset: CGFloat = 0) -> Line {
        let start = min(max(range.lowerBound, 0), text.length)
        let paragraph = paragraphs[paragraphIndex(at: start)]
        var end = range.isEmpty ? paragraph.range.upperBound : min(range.upperBound, text.length)
        end = max(end, start)
        guard end > paragraph.range.upperBound else {
            return line(start..<end, offset: offset, hyphenated: endsAtHyphenation(paragraph, end), in: paragraph)
        }
        // Across paragraph separators, as Core Text makes it: one line of the whole range, shaped as one piece, its
        // bidi levels resolved paragraph by paragraph (ICU's), its end hyphenated as the last paragraph says.
        let last = paragraphs[paragraphIndex(at: end - 1)]
        let hyphenated = end < text.length && endsAtHyphenation(last, end)
        let spanning = Typesetter.prepare(text, range: start..<end, options: options)
        return line(start..<end, offset: offset, hyphenated: hyphenated, in: spanning)
    }

    /// Whether a line ending at `end` shows a hyphen: after a soft hyphen, or inside a word at a dictionary point.
    func endsAtHyphenation(_ paragraph: Paragraph, _ end: Int) -> Bool {
        guard end > paragraph.range.lowerBound, end < paragraph.range.upperBound else { return false }
        if text.units[end - 1] == 0xAD { return true }
        guard paragraph.style.hyphenationFactor > 0, isLetter(text.units[end - 1]), isLetter(text.units[end]) else { return false }
        var wordStart = end
        while wordStart > paragraph.range.lowerBound, isLetter(text.units[wordStart - 1]) { wordStart -= 1 }
        var wordEnd = end
        while wordEnd < paragraph.range.upperBound, isLetter(text.units[wordEnd]) { wordEnd += 1 }
        return hyphenationPoints(paragraph, in: wordStart..<wordEnd).contains(end)
    }

    /// The line for a range, with a hyphen at its end when `hyphenated`.
    func line(_ range: Range<Int>, offset: CGFloat, hyphenated: Bool) -> Line {
        line(range, offset: offset, hyphenated: hyphenated, in: paragraphs[paragraphIndex(at: range.lowerBound)])
    }

    /// The same in a paragraph known to hold the range.
    func line(_ range: Range<Int>, offset: CGFloat, hyphenated: Bool, in paragraph: Paragraph) -> Line {
        let builder = LineBuilder(paragraph: paragraph.shaped)
        guard hyphenated, !range.isEmpty else { return Line(storage: builder.build(range, offset: offset)) }
        // The hyphen is shaped once per attribute run and reused for every line that ends there.
        let run = text.runIndex(at: range.upperBound - 1)
        let hyphen = hyphenLines.withLock { $0[run] } ?? {
            let line = Line.insertion(text: [0x2010], fallbackText: [0x2D], attributesAt: range.upperBound - 1, of: text)
            hyphenLines.withLock { $0[run] = line }
            return line
        }()
        let token = Line.items(of: hyphen, at: range.upperBound, paragraph: paragraph.shaped, kind: .hyphen)
        return Line(storage: builder.build(showing: [range], of: range, offset: offset, token: (token.items, token.glyphs, 1)))
    }

    /// Whether the text just before `index` forces a line break (`CharacterClasses.forcesLineBreak`).
    func endsWithForcedBreak(_ index: Int) -> Bool {
        guard index > 0, index <= text.length else { return false }
        return CharacterClasses.forcesLineBreak(text.units[index - 1])
    }
}

/// Width of a line under construction, unit by unit, with tabs at their stops and trailing whitespace kept apart.
struct LineMeasure {
    let typesetter: Typesetter
    let paragraph: Typesetter.Paragraph
    let offset: CGFloat
    let tabs: TabStops
    private(set) var position: Int
    /// Width of everything so far.
    private(set) var width: CGFloat = 0
    /// Width of the whitespace at the end so far.
    private(set) var trailingWhitespace: CGFloat = 0
    /// The widest the visible width has been at any unit so far (negative advances can bring it back down).
    private(set) var peakVisibleWidth: CGFloat = 0

    /// The visible width past which measuring a line for `limit` stops (twice it and 1,000 pt more: no kerning
    /// brings a line back from there, though tracking of −10⁹ can).
    static func givesUp(above limit: CGFloat) -> CGFloat { limit.isFinite ? 2 * max(limit, 0) + 1000 : .infinity }

    /// The least limit for which measuring does not stop at a visible width of `peak` (`givesUp(above:)` undone).
    static func limitMeasuringPast(_ peak: CGFloat) -> CGFloat { (peak - 1000) / 2 }

    init(typesetter: Typesetter, paragraph: Typesetter.Paragraph, start: Int, offset: CGFloat) {
        self.typesetter = typesetter
        self.paragraph = paragraph
        self.offset = offset.isFinite ? offset : 0
        self.tabs = TabStops(paragraph.style)
        self.position = start
    }

    /// The width without trailing whitespace: what must fit.
    var visibleWidth: CGFloat { width - trailingWhitespace }

    /// Measures up to `end`, or stops early once the visible width is far past `limit` (twice it and 1,000 pt
    /// more: no kerning brings a line back from there), so a line is measured in time proportional to its width
    /// even when the next break opportunity is a megabyte away.
    mutating func advance(to end: Int, stoppingAbove limit: CGFloat = .infinity) {
        let units = typesetter.text.units
        var unitAdvances = paragraph.unitAdvances.reader
        let stop = Self.givesUp(above: limit)
        while position < end {
            if width - trailingWhitespace > stop { return }
            let unit = units[position]
            var advance = unitAdvances.advance(at: position)
            if unit == 0x09 {
                let stop = tabs.stop(after: offset + width)
                var target = stop.location
                if stop.alignment == .right || stop.alignment == .center {
                    // The text after the tab, up to the next tab or line end (or its column terminator), ends at
                    // or centres on the stop.
                    var segment: CGFloat = 0
                    var beforeTerminator: CGFloat? = nil
                    var next = position + 1
                    var segmentAdvances = paragraph.unitAdvances.reader
                    while next < paragraph.range.upperBound {
                        let following = units[next]
                        if following == 0x09 || following == 0x2028 || following == 0x0A || following == 0x0D { break }
                        if beforeTerminator == nil, let terminators = stop.columnTerminators,
                            let scalar = Unicode.Scalar(following), terminators.contains(Character(scalar))
                        {
                            beforeTerminator = segment
                        }
                        segment += segmentAdvances.advance(at: next)
                        next += 1
                    }
                    if stop.alignment == .center {
                        target -= segment / 2
                    } else {
                        target -= stop.columnTerminators != nil ? (beforeTerminator ?? segment) : segment
                    }
                }
                advance = max(target - offset - width, 0)
            }
            width += advance
            switch CharacterClasses.trailingRole(unit) {
            case .hangs: trailingWhitespace += advance
            case .ends: trailingWhitespace = 0
            case .neutral: break
            }
            peakVisibleWidth = max(peakVisibleWidth, width - trailingWhitespace)
            position += 1
        }
    }
}
