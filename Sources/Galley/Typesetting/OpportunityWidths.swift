import Foundation

/// The width of a paragraph's text from its start to each of its line-break opportunities, so that a line is
/// measured as a difference of two sums instead of unit by unit: greedy breaking costs a few steps per line
/// opportunity, however long the words. Sums are `Double`s (kept in 4 bytes an opportunity where that is exact, see
/// `PrefixSums`), and beside them the
/// width of the whitespace that hangs before each opportunity (1 byte: a paragraph has few such widths, see
/// `HangingWidths`), so that re-breaking reads neither the text nor the glyphs to find where a line's visible text
/// ends. Paragraphs with tabs have none: a tab's width depends
/// on where its line starts.
struct OpportunityWidths: Sendable {
    /// `widths[i]`: the advances from the paragraph's start up to opportunity `i`.
    private let widths: PrefixSums
    /// `hanging[i]`: the width of the whitespace hanging at the end of a line that ends at opportunity `i` and starts
    /// at or before opportunity `i - 1` (the paragraph's start for the first); NaN where it is measured each time
    /// (see `storedHanging`).
    private let hanging: HangingWidths
    private let base: Int
    /// Whether no unit has a negative advance (negative kerning or tracking can make one): then whitespace hanging at
    /// a line's end never makes the line wider, and a line whose whole width fits fits without measuring it.
    let advancesAreNonNegative: Bool
    /// The most units a line's start may be past the opportunity before it.
    static let maximumGap = 256

    /// What an edited paragraph keeps of the old one's widths (`keeping(_:paragraph:breaks:)`).
    struct Keeping {
        let old: OpportunityWidths
        /// How many of the first opportunities are the old ones, with the same units before them.
        let prefix: Int
        /// From opportunity `new` on, each is the old one at `old` as many places on, moved with the text after the
        /// edit, and every unit from it on is kept (its glyphs moved, `ShapedParagraph.kept`).
        let suffix: (new: Int, old: Int)?
    }

    /// Whether every sum was added exactly: every unit's advance a whole multiple of 2⁻³³ (so is every `Float`
    /// advance of at least 2⁻¹⁰) and every sum below 2²⁰ in magnitude, so that every sum, and every difference or sum
    /// of two of them below 2²⁰, is exact. (Only looked for in paragraphs of 2,048 units or more and in pieces of a
    /// longer one (`isPiece`), where an edit then moves the widths after it by one difference instead of adding every
    /// unit again; a first layout of shorter paragraphs does not pay for the second walk it takes.)
    let sumsAreExact: Bool
    /// The number of opportunities.
    var count: Int { widths.count }
    /// For an edited paragraph whose widths after the edit are the old ones moved (see `init`): the offset of the
    /// opportunity from which they are, so that breaking a line from there on measures exactly what it measured
    /// before the edit, and ends where it did, moved (`FrameFiller`). Nil otherwise.
    var movedFrom: Int? { movedFromOffset < 0 ? nil : Int(movedFromOffset) }
    /// `movedFrom`, or -1 (4 bytes a paragraph, not 9).
    private let movedFromOffset: Int32
    /// How many of the first widths were taken from the paragraph before an edit (`Keeping.prefix`; 0 for a paragraph
    /// measured afresh).
    var keptPrefix: Int { Int(keptPrefixCount) }
    private let keptPrefixCount: Int32

