import Foundation

/// The advance of each UTF-16 unit of a paragraph — its cluster's advance at the unit where the cluster starts, 0
/// at the other units — which line breaking measures with. Read from the glyph arrays themselves: in one walk when
/// the paragraph's glyphs are in string order (text without right-to-left runs), else item by item, a right-to-left
/// item's glyphs backwards (they descend in string order). Only a paragraph with an item whose clusters are in
/// neither order (HarfBuzz keeps some clusters of a right-to-left item in logical order) stores them, 4 bytes a
/// unit. A class, so that a reader or walker holds one reference instead of copying (and retaining) every array.
final class UnitAdvances: Sendable {
    /// The paragraph, whose glyphs are read in place (a copy of them counted a reference on each of their arrays).
    fileprivate let paragraph: ShapedParagraph
    /// Empty unless an item's clusters are in neither order.
    private let stored: [Float]
    /// The paragraph's items (their ranges, glyph ranges and directions) when its glyphs are not in string order.
    private let items: [ShapedParagraph.Item]
    private let base: Int

    init(_ paragraph: ShapedParagraph) {
        self.paragraph = paragraph
        base = paragraph.range.lowerBound
        if paragraph.glyphs.ascends {
            stored = []
            items = []
        } else if paragraph.items.allSatisfy(\.clustersAreMonotonic) {
            stored = []
            items = paragraph.items
        } else {
            stored = Self.summed(paragraph.glyphs, count: paragraph.range.count, base: paragraph.range.lowerBound, as: Float.self)
            items = []
        }
        length = paragraph.range.count
        _checkInvariants(range: paragraph.range)
    }

    /// Checks (`InternalChecks`) that walking and reading give each unit the sum of its glyphs' advances, as a
    /// pass over every glyph adds them up.
    func _checkInvariants(range: Range<Int>) {
        #if GALLEY_INTERNAL_CHECKS
        let sums = stored.isEmpty ? Self.summed(paragraph.glyphs, count: range.count, base: base, as: CGFloat.self) : stored.map { CGFloat($0) }
        var walked = [CGFloat](repeating: 0, count: range.count)
        var walker = walker(from: range.lowerBound)
        var last = Int.min
        while let (unit, advance) = walker.next(before: range.upperBound) {
            precondition(unit > last, "unit \(unit) walked after \(last)")
            walked[unit - base] = advance
            last = unit
        }
        var reader = self.reader
        var middle = self.walker(from: range.lowerBound + range.count / 2)  // (item by item, where items are read)
        while let (unit, advance) = middle.next(before: range.upperBound) {
            precondition(advance == sums[unit - base], "unit \(unit): walked from the middle \(advance), glyphs \(sums[unit - base])")
        }
        // Every way of reading gives the same advance, bit for bit: line breaking compares sums made one way with
        // widths measured another.
        for unit in range {
            precondition(walked[unit - base] == sums[unit - base], "unit \(unit): walked \(walked[unit - base]), glyphs \(sums[unit - base])")
            precondition(reader.advance(at: unit) == sums[unit - base], "unit \(unit): read differently from its glyphs")
        }
        #endif
    }

    /// The paragraph's length in units.
    private let length: Int

    /// Whether every sum of unit advances a walk adds is exact (`OpportunityWidths.sumsAreExact`), told from the glyphs
    /// in one pass over their advances (kept below 2¹⁹ in all, a margin for the bound's own rounding); nil where the
    /// advances are stored per unit (rounded to `Float`), which a walk must check.
    var addsExactly: Bool? { stored.isEmpty ? paragraph.glyphs.advancesAddExactly(below: 0x1p19) : nil }

    /// Each unit's advance, its cluster's glyphs added in glyph order in one pass over them: in `Float` as stored, in
    /// `CGFloat` as reading item by item adds them.
    private static func summed<Value: BinaryFloatingPoint>(_ glyphs: GlyphArrays, count: Int, base: Int, as: Value.Type) -> [Value] {
        var advances = [Value](repeating: 0, count: count)
        for index in 0..<glyphs.count { advances[glyphs.stringIndex(index) - base] += Value(glyphs.advance(index)) }
        return advances
    }

