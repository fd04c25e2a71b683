import Foundation

/// Measures of a frame's typographic quality: how evenly its lines are filled and how much they are hyphenated.
///
/// The adjustment ratio of a line is Knuth and Plass's: how far its inter-word spaces must stretch (> 0) or shrink
/// (< 0) to fill the line, in units of their stretchability (half a space) or shrinkability (a third of a space).
/// Last lines of paragraphs and lines ending in a forced break are set at natural width and are not counted.
/// No Core Text equivalent.
public struct LayoutStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Lines in the frame.
    public var lineCount = 0
    /// Lines ending with an inserted hyphen.
    public var hyphenatedLines = 0
    /// Hyphenated lines that follow a hyphenated line.
    public var consecutiveHyphens = 0
    /// Lines whose ratio is counted (not last in their paragraph).
    public var adjustedLines = 0
    /// Mean of the ratios' magnitudes.
    public var meanAdjustmentRatio: CGFloat = 0
    /// The largest ratio (the loosest line).
    public var maximumAdjustmentRatio: CGFloat = 0
    /// Sum of the squared ratios: what optimal breaking keeps small.
    public var sumOfSquaredAdjustmentRatios: CGFloat = 0
    /// Lines whose spaces would grow by more than half their natural width.
    public var looseLines = 0
    /// Lines whose text is wider than their fragment even with spaces fully shrunk.
    public var overfullLines = 0
    /// Sum of the counted lines' badness, TeX's 100 × |ratio|³.
    public var totalBadness: CGFloat = 0
    /// Adjacent lines of a paragraph whose fitness classes are more than one apart (a paragraph's last line counts
    /// as decent, as in TeX): what TeX's `\adjdemerits` charge for.
    public var fitnessJumps = 0
    /// Runs of two or more hyphenated lines in a row.
    public var hyphenRuns = 0
    /// Paragraphs whose next-to-last line is hyphenated: what TeX's `\finalhyphendemerits` charge for.
    public var hyphenatedPenultimateLines = 0
    /// Every line's measures, in order.
    public var lines: [LineMeasure] = []

    /// One line's measures.
    public struct LineMeasure: Hashable, Sendable {
        /// The line's string range.
        public var stringRange: Range<Int>
        /// How far the line's spaces stretch (> 0) or shrink (< 0) to fill it, in units of their stretchability or
        /// shrinkability; nil for a paragraph's last line, a line ending in a forced break or a truncated line (set
        /// at natural width), and a line without spaces that does not fill its width.
        public var adjustmentRatio: CGFloat?
        /// Whether the line ends with an inserted hyphen.
        public var isHyphenated: Bool
        /// Whether the line ends its paragraph (or ends in a forced break).
        public var endsParagraph: Bool
        /// The width of the line's visible text (and inserted hyphen) with its spaces at their natural width.
        public var naturalWidth: CGFloat = 0
        /// Whether the line is wider than its fragment even with its spaces fully shrunk.
        public var isOverfull = false

        /// A line's measures by name (for lines another typesetter set, to compare them alike).
        package init(stringRange: Range<Int>, adjustmentRatio: CGFloat?, isHyphenated: Bool, endsParagraph: Bool,
                     naturalWidth: CGFloat = 0, isOverfull: Bool = false) {
            self.stringRange = stringRange
            self.adjustmentRatio = adjustmentRatio
            self.isHyphenated = isHyphenated
            self.endsParagraph = endsParagraph
            self.naturalWidth = naturalWidth
            self.isOverfull = isOverfull
        }

        /// TeX's badness of the line, 100 × |ratio|³ (0 when it has no ratio).
        public var badness: CGFloat { adjustmentRatio.map { 100 * abs($0 * $0 * $0) } ?? 0 }
        /// The line's fitness class by its badness (decent when it has no ratio).
        public var fitness: FitnessClass { adjustmentRatio.map(FitnessClass.init(ratio:)) ?? .decent }
    }

    /// The measures of a frame whose lines measure `lines`: every count and sum is made from them here, for
    /// `Framesetter.statistics(of:)` and for lines another typesetter set (the TeX referee).
    package init(lines: [LineMeasure]) {
        self.lines = lines
        lineCount = lines.count
        var ratioSum: CGFloat = 0
        var run = 0
        for (index, line) in lines.enumerated() {
            if line.isOverfull { overfullLines += 1 }
            if let ratio = line.adjustmentRatio {
                adjustedLines += 1
                ratioSum += abs(ratio)
                sumOfSquaredAdjustmentRatios += ratio * ratio
                maximumAdjustmentRatio = max(maximumAdjustmentRatio, ratio)
                if ratio * OptimalLineBreaker.stretchOfSpace > 0.5 { looseLines += 1 }
            }
            totalBadness += line.badness
            if line.isHyphenated {
                hyphenatedLines += 1
                run += 1
                if run > 1 { consecutiveHyphens += 1 }
                if run == 2 { hyphenRuns += 1 }
            } else {
                run = 0
            }
            // Within a paragraph: a jump of fitness classes, a hyphenated line before the last.
            guard index > 0, !lines[index - 1].endsParagraph else { continue }
            let previous = lines[index - 1]
            if abs(line.fitness.rawValue - previous.fitness.rawValue) > 1 { fitnessJumps += 1 }
            if line.endsParagraph, previous.isHyphenated { hyphenatedPenultimateLines += 1 }
        }
        meanAdjustmentRatio = adjustedLines > 0 ? ratioSum / CGFloat(adjustedLines) : 0
    }

    public var description: String {
        "lines \(lineCount), hyphenated \(hyphenatedLines), consecutive hyphens \(consecutiveHyphens), "
            + "mean |ratio| \(String(format: "%.3f", Double(meanAdjustmentRatio))), "
            + "max ratio \(String(format: "%.3f", Double(maximumAdjustmentRatio))), "
            + "sum of squared ratios \(String(format: "%.1f", Double(sumOfSquaredAdjustmentRatios))), "
            + "loose lines (spaces > +50%) \(looseLines), overfull \(overfullLines), "
            + "total badness \(String(format: "%.0f", Double(totalBadness))), fitness jumps \(fitnessJumps), "
            + "runs of hyphens \(hyphenRuns), hyphenated next-to-last lines \(hyphenatedPenultimateLines)"
    }
}

