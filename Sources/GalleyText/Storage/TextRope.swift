import Galley

/// UTF-16 text in a rope: chunks of at most `TextRope.maximumChunk` units in a `SummedTree` summed by length and by
/// paragraph separators, so that replacing a range costs O(log n) plus the size of the edit, where a flat array
/// moves everything after the edit; and finding the paragraph separator before or after an offset costs O(log n)
/// plus one chunk.
struct TextRope {
    /// A stretch of the text. Chunks are never empty, except the only chunk of an empty text.
    struct Chunk: Summarized {
        private(set) var units: [UInt16]
        /// Counted once: the tree asks a leaf's elements for their summaries on every search.
        private(set) var summary: TextSpan

        /// Replaces units `range` (chunk offsets) in place. The summary changes by the edit's length alone when the
        /// edit neither removes nor adds a unit the summary counts, leaves the chunk's first and last units, and
        /// neither joins nor parts a CR LF pair (typing, mostly); else the chunk is counted again.
        mutating func replaceSubrange(_ range: Range<Int>, with new: [UInt16]) {
            let lengthAlone = range.lowerBound > 0 && range.upperBound < units.count
                && !(units[range.lowerBound - 1] == 0x0D && units[range.upperBound] == 0x0A)
                && !units[range].contains(where: TextSpan.mayCount) && !new.contains(where: TextSpan.mayCount)
            units.replaceSubrange(range, with: new)
            if lengthAlone {
                summary.length += new.count - range.count
            } else {
                summary = TextSpan(units[...])
            }
        }

        init(units: [UInt16]) {
            self.units = units
            summary = TextSpan(units[...])
        }
    }

    /// What the chunk tree sums: UTF-16 units, the units that end paragraphs (`CharacterClasses.endsParagraph`),
    /// and the paragraph breaks (separators, a CR LF pair counted once, also when a chunk boundary falls between
    /// its two units).
    struct TextSpan: TreeSummary, Equatable {
        var length = 0
        var separators = 0
        /// Separators less the LFs that follow a CR: the paragraph breaks that end in the span or at the LF
        /// starting the next one.
        var breaks = 0
        var startsWithLF = false
        var endsWithCR = false
        /// Form feeds: container breaks, which end the text a single container shows.
        var formFeeds = 0
        static let zero = TextSpan()
        static func + (left: TextSpan, right: TextSpan) -> TextSpan {
            guard left.length > 0 else { return right }
            guard right.length > 0 else { return left }
            return TextSpan(length: left.length + right.length, separators: left.separators + right.separators,
                            breaks: left.breaks + right.breaks - (left.endsWithCR && right.startsWithLF ? 1 : 0),
                            startsWithLF: left.startsWithLF, endsWithCR: right.endsWithCR, formFeeds: left.formFeeds + right.formFeeds)
        }

        init() {}

        /// A stretch of `length` units without separators.
        init(length: Int) { self.length = length }

        init(length: Int, separators: Int, breaks: Int, startsWithLF: Bool, endsWithCR: Bool, formFeeds: Int) {
            self.length = length
            self.separators = separators
            self.breaks = breaks
            self.startsWithLF = startsWithLF
            self.endsWithCR = endsWithCR
            self.formFeeds = formFeeds
        }

        /// Whether a unit may count in a summary other than by its length: LF, CR, FF, NEL, U+2029 and the other
        /// controls up to CR (one comparison or two rule out most units).
        @inline(__always)
        static func mayCount(_ unit: UInt16) -> Bool { ParagraphBoundaries.isSeparatorOrControl(unit) }

        /// The summary of some units.
        init(_ units: ArraySlice<UInt16>) {
            length = units.count
            units.withUnsafeBufferPointer { buffer in
                // (Four units at a time: most words hold no unit that counts, `mayCount`.)
                func next(from offset: Int) -> Int { ParagraphBoundaries.firstSeparatorOrControl(buffer, from: offset) }
                var offset = next(from: 0)
                while offset < buffer.count {
                    let unit = buffer[offset]
                    if CharacterClasses.endsParagraph(unit) {
                        separators += 1
                        if !(unit == 0x0A && offset > 0 && buffer[offset - 1] == 0x0D) { breaks += 1 }
                    } else if unit == 0x0C {
                        formFeeds += 1
                    }
                    offset = next(from: offset + 1)
                }
            }
            startsWithLF = units.first == 0x0A
            endsWithCR = units.last == 0x0D
        }
    }