    /// The glyphs of `item` holding `unit` or the first unit after it, in the order that visits units ascending:
    /// `next` the first glyph to read, stepping forwards (left to right) or backwards (right to left).
    fileprivate func firstGlyph(atOrAfter unit: Int, in item: ShapedParagraph.Item) -> Int {
        let range = item.glyphRange
        if !item.item.isRightToLeft { return paragraph.glyphs.firstGlyph(atOrAfter: unit, in: range) }
        // Descending indices: the glyphs at or after `unit` come first; the last of them is the one to start from.
        return range.partitioningIndex { paragraph.glyphs.stringIndex($0) < unit } - 1
    }

    /// The item holding `unit` (the last one for units past them all).
    fileprivate func item(holding unit: Int, near hint: Int) -> Int {
        if hint < items.count, items[hint].item.range.contains(unit) { return hint }
        if hint + 1 < items.count, items[hint + 1].item.range.contains(unit) { return hint + 1 }
        return min(items.partitioningIndex { $0.item.range.upperBound > unit }, max(items.count - 1, 0))
    }

    /// A walker over the units from `start` on, in order.
    func walker(from start: Int) -> Walker { Walker(source: self, from: start) }

    /// Visits units in ascending order, each with its advance as a `Reader` gives it (units without glyphs, whose
    /// advance is zero, may be skipped). Glyphs are read in one walk, a unit's glyphs summed together.
    struct Walker {
        /// (The glyphs and stored advances are read in place, through `source`: copies counted a reference on each of
        /// their arrays, once a paragraph.)
        private let source: UnitAdvances
        /// Which of the three ways the advances are read (decided once: `next` runs for every unit).
        private let byItems: Bool
        /// Every unit's advance, for a walk over a whole paragraph whose glyphs are read item by item (else empty).
        private let summed: [CGFloat]
        private let base: Int
        /// The next glyph to read (the next unit, with stored advances).
        private var glyph: Int
        private var unit: Int
        /// The item being walked, and where its glyphs end in the walk's direction (items only).
        private var item = 0
        private var itemEnd = 0
        private var backwards = false

        fileprivate init(source: UnitAdvances, from start: Int) {
            self.source = source
            base = source.base
            if !source.items.isEmpty, start <= source.base {
                // A walk over the whole paragraph (its opportunities' widths): one pass over the glyphs, kept for the
                // walk only, costs less than stepping item by item, and adds alike.
                summed = UnitAdvances.summed(source.paragraph.glyphs, count: source.length, base: source.base, as: CGFloat.self)
                byItems = false
            } else {
                summed = []
                byItems = !source.items.isEmpty
            }
            unit = start
            glyph = 0
            if !source.stored.isEmpty || !summed.isEmpty { return }
            if !byItems {
                glyph = source.paragraph.glyphs.firstGlyph(atOrAfter: start, in: 0..<source.paragraph.glyphs.count)
            } else {
                enter(source.item(holding: start, near: 0), from: start)
            }
        }

        private mutating func enter(_ index: Int, from start: Int) {
            item = index
            let entered = source.items[index]
            backwards = entered.item.isRightToLeft
            glyph = source.firstGlyph(atOrAfter: start, in: entered)
            itemEnd = backwards ? entered.glyphRange.lowerBound - 1 : entered.glyphRange.upperBound
        }

        /// The next unit before `end` not yet visited, and its advance; nil when there is none.
        @inline(__always)
        mutating func next(before end: Int) -> (unit: Int, advance: CGFloat)? {
            if !byItems {
                if !summed.isEmpty {
                    guard unit < end, unit < base + summed.count else { return nil }
                    defer { unit += 1 }
                    return (unit, summed[unit - base])
                }
                if !source.stored.isEmpty {
                    guard unit < end else { return nil }
                    defer { unit += 1 }
                    return (unit, CGFloat(source.stored[unit - base]))
                }
                return nextInStringOrder(before: end)
            }
            return nextByItems(before: end)
        }

