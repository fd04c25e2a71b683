import Foundation

/// Knuth and Plass's total-fit line breaking over a shaped paragraph: boxes are the clusters (their stored
/// advances), glue the inter-word spaces (stretching by half a space and shrinking by a third), penalties the
/// hyphenation points (flagged) and other break opportunities (explicit hyphens by their own penalty); the paragraph's
/// end and line separators are forced breaks, and the last line is set at its natural width. Penalties, demerits and
/// the passes' tolerances are the paragraph style's `OptimalBreakParameters` (Galley's defaults, or TeX's): demerits
/// are (line penalty + badness)² + penalty², plus TeX's double-hyphen, final-hyphen and adjacent-fitness demerits.
/// Line widths may differ per line (the frame shape answers for line n), which is why nodes are kept per line number.
///
/// Passes (`passes`), as TeX's: without hyphenation within the pretolerance, with hyphenation within the tolerance,
/// then with the emergency stretch; then Galley's last resort within ratio 10 (a line of one word, which cannot
/// stretch, counts as stretching by 5); when even that fails (a word wider than the line), greedy breaking, which
/// cuts such words between clusters, sets the paragraph.
struct OptimalLineBreaker {
    let typesetter: Typesetter
    let paragraph: Typesetter.Paragraph
    /// Where the lines start (the paragraph's start, or later when a frame continues a paragraph).
    let start: Int
    /// Where the last line ends: the paragraph's end, or earlier when a frame's string range ends inside the
    /// paragraph (the text is then set as if it ended there: a forced break, a last line at its natural width).
    let end: Int
    /// The usable width of line n (0 is the first line from `start`).
    let width: (Int) -> CGFloat
    let looseness: Int
    /// From this line on every line is as wide as this one (nil when unknown). Nodes past it differ only in fitness,
    /// which keeps the active list short on rectangles (TeX's "easy line"); unused with a looseness, which needs
    /// every line count.
    var uniformFrom: Int? = nil

    /// Whether `run` takes its two exact shortcuts: TeX's pruning of nodes too far behind the best at their place,
    /// and skipping the active nodes whose lines are all too short (`ShortLineBound`). Off only in tests, which check
    /// that the breaks are the same either way.
    var usesShortcuts = true
    /// Counts the lines `run` measures, for tests (nil: not counted).
    var measuredLines: Counter? = nil

    /// A count shared with the caller.
    final class Counter {
        var count = 0
    }

    /// The paragraph style's penalties, demerits and tolerances.
    let parameters: OptimalBreakParameters
    /// The limits of the paragraph style's font expansion (`FontExpansion.limits`), counted as stretch and shrink.
    let expansionLimits: (stretch: CGFloat, shrink: CGFloat)?
    /// The paragraph style's character protrusion, measured at every candidate.
    let protrusion: CharacterProtrusion?
    /// Whether the style trims fullwidth brackets at line starts or ends (measured at every candidate too).
    let trimsLineEdges: Bool

    /// A breaker for the lines from `start` to `end` (nil: the paragraph's end) of `paragraph`.
    init(typesetter: Typesetter, paragraph: Typesetter.Paragraph, start: Int, end: Int? = nil,
         width: @escaping (Int) -> CGFloat, looseness: Int, uniformFrom: Int? = nil) {
        self.typesetter = typesetter
        self.paragraph = paragraph
        self.start = start
        self.end = end ?? paragraph.range.upperBound
        self.width = width
        self.looseness = looseness
        self.uniformFrom = uniformFrom
        parameters = paragraph.style.optimalBreakParameters.sanitized
        expansionLimits = paragraph.style.fontExpansion?.limits
        protrusion = paragraph.style.characterProtrusion
        trimsLineEdges = paragraph.style.trimsPunctuationAtLineStarts || paragraph.style.trimsPunctuationAtLineEnds
    }

    static let stretchOfSpace: CGFloat = 0.5
    /// The last pass's tolerance (a bound: a larger one keeps every node alive and makes long paragraphs
    /// quadratic). Lines that cannot stretch at all (one word) count as stretching by `unstretchableRatio`.
    static let finalTolerance: CGFloat = 10
    static let unstretchableRatio: CGFloat = 5
    static let shrinkOfSpace: CGFloat = 1.0 / 3

    /// A place a line may end.
    struct Candidate {
        var position: Int
        /// Where the line's visible text ends (before trailing whitespace).
        var visibleEnd: Int
        var penalty: CGFloat
        /// Whether the line shows an inserted hyphen (a hyphenation point or a soft hyphen).
        var isHyphen: Bool
        var isForced: Bool
        /// Whether the line counts as hyphenated for the double and final hyphen demerits: it shows a hyphen, or it
        /// ends at an explicit hyphen and the parameters count those.
        var isFlagged: Bool = false
        /// How much wider than the sums say a line starting here is set: the rest of a word hyphenated where its glyphs
        /// are not safe to cut (inside a ligature, in a kerned pair) is reshaped on its own.
        var startCorrection: CGFloat = 0
        /// The width of the hyphen a line ending here shows (0 when it shows none).
        var hyphenWidth: CGFloat = 0
        /// How far a line ending here hangs its last character or hyphen into the margin (character protrusion):
        /// what it may be wider than its measure. A line starting here hangs its first into `startCorrection`.
        var endProtrusion: CGFloat = 0
        /// How much narrower a line ending here is set when it would not fit otherwise: a closing bracket's blank half
        /// (`Typesetter.lineEndTrim`; a line starting here takes a bracket's blank half off `startCorrection`).
        var endTrim: CGFloat = 0
        /// The sums from the lines' start to `visibleEnd` and to `position` (set by `withPrefixes`).
        var visiblePrefix = Prefix()
        var endPrefix = Prefix()
    }

