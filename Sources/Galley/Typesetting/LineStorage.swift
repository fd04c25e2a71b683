internal import CUnicode
import Foundation
import Synchronization

/// Everything a line holds, in one immutable object that its `Line` value and its `Run` values share:
/// glyph data in visual order in flat arrays, one record per run, the line's metrics and its caret table.
final class LineStorage: Sendable {
    /// One run: a stretch of glyphs with one font, attributes and direction.
    struct RunRecord: Sendable {
        var glyphRange: Range<Int>
        var stringRange: Range<Int>
        var attributes: StringAttributes
        var font: Font
        var level: UInt8
        var baselineShift: CGFloat
        /// Unshifted metrics (the delegate's for run-delegate runs).
        var ascent: CGFloat
        var descent: CGFloat
        var leading: CGFloat
        var status: RunStatus
        var isDelegate: Bool
        var insertion: Insertion? = nil
    }

    let paragraph: ShapedParagraph
    let stringRange: Range<Int>
    let glyphs: [Glyph]
    /// Glyph positions relative to the line origin, y up (offsets and baseline shifts included).
    let positions: [CGPoint]
    let advances: [CGFloat]
    let offsets: [CGPoint]
    let stringIndices: [Int]
    let runs: [RunRecord]
    let width: CGFloat
    /// The caret table, built on the first caret or hit-testing question (layout alone never needs it), then kept.
    private let caretCache = Mutex<CaretTable?>(nil)

    /// A line showing every item of `paragraph` (the whole text as one line).
    convenience init(paragraph: ShapedParagraph) {
        self.init(paragraph: paragraph, stringRange: paragraph.range, items: paragraph.items, from: paragraph.glyphs)
    }

    /// A line from shaped items (logical order) whose glyphs are in `source`.
    init(paragraph: ShapedParagraph, stringRange: Range<Int>, items: [ShapedParagraph.Item], from source: GlyphArrays) {
        self.paragraph = paragraph
        self.stringRange = stringRange
        let order = BidiLevels.visualOrder(items.map(\.item.level))
        let total = items.reduce(0) { $0 + $1.glyphRange.count }
        var glyphs: [Glyph] = []
        var positions: [CGPoint] = []
        var advances: [CGFloat] = []
        var offsets: [CGPoint] = []
        var indices: [Int] = []
        glyphs.reserveCapacity(total)
        positions.reserveCapacity(total)
        advances.reserveCapacity(total)
        offsets.reserveCapacity(total)
        indices.reserveCapacity(total)
        var runs: [RunRecord] = []
        runs.reserveCapacity(items.count)
        var pen: CGFloat = 0
        // A line showing all of the source's glyphs in their stored order (left-to-right text on one line) shares
        // the source arrays instead of copying them; only positions are computed.
        let sharesSource = order.elementsEqual(items.indices)
            && items.first.map { $0.glyphRange.lowerBound == 0 } ?? true
            && zip(items, items.dropFirst()).allSatisfy { $0.glyphRange.upperBound == $1.glyphRange.lowerBound }
            && (items.last?.glyphRange.upperBound ?? 0) == source.count
        if sharesSource {
            glyphs = source.glyphs
            advances = source.advances
            offsets = source.offsets
            indices = source.stringIndices
        }
        for logical in order {
            let item = items[logical]
            let start = sharesSource ? item.glyphRange.lowerBound : glyphs.count
            let shift = item.baselineShift
            if sharesSource {
                for index in item.glyphRange {
                    let offset = source.offsets[index]
                    positions.append(CGPoint(x: pen + offset.x, y: offset.y + shift))
                    pen += source.advances[index]
                }
            } else {
                for index in item.glyphRange {
                    let offset = source.offsets[index]
                    glyphs.append(source.glyphs[index])
                    positions.append(CGPoint(x: pen + offset.x, y: offset.y + shift))
                    advances.append(source.advances[index])
                    offsets.append(offset)
                    indices.append(source.stringIndices[index])
                    pen += source.advances[index]
                }
            }
            let end = sharesSource ? item.glyphRange.upperBound : glyphs.count
            let font = item.item.font
            var status: RunStatus = item.item.isRightToLeft ? [.rightToLeft] : []
            if !LineStorage.isMonotonic(indices[start..<end], rightToLeft: item.item.isRightToLeft) { status.insert(.nonMonotonic) }
            if font.matrix != AffineTransform() { status.insert(.hasNonIdentityMatrix) }
            let delegate = item.attributes.runDelegate
            runs.append(
                RunRecord(
                    glyphRange: start..<end, stringRange: item.item.range, attributes: item.attributes, font: font,
                    level: item.item.level, baselineShift: shift, ascent: delegate?.ascent ?? font.ascent,
                    descent: delegate?.descent ?? font.descent, leading: delegate == nil ? font.leading : 0, status: status,
                    isDelegate: delegate != nil, insertion: item.insertion))
        }
        self.glyphs = glyphs
        self.positions = positions
        self.advances = advances
        self.offsets = offsets
        self.stringIndices = indices
        self.runs = runs
        self.width = pen
    }