        /// `next(before:)` over glyphs in string order: the next unit's glyphs, summed from zero.
        @inline(__always)
        private mutating func nextInStringOrder(before end: Int) -> (unit: Int, advance: CGFloat)? {
            guard glyph < source.paragraph.glyphs.count else { return nil }
            let index = source.paragraph.glyphs.stringIndex(glyph)
            guard index < end else { return nil }
            var total: CGFloat = 0
            repeat {
                total += source.paragraph.glyphs.advance(glyph)
                glyph += 1
            } while glyph < source.paragraph.glyphs.count && source.paragraph.glyphs.stringIndex(glyph) == index
            return (index, total)
        }

        /// Where a walk reads the paragraph's glyphs in string order (`nextInStringOrder`), the next one to read, for a
        /// caller that reads them in place (`OpportunityWidths.walk`), moving it on as it does; nil otherwise. (The
        /// glyphs are the caller's to read: handing out a copy counted a reference on each of their arrays.)
        var stringOrderGlyph: Int? {
            get { !byItems && summed.isEmpty && source.stored.isEmpty ? glyph : nil }
            set { if let newValue { glyph = newValue } }
        }

        /// Adds the advance of every unit before `end` not visited yet to `total`, as calling `next(before:)` until it
        /// answers nil would, in the same order (so the sum is the same to the bit): `nonNegative` turns false at a
        /// negative advance, `last` becomes the last unit visited and its advance.
        @inline(__always)
        mutating func add(before end: Int, to total: inout Double, nonNegative: inout Bool, last: inout (unit: Int, advance: CGFloat)) {
            func visit(_ visited: (unit: Int, advance: CGFloat)) {
                if visited.advance < 0 { nonNegative = false }
                total += visited.advance
                last = visited
            }
            // (The way of reading decided once for the whole stretch, not once a unit as `next` decides it.)
            if !byItems, summed.isEmpty, source.stored.isEmpty {
                while let visited = nextInStringOrder(before: end) { visit(visited) }
            } else {
                while let visited = next(before: end) { visit(visited) }
            }
        }

        private mutating func nextByItems(before end: Int) -> (unit: Int, advance: CGFloat)? {
            while glyph == itemEnd {
                guard item + 1 < source.items.count else { return nil }
                enter(item + 1, from: source.items[item + 1].item.range.lowerBound)
            }
            let index = source.paragraph.glyphs.stringIndex(glyph)
            guard index < end else { return nil }
            var total: CGFloat = 0
            if backwards {
                // The cluster's glyphs are added in glyph order, as a reader adds them.
                var first = glyph
                while first - 1 != itemEnd, source.paragraph.glyphs.stringIndex(first - 1) == index { first -= 1 }
                for cluster in first...glyph { total += source.paragraph.glyphs.advance(cluster) }
                glyph = first - 1
            } else {
                repeat {
                    total += source.paragraph.glyphs.advance(glyph)
                    glyph += 1
                } while glyph != itemEnd && source.paragraph.glyphs.stringIndex(glyph) == index
            }
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
        /// The item last asked about (glyphs not in string order).
        private var item = 0

        fileprivate init(source: UnitAdvances) { self.source = source }

        /// The advance at a UTF-16 offset of the whole text inside the paragraph.
        @inline(__always)
        mutating func advance(at unit: Int) -> CGFloat {
            if !source.stored.isEmpty { return CGFloat(source.stored[unit - source.base]) }
            let glyphs = source.paragraph.glyphs
            if !source.items.isEmpty { return itemAdvance(at: unit, glyphs) }
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

        /// The advance at `unit` from its item's glyphs (a binary search in the item).
        private mutating func itemAdvance(at unit: Int, _ glyphs: GlyphArrays) -> CGFloat {
            item = source.item(holding: unit, near: item)
            let found = source.items[item]
            guard found.item.range.contains(unit) else { return 0 }
            let range = found.glyphRange
            var glyph: Int
            if found.item.isRightToLeft {
                glyph = range.partitioningIndex { glyphs.stringIndex($0) <= unit }
            } else {
                glyph = glyphs.firstGlyph(atOrAfter: unit, in: range)
            }
            var total: CGFloat = 0
            while glyph < range.upperBound, glyphs.stringIndex(glyph) == unit {
                total += glyphs.advance(glyph)
                glyph += 1
            }
            return total
        }
    }
}
