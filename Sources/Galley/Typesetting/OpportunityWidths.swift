import Foundation

/// The width of a paragraph's text from its start to each of its line-break opportunities, so that a line is
/// measured as a difference of two sums instead of unit by unit: greedy breaking costs a few steps per line
/// opportunity, however long the words. Sums are kept in `Double` (8 bytes an opportunity). Paragraphs with tabs
/// have none: a tab's width depends on where its line starts.
struct OpportunityWidths: Sendable {
    /// `widths[i]`: the advances from the paragraph's start up to opportunity `i`.
    private let widths: [Double]
    private let base: Int
    /// Whether no unit has a negative advance (negative kerning or tracking can make one): then whitespace hanging at
    /// a line's end never makes the line wider, and a line whose whole width fits fits without measuring it.
    let advancesAreNonNegative: Bool
    /// The most units a line's start may be past the opportunity before it.
    static let maximumGap = 256

    init?(paragraph: ShapedParagraph, positions: BoundaryOffsets, advances: UnitAdvances) {
        guard !paragraph.hasTabs else { return nil }
        let range = paragraph.range
        let (widths, nonNegative) = advances.runningSums(from: range.lowerBound, to: positions.map { range.lowerBound + $0 })
        self.widths = widths
        base = range.lowerBound
        advancesAreNonNegative = nonNegative
    }

    /// The width of the text from `start` to opportunity `index`, whitespace at its end included.
    func width(from startWidth: Double, to index: Int) -> CGFloat { CGFloat(widths[index] - startWidth) }

    /// The width of the text from `start` to opportunity `index` without the whitespace that hangs at its end, the
    /// same as `LineMeasure` gives (`startWidth` from `width(before:)`).
    func visibleWidth(from start: Int, startWidth: Double, to index: Int, end: Int, units: [UInt16],
                      advances: inout UnitAdvances.Reader) -> CGFloat {
        var trailing: Double = 0
        var unit = end - 1
        scan: while unit >= start {
            let advance = advances.advance(at: unit)
            switch Typesetter.trailingRole(units[unit], advance: advance) {
            case .hangs: trailing += advance
            case .ends: break scan
            case .neutral: break
            }
            unit -= 1
        }
        return CGFloat(widths[index] - startWidth - trailing)
    }

    /// The width from the paragraph's start to `start`: the sum at the last opportunity at or before it, plus the
    /// units after that opportunity — nil when those are more than `maximumGap` (a line starting inside a long word,
    /// which `LineMeasure` measures in bounded time instead).
    func width(before start: Int, positions: BoundaryOffsets, advances: inout UnitAdvances.Reader) -> Double? {
        let after = positions.partitioningIndex { $0 + base > start }
        var total: Double = after > 0 ? widths[after - 1] : 0
        var unit = after > 0 ? positions[after - 1] + base : base
        guard start - unit <= Self.maximumGap else { return nil }
        while unit < start {
            total += advances.advance(at: unit)
            unit += 1
        }
        return total
    }
}