    /// A copy of a line with other advances (justification): positions and width follow, runs stay.
    init(_ other: LineStorage, advances newAdvances: [CGFloat]) {
        paragraph = other.paragraph
        stringRange = other.stringRange
        glyphs = other.glyphs
        offsets = other.offsets
        stringIndices = other.stringIndices
        runs = other.runs
        advances = newAdvances
        var positions: [CGPoint] = []
        positions.reserveCapacity(newAdvances.count)
        var pen: CGFloat = 0
        for run in other.runs {
            for index in run.glyphRange {
                positions.append(CGPoint(x: pen + other.offsets[index].x, y: other.offsets[index].y + run.baselineShift))
                pen += newAdvances[index]
            }
        }
        self.positions = positions
        width = pen
    }

    var caret: CaretTable {
        caretCache.withLock { cached in
            if let cached { return cached }
            let table = CaretTable(
                runs: runs, glyphs: glyphs, advances: advances, stringIndices: stringIndices,
                graphemes: paragraph.graphemes, stringRange: stringRange)
            cached = table
            return table
        }
    }

    private static func isMonotonic(_ indices: ArraySlice<Int>, rightToLeft: Bool) -> Bool {
        var previous: Int? = nil
        for index in indices {
            if let previous, rightToLeft ? index > previous : index < previous { return false }
            previous = index
        }
        return true
    }

    // MARK: Metrics

    /// Maximum ascent, descent and leading over the runs, with or without baseline shifts. With no runs,
    /// the default font's (or zero).
    func metrics(shifted: Bool) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        guard !runs.isEmpty else {
            let font = paragraph.text.attributes(at: stringRange.lowerBound).font
            return (font?.ascent ?? 0, font?.descent ?? 0, font?.leading ?? 0)
        }
        var ascent = -CGFloat.infinity
        var descent = -CGFloat.infinity
        var leading: CGFloat = 0
        for run in runs {
            let shift = shifted ? run.baselineShift : 0
            ascent = max(ascent, run.ascent + shift)
            descent = max(descent, run.descent - shift)
            leading = max(leading, run.leading)
        }
        return (max(ascent, 0), max(descent, 0), leading)
    }

    /// Ink bounds of a glyph range, relative to the line origin; `.null` when nothing has ink.
    func imageBounds(glyphs range: Range<Int>, runIndex: Int? = nil) -> CGRect {
        var result = CGRect.null
        var run = runIndex ?? 0
        for index in range {
            if runIndex == nil { while runs[run].glyphRange.upperBound <= index { run += 1 } }
            let record = runs[run]
            if record.isDelegate { continue }
            guard let extents = record.font.inkExtents(of: glyphs[index]) else { continue }
            let position = positions[index]
            result = result.union(extents.offsetBy(dx: position.x, dy: position.y))
        }
        return result
    }

    /// Where the whitespace at the logical end of the line starts (the line's end when there is none).
    var trailingWhitespaceStart: Int {
        var start = stringRange.upperBound
        while start > stringRange.lowerBound, isWhitespace(at: start - 1) { start -= 1 }
        return start
    }

    /// Whether the character at a UTF-16 offset is whitespace (for trailing whitespace and by-word lines).
    func isWhitespace(at index: Int) -> Bool {
        let (codePoint, _) = UnicodeScalarReader.codePoint(in: paragraph.text.units, at: index)
        return galley_is_whitespace(Int32(codePoint)) != 0
    }
}