    /// Width, stretchability and shrinkability of the text from the lines' start to a place.
    struct Prefix {
        var width: CGFloat = 0
        var stretch: CGFloat = 0
        var shrink: CGFloat = 0

        /// Adds a unit's advance (spaces stretch and shrink: `CharacterClasses.stretchesWhenJustified`).
        @inline(__always)
        mutating func add(_ advance: CGFloat, stretches: Bool) {
            width += advance
            if stretches {
                stretch += advance * OptimalLineBreaker.stretchOfSpace
                shrink += advance * OptimalLineBreaker.shrinkOfSpace
            }
        }
    }

    /// A feasible break: where a line ends, with the best way of getting there. Nodes live in one flat array and
    /// point to their predecessor by index (no per-node objects to count references to).
    private struct Node {
        var position: Int
        var line: Int
        var fitness: Int
        var demerits: CGFloat
        var isHyphen: Bool
        /// Whether the line to here counts as hyphenated for the hyphen demerits (`Candidate.isFlagged`).
        var isFlagged: Bool
        /// The width a line starting here adds to the sums (`Candidate.startCorrection`).
        var startCorrection: CGFloat = 0
        /// The index of the node the line starts at, -1 for the paragraph's start.
        var previous: Int
        /// The sums up to `position`.
        var prefix: Prefix
    }

    /// One pass: the largest adjustment ratio a line may have, whether hyphenation points are candidates, and the
    /// extra stretch every line has (TeX's emergency stretch).
    struct Pass: Equatable {
        var ratio: CGFloat
        var hyphenating: Bool
        var emergencyStretch: CGFloat = 0
    }

    /// The passes `breaks()` makes, in order (see `OptimalBreakParameters`): TeX's — without hyphenation within the
    /// pretolerance, with it within the tolerance, with the emergency stretch — then Galley's last resort within
    /// ratio 10.
    var passes: [Pass] {
        let hyphenating = paragraph.style.hyphenationFactor > 0
        var passes: [Pass] = []
        if parameters.pretolerance >= 0 { passes.append(Pass(ratio: OptimalBreakParameters.ratio(forBadness: parameters.pretolerance), hyphenating: false)) }
        let tolerance = OptimalBreakParameters.ratio(forBadness: parameters.tolerance)
        passes.append(Pass(ratio: tolerance, hyphenating: hyphenating))
        if parameters.emergencyStretchEms > 0, parameters.emergencyStretchEms.isFinite {
            let size = typesetter.text.attributes(at: paragraph.range.lowerBound).font?.size ?? Font.defaultSize
            passes.append(Pass(ratio: tolerance, hyphenating: hyphenating, emergencyStretch: parameters.emergencyStretchEms * size))
        }
        passes.append(Pass(ratio: OptimalLineBreaker.finalTolerance, hyphenating: hyphenating))
        return passes
    }

    /// The chosen lines: each end, and whether it is hyphenated.
    func breaks() -> [LineEnd] {
        let plain = withPrefixes(candidates(hyphenating: false))
        guard !plain.isEmpty else { return [LineEnd(end: end, hyphenated: false)] }
        var all: [Candidate]? = nil
        for pass in passes {
            if pass.hyphenating, all == nil { all = addingHyphenation(to: plain) }
            if let result = run(pass.hyphenating ? all! : plain, tolerance: pass.ratio, emergencyStretch: pass.emergencyStretch) { return result }
        }
        // No way to set the paragraph without an overfull line (a word wider than the line): greedy breaking, which
        // cuts such words between clusters, sets it instead.
        return greedyBreaks()
    }

    /// The greedy lines from `start` to `end`, with the same widths.
    func greedyBreaks() -> [LineEnd] {
        var result: [LineEnd] = []
        var position = start
        while position < end {
            let line = typesetter.breakLine(startingAt: position, width: width(result.count), offset: 0, endingBy: end)
            result.append(line)
            position = line.end
        }
        return result
    }

    /// The total demerits of a set of line ends (for comparing breakings), or nil when one of its lines cannot be
    /// set (shrinks too much, or is not at a candidate).
    func demerits(of ends: [LineEnd], maximumRatio: CGFloat = .infinity) -> CGFloat? {
        demerits(of: ends, maximumRatio: maximumRatio, candidates: Dictionary(candidates().map { ($0.position, $0) }) { first, _ in first },
                 sums: Sums(typesetter: typesetter, paragraph: paragraph, from: start))
    }

    /// `demerits(of:)` with the candidates and sums computed once by the caller, and the emergency stretch of a pass.
    func demerits(of ends: [LineEnd], maximumRatio: CGFloat, candidates: [Int: Candidate], sums: Sums,
                  emergencyStretch: CGFloat = 0) -> CGFloat? {
        var total: CGFloat = 0
        var position = start
        var previousFlagged = false
        var previousFitness = 1
        var startCorrection = firstStartCorrection
        for (line, end) in ends.enumerated() {
            guard let candidate = candidates[end.end] else { return nil }
            let range = position..<candidate.visibleEnd
            var natural = (range.isEmpty ? 0 : sums.width(range) + startCorrection - candidate.endProtrusion) + candidate.hyphenWidth
            if candidate.endTrim > 0, natural > width(line) + LayoutTolerance.lineFit { natural -= candidate.endTrim }
            let adjustable = OptimalLineBreaker.adjustability(natural: natural, stretch: range.isEmpty ? 0 : sums.stretch(range),
                                                              shrink: range.isEmpty ? 0 : sums.shrink(range), limits: expansionLimits)
            var ratio = OptimalLineBreaker.ratio(natural: natural, stretch: adjustable.stretch + emergencyStretch,
                                                 shrink: adjustable.shrink, width: width(line), isLast: candidate.isForced)
            if ratio == .infinity, maximumRatio >= OptimalLineBreaker.finalTolerance { ratio = OptimalLineBreaker.unstretchableRatio }
            guard ratio >= -1, ratio.isFinite, ratio <= maximumRatio else { return nil }
            let (demerits, fitness) = demerits(ratio: ratio, candidate: candidate, previousIsFlagged: previousFlagged,
                                               previousFitness: previousFitness,
                                               shortfall: lastLineShortfall(candidate, natural: natural, width: width(line)))
            total += demerits
            previousFlagged = candidate.isFlagged
            previousFitness = fitness
            startCorrection = candidate.startCorrection
            position = end.end
        }
        return total
    }