    /// The most units a chunk holds; an edit leaves chunks of at least half as many where the text allows.
    static let maximumChunk = 2048

    private(set) var chunks: SummedTree<Chunk>

    init(_ units: [UInt16] = []) { chunks = SummedTree(units.isEmpty ? [Chunk(units: [])] : Self.chunked(units[...])) }

    var count: Int { chunks.summary.length }
    var isEmpty: Bool { count == 0 }

    /// The unit at `index` (0 ≤ index < count).
    subscript(index: Int) -> UInt16 {
        let (chunk, before) = locate(index)
        return chunks[chunk].units[index - before]
    }

    /// The units of `range` (within the text).
    subscript(range: Range<Int>) -> [UInt16] {
        guard !range.isEmpty else { return [] }
        var result: [UInt16] = []
        result.reserveCapacity(range.count)
        let (first, before) = locate(range.lowerBound)
        var start = before
        chunks.forEach(in: first..<chunks.count) { chunk in
            let units = chunk.units
            let lower = max(range.lowerBound - start, 0)
            let upper = min(range.upperBound - start, units.count)
            result.append(contentsOf: units[lower..<upper])
            start += units.count
            return start < range.upperBound
        }
        return result
    }

    /// Whether offset `index` falls between the two halves of a surrogate pair (one descent of the tree; the unit
    /// before is read from the previous chunk only when `index` starts a chunk).
    func splitsSurrogatePair(at index: Int) -> Bool {
        guard index > 0, index < count else { return false }
        let (chunk, start) = locate(index)
        let units = chunks[chunk].units
        guard UTF16.isTrailSurrogate(units[index - start]) else { return false }
        let before = index > start ? units[index - start - 1] : chunks[chunk - 1].units.last ?? 0
        return UTF16.isLeadSurrogate(before)
    }

    /// Every unit.
    var units: [UInt16] { self[0..<count] }

    /// Replaces `range` (within the text) with `units`: the chunks the range touches are rebuilt, nothing else moves.
    mutating func replaceSubrange(_ range: Range<Int>, with units: [UInt16]) {
        guard !range.isEmpty || !units.isEmpty else { return }
        let (first, firstStart) = locate(range.lowerBound)
        // Inside one chunk that stays between half full and full (typing): changed in place.
        let size = chunks[first].units.count
        let resized = size - range.count + units.count
        if range.upperBound <= firstStart + size, resized <= Self.maximumChunk, resized >= Self.maximumChunk / 2 || chunks.count == 1, resized > 0 {
            chunks.modify(at: first) { $0.replaceSubrange((range.lowerBound - firstStart)..<(range.upperBound - firstStart), with: units) }
            return
        }
        var (last, lastStart) = range.isEmpty ? (first, firstStart) : locate(range.upperBound - 1)
        var rebuilt = chunks[first].units[..<(range.lowerBound - firstStart)] + units[...]
        rebuilt += chunks[last].units[(range.upperBound - lastStart)...]
        // A short result takes in the next chunk, so chunks do not dwindle under deletions.
        if rebuilt.count < Self.maximumChunk / 2, last + 1 < chunks.count {
            last += 1
            lastStart += chunks[last].units.count
            rebuilt += chunks[last].units
        }
        chunks.replaceSubrange(first..<(last + 1), with: Self.chunked(rebuilt))
        if chunks.isEmpty { chunks = SummedTree([Chunk(units: [])]) }
    }

    /// The offset just after the last paragraph separator before `index` (0 when none): where the paragraph holding
    /// `index` starts, CR LF pairs aside.
    func startOfParagraph(before index: Int) -> Int {
        guard index > 0 else { return 0 }
        let (chunk, before) = locate(index - 1)
        let units = chunks[chunk].units
        if let found = units[..<(index - before)].lastIndex(where: CharacterClasses.endsParagraph) { return before + found + 1 }
        // The last separator of the chunks before this one, found by its count.
        let separators = chunks.summary(upTo: chunk).separators
        guard separators > 0, let (holding, start) = chunks.first(where: { $0.separators >= separators }) else { return 0 }
        let last = chunks[holding].units.lastIndex(where: CharacterClasses.endsParagraph) ?? 0
        return start.length + last + 1
    }

