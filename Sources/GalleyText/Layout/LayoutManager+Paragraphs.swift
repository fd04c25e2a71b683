import Foundation
import Galley

/// An entry of the layout manager's paragraph tree: one paragraph, or a stretch of paragraphs nobody has asked
/// about yet, known only by its length and how many paragraphs it holds (both from the rope's summaries). Opening
/// a document makes one unsplit block, O(1) whatever its size; a paragraph is split out of its block, O(log n)
/// plus one rope chunk, when layout or a query first needs it.
struct ParagraphBlock: Summarized {
    /// Its length and how many paragraphs it stands for (one when split out), stored: the tree reads a leaf's
    /// summaries on every search, and reading them out of a paragraph would copy its style each time.
    let summary: LayoutManager.ParagraphSpan
    /// The paragraph, when it is split out; nil for a block of paragraphs nothing has asked about.
    let paragraph: LayoutManager.Paragraph?

    /// A paragraph split out.
    static func paragraph(_ paragraph: LayoutManager.Paragraph) -> ParagraphBlock {
        ParagraphBlock(summary: LayoutManager.ParagraphSpan(length: paragraph.length, count: 1), paragraph: paragraph)
    }

    /// `count` paragraphs, `length` units in all, not split out yet.
    static func unsplit(length: Int, count: Int) -> ParagraphBlock {
        ParagraphBlock(summary: LayoutManager.ParagraphSpan(length: length, count: count), paragraph: nil)
    }

    /// Whether it stands for paragraphs not split out yet.
    var isUnsplit: Bool { paragraph == nil }
}

extension LayoutManager {
    /// The paragraphs of the whole text: one unsplit block (the rope counts them), or, with a delegate (which may
    /// make any control character a paragraph break, or none), every paragraph found at once.
    func allParagraphs() -> SummedTree<ParagraphBlock> {
        let length = textStorage.length
        guard delegate != nil || length == 0 else {
            return SummedTree([.unsplit(length: length, count: textStorage.paragraphCount)])
        }
        let units = textStorage.units(in: 0..<length)
        return SummedTree(paragraphRanges(units, start: 0).map { .paragraph(makeParagraph($0)) })
    }

    /// The block holding paragraph `index` (nil past the last), its index, its first paragraph and where it starts.
    /// One descent: by position when every paragraph is split out (block and paragraph indices are then the same).
    private func block(holding index: Int) -> (element: ParagraphBlock?, block: Int, first: Int, start: Int) {
        let total = paragraphs.summary
        guard index >= 0, index < total.count else { return (nil, paragraphs.count, total.count, total.length) }
        if paragraphs.count == total.count {
            let (element, before) = paragraphs.elementAndSummary(at: index)
            return (element, index, index, before.length)
        }
        guard let (block, before) = paragraphs.first(where: { $0.count > index }) else { return (nil, paragraphs.count, total.count, total.length) }
        return (paragraphs[block], block, before.count, before.length)
    }

    /// Paragraph `index` (0 ≤ index < numberOfParagraphs) and where it starts, split out of its block first if
    /// nothing has needed it yet.
    func paragraphAndStart(_ index: Int) -> (paragraph: Paragraph, start: Int) {
        let (element, block, first, start) = block(holding: index)
        guard let element else { preconditionFailure("paragraph \(index) of \(numberOfParagraphs)") }
        if let paragraph = element.paragraph { return (paragraph, start) }
        let (length, count) = (element.summary.length, element.summary.count)
        // Unsplit blocks agree with the rope's paragraph numbers: paragraphs before them are the rope's too.
        let local = index - first
        let lower = local == 0 ? start : textStorage.startOfParagraph(number: index)
        let upper = local == count - 1 ? start + length : textStorage.startOfParagraph(number: index + 1)
        let paragraph = makeParagraph(lower..<upper)
        var pieces: [ParagraphBlock] = []
        if local > 0 { pieces.append(.unsplit(length: lower - start, count: local)) }
        pieces.append(.paragraph(paragraph))
        if local < count - 1 { pieces.append(.unsplit(length: start + length - upper, count: count - local - 1)) }
        paragraphs.replaceSubrange(block..<(block + 1), with: pieces)
        return (paragraph, lower)
    }

    /// Paragraph `index`, split out of its block if needed.
    func paragraph(_ index: Int) -> Paragraph { paragraphAndStart(index).paragraph }