    /// Break candidates after `start`: UAX #14 opportunities and, when hyphenating (and the style hyphenates),
    /// dictionary points. Without `measuring`, only where and of what kind (no reshaped hyphen pieces, no
    /// protrusion): what `Typesetter.lineBreakOpportunities` lists.
    func candidates(hyphenating: Bool = true, measuring: Bool = true) -> [Candidate] {
        let base = paragraph.range.lowerBound
        let units = typesetter.text.units
        var result: [Candidate] = []
        var hyphenPoints: [Int] = []
        if hyphenating, paragraph.style.hyphenationFactor > 0 {
            hyphenPoints = typesetter.hyphenationPoints(paragraph, in: start..<end)
        }
        result.reserveCapacity(paragraph.breaks.positions.count + hyphenPoints.count)
        var hyphenWidths = HyphenWidths(typesetter: typesetter, paragraph: paragraph)
        var next = 0
        for (index, relative) in paragraph.breaks.positions.enumerated() {
            // `end` ends the text: opportunities past it do not count, and it is a forced break itself.
            let position = min(relative + base, end)
            guard position > start else { continue }
            while next < hyphenPoints.count, hyphenPoints[next] < position {
                let point = hyphenPoints[next]
                if point > start, typesetter.breakVeto?(point, true) ?? true {
                    var candidate = Candidate(position: point, visibleEnd: point, penalty: parameters.hyphenPenalty, isHyphen: true,
                                              isForced: false, isFlagged: true, hyphenWidth: hyphenWidths.width(at: point - 1))
                    if measuring {
                        correctForReshaping(&candidate)
                        protrude(&candidate, hyphens: &hyphenWidths)
                    }
                    result.append(candidate)
                }
                next += 1
            }
            let visibleEnd = CharacterClasses.visibleEnd(of: start..<position, in: units)
            let forced = paragraph.breaks.isMandatory[index] || position == end
            guard forced || (typesetter.breakVeto?(position, false) ?? true) else { continue }
            let softHyphen = units[position - 1] == 0xAD && position < end
            // A break after an explicit hyphen (hyphen-minus, U+2010 HYPHEN) that is not forced.
            let explicitHyphen = !forced && (units[position - 1] == 0x2D || units[position - 1] == 0x2010)
            let penalty = softHyphen ? parameters.hyphenPenalty : explicitHyphen ? parameters.explicitHyphenPenalty : 0
            var candidate = Candidate(position: position, visibleEnd: visibleEnd, penalty: penalty,
                                      isHyphen: softHyphen, isForced: forced,
                                      isFlagged: softHyphen || (explicitHyphen && parameters.explicitHyphensCountAsHyphenated),
                                      hyphenWidth: softHyphen ? hyphenWidths.width(at: position - 1) : 0)
            if measuring {
                if softHyphen { correctForReshaping(&candidate) }
                protrude(&candidate, hyphens: &hyphenWidths)
            }
            result.append(candidate)
            if position == end { break }
        }
        return result
    }

    /// The candidates with their prefix sums: one pass over the units when the places asked ascend (they do unless a
    /// line's trailing whitespace reaches back past an earlier candidate), else read from `Sums`. The sums are added
    /// up unit by unit in the same order either way, so both give the same numbers.
    func withPrefixes(_ candidates: consuming [Candidate]) -> [Candidate] {
        var result = candidates
        var ascending = true
        var last = start
        for candidate in result {
            guard candidate.visibleEnd >= last, candidate.position >= candidate.visibleEnd else {
                ascending = false
                break
            }
            last = candidate.position
        }
        guard ascending else {
            let sums = Sums(typesetter: typesetter, paragraph: paragraph, from: start)
            func prefix(_ position: Int) -> Prefix {
                let range = start..<max(position, start)
                return Prefix(width: sums.width(range), stretch: sums.stretch(range), shrink: sums.shrink(range))
            }
            for index in result.indices {
                result[index].visiblePrefix = prefix(result[index].visibleEnd)
                result[index].endPrefix = prefix(result[index].position)
            }
            return result
        }
        let units = typesetter.text.units
        var walker = paragraph.unitAdvances.walker(from: start)
        var sums = Prefix()
        units.withUnsafeBufferPointer { units in
            for index in result.indices {
                // Each candidate's visible end, then its position.
                for step in 0..<2 {
                    let isEnd = step == 1
                    while let (unit, advance) = walker.next(before: isEnd ? result[index].position : result[index].visibleEnd) {
                        sums.add(advance, stretches: CharacterClasses.stretchesWhenJustified(units[unit]))
                    }
                    if isEnd { result[index].endPrefix = sums } else { result[index].visiblePrefix = sums }
                }
            }
        }
        return result
    }

