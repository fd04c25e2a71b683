internal import CUnicode

/// The bidi embedding levels of a paragraph (UAX #9, resolved by ICU's ubidi), one per UTF-16 unit, with
/// rule L1 applied (trailing whitespace at the paragraph level).
struct BidiLevels: Sendable {
    /// Where each run of units at one level starts, relative to `start` (ascending, the first 0), and that level
    /// (odd: right to left). Empty when every unit has `uniformLevel` (most paragraphs: nothing is stored for them).
    /// Runs, not a byte a unit: a paragraph of Arabic with numbers and Latin words changes level a few dozen times.
    private let runStarts: [Int32]
    private let runLevels: [UInt8]
    private let uniformLevel: UInt8
    /// The paragraph's level: 0 left to right, 1 right to left.
    let paragraphLevel: UInt8
    /// The paragraph's first UTF-16 offset in the whole text.
    var start = 0

    /// One level per UTF-16 unit of the paragraph (index 0 is the paragraph's first unit).
    init(levels: [UInt8], paragraphLevel: UInt8) {
        self.paragraphLevel = paragraphLevel
        var starts: [Int32] = []
        var values: [UInt8] = []
        levels.withUnsafeBufferPointer { levels in
            var last: UInt8? = nil
            for offset in 0..<levels.count where levels[offset] != last {
                starts.append(Int32(offset))
                values.append(levels[offset])
                last = levels[offset]
            }
        }
        if values.count <= 1 {
            runStarts = []
            runLevels = []
            uniformLevel = values.first ?? paragraphLevel
        } else {
            runStarts = starts
            runLevels = values
            uniformLevel = paragraphLevel
        }
    }

    /// Every unit at one level (nothing stored).
    init(uniform level: UInt8, paragraphLevel: UInt8) {
        self.paragraphLevel = paragraphLevel
        runStarts = []
        runLevels = []
        uniformLevel = level
    }

    /// The level every unit has, when all have the same.
    var uniform: UInt8? { runStarts.isEmpty ? uniformLevel : nil }

    /// The run holding the unit at `offset` from the paragraph's start.
    @inline(__always)
    private func run(containing offset: Int) -> Int { max(runStarts.partitioningIndex { Int($0) > offset } - 1, 0) }

    /// The level of the unit at an offset in the whole text.
    @inline(__always)
    func level(at index: Int) -> UInt8 { runStarts.isEmpty ? uniformLevel : runLevels[run(containing: index - start)] }

    /// The level of the unit at an offset in the whole text, and where the run of units at that level ends (so that
    /// a walk through the text asks once a run, not once a unit).
    func run(at index: Int) -> (level: UInt8, end: Int) {
        guard !runStarts.isEmpty else { return (uniformLevel, Int.max) }
        let run = run(containing: index - start)
        return (runLevels[run], run + 1 < runStarts.count ? start + Int(runStarts[run + 1]) : Int.max)
    }

    /// Whether every unit of a range (offsets in the whole text) has `level`: one look at each run it touches.
    func all(_ range: Range<Int>, at level: UInt8) -> Bool {
        guard !runStarts.isEmpty else { return uniformLevel == level || range.isEmpty }
        guard !range.isEmpty else { return true }
        var run = run(containing: range.lowerBound - start)
        while run < runStarts.count, Int(runStarts[run]) < range.upperBound - start {
            if runLevels[run] != level { return false }
            run += 1
        }
        return true
    }

    /// The levels of a range (offsets in the whole text), one a unit.
    func levels(in range: Range<Int>) -> [UInt8] {
        guard !runStarts.isEmpty, !range.isEmpty else { return [UInt8](repeating: uniformLevel, count: range.count) }
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var run = run(containing: range.lowerBound - start)
        var offset = range.lowerBound - start
        let end = range.upperBound - start
        while offset < end {
            let runEnd = run + 1 < runStarts.count ? min(Int(runStarts[run + 1]), end) : end
            result.append(contentsOf: repeatElement(runLevels[run], count: runEnd - offset))
            offset = runEnd
            run += 1
        }
        return result
    }

    /// Resolves `text` with a base direction; the writing-direction attribute becomes explicit embedding
    /// levels (innermost override wins). Text that cannot hold right-to-left characters skips ICU.
    static func resolve(_ text: AttributedText, range: Range<Int>? = nil, base: WritingDirection) -> BidiLevels {
        let range = range ?? 0..<text.length
        var result = resolve(text, units: text.units[range], range: range, base: base)
        result.start = range.lowerBound
        return result
    }