    /// `keeping`: what this paragraph, made from the one before an edit, shares with it (`keeping(_:paragraph:breaks:)`).
    /// The shared first opportunities' widths are taken as they are, and the sums go on from the last of them — adding
    /// the same advances in the same order, so every width is the one a walk from the paragraph's start gives, to the
    /// bit. Where the widths after the edit are the old ones moved and every sum is exact, they are the old ones plus
    /// the difference at the first of them, which is again what the walk gives, to the bit. (Checked builds compare.)
    /// `isPiece`: the paragraph is a piece of a longer one (see `sumsAreExact`).
    init?(paragraph: ShapedParagraph, positions: BoundaryOffsets, advances: UnitAdvances, keeping: Keeping? = nil, isPiece: Bool = false) {
        guard !paragraph.hasTabs else { return nil }
        let range = paragraph.range
        let count = positions.count
        // Each opportunity's sum and hanging whitespace, written in one plain pass, then stored compactly.
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        let hangs = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        defer {
            sums.deallocate()
            hangs.deallocate()
        }
        var total: Double = 0
        var nonNegative = true
        var exact = range.count >= 2048 || isPiece
        var previous = range.lowerBound
        var first = 0
        let keeping = keeping.flatMap { $0.old.advancesAreNonNegative && $0.prefix <= count ? $0 : nil }
        if let keeping, keeping.prefix > 0 {
            let old = keeping.old
            for index in 0..<keeping.prefix {
                sums[index] = old.widths[index]
                hangs[index] = old.hanging[index]
            }
            total = old.widths[keeping.prefix - 1]
            previous = range.lowerBound + positions[keeping.prefix - 1]
            first = keeping.prefix
            exact = exact && old.sumsAreExact
        }
        // The walk stops at the first moved opportunity when the sums are exact: the rest follow from the old ones.
        let moved = keeping.flatMap { keeping in keeping.old.sumsAreExact ? keeping.suffix.map { (keeping.old, $0) } : nil }
        let walkStart = (unit: previous, total: total)
        var walker = advances.walker(from: previous)
        var movedFrom: Int? = nil
        // Through the first moved opportunity, then (sums exact) the old widths moved, else on.
        let firstMoved = moved.map { min(max($0.1.new + 1, first), count) } ?? count
        paragraph.text.units.withUnsafeBufferPointer { units in
            Self.walk(first..<firstMoved, positions: positions, base: range.lowerBound, units: units, glyphs: paragraph.glyphs,
                      walker: &walker, total: &total,
                      nonNegative: &nonNegative, previous: &previous, sums: sums, hangs: hangs)
            if let (old, suffix) = moved, exact, firstMoved > suffix.new, firstMoved < count {
                exact = Self.addsExactly(advances, from: walkStart, upTo: previous)
                if exact, Self.moved(old, from: suffix.old + (firstMoved - 1 - suffix.new), by: total, count: count - firstMoved,
                                     into: (sums, hangs), at: firstMoved) {
                    movedFrom = previous
                }
            }
            if movedFrom == nil {
                Self.walk(firstMoved..<count, positions: positions, base: range.lowerBound, units: units, glyphs: paragraph.glyphs,
                          walker: &walker, total: &total,
                          nonNegative: &nonNegative, previous: &previous, sums: sums, hangs: hangs)
                // (A paragraph measured afresh: its glyphs tell at once; after an edit, the walk from it is shorter.)
                if exact { exact = (first == 0 ? advances.addsExactly : nil) ?? Self.addsExactly(advances, from: walkStart, upTo: range.upperBound) }
            }
        }
        widths = PrefixSums(UnsafeBufferPointer(sums))
        hanging = HangingWidths(UnsafeBufferPointer(hangs))
        base = range.lowerBound
        advancesAreNonNegative = nonNegative
        sumsAreExact = exact
        movedFromOffset = movedFrom.flatMap { Int32(exactly: $0) } ?? -1
        keptPrefixCount = Int32(exactly: first) ?? 0
        if InternalChecks.areEnabled, keeping != nil, let whole = OpportunityWidths(paragraph: paragraph, positions: positions, advances: advances, isPiece: isPiece) {
            _internalInvariant(whole.advancesAreNonNegative == nonNegative, "kept widths: the sign of the advances differs")
            _internalInvariant(!exact || Self.addsExactly(advances, from: (range.lowerBound, 0), upTo: range.upperBound),
                               "kept widths: exact where a walk is not")
            for index in 0..<positions.count {
                _internalInvariant(whole.agrees(with: self, at: index), "kept widths differ from a walk from the start at opportunity \(index)")
            }
        }
    }