    /// `plain` (with its sums) and the dictionary's hyphenation points merged in, ordered as `candidates()` orders
    /// them. A point's sums continue from the candidate before it, over the units up to the point: the same additions
    /// in the same order as summing the merged list afresh, so the plain candidates' sums stay as they are and pass
    /// two does not walk the paragraph again. Falls back to summing afresh if the order is not plain.
    func addingHyphenation(to plain: [Candidate]) -> [Candidate] {
        let points = typesetter.hyphenationPoints(paragraph, in: start..<end)
        guard !points.isEmpty else { return plain }
        let units = typesetter.text.units
        var result: [Candidate] = []
        result.reserveCapacity(plain.count + points.count)
        var hyphenWidths = HyphenWidths(typesetter: typesetter, paragraph: paragraph)
        var next = 0
        for candidate in plain {
            while next < points.count, points[next] < candidate.position {
                let point = points[next]
                next += 1
                guard point > start, typesetter.breakVeto?(point, true) ?? true else { continue }
                let from = result.last?.position ?? start
                guard point >= from, point <= candidate.visibleEnd else { return withPrefixes(candidates(hyphenating: true)) }
                var sums = result.last?.endPrefix ?? Prefix()
                var walker = paragraph.unitAdvances.walker(from: from)
                while let (unit, advance) = walker.next(before: point) {
                    sums.add(advance, stretches: CharacterClasses.stretchesWhenJustified(units[unit]))
                }
                var hyphenated = Candidate(position: point, visibleEnd: point, penalty: parameters.hyphenPenalty, isHyphen: true, isForced: false,
                                           isFlagged: true, hyphenWidth: hyphenWidths.width(at: point - 1), visiblePrefix: sums, endPrefix: sums)
                correctForReshaping(&hyphenated)
                protrude(&hyphenated, hyphens: &hyphenWidths)
                result.append(hyphenated)
            }
            result.append(candidate)
        }
        return result
    }

    /// The width of the hyphen a line ending after a unit shows, asked of the font once per attribute run; and a
    /// reader of the paragraph's advances for measuring protrusion at candidates in order.
    struct HyphenWidths {
        let typesetter: Typesetter
        private var last: (run: Int, width: CGFloat) = (-1, 0)
        var advances: UnitAdvances.Reader

        init(typesetter: Typesetter, paragraph: Typesetter.Paragraph) {
            self.typesetter = typesetter
            advances = paragraph.unitAdvances.reader
        }

        mutating func width(at index: Int) -> CGFloat {
            let run = typesetter.text.runIndex(at: max(index, 0))
            if run != last.run { last = (run, typesetter.hyphenWidth(at: index)) }
            return last.width
        }
    }

    /// The natural width the breaker gives the line `range` of `paragraph`: its advances up to its hanging
    /// whitespace, and the hyphen it shows when it ends at a hyphenation point or a soft hyphen (as `candidates()`
    /// and `run` measure a line). `textEnd`: where the text counts as ending (a frame's range), a forced break.
    /// Lines starting or ending where a hyphenated word was cut unsafely count its reshaped pieces.
    static func naturalWidth(of range: Range<Int>, in paragraph: Typesetter.Paragraph, textEnd: Int, typesetter: Typesetter) -> CGFloat {
        guard !range.isEmpty else { return 0 }
        let units = typesetter.text.units
        let visibleEnd = CharacterClasses.visibleEnd(of: range, in: units)
        // Summed in the order `Sums` and the candidates' prefixes sum them, without their arrays.
        var advances = paragraph.unitAdvances.reader
        var width: CGFloat = 0
        for index in range.lowerBound..<visibleEnd { width += advances.advance(at: index) }
        let end = range.upperBound
        let showsHyphen = end < min(textEnd, paragraph.range.upperBound) && (!typesetter.isBreakOpportunity(at: end) || units[end - 1] == 0xAD)
        // Word pieces reshaped where a hyphenated word was cut unsafely, as `correctForReshaping` measures them.
        let startsInsideWord = range.lowerBound > paragraph.range.lowerBound
            && (!typesetter.isBreakOpportunity(at: range.lowerBound) || units[range.lowerBound - 1] == 0xAD)
        let startCorrection = startsInsideWord
            ? reshapingCorrections(at: range.lowerBound, in: paragraph, typesetter: typesetter, measuring: .start)?.start ?? 0 : 0
        let hyphen = showsHyphen
            ? reshapingCorrections(at: end, in: paragraph, typesetter: typesetter, measuring: .end)?.endWithHyphen
                ?? typesetter.hyphenWidth(at: end - 1) : 0
        return width + hyphen + (visibleEnd > range.lowerBound ? startCorrection : 0)
    }

    /// Character protrusion (`ParagraphStyle.characterProtrusion`): a line ending at `candidate` may be wider by its
    /// last character's (or hyphen's) protrusion, and a line starting there by its first's (taken off its start
    /// correction). Called for every candidate, after `correctForReshaping`.
    /// A line ending in a forced break (a paragraph's last) is set at its natural width and gains nothing from its
    /// end (as in TeX, where `\parfillskip` stands between its last character and the margin).
    /// `hyphens` gives the hyphen's width, asked of the font once per attribute run.
    /// Fullwidth brackets trimmed at line edges are measured here too: a line starting at the candidate with an
    /// opening bracket takes its blank half off its start correction, one ending there with a closing bracket may
    /// give its blank half up (`endTrim`).
    func protrude(_ candidate: inout Candidate, hyphens: inout HyphenWidths) {
        if trimsLineEdges {
            candidate.startCorrection -= typesetter.lineStartTrim(of: paragraph, at: candidate.position)
            if !candidate.isHyphen { candidate.endTrim = typesetter.lineEndTrim(of: paragraph, visibleEnd: candidate.visibleEnd) }
        }
        guard let table = protrusion, !candidate.isForced else { return }
        candidate.endProtrusion = typesetter.endProtrusion(
            of: paragraph, visibleEnd: candidate.visibleEnd, hyphenated: candidate.isHyphen, table: table,
            hyphenWidth: candidate.isHyphen ? hyphens.width(at: candidate.visibleEnd - 1) : 0, advances: &hyphens.advances)
        candidate.startCorrection -= typesetter.startProtrusion(of: paragraph, at: candidate.position, table: table,
                                                               advances: &hyphens.advances)
    }