    /// Where paragraph `index` starts (UTF-16; the length the paragraphs describe for `index == count`). A block's
    /// first paragraph is not split out for this.
    func paragraphStart(_ index: Int) -> Int {
        let (element, _, first, start) = block(holding: index)
        return element == nil || index == first ? start : paragraphAndStart(index).start
    }

    /// Replaces paragraphs `range` — split out already — with `replacements`.
    func replaceParagraphs(_ range: Range<Int>, with replacements: [Paragraph]) {
        let first = block(holding: range.lowerBound).block
        paragraphs.replaceSubrange(first..<(first + range.count), with: replacements.map { .paragraph($0) })
        if paragraphs.isEmpty { paragraphs = SummedTree([.paragraph(makeParagraph(0..<0))]) }
    }

    /// Before an edit of `old` (offsets before the edit; the storage holds the text after it, `delta` units longer)
    /// is worked out: the parts of unsplit blocks near the edit become stand-in paragraphs, so that the paragraphs
    /// from the one before the edit to the one after it are single entries, as the edit expects — without reading
    /// more of the text than the paragraphs the edit touches. The stand-ins are replaced by the paragraphs the
    /// edit leaves. Each stand-in covers whole paragraphs of the text before the edit, from a paragraph break before
    /// the edit that the edit cannot change to one after it; their layouts (estimates: unsplit paragraphs were never
    /// laid out) merge into one.
    func splitUnsplitBlocks(around old: Range<Int>, delta: Int) {
        let near = max(old.lowerBound - 1, 0)...(old.upperBound + 1)
        guard let (firstBlock, _) = paragraphs.first(where: { $0.length > near.lowerBound }) else { return }
        var blockIndex = firstBlock
        var needed = false
        var scan = paragraphs.summary(upTo: firstBlock).length
        paragraphs.forEach(in: firstBlock..<paragraphs.count) { block in
            if block.isUnsplit { needed = true }
            scan += block.summary.length
            return scan <= near.upperBound && !needed
        }
        guard needed else { return }
        let newLength = textStorage.length
        func unit(_ offset: Int) -> UInt16 { textStorage.units(in: offset..<(offset + 1)).first ?? 0 }
        // A paragraph break before the edit that the edit leaves as it is: after the last separator before the unit
        // before the edit (past the LF of a CR LF).
        var lower = near.lowerBound > 0 ? textStorage.startOfParagraph(before: near.lowerBound) : 0
        if lower > 0, unit(lower - 1) == 0x0D, unit(lower) == 0x0A { lower += 1 }
        // One after it, in unchanged text: after the first separator past the unit after the edit.
        var upperNew = newLength
        let after = old.upperBound + delta + 1
        if after < newLength, let separator = textStorage.firstSeparator(from: after) {
            upperNew = separator + (unit(separator) == 0x0D && unit(separator + 1) == 0x0A ? 2 : 1)
        }
        let upper = upperNew - delta
        while blockIndex < paragraphs.count {
            let (block, before) = paragraphs.elementAndSummary(at: blockIndex)
            let start = before.length, end = start + block.summary.length
            guard start <= near.upperBound else { break }
            guard block.isUnsplit else {
                blockIndex += 1
                continue
            }
            let count = block.summary.count
            let low = max(start, lower), high = min(end, upper)
            guard low < high else {
                blockIndex += 1
                continue
            }
            let leftCount = low > start ? textStorage.paragraphsEnded(before: low) - before.count : 0
            var rightCount = 0
            if high < end {
                rightCount = textStorage.paragraphsEnded(before: end + delta) - textStorage.paragraphsEnded(before: high + delta)
                let last = end + delta == newLength ? unit(newLength - 1) : 0x0A
                if !CharacterClasses.endsParagraph(last) { rightCount += 1 }
            }
            var pieces: [ParagraphBlock] = []
            if low > start { pieces.append(.unsplit(length: low - start, count: leftCount)) }
            pieces.append(.paragraph(Paragraph(length: high - low, style: .default, state: ParagraphState(start: low, manager: self))))
            if high < end { pieces.append(.unsplit(length: end - high, count: rightCount)) }
            paragraphs.replaceSubrange(blockIndex..<(blockIndex + 1), with: pieces)
            let merged = (before.count + leftCount)..<(before.count + count - rightCount)
            if merged.lowerBound < layouts.count { layouts.mergeEstimates(merged) }
            blockIndex += pieces.count
        }
    }
}