    /// Whether every sum a walk from `start` (its unit and the sum there) adds up to `end` is exact (see
    /// `sumsAreExact`), added again apart from the walk: the walk itself, which every paragraph's layout makes, stays
    /// as plain as it can be. Asked only where the glyphs cannot tell at once (`UnitAdvances.addsExactly`).
    @inline(never)
    private static func addsExactly(_ advances: UnitAdvances, from start: (unit: Int, total: Double), upTo end: Int) -> Bool {
        var walker = advances.walker(from: start.unit)
        var sum = start.total
        while let (_, advance) = walker.next(before: end) {
            sum += advance
            let scaled = advance * 0x1p33
            guard abs(sum) < 0x1p20, scaled.rounded(.towardZero) == scaled else { return false }
        }
        return true
    }

    /// Walks over `opportunities`, writing each one's width from the paragraph's start (`total` goes on from the last)
    /// and the whitespace hanging before it (`storedHanging`) at its index: one plain loop, its sums in registers.
    /// `glyphs`: the paragraph's, which the walker reads.
    @inline(__always)
    private static func walk(_ opportunities: Range<Int>, positions: BoundaryOffsets, base: Int, units: UnsafeBufferPointer<UInt16>,
                             glyphs: GlyphArrays,
                             walker: inout UnitAdvances.Walker, total: inout Double, nonNegative: inout Bool, previous: inout Int,
                             sums: UnsafeMutableBufferPointer<Double>, hangs: UnsafeMutableBufferPointer<Float>) {
        var sum = total, allNonNegative = nonNegative, after = previous
        var last: (unit: Int, advance: CGFloat) = (Int.min, 0)
        // Glyphs in string order with their indices in 15 bits (most paragraphs): read in place, as the walker would.
        // (The sums in the closure's own variables, handed out at the end: captured ones lived in memory.)
        if let start = walker.stringOrderGlyph, let done = glyphs.withNarrowReader({ [sum, allNonNegative, after] reader in
            var glyph = start, sum = sum, allNonNegative = allNonNegative, after = after
            var last: (unit: Int, advance: CGFloat) = (Int.min, 0)
            let glyphBase = glyphs.base
            for index in opportunities {
                let end = base + positions[index], relativeEnd = end - glyphBase
                while glyph < reader.count, case let unit = reader.relativeIndex(glyph), unit < relativeEnd {
                    var advance: CGFloat = 0
                    repeat {
                        advance += CGFloat(reader.advance(glyph))
                        glyph += 1
                    } while glyph < reader.count && reader.relativeIndex(glyph) == unit
                    if advance < 0 { allNonNegative = false }
                    sum += advance
                    last = (glyphBase + unit, advance)
                }
                sums[index] = sum
                hangs[index] = storedHanging(before: end, after: after, units: units, lastAdvance: last.unit == end - 1 ? last.advance : 0)
                after = end
            }
            return (glyph: glyph, sum: sum, allNonNegative: allNonNegative, after: after)
        }) {
            walker.stringOrderGlyph = done.glyph
            (total, nonNegative, previous) = (done.sum, done.allNonNegative, done.after)
            return
        }
        for index in opportunities {
            let end = base + positions[index]
            walker.add(before: end, to: &sum, nonNegative: &allNonNegative, last: &last)
            sums[index] = sum
            hangs[index] = storedHanging(before: end, after: after, units: units, lastAdvance: last.unit == end - 1 ? last.advance : 0)
            after = end
        }
        (total, nonNegative, previous) = (sum, allNonNegative, after)
    }

    /// The `count` widths and hanging whitespace after old opportunity `from`, moved so that it stands at `width`:
    /// each plus the difference, which with exact sums (`sumsAreExact`) is exact while every width stays below 2²⁰;
    /// written to `into` from index `at`. False (nothing to rely on written) when one would not be exact.
    @inline(never)
    private static func moved(_ old: OpportunityWidths, from: Int, by width: Double, count: Int,
                              into buffers: (sums: UnsafeMutableBufferPointer<Double>, hangs: UnsafeMutableBufferPointer<Float>),
                              at start: Int) -> Bool {
        guard from >= 0, from + count < old.count else { return false }
        let difference = width - old.widths[from]
        guard abs(difference) < 0x1p20 else { return false }
        for offset in 0..<count {
            let value = old.widths[from + 1 + offset] + difference
            guard abs(value) < 0x1p20 else { return false }
            buffers.sums[start + offset] = value
            buffers.hangs[start + offset] = old.hanging[from + 1 + offset]
        }
        return true
    }