    /// The start correction of the lines' first line: its first character's protrusion, and an opening bracket's
    /// blank half where it is trimmed.
    var firstStartCorrection: CGFloat {
        let trim = trimsLineEdges ? typesetter.lineStartTrim(of: paragraph, at: start) : 0
        guard let table = protrusion else { return -trim }
        var advances = paragraph.unitAdvances.reader
        return -typesetter.startProtrusion(of: paragraph, at: start, table: table, advances: &advances) - trim
    }

    /// Sets a hyphenated candidate's hyphen width and start correction to what the set lines show where the cut is
    /// not safe (see `reshapingCorrections`).
    func correctForReshaping(_ candidate: inout Candidate) {
        guard let corrections = Self.reshapingCorrections(at: candidate.position, in: paragraph, typesetter: typesetter) else { return }
        candidate.hyphenWidth = corrections.endWithHyphen
        candidate.startCorrection = corrections.start
    }

    /// Where a word is hyphenated at `point` and its glyphs are not safe to cut there (inside a ligature, or a
    /// kerned or contextual pair, by HarfBuzz's unsafe-to-break flag), the set lines reshape both pieces: the line
    /// ending there shows the word's first piece and a hyphen, the next starts with the rest. Returns how much wider
    /// than the paragraph's unit advances those pieces are set — the first with its hyphen (what the line adds after
    /// the advances up to `point`), the second alone — measured on lines of the word's pieces; nil where the cut is
    /// safe (the advances and the hyphen's own width are right). `measuring` limits the work to one piece (the other
    /// is then 0).
    static func reshapingCorrections(at point: Int, in paragraph: Typesetter.Paragraph, typesetter: Typesetter,
                                     measuring pieces: ReshapedPieces = [.end, .start]) -> (endWithHyphen: CGFloat, start: CGFloat)?
    {
        let range = paragraph.range
        guard point > range.lowerBound, point < range.upperBound, !isSafeCut(at: point, in: paragraph.shaped) else { return nil }
        let units = typesetter.text.units
        // The word around the point: back and on to whitespace (or a few dozen units).
        var wordStart = point
        while wordStart > range.lowerBound, point - wordStart < 64, !CharacterClasses.isWhitespace(units[wordStart - 1]) { wordStart -= 1 }
        var wordEnd = point
        while wordEnd < range.upperBound, wordEnd - point < 64, !CharacterClasses.isWhitespace(units[wordEnd]) { wordEnd += 1 }
        var advances = paragraph.unitAdvances.reader
        func advanceSum(_ piece: Range<Int>) -> CGFloat { piece.reduce(CGFloat(0)) { $0 + advances.advance(at: $1) } }
        func width(_ range: Range<Int>, hyphenated: Bool) -> CGFloat {
            let line = typesetter.line(range, offset: 0, hyphenated: hyphenated, in: paragraph)
            return line.typographicBounds.width - line.trailingWhitespaceWidth
        }
        let end = pieces.contains(.end) ? width(wordStart..<point, hyphenated: true) - advanceSum(wordStart..<point) : 0
        let start = pieces.contains(.start) ? width(point..<wordEnd, hyphenated: false) - advanceSum(point..<wordEnd) : 0
        return (end, start)
    }

    /// Which pieces of a word cut unsafely `reshapingCorrections` measures.
    struct ReshapedPieces: OptionSet {
        let rawValue: Int
        /// The word's first piece and its hyphen.
        static let end = ReshapedPieces(rawValue: 1)
        /// The rest of the word.
        static let start = ReshapedPieces(rawValue: 2)
    }

    /// Whether cutting the paragraph's glyphs before unit `point` keeps them as they are: a glyph starts a cluster
    /// there, in a left-to-right item whose glyphs ascend, and HarfBuzz does not flag it unsafe to break.
    private static func isSafeCut(at point: Int, in shaped: ShapedParagraph) -> Bool {
        let items = shaped.items
        let index = items.partitioningIndex { $0.item.range.upperBound > point }
        guard index < items.count else { return false }
        let item = items[index]
        guard !item.item.isRightToLeft, item.clustersAreMonotonic else { return false }
        if item.item.range.lowerBound == point { return true }
        let glyph = shaped.glyphs.firstGlyph(atOrAfter: point, in: item.glyphRange)
        return glyph < item.glyphRange.upperBound && shaped.glyphs.stringIndex(glyph) == point && !shaped.glyphs.isUnsafeToBreak(glyph)
    }

    /// Prefix sums of widths, space counts and stretchability over the paragraph's units from `start`.
    struct Sums {
        var width: [CGFloat]
        var stretch: [CGFloat]
        var shrink: [CGFloat]
        let start: Int

        init(typesetter: Typesetter, paragraph: Typesetter.Paragraph, from start: Int, to end: Int? = nil) {
            self.start = start
            let units = typesetter.text.units
            let count = (end ?? paragraph.range.upperBound) - start
            width = [CGFloat](repeating: 0, count: count + 1)
            stretch = width
            shrink = width
            var advances = paragraph.unitAdvances.reader
            for offset in 0..<count {
                let index = start + offset
                let advance = advances.advance(at: index)
                width[offset + 1] = width[offset] + advance
                let stretches = CharacterClasses.stretchesWhenJustified(units[index])
                stretch[offset + 1] = stretch[offset] + (stretches ? advance * OptimalLineBreaker.stretchOfSpace : 0)
                shrink[offset + 1] = shrink[offset] + (stretches ? advance * OptimalLineBreaker.shrinkOfSpace : 0)
            }
        }