extension Framesetter {
    /// Quality measures of a frame this framesetter made.
    public func statistics(of frame: Frame) -> LayoutStatistics {
        var measures: [LayoutStatistics.LineMeasure] = []
        let units = typesetter.text.units
        for (line, fragment) in zip(frame.lines, frame.lineFragments) {
            let hyphenated = line.runs.contains { $0.isInsertedHyphen }
            let range = line.stringRange
            let startsAfterHyphen = measures.last.map { $0.isHyphenated && $0.stringRange.upperBound == range.lowerBound } ?? false
            var measure = LayoutStatistics.LineMeasure(stringRange: range, adjustmentRatio: nil, isHyphenated: hyphenated, endsParagraph: true)
            defer { measures.append(measure) }
            guard !range.isEmpty, !line.runs.contains(where: \.isTruncationToken) else { continue }
            let paragraph = typesetter.paragraphs[typesetter.paragraphIndex(at: range.lowerBound)]
            let isLast = range.upperBound >= paragraph.range.upperBound || typesetter.endsWithForcedBreak(range.upperBound)
            measure.endsParagraph = isLast
            let visibleEnd = CharacterClasses.visibleEnd(of: range, in: units)
            let sums = OptimalLineBreaker.Sums(typesetter: typesetter, paragraph: paragraph, from: range.lowerBound, to: visibleEnd)
            // As the breaker measures: the pieces of a word hyphenated where its glyphs are not safe to cut are
            // reshaped (the set line's width, not the paragraph's advances).
            let startCorrection = startsAfterHyphen
                ? OptimalLineBreaker.reshapingCorrections(at: range.lowerBound, in: paragraph, typesetter: typesetter, measuring: .start)?.start ?? 0 : 0
            let hyphenPart = hyphenated
                ? OptimalLineBreaker.reshapingCorrections(at: range.upperBound, in: paragraph, typesetter: typesetter, measuring: .end)?.endWithHyphen
                    ?? typesetter.hyphenWidth(at: range.upperBound - 1)
                : 0
            let natural = sums.width(range.lowerBound..<visibleEnd) + startCorrection + hyphenPart
            // What may hang into the margins (character protrusion) is measured off, as the breaker does: the width
            // `inside` the margins.
            let protrusion = typesetter.protrusion(of: paragraph, start: range.lowerBound, visibleEnd: visibleEnd, hyphenated: hyphenated)
            var inside = natural - protrusion.start - protrusion.end
            // And so are fullwidth brackets trimmed at the line's start, and at its end where it would not fit otherwise.
            inside -= typesetter.lineStartTrim(of: paragraph, at: range.lowerBound)
            if !hyphenated, inside > fragment.width + LayoutTolerance.lineFit {
                inside -= typesetter.lineEndTrim(of: paragraph, visibleEnd: visibleEnd)
            }
            measure.naturalWidth = natural
            // Font expansion stretches and shrinks the glyphs too (as the breaker counts it).
            let adjustable = OptimalLineBreaker.adjustability(
                natural: inside, stretch: sums.stretch(range.lowerBound..<visibleEnd), shrink: sums.shrink(range.lowerBound..<visibleEnd),
                expansion: paragraph.style.fontExpansion)
            measure.isOverfull = inside - adjustable.shrink > fragment.width + 0.01
            guard !isLast else { continue }
            let ratio = OptimalLineBreaker.ratio(natural: inside, stretch: adjustable.stretch, shrink: adjustable.shrink, width: fragment.width,
                                                 isLast: false)
            if ratio.isFinite { measure.adjustmentRatio = ratio }
        }
        return LayoutStatistics(lines: measures)
    }
}
