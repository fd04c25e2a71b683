import Foundation

/// The advance of each UTF-16 unit of a paragraph — its cluster's advance at the unit where the cluster starts, 0
/// at the other units — which line breaking measures with. When the paragraph's glyphs are in string order (text
/// without right-to-left runs) they are read from the glyph arrays themselves; otherwise they are stored, 4 bytes a
/// unit. A class, so that a reader or walker holds one reference instead of copying (and retaining) every array.
final class UnitAdvances: Sendable {
    private let glyphs: GlyphArrays
    /// Empty when the glyphs are in string order.
    private let stored: [Float]
    private let base: Int

    init(_ paragraph: ShapedParagraph) {
        let glyphs = paragraph.glyphs
        base = paragraph.range.lowerBound
        self.glyphs = glyphs
        if glyphs.ascends {
            stored = []
        } else {
            var advances = [Float](repeating: 0, count: paragraph.range.count)
            for index in 0..<glyphs.count {
                advances[glyphs.stringIndex(index) - base] += Float(glyphs.advance(index))
            }
            stored = advances
        }
    }

    /// A walker over the units from `start` on, in order.
    func walker(from start: Int) -> Walker { Walker(source: self, from: start) }

    /// Visits units in ascending order, each with its advance as a `Reader` gives it (units without glyphs, whose
    /// advance is zero, may be skipped). Glyphs in string order are read in one walk, a unit's glyphs summed together.
    struct Walker {
        private let glyphs: GlyphArrays
        private let stored: [Float]
        private let base: Int
        private var glyph: Int
        private var unit: Int

        fileprivate init(source: UnitAdvances, from start: Int) {
            glyphs = source.glyphs
            stored = source.stored
            base = source.base
            unit = start
            glyph = source.stored.isEmpty ? source.glyphs.firstGlyph(atOrAfter: start, in: 0..<source.glyphs.count) : 0
        }

        /// The next unit before `end` not yet visited, and its advance; nil when there is none.
        @inline(__always)
        mutating func next(before end: Int) -> (unit: Int, advance: CGFloat)? {
            if !stored.isEmpty {
                guard unit < end else { return nil }
                defer { unit += 1 }
                return (unit, CGFloat(stored[unit - base]))
            }
            guard glyph < glyphs.count else { return nil }
            let index = glyphs.stringIndex(glyph)
            guard index < end else { return nil }
            var total: CGFloat = 0
            repeat {
                total += glyphs.advance(glyph)
                glyph += 1
            } while glyph < glyphs.count && glyphs.stringIndex(glyph) == index
            return (index, total)
        }
    }

    /// A reader for units asked in ascending order (any order works; ascending or nearby units cost O(1)).
    var reader: Reader { Reader(source: self) }

    struct Reader {
        fileprivate let source: UnitAdvances
        /// The first glyph of the unit after the last one asked (glyphs in string order only).
        private var glyph = 0
        private var nextUnit = Int.min

        fileprivate init(source: UnitAdvances) { self.source = source }

        /// The advance at a UTF-16 offset of the whole text inside the paragraph.
        @inline(__always)
        mutating func advance(at unit: Int) -> CGFloat {
            if !source.stored.isEmpty { return CGFloat(source.stored[unit - source.base]) }
            let glyphs = source.glyphs
            if unit != nextUnit {
                if nextUnit != Int.min, abs(unit - nextUnit) <= 32 {
                    // Near the last unit asked (measuring back over a line's trailing spaces, on to the next
                    // opportunity): step to the unit's first glyph instead of searching the paragraph.
                    while glyph > 0, glyphs.stringIndex(glyph - 1) >= unit { glyph -= 1 }
                    while glyph < glyphs.count, glyphs.stringIndex(glyph) < unit { glyph += 1 }
                } else {
                    glyph = glyphs.firstGlyph(atOrAfter: unit, in: 0..<glyphs.count)
                }
            }
            var total: CGFloat = 0
            while glyph < glyphs.count, glyphs.stringIndex(glyph) == unit {
                total += glyphs.advance(glyph)
                glyph += 1
            }
            nextUnit = unit + 1
            return total
        }
    }
}