        func width(_ range: Range<Int>) -> CGFloat { width[range.upperBound - start] - width[range.lowerBound - start] }
        func stretch(_ range: Range<Int>) -> CGFloat { stretch[range.upperBound - start] - stretch[range.lowerBound - start] }
        func shrink(_ range: Range<Int>) -> CGFloat { shrink[range.upperBound - start] - shrink[range.lowerBound - start] }
    }

    /// The demerits of one line and its fitness class (0 tight, 1 decent, 2 loose, 3 very loose), as TeX adds them:
    /// (line penalty + badness)², plus the break's penalty², plus the double-hyphen demerits when this line and the
    /// one before end hyphenated, the final-hyphen demerits when the paragraph's last line follows a hyphenated one,
    /// and the adjacent demerits when the fitness classes jump. Galley's own: the very-loose demerits, and for a last
    /// line short of the wanted fill (`shortfall`, a fraction of it) the badness of three times that as a ratio, added to
    /// its badness (so it weighs in the demerits but neither in the line's fitness nor in whether it can be set).
    func demerits(ratio: CGFloat, candidate: Candidate, previousIsFlagged: Bool, previousFitness: Int,
                  shortfall: CGFloat = 0) -> (demerits: CGFloat, fitness: Int) {
        let lineBadness = Badness.of(ratio: ratio)
        let badness = lineBadness + (shortfall > 0 ? Badness.of(ratio: 3 * shortfall) : 0)
        var demerits = (parameters.linePenalty + badness) * (parameters.linePenalty + badness)
        if candidate.penalty > 0 { demerits += candidate.penalty * candidate.penalty }
        if previousIsFlagged {
            if candidate.isFlagged { demerits += parameters.doubleHyphenDemerits }
            if candidate.isForced, candidate.position == end { demerits += parameters.finalHyphenDemerits }
        }
        let fitness = FitnessClass(badness: lineBadness, shrinking: ratio < 0).rawValue
        if fitness == FitnessClass.veryLoose.rawValue, !candidate.isForced { demerits += parameters.veryLooseDemerits }
        if abs(fitness - previousFitness) > 1 { demerits += parameters.adjacentDemerits }
        return (demerits, fitness)
    }

    /// The stretch and shrink of a line `natural` wide whose spaces stretch by `stretch` and shrink by `shrink`: with
    /// font expansion (`ParagraphStyle.fontExpansion`), its glyphs' too — the expansion limits times the width that
    /// is not spaces — as pdfTeX counts them.
    static func adjustability(natural: CGFloat, stretch: CGFloat, shrink: CGFloat, expansion: FontExpansion?)
        -> (stretch: CGFloat, shrink: CGFloat)
    {
        adjustability(natural: natural, stretch: stretch, shrink: shrink, limits: expansion?.limits)
    }

    /// `adjustability(natural:stretch:shrink:expansion:)` with the expansion's limits worked out (the breaker asks for
    /// every line it measures).
    @inline(__always)
    static func adjustability(natural: CGFloat, stretch: CGFloat, shrink: CGFloat, limits: (stretch: CGFloat, shrink: CGFloat)?)
        -> (stretch: CGFloat, shrink: CGFloat)
    {
        guard let limits else { return (stretch, shrink) }
        let glyphs = max(natural - stretch / stretchOfSpace, 0)
        return (stretch + limits.stretch * glyphs, shrink + limits.shrink * glyphs)
    }

    /// How much of the wanted fill (`OptimalBreakParameters.lastLineFill`) a line ending at `candidate`, `natural`
    /// wide in `width`, lacks, as a fraction of it: 0 for every line but the text's last, and for a last line that
    /// fills enough.
    func lastLineShortfall(_ candidate: Candidate, natural: CGFloat, width: CGFloat) -> CGFloat {
        guard candidate.isForced, candidate.position == end, parameters.lastLineFill > 0 else { return 0 }
        let wanted = min(parameters.lastLineFill, 1) * width
        return wanted > 0 && natural < wanted ? (wanted - natural) / wanted : 0
    }

    /// The adjustment ratio of a line: how far its spaces must stretch (> 0) or shrink (< 0), in units of their
    /// stretchability or shrinkability; 0 for a last line that fits.
    /// A line wider than its measure by no more than `LayoutTolerance.lineFit` fits as it is (ratio 0), as in greedy
    /// breaking: sums of the same advances in other orders differ in their last digits, and a frame
    /// `suggestFrameSize` made exactly as wide as a line must take that line (found by the frames fuzzer: a line of
    /// one word without shrink, a trillionth of a point too wide, could not end there).
    static func ratio(natural: CGFloat, stretch: CGFloat, shrink: CGFloat, width: CGFloat, isLast: Bool) -> CGFloat {
        if natural < width {
            if isLast { return 0 }
            return stretch > 0 ? (width - natural) / stretch : .infinity
        }
        if natural > width + LayoutTolerance.lineFit { return shrink > 0 ? (width - natural) / shrink : -.infinity }
        return 0
    }

