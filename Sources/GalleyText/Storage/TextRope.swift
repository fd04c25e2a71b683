import Galley

/// UTF-16 text in a rope: chunks of at most `TextRope.maximumChunk` units in a `SummedTree` summed by length and by
/// paragraph separators, so that replacing a range costs O(log n) plus the size of the edit, where a flat array
/// moves everything after the edit; and finding the paragraph separator before or after an offset costs O(log n)
/// plus one chunk.
struct TextRope {
    /// A stretch of the text. Chunks are never empty, except the only chunk of an empty text.
    struct Chunk: Summarized {
        let units: [UInt16]
        /// Counted once: the tree asks a leaf's elements for their summaries on every search.
        let summary: TextSpan

        init(units: [UInt16]) {
            self.units = units
            var separators = 0
            for unit in units where CharacterClasses.endsParagraph(unit) { separators += 1 }
            summary = TextSpan(length: units.count, separators: separators)
        }
    }

    /// What the chunk tree sums: UTF-16 units, and the units that end paragraphs (`CharacterClasses.endsParagraph`).
    struct TextSpan: TreeSummary, Equatable {
        var length = 0
        var separators = 0
        static let zero = TextSpan()
        static func + (left: TextSpan, right: TextSpan) -> TextSpan {
            TextSpan(length: left.length + right.length, separators: left.separators + right.separators)
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

    /// The chunk holding `index`, and where it starts; the last chunk for the text's end.
    private func locate(_ index: Int) -> (chunk: Int, start: Int) {
        if let (chunk, before) = chunks.first(where: { $0.length > index }) { return (chunk, before.length) }
        let last = chunks.count - 1
        return (last, count - chunks[last].units.count)
    }

    /// Units cut into chunks of at most the maximum, as even as they come.
    private static func chunked(_ units: ArraySlice<UInt16>) -> [Chunk] {
        guard !units.isEmpty else { return [] }
        let pieces = (units.count + maximumChunk - 1) / maximumChunk
        let size = (units.count + pieces - 1) / pieces
        return stride(from: units.startIndex, to: units.endIndex, by: size).map {
            Chunk(units: Array(units[$0..<min($0 + size, units.endIndex)]))
        }
    }
}