    /// What an edited paragraph shares with the old one's widths: the first opportunities the opportunities kept
    /// (`LineBreakOpportunities.sharedPrefix`) that lie at or before the end of the glyphs it kept in place
    /// (`ShapedParagraph.keptPrefixEnd`), so that every unit before them, and the two that decide what hangs, are
    /// unchanged; and the last ones, from the first opportunity the opportunities share again
    /// (`LineBreakOpportunities.sharedSuffix`) that lies at or after the start of the glyphs it kept moved.
    static func keeping(_ old: OpportunityWidths, paragraph: ShapedParagraph, breaks: LineBreakOpportunities) -> Keeping? {
        let keptEnd = paragraph.keptPrefixEnd - paragraph.range.lowerBound
        let prefix = breaks.sharedPrefix > 0 && keptEnd > 0 ? min(breaks.sharedPrefix, breaks.positions.partitioningIndex { $0 > keptEnd }) : 0
        var suffix: (new: Int, old: Int)? = nil
        if let shared = breaks.sharedSuffix, let moved = paragraph.kept?.suffix {
            // The first shared opportunity at or after the moved glyphs' start, and its old counterpart.
            let start = moved.start - paragraph.range.lowerBound
            let index = max(shared.new, breaks.positions.partitioningIndex { $0 >= start })
            if index < breaks.positions.count { suffix = (index, shared.old + index - shared.new) }
        }
        guard prefix > 0 || suffix != nil else { return nil }
        return Keeping(old: old, prefix: prefix, suffix: suffix)
    }

    /// What `hanging` keeps for an opportunity at `end` after one at `previous`: in most text the line's last unit
    /// shows (nothing hangs) or is one space after a unit that shows; other endings (several spaces, controls)
    /// are measured each time. `lastAdvance` is the advance of the unit before `end`.
    @inline(__always)
    private static func storedHanging(before end: Int, after previous: Int, units: UnsafeBufferPointer<UInt16>, lastAdvance: CGFloat) -> Float {
        func shows(_ unit: UInt16) -> Bool { unit >= 0x20 && !CharacterClasses.hangsAtLineEnd(unit) }
        guard end - 1 >= previous else { return .nan }
        if shows(units[end - 1]) { return 0 }
        guard CharacterClasses.hangsAtLineEnd(units[end - 1]), end - 2 >= previous, shows(units[end - 2]),
            Double(Float(lastAdvance)) == lastAdvance
        else { return .nan }
        return Float(lastAdvance)
    }

    /// The width of the whitespace hanging at the end of the text from `start` to `end`, summed from the end back.
    private static func hangingWhitespace(before end: Int, from start: Int, units: [UInt16],
                                          advances: inout UnitAdvances.Reader) -> Double {
        var trailing: Double = 0
        var unit = end - 1
        scan: while unit >= start {
            let advance = advances.advance(at: unit)
            switch CharacterClasses.trailingRole(units[unit]) {
            case .hangs: trailing += advance
            case .ends: break scan
            case .neutral: break
            }
            unit -= 1
        }
        return trailing
    }

    /// The width of the text from `start` to opportunity `index`, whitespace at its end included.
    func width(from startWidth: Double, to index: Int) -> CGFloat { CGFloat(widths[index] - startWidth) }

    /// The width of the text from `start` to opportunity `index` without the whitespace that hangs at its end, the
    /// same as `LineMeasure` gives (`startWidth` from `width(before:)`). A line starting at or before the opportunity
    /// before (the paragraph's start for the first) hangs the stored width.
    func visibleWidth(from start: Int, startWidth: Double, to index: Int, positions: BoundaryOffsets, units: [UInt16],
                      advances: inout UnitAdvances.Reader) -> CGFloat {
        let stored = hanging[index]
        let previous = index > 0 ? positions[index - 1] + base : base
        if start <= previous, !stored.isNaN { return CGFloat(widths[index] - startWidth - Double(stored)) }
        return measuredVisibleWidth(from: start, startWidth: startWidth, to: index, positions: positions, units: units,
                                    advances: &advances)
    }