    /// Whether the lines from every active node after a given one to the current candidate are too short for the
    /// pass (adjustment ratio above its tolerance), so that `consider` can keep those nodes without measuring them:
    /// on most candidates most active nodes are such, the recent ones. Exact, not a heuristic: it applies only when
    /// the candidates' prefix sums never decrease (no negative advances), so that a later node's line is no wider
    /// than an earlier one's but for the difference of their start corrections (bounded by the largest start
    /// correction of any node), and has no more stretch (with font expansion, a line's stretch grows with its width
    /// and its spaces' stretch); and only on rectangles (every line's width known: `uniformFrom`), before a forced
    /// break (whose last line is set at its natural width), and in passes that do not accept unstretchable lines.
    struct ShortLineBound {
        /// Whether the bound can be used in this pass.
        let applies: Bool
        let tolerance: CGFloat
        let emergencyStretch: CGFloat
        let limits: (stretch: CGFloat, shrink: CGFloat)?
        /// The narrowest line's width (set by `consider` when first needed).
        var narrowest: CGFloat? = nil
        /// The largest start correction of any node so far.
        private(set) var largestStart = -CGFloat.infinity

        init(breaker: OptimalLineBreaker, candidates: [Candidate], tolerance: CGFloat, emergencyStretch: CGFloat) {
            self.tolerance = tolerance
            self.emergencyStretch = emergencyStretch
            limits = breaker.expansionLimits
            var applies = breaker.usesShortcuts && breaker.uniformFrom != nil && breaker.looseness == 0 && tolerance < OptimalLineBreaker.finalTolerance
                && tolerance.isFinite && emergencyStretch.isFinite
            var previous = Prefix()
            for candidate in candidates where applies {
                applies = candidate.endPrefix.width >= previous.width && candidate.endPrefix.stretch >= previous.stretch
                previous = candidate.endPrefix
            }
            self.applies = applies
        }

        mutating func addStart(_ correction: CGFloat) { largestStart = max(largestStart, correction) }

        /// Whether every node after one whose line to the candidate is `natural` wide with `stretch` in its spaces (and
        /// that starts with `startCorrection`) has a line too short for the tolerance. `hyphenWidth`: the candidate's.
        func allLaterTooShort(natural: CGFloat, stretch: CGFloat, startCorrection: CGFloat, hyphenWidth: CGFloat) -> Bool {
            guard let narrowest, narrowest.isFinite else { return false }
            // The widest a later node's line can be: this one's plus the difference of start corrections, or an empty
            // line (its hyphen alone).
            let widest = max(natural + max(largestStart, startCorrection) - startCorrection, hyphenWidth)
            let adjustable = OptimalLineBreaker.adjustability(natural: widest, stretch: stretch, shrink: 0, limits: limits).stretch
            let margin = 1e-6 * max(1, abs(narrowest), abs(widest))
            return narrowest - widest > tolerance * (adjustable + emergencyStretch) + margin
        }
    }

    /// The best predecessor found so far for a node at the current candidate, per line number and fitness class
    /// (key = line × 4 + 3 − fitness: very loose first, tight last, TeX's order, which decides ties), kept sorted by key
    /// (a handful of entries), so new nodes join the active list in line order.
    private struct BestPredecessors {
        var entries: [(key: Int, demerits: CGFloat, node: Int, line: Int)] = []

        /// The least demerits offered for a line-number group (key / 4).
        func minimumDemerits(line group: Int) -> CGFloat {
            var minimum = CGFloat.infinity
            for entry in entries where entry.key / 4 == group { minimum = min(minimum, entry.demerits) }
            return minimum
        }

        @inline(__always)
        mutating func offer(key: Int, demerits: CGFloat, node: Int, line: Int) {
            var slot = 0
            while slot < entries.count, entries[slot].key < key { slot += 1 }
            if slot < entries.count, entries[slot].key == key {
                // On a tie the later node wins, as in TeX (`d <= minimal_demerits`): the active nodes are offered in
                // TeX's order, by line and then by position.
                if demerits <= entries[slot].demerits { entries[slot] = (key, demerits, node, line) }
            } else {
                entries.append((key, demerits, node, line))
                var moving = entries.count - 1
                while moving > slot {
                    entries.swapAt(moving, moving - 1)
                    moving -= 1
                }
            }
        }
    }

    /// One pass of Knuth and Plass's algorithm over the candidates, with adjustment ratios up to `tolerance`: for each
    /// candidate, the lines from every active node to it (`consider`), then a node for each best way there. Nil when
    /// no set of lines within the tolerance reaches the end.
    private func run(_ candidates: [Candidate], tolerance: CGFloat, emergencyStretch: CGFloat = 0) -> [LineEnd]? {
        var nodes: [Node] = [Node(position: start, line: 0, fitness: 1, demerits: 0, isHyphen: false, isFlagged: false,
                                  startCorrection: firstStartCorrection, previous: -1, prefix: Prefix())]
        var active: [Int] = [0]
        // Line widths asked of the shape once each.
        var widths: [CGFloat] = []
        var best = BestPredecessors()
        var shortLines = ShortLineBound(breaker: self, candidates: candidates, tolerance: tolerance, emergencyStretch: emergencyStretch)
        shortLines.addStart(firstStartCorrection)
        for candidate in candidates {
            best.entries.removeAll(keepingCapacity: true)
            consider(candidate, nodes: nodes, active: &active, widths: &widths, tolerance: tolerance, emergencyStretch: emergencyStretch,
                     best: &best, shortLines: &shortLines)
            if candidate.isForced {
                // A forced break ends every line: only nodes at this position stay.
                active.removeAll(keepingCapacity: true)
            }
            let adjacent = abs(parameters.adjacentDemerits)
            for entry in best.entries {
                // TeX's pruning (§836): a node more than the adjacent demerits worse than the best at this place and
                // line number can never be part of the best way, since only the fitness jump between it and the next
                // line differs between them.
                guard !usesShortcuts || entry.demerits <= best.minimumDemerits(line: entry.key / 4) + adjacent else { continue }
                shortLines.addStart(candidate.startCorrection)
                active.append(nodes.count)
                nodes.append(Node(position: candidate.position, line: entry.line, fitness: 3 - entry.key % 4, demerits: entry.demerits,
                                  isHyphen: candidate.isHyphen, isFlagged: candidate.isFlagged, startCorrection: candidate.startCorrection,
                                  previous: entry.node, prefix: candidate.endPrefix))
            }
            if active.isEmpty { return nil }
            if candidate.isForced, candidate.position == end { break }
        }
        return chosenBreaks(nodes: nodes, finals: active.filter { nodes[$0].position == end })
    }

