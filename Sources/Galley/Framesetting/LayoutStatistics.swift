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

    public var description: String {
        "lines \(lineCount), hyphenated \(hyphenatedLines), consecutive hyphens \(consecutiveHyphens), "
            + "mean |ratio| \(String(format: "%.3f", Double(meanAdjustmentRatio))), "
            + "max ratio \(String(format: "%.3f", Double(maximumAdjustmentRatio))), "
            + "sum of squared ratios \(String(format: "%.1f", Double(sumOfSquaredAdjustmentRatios))), "
            + "loose lines (spaces > +50%) \(looseLines), overfull \(overfullLines)"
    }
}

extension Framesetter {
    /// Quality measures of a frame this framesetter made.
    public func statistics(of frame: Frame) -> LayoutStatistics {
        var statistics = LayoutStatistics()
        statistics.lineCount = frame.lines.count
        var previousHyphenated = false
        var ratioSum: CGFloat = 0
        let units = typesetter.text.units
        for (line, fragment) in zip(frame.lines, frame.lineFragments) {
            let hyphenated = line.runs.contains { $0.isInsertedHyphen }
            if hyphenated {
                statistics.hyphenatedLines += 1
                if previousHyphenated { statistics.consecutiveHyphens += 1 }
            }
            previousHyphenated = hyphenated
            let range = line.stringRange
            guard !range.isEmpty, !line.runs.contains(where: \.isTruncationToken) else { continue }
            let paragraph = typesetter.paragraphs[typesetter.paragraphIndex(at: range.lowerBound)]
            let isLast = range.upperBound >= paragraph.range.upperBound || typesetter.endsWithForcedBreak(range.upperBound)
            var visibleEnd = range.upperBound
            while visibleEnd > range.lowerBound, CharacterClasses.hangsAtLineEnd(units[visibleEnd - 1]) { visibleEnd -= 1 }
            let sums = OptimalLineBreaker.Sums(typesetter: typesetter, paragraph: paragraph, from: range.lowerBound, to: visibleEnd)
            let natural = sums.width(range.lowerBound..<visibleEnd) + (hyphenated ? typesetter.hyphenWidth(at: range.upperBound - 1) : 0)
            let shrink = sums.shrink(range.lowerBound..<visibleEnd)
            if natural - shrink > fragment.width + 0.01 { statistics.overfullLines += 1 }
            guard !isLast else { continue }
            let ratio = OptimalLineBreaker.ratio(
                natural: natural, stretch: sums.stretch(range.lowerBound..<visibleEnd), shrink: shrink, width: fragment.width,
                isLast: false)
            guard ratio.isFinite else { continue }
            statistics.adjustedLines += 1
            ratioSum += abs(ratio)
            statistics.sumOfSquaredAdjustmentRatios += ratio * ratio
            statistics.maximumAdjustmentRatio = max(statistics.maximumAdjustmentRatio, ratio)
            if ratio * OptimalLineBreaker.stretchOfSpace > 0.5 { statistics.looseLines += 1 }
        }
        statistics.meanAdjustmentRatio = statistics.adjustedLines > 0 ? ratioSum / CGFloat(statistics.adjustedLines) : 0
        return statistics
    }
}