    /// The same, always measuring the hanging whitespace.
    func measuredVisibleWidth(from start: Int, startWidth: Double, to index: Int, positions: BoundaryOffsets,
                              units: [UInt16], advances: inout UnitAdvances.Reader) -> CGFloat {
        let trailing = Self.hangingWhitespace(before: positions[index] + base, from: start, units: units, advances: &advances)
        return CGFloat(widths[index] - startWidth - trailing)
    }

    /// Whether two paragraphs' sums and stored hanging whitespace agree at opportunity `index` (bit for bit).
    func agrees(with other: OpportunityWidths, at index: Int) -> Bool {
        widths[index].bitPattern == other.widths[index].bitPattern && hanging[index].bitPattern == other.hanging[index].bitPattern
    }

    /// Whether the hanging whitespace before opportunity `index` is stored (for tests).
    func storesHanging(at index: Int) -> Bool { !hanging[index].isNaN }

    /// The width from the paragraph's start to `start`: the sum at the last opportunity at or before it, plus the
    /// units after that opportunity — nil when those are more than `maximumGap` (a line starting inside a long word,
    /// which `LineMeasure` measures in bounded time instead). `after` is the first opportunity after `start`, when the
    /// caller has found it.
    func width(before start: Int, positions: BoundaryOffsets, after known: Int? = nil,
               advances: inout UnitAdvances.Reader) -> Double? {
        let after = known ?? positions.partitioningIndex { $0 + base > start }
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

/// The hanging whitespace widths of a paragraph's opportunities, one byte each: 0 (nothing hangs), NaN (measured
/// each time) or one of at most 254 other widths kept once (in most text one, a space's advance, per font: the
/// first two in place, the rest in an array); a paragraph with more distinct widths keeps 4 bytes each. Values are
/// kept bit for bit.
private struct HangingWidths: Sendable {
    private static let notStored: UInt8 = 255
    /// Empty when `widths` holds every value, or when nothing hangs anywhere (`nothingHangs`: Chinese and Japanese
    /// without spaces).
    private let codes: [UInt8]
    private let nothingHangs: Bool
    /// The widths codes 1 and 2 stand for.
    private let first: Float, second: Float
    /// The widths codes 3… stand for, or every value when `codes` is empty.
    private let widths: [Float]

    subscript(index: Int) -> Float {
        if codes.isEmpty { return nothingHangs ? 0 : widths[index] }
        switch codes[index] {
        case 0: return 0
        case 1: return first
        case 2: return second
        case Self.notStored: return .nan
        case let code: return widths[Int(code) - 3]
        }
    }

    /// The values, coded: most opportunities hang nothing or the same space as the one before.
    init(_ values: UnsafeBufferPointer<Float>) {
        // Most values are zero (a line's last unit shows): the codes start as zeros, and only the others are coded,
        // from the first of them (none: nothing hangs anywhere, and no codes are kept). The first two widths are
        // kept in place (most paragraphs hang one or two: no array for them), the rest in `more`.
        guard let firstHanging = values.firstIndex(where: { $0.bitPattern != 0 }) else {
            self.init(codes: [], first: 0, second: 0, widths: [], nothingHangs: !values.isEmpty)
            return
        }
        var first: UInt32? = nil, second: UInt32? = nil
        var more: [Float] = []
        var codeOfWidth: [UInt32: UInt8] = [:]
        var lastCode: UInt8 = 0, lastBits: UInt32 = 0
        var codes = [UInt8](repeating: 0, count: values.count)
        for index in firstHanging..<values.count {
            let value = values[index]
            let bits = value.bitPattern
            if bits == 0 { continue }
            let code: UInt8
            if lastCode != 0, bits == lastBits {
                code = lastCode
            } else if value.isNaN {
                codes[index] = Self.notStored
                continue
            } else if bits == first {
                code = 1
            } else if bits == second {
                code = 2
            } else if let known = more.count <= 6 ? more.firstIndex(where: { $0.bitPattern == bits }).map({ UInt8($0 + 3) }) : codeOfWidth[bits] {
                code = known
            } else if first == nil {
                (first, code) = (bits, 1)
            } else if second == nil {
                (second, code) = (bits, 2)
            } else if more.count < Int(Self.notStored) - 3 {
                more.append(value)
                code = UInt8(more.count + 2)
                // (The first few are found by looking through them: most paragraphs hang one or two widths.)
                if more.count == 7 { for (index, width) in more.enumerated() { codeOfWidth[width.bitPattern] = UInt8(index + 3) } }
                if more.count > 7 { codeOfWidth[bits] = code }
            } else {
                self.init(codes: [], first: 0, second: 0, widths: Array(values))
                return
            }
            codes[index] = code
            (lastCode, lastBits) = (code, bits)
        }
        self.init(codes: codes, first: Float(bitPattern: first ?? 0), second: Float(bitPattern: second ?? 0), widths: more)
    }

    /// `first`, `second` and `widths`: the values of codes 1, 2 and 3… (or, without codes, every value in `widths`).
    private init(codes: [UInt8], first: Float, second: Float, widths: [Float], nothingHangs: Bool = false) {
        self.nothingHangs = nothingHangs
        self.codes = nothingHangs ? [] : codes
        (self.first, self.second, self.widths) = (first, second, nothingHangs ? [] : widths)
    }
}

/// Ascending `Double` sums, each read back bit for bit: in blocks of 64, a block's first sum in 8 bytes (the first
/// block's is 0, stored nowhere) and each sum as a `Float` difference from it, when every difference survives the
/// round trip (a font whose advances at its size are multiples of a small power of two: 12 pt in 2,048 units), else
/// 8 bytes each. (Reading one is two loads and an addition; a form that stepped from sum to sum would fit Chinese
/// text too, but cost re-breaking more than the bytes it saved.)
private struct PrefixSums: Sendable {
    private static let blockShift = 6
    /// How many sums there are.
    var count: Int { sums.isEmpty ? differences.count : sums.count }
    /// Every sum, when the differences do not all fit (else empty).
    private let sums: [Double]
    /// The first sum of each block after the first.
    private let starts: [Double]
    /// Each sum's difference from its block's start.
    private let differences: [Float]

    private init(sums: [Double], starts: [Double], differences: [Float]) {
        self.sums = sums
        self.starts = starts
        self.differences = differences
    }

    /// The sums, each kept as a `Float` difference from its block's start where that reads back bit for bit, else
    /// (at the first that would not) every one whole.
    init(_ values: UnsafeBufferPointer<Double>) {
        let count = values.count
        let blockCount = Swift.max((count - 1) >> Self.blockShift, 0)
        // (Whether the differences fit is found before any array is made: most paragraphs of fonts whose advances are
        // not such multiples miss within a few sums.)
        guard Self.differencesFit(values) else {
            self.init(sums: Array(values), starts: [], differences: [])
            return
        }
        var fits = true
        let differences = [Float](uninitializedCapacity: count) { differences, initialized in
            var start: Double = 0
            for index in 0..<count {
                let value = values[index]
                if index & ((1 << Self.blockShift) - 1) == 0, index > 0 { start = value }
                let difference = Float(value - start)
                guard (start + Double(difference)).bitPattern == value.bitPattern else {
                    fits = false
                    break
                }
                differences[index] = difference
            }
            initialized = fits ? count : 0
        }
        guard fits else {
            self.init(sums: Array(values), starts: [], differences: [])
            return
        }
        let starts = [Double](uninitializedCapacity: blockCount) { starts, initialized in
            for block in 0..<blockCount { starts[block] = values[(block + 1) << Self.blockShift] }
            initialized = blockCount
        }
        self.init(sums: [], starts: starts, differences: differences)
    }

    /// Whether every sum reads back bit for bit as a `Float` difference from its block's start.
    private static func differencesFit(_ values: UnsafeBufferPointer<Double>) -> Bool {
        var start: Double = 0
        for index in 0..<values.count {
            let value = values[index]
            if index & ((1 << blockShift) - 1) == 0, index > 0 { start = value }
            guard (start + Double(Float(value - start))).bitPattern == value.bitPattern else { return false }
        }
        return true
    }

    @inline(__always)
    subscript(index: Int) -> Double {
        guard sums.isEmpty else { return sums[index] }
        let block = index >> Self.blockShift
        return (block == 0 ? 0 : starts[block - 1]) + Double(differences[index])
    }
}