    /// The line from each active node to `candidate`: its adjustment ratio, and if within the tolerance its
    /// demerits, offered to `best`. Nodes whose lines to here must already shrink more than they can are dropped
    /// from `active` (compacted in place), as are all of them at a forced break.
    @inline(__always)
    private func consider(_ candidate: Candidate, nodes: [Node], active: inout [Int], widths: inout [CGFloat], tolerance: CGFloat,
                          emergencyStretch: CGFloat, best: inout BestPredecessors, shortLines: inout ShortLineBound) {
        let acceptsUnstretchable = tolerance >= OptimalLineBreaker.finalTolerance
        let easyLine = looseness == 0 ? uniformFrom ?? Int.max : Int.max
        let skipsShortLines = shortLines.applies && !candidate.isForced
        if skipsShortLines, shortLines.narrowest == nil {
            while widths.count <= easyLine { widths.append(width(widths.count)) }
            shortLines.narrowest = widths.min()
        }
        var kept = 0
        var measured = 0
        defer { measuredLines?.count += measured }
        // Read through buffer pointers: no reference counting or uniqueness checks per node.
        nodes.withUnsafeBufferPointer { nodes in
            active.withUnsafeMutableBufferPointer { active in
                var position = 0
                while position < active.count {
                    defer { position += 1 }
                    measured += 1
                    let index = active[position]
                    let node = nodes[index]
                    let line = min(node.line, easyLine)
                    while widths.count <= line { widths.append(width(widths.count)) }
                    let isEmpty = candidate.visibleEnd <= node.position
                    var natural = (isEmpty ? 0 : candidate.visiblePrefix.width - node.prefix.width + node.startCorrection - candidate.endProtrusion)
                        + candidate.hyphenWidth
                    // (A closing bracket ending a line that would not fit otherwise gives up its blank half.)
                    if candidate.endTrim > 0, natural > widths[line] + LayoutTolerance.lineFit { natural -= candidate.endTrim }
                    let adjustable = OptimalLineBreaker.adjustability(
                        natural: natural, stretch: isEmpty ? 0 : candidate.visiblePrefix.stretch - node.prefix.stretch,
                        shrink: isEmpty ? 0 : candidate.visiblePrefix.shrink - node.prefix.shrink, limits: expansionLimits)
                    var ratio = OptimalLineBreaker.ratio(
                        natural: natural, stretch: adjustable.stretch + emergencyStretch, shrink: adjustable.shrink,
                        width: widths[line], isLast: candidate.isForced)
                    // A short line without spaces cannot stretch (TeX's "infinitely bad"); the last pass accepts it.
                    if ratio == .infinity, acceptsUnstretchable { ratio = OptimalLineBreaker.unstretchableRatio }
                    // A line that must shrink more than it can: this node can no longer start a line that fits.
                    if !(ratio < -1), !candidate.isForced {
                        active[kept] = index
                        kept += 1
                    }
                    // Too short, and so are the lines from every later node: they stay active, unmeasured.
                    if skipsShortLines, ratio > tolerance,
                       shortLines.allLaterTooShort(natural: natural, stretch: candidate.visiblePrefix.stretch - node.prefix.stretch,
                                                   startCorrection: node.startCorrection, hyphenWidth: candidate.hyphenWidth) {
                        for later in (position + 1)..<active.count {
                            active[kept] = active[later]
                            kept += 1
                        }
                        position = active.count
                        continue
                    }
                    guard ratio >= -1, ratio <= tolerance, node.position < candidate.position else { continue }
                    let (lineDemerits, fitness) = demerits(ratio: ratio, candidate: candidate, previousIsFlagged: node.isFlagged,
                                                           previousFitness: node.fitness,
                                                           shortfall: lastLineShortfall(candidate, natural: natural, width: widths[line]))
                    best.offer(key: min(node.line + 1, easyLine) * 4 + 3 - fitness, demerits: node.demerits + lineDemerits, node: index,
                               line: node.line + 1)
                }
            }
        }
        active.removeSubrange(kept...)
    }

    /// The lines of the best way to the end (with a looseness, of the way whose line count is nearest the best's
    /// plus the looseness), read back from its last node.
    private func chosenBreaks(nodes: [Node], finals: [Int]) -> [LineEnd]? {
        guard let bestFinal = finals.min(by: { nodes[$0].demerits < nodes[$1].demerits }) else { return nil }
        var chosen = bestFinal
        if looseness != 0 {
            let wanted = nodes[bestFinal].line + looseness
            func distance(_ index: Int) -> Int { abs(nodes[index].line - wanted) }
            chosen = finals.min { distance($0) < distance($1)
                || (distance($0) == distance($1) && nodes[$0].demerits < nodes[$1].demerits) } ?? bestFinal
        }
        var result: [LineEnd] = []
        var index = chosen
        while nodes[index].previous >= 0 {
            result.append(LineEnd(end: nodes[index].position, hyphenated: nodes[index].isHyphen))
            index = nodes[index].previous
        }
        return result.reversed()
    }
}