    private static func resolve(_ text: AttributedText, units: ArraySlice<UInt16>, range: Range<Int>, base: WritingDirection)
        -> BidiLevels
    {
        let firstRun = text.runIndex(at: range.lowerBound)
        let lastRun = range.isEmpty ? firstRun : text.runIndex(at: range.upperBound - 1)
        let hasEmbeddings = text.sharedRunAttributes[firstRun...lastRun].contains { !$0.value.writingDirection.isEmpty }
        // (Four units at a time: most text has no unit from U+0590 on but its punctuation.)
        if base != .rightToLeft, !hasEmbeddings, !mayContainRightToLeft(units) {
            return BidiLevels(uniform: 0, paragraphLevel: 0)
        }
        var paragraphLevel: UInt8
        switch base {
        case .leftToRight: paragraphLevel = 0
        case .rightToLeft: paragraphLevel = 1
        case .natural: paragraphLevel = 0xFE
        }
        var explicit: [UInt8]? = nil
        if hasEmbeddings {
            if paragraphLevel == 0xFE {
                paragraphLevel = units.withUnsafeBufferPointer { galley_bidi_base_direction($0.baseAddress, Int32($0.count)) } == 1 ? 1 : 0
            }
            explicit = explicitLevels(text, range: range, paragraphLevel: paragraphLevel)
        }
        var levels = [UInt8](repeating: paragraphLevel & 1, count: units.count)
        var resolved: UInt8 = 0
        let status = units.withUnsafeBufferPointer { unitBuffer in
            levels.withUnsafeMutableBufferPointer { levelBuffer in
                if var explicit {
                    return explicit.withUnsafeMutableBufferPointer {
                        galley_bidi_resolve(
                            unitBuffer.baseAddress, Int32(unitBuffer.count), paragraphLevel, $0.baseAddress,
                            levelBuffer.baseAddress, &resolved)
                    }
                }
                return galley_bidi_resolve(
                    unitBuffer.baseAddress, Int32(unitBuffer.count), paragraphLevel, nil, levelBuffer.baseAddress,
                    &resolved)
            }
        }
        if status != 0 {
            // ICU refused (too long, out of memory): keep the text in logical order at the base level.
            let level: UInt8 = paragraphLevel == 1 ? 1 : 0
            return BidiLevels(levels: [UInt8](repeating: level, count: units.count), paragraphLevel: level)
        }
        return BidiLevels(levels: levels, paragraphLevel: resolved)
    }

    /// Explicit levels from the writing-direction attribute: each embedding raises the level to the next odd
    /// (right to left) or even (left to right) level; bit 0x80 marks an override.
    private static func explicitLevels(_ text: AttributedText, range: Range<Int>, paragraphLevel: UInt8) -> [UInt8] {
        var result = [UInt8](repeating: paragraphLevel, count: range.count)
        guard !range.isEmpty else { return result }
        // Only the runs that overlap the paragraph: a run wholly before or after it covers nothing here.
        for index in text.runIndex(at: range.lowerBound)...text.runIndex(at: range.upperBound - 1) {
            let attributes = text.sharedRunAttributes[index].value
            guard !attributes.writingDirection.isEmpty else { continue }
            var level = paragraphLevel
            for embedding in attributes.writingDirection {
                let wantsOdd = embedding.direction == .rightToLeft
                let next = level + 1
                let candidate = (next & 1 == 1) == wantsOdd ? next : next + 1
                if candidate <= 125 { level = candidate }
            }
            if attributes.writingDirection.last?.isOverride == true { level |= 0x80 }
            let start = max(text.runStarts[index], range.lowerBound)
            let end = min(text.runEnd(index), range.upperBound)
            for position in start..<max(start, end) { result[position - range.lowerBound] = level }
        }
        return result
    }

    /// Whether some unit of `units` can be, or start, a right-to-left character or a bidi control (four units at a
    /// time: most text has no unit from U+0590 on but its punctuation).
    static func mayContainRightToLeft(_ units: ArraySlice<UInt16>) -> Bool {
        units.withUnsafeBufferPointer { units in
            UnitLanes.firstIndex(in: units, from: 0, mayMatch: { UnitLanes.hasLane($0, atLeast: 0x590) && !UnitLanes.allIdeographs($0) },
                                 clearLanes: { word in
                                     // Lanes `mayBeRightToLeft` rules out: below U+0590, U+0900…U+200E (Indic and Southeast
                                     // Asian scripts), general punctuation before the isolates, U+2070…U+D801 (CJK),
                                     // fullwidth forms and specials.
                                     ~UnitLanes.lanes(word, atLeast: 0x590) | UnitLanes.lanes(word, from: 0x900, through: 0x200E)
                                         | UnitLanes.lanes(word, from: 0x2010, through: 0x2029) | UnitLanes.lanes(word, from: 0x2070, through: 0xD801)
                                         | UnitLanes.lanes(word, atLeast: 0xFF00)
                                 }, where: mayBeRightToLeft)
        } < units.count
    }

    /// Whether a UTF-16 unit can be, or start, a right-to-left character or a bidi control.
    private static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        // (None from U+2070 to U+D801: CJK text leaves at once.)
        if unit >= 0x2070 && unit < 0xD802 { return false }
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
            0xD802...0xD803, 0xD83A...0xD83B:
            return true
        default:
            return false
        }
    }

    /// Calls `body` with the visual order (rule L2) of `count` items whose levels `level` gives: element v is the
    /// logical index shown v-th. The levels and the order live in temporary storage (on the stack for a line's few
    /// runs), so a line's runs are ordered without allocating.
    static func withVisualOrder<Result>(count: Int, level: (Int) -> UInt8, _ body: (UnsafeBufferPointer<Int32>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(count, 1)) { order in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { levels in
                var isUniformEven = true
                for index in 0..<count {
                    levels[index] = level(index)
                    order[index] = Int32(index)
                    if levels[index] != 0 { isUniformEven = false }
                }
                if count > 1, !isUniformEven { galley_bidi_reorder_visual(levels.baseAddress, Int32(count), order.baseAddress) }
                return body(UnsafeBufferPointer(rebasing: order[0..<count]))
            }
        }
    }
}