    /// The offset of the first paragraph separator at or after `index`, or nil when none.
    func firstSeparator(from index: Int) -> Int? {
        guard index < count else { return nil }
        let (chunk, before) = locate(index)
        let units = chunks[chunk].units
        if let found = units[(index - before)...].firstIndex(where: CharacterClasses.endsParagraph) { return before + found }
        let separators = chunks.summary(upTo: chunk + 1).separators
        guard let (holding, start) = chunks.first(where: { $0.separators > separators }) else { return nil }
        return start.length + (chunks[holding].units.firstIndex(where: CharacterClasses.endsParagraph) ?? 0)
    }

    /// How many paragraphs the text has: one per paragraph break, and one more for text after the last break (or
    /// for empty text) — `ParagraphBoundaries`' count, in O(1).
    var paragraphCount: Int {
        let span = chunks.summary
        let endsWithBreak = span.length > 0 && CharacterClasses.endsParagraph(self[span.length - 1])
        return span.breaks + (endsWithBreak ? 0 : 1)
    }

    /// How many form feeds the text has.
    var formFeedCount: Int { chunks.summary.formFeeds }

    /// How many paragraphs end at or before `index` (their breaks complete: a CR whose LF is at `index` does not
    /// count yet). O(log n) plus one chunk.
    func paragraphsEnded(before index: Int) -> Int {
        guard index > 0 else { return 0 }
        let (chunk, start) = locate(index - 1)
        let span = chunks.summary(upTo: chunk) + TextSpan(chunks[chunk].units[..<(index - start)])
        return span.breaks - (span.endsWithCR && index < count && self[index] == 0x0A ? 1 : 0)
    }

    /// Where paragraph `number` starts (0 for the first): just after the `number`th paragraph break, or the text's
    /// end when there are fewer breaks. O(log n) plus one chunk.
    func startOfParagraph(number: Int) -> Int {
        guard number > 0 else { return 0 }
        guard let (chunk, before) = chunks.first(where: { $0.breaks >= number }) else { return count }
        let units = chunks[chunk].units
        var breaks = before.breaks
        var previous: UInt16 = before.endsWithCR ? 0x0D : 0
        for (offset, unit) in units.enumerated() {
            defer { previous = unit }
            guard CharacterClasses.endsParagraph(unit), !(unit == 0x0A && previous == 0x0D) else { continue }
            breaks += 1
            guard breaks == number else { continue }
            let end = before.length + offset + 1
            return unit == 0x0D && end < count && self[end] == 0x0A ? end + 1 : end
        }
        return count
    }

    /// The chunk holding `index`, and where it starts; the last chunk for the text's end.
    private func locate(_ index: Int) -> (chunk: Int, start: Int) {
        if let (chunk, before) = chunks.first(measuring: \.length, passing: index) { return (chunk, before) }
        let last = chunks.count - 1
        return (last, count - chunks[last].units.count)
    }

    /// Units cut into chunks as even as they come, of about three quarters of the maximum where the text allows
    /// (never more than the maximum, nor less than half of it unless the units are fewer): room to type into before a
    /// chunk splits. (Full chunks made every keystroke into a fresh one split it: cut and counted again.)
    private static func chunked(_ units: ArraySlice<UInt16>) -> [Chunk] {
        guard !units.isEmpty else { return [] }
        let roomy = maximumChunk * 3 / 4
        var pieces = (units.count + roomy - 1) / roomy
        if pieces > 1, units.count / pieces < maximumChunk / 2 { pieces -= 1 }
        let size = (units.count + pieces - 1) / pieces
        return stride(from: units.startIndex, to: units.endIndex, by: size).map {
            Chunk(units: Array(units[$0..<min($0 + size, units.endIndex)]))
        }
    }
}
