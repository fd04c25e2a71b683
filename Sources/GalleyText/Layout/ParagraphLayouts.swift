import Foundation
import Galley

/// The layouts of paragraphs 0..<count, as a height map: a `SummedTree` whose entries carry, beside each layout,
/// a shift of the flow (depth and line count) that applies to that paragraph and every later one. Moving every
/// paragraph below an edit down by the height it gained is then one change to one entry, O(log n), where moving
/// each layout costs O(n); reading a layout adds up the shifts before it, O(log n).
///
/// An entry may also stand for many paragraphs not laid out yet (non-contiguous layout): an estimate, from the
/// flow position before its first paragraph to the one after its last, shared evenly among its paragraphs. Laying
/// out some of them splits the estimate; reading one of them gives its share (`isEstimated`, no placements).
///
/// Reads and writes are in absolute terms (the `ParagraphLayout`s the layout manager works with); entries store
/// them less the shifts in force at them. CodeMirror 6's height map and Zed's SumTree keep a document's vertical
/// extents the same way.
struct ParagraphLayouts: RandomAccessCollection {
    typealias Layout = LayoutManager.ParagraphLayout

    /// A move of the flow: depth (y down) and lines added to every position from an entry on.
    struct Shift: Equatable {
        var depth: CGFloat = 0
        var lines = 0

        static let none = Shift()
        static func + (left: Shift, right: Shift) -> Shift { Shift(depth: left.depth + right.depth, lines: left.lines + right.lines) }
        static prefix func - (shift: Shift) -> Shift { Shift(depth: -shift.depth, lines: -shift.lines) }
    }

    /// What the tree sums: the shifts, how many layouts are not one complete frame (which never move by a shift),
    /// the paragraphs, the paragraphs that only have an estimate, and those laid out in part (`isPartial`).
    struct Summary: TreeSummary {
        var shift = Shift.none
        var irregular = 0
        var paragraphs = 0
        var estimated = 0
        var partial = 0
        static let zero = Summary()
        static func + (left: Summary, right: Summary) -> Summary {
            Summary(shift: left.shift + right.shift, irregular: left.irregular + right.irregular,
                    paragraphs: left.paragraphs + right.paragraphs, estimated: left.estimated + right.estimated,
                    partial: left.partial + right.partial)
        }
    }

    struct Entry: Summarized {
        /// The layout less the shifts in force at this entry (its own included); for an estimate, the positions
        /// before its first paragraph and after its last.
        var stored: Layout
        /// The shift from this entry on.
        var shift = Shift.none
        /// The paragraphs it stands for: one, or any number for an estimate.
        var count = 1

        var summary: Summary {
            Summary(shift: shift, irregular: stored.isRegular ? 0 : 1, paragraphs: count, estimated: stored.isEstimated ? count : 0,
                    partial: stored.isPartial ? 1 : 0)
        }

        /// The flow position after `share` of the estimate's paragraphs: the estimate's depth and lines shared evenly.
        func boundary(_ share: Int) -> LayoutManager.FlowPosition {
            if share == 0 { return stored.start }
            if share == count { return stored.end }
            let start = stored.start, end = stored.end
            return LayoutManager.FlowPosition(container: start.container,
                                              depth: start.depth + (end.depth - start.depth) * CGFloat(share) / CGFloat(count),
                                              lines: start.lines + (end.lines - start.lines) * share / count, gap: 0)
        }

        /// The layout as stored of its paragraph `share` (0 ≤ share < count): its own, or that paragraph's share of
        /// the estimate.
        func layout(ofShare share: Int) -> Layout { count > 1 ? estimate(share..<(share + 1)).stored : stored }

        /// Paragraphs `range` of the estimate, as an estimate of their own.
        func estimate(_ range: Range<Int>) -> Entry {
            Entry(stored: Layout(start: boundary(range.lowerBound), placements: [], end: boundary(range.upperBound),
                                 isComplete: true, isEstimated: true), count: range.count)
        }
    }

    private var entries = SummedTree<Entry>()

    var startIndex: Int { 0 }
    var endIndex: Int { entries.summary.paragraphs }

    /// How many paragraphs have only an estimate.
    var estimatedCount: Int { entries.summary.estimated }

    /// How many paragraphs are laid out in part.
    var partialCount: Int { entries.summary.partial }

    /// The first paragraph with only an estimate or laid out in part.
    var firstNotLaidOut: Int? { entries.first(where: { $0.estimated > 0 || $0.partial > 0 })?.before.paragraphs }

    /// The entry holding paragraph `index`, its first paragraph, and the summary of the entries before it.
    private func entry(holding index: Int) -> (entry: Int, first: Int, before: Summary) {
        // Without estimates, one entry a paragraph: by position.
        if entries.summary.estimated == 0, index >= 0, index < entries.count {
            return (index, index, entries.summary(upTo: index))
        }
        guard let (entry, before) = entries.first(where: { $0.paragraphs > index }) else {
            return (entries.count, entries.summary.paragraphs, entries.summary)
        }
        return (entry, before.paragraphs, before)
    }

    /// The layout of paragraph `index`, where it is now (its share of an estimate).
    subscript(index: Int) -> Layout {
        let (layout, shift) = storedLayout(index)
        return layout.shifted(by: shift)
    }

    /// What paragraph `index`'s layout says of the flow where it is now — its start and end, the container of its first
    /// line, the bottom of its last, and whether it is laid out in part — read without moving its placements (`self[index]` copies a long
    /// paragraph's hundreds of pieces to move them).
    func outline(_ index: Int) -> Outline {
        let (layout, shift) = storedLayout(index)
        return Outline(start: layout.start.moved(by: shift), end: layout.end.moved(by: shift), container: layout.container,
                       bottom: layout.bottom + shift.depth, isPartial: layout.isPartial)
    }

    /// A layout's place in the flow without its placements (`outline(_:)`).
    struct Outline {
        let start: LayoutManager.FlowPosition
        let end: LayoutManager.FlowPosition
        /// The container its first line is in (`ParagraphLayout.container`).
        let container: Int
        /// The depth of the bottom of its last line (`ParagraphLayout.bottom`).
        let bottom: CGFloat
        let isPartial: Bool
    }

    /// The layout of paragraph `index` as stored, and the shift that puts it where it is now (`self[index]` is the
    /// one shifted by the other): for reading many layouts without copying their placements to move them.
    func storedLayout(_ index: Int) -> (layout: Layout, shift: Shift) {
        if entries.summary.estimated == 0 {
            let (entry, before) = entries.elementAndSummary(at: index)
            return (entry.stored, before.shift + entry.shift)
        }
        let (position, first, before) = entry(holding: index)
        let entry = entries[position]
        return (entry.layout(ofShare: index - first), before.shift + entry.shift)
    }

    /// Visits the paragraphs from `index` on, in order, each with its layout as stored and the shift that puts it
    /// where it is now (as `storedLayout` gives them), until `body` returns false: for reading the layouts of a
    /// page's paragraphs one after another in O(1) each instead of a lookup each.
    func forEachStoredLayout(from index: Int, _ body: (_ paragraph: Int, _ layout: Layout, _ shift: Shift) -> Bool) {
        let (position, first, _) = entry(holding: index)
        var paragraph = first
        entries.forEachWithSummary(from: position) { entry, before in
            let shift = before.shift + entry.shift
            defer { paragraph += entry.count }
            for share in Swift.max(index - paragraph, 0)..<entry.count {
                if !body(paragraph + share, entry.layout(ofShare: share), shift) { return false }
            }
            return true
        }
    }

    /// How many paragraphs from the first `isAfter` is false for, given each one's layout as stored and the shift
    /// that puts it where it is now (as `storedLayout` gives them) — a predicate false for a prefix of the paragraphs
    /// and true after it, such as "its first line is below y": one descent of the tree, then a binary search among
    /// an estimate's paragraphs.
    func partitioningIndex(where isAfter: (_ layout: Layout, _ shift: Shift) -> Bool) -> Int {
        let entry = entries.partitioningIndex { entry, before in
            isAfter(entry.layout(ofShare: 0), before.shift + entry.shift)
        }
        guard entry > 0 else { return 0 }
        let (last, before) = entries.elementAndSummary(at: entry - 1)
        guard last.count > 1 else { return before.paragraphs + 1 }
        let shift = before.shift + last.shift
        var low = 1, high = last.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(last.layout(ofShare: middle), shift) { high = middle } else { low = middle + 1 }
        }
        return before.paragraphs + low
    }

    /// How many layouts from `index` on are not one complete frame.
    func irregularCount(from index: Int) -> Int {
        let (position, _, before) = entry(holding: index)
        return position == entries.count ? 0 : entries.summary.irregular - before.irregular
    }

    /// How many paragraphs from `index` on have a layout, not an estimate.
    func laidOutCount(from index: Int) -> Int {
        let (position, first, before) = entry(holding: index)
        guard position < entries.count else { return 0 }
        let entry = entries[position]
        let estimatedHere = entry.stored.isEstimated ? entry.count - (index - first) : 0
        return (count - index) - (entries.summary.estimated - before.estimated - (entry.stored.isEstimated ? entry.count : 0) + estimatedHere)
    }

    mutating func append(_ layout: Layout) {
        entries.append(Entry(stored: layout.shifted(by: -entries.summary.shift)))
    }

    /// Appends an estimate for `count` paragraphs from `start` to `end` (flow positions where they are now).
    mutating func appendEstimate(count: Int, from start: LayoutManager.FlowPosition, to end: LayoutManager.FlowPosition) {
        guard count > 0 else { return }
        let layout = Layout(start: start, placements: [], end: end, isComplete: true, isEstimated: true)
        entries.append(Entry(stored: layout.shifted(by: -entries.summary.shift), count: count))
    }

    mutating func removeAll() { entries = SummedTree() }

    /// Drops the layouts from `range.lowerBound` on.
    mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        replaceSubrange(range.lowerBound..<count, with: [])
    }

    /// Makes paragraph `index` the first of an entry (splitting an estimate) and returns that entry's index.
    private mutating func boundary(at index: Int) -> Int {
        let (position, first, _) = entry(holding: index)
        guard position < entries.count, index > first else { return position }
        let entry = entries[position]
        var left = entry.estimate(0..<(index - first))
        left.shift = entry.shift
        entries.replaceSubrange(position..<(position + 1), with: [left, entry.estimate((index - first)..<entry.count)])
        return position + 1
    }

    /// Replaces the layouts of paragraphs `range` with `layouts` (where they are now), one paragraph each. The
    /// shifts the removed entries carried move to the entry after them, so every later layout stays where it is.
    mutating func replaceSubrange(_ range: Range<Int>, with layouts: [Layout]) {
        let lower = boundary(at: range.lowerBound)
        let upper = boundary(at: range.upperBound)
        let before = entries.summary(upTo: lower).shift
        let carried = entries.summary(upTo: upper).shift + -before
        entries.replaceSubrange(lower..<upper, with: layouts.map { Entry(stored: $0.shifted(by: -before)) })
        let next = lower + layouts.count
        if next < entries.count, carried != .none {
            entries.modify(at: next) { $0.shift = $0.shift + carried }
        }
    }

    /// Makes the estimates of paragraphs `range` one estimate of one paragraph (the paragraphs became one).
    mutating func mergeEstimates(_ range: Range<Int>) {
        guard range.count > 1 else { return }
        let merged = Layout(start: self[range.lowerBound].start, placements: [], end: self[range.upperBound - 1].end,
                            isComplete: true, isEstimated: true)
        replaceSubrange(range, with: [merged])
    }

    /// Moves the layouts from `index` on by `shift`, then puts the flow position before paragraph `index` at
    /// `start` (its lines moved by the shift; the position before it may differ in its gap, which the shift
    /// already counts).
    mutating func shift(from index: Int, by shift: Shift, startingAt start: LayoutManager.FlowPosition) {
        let position = boundary(at: index)
        let inForce = entries.summary(upTo: position + 1).shift + shift
        entries.modify(at: position) { entry in
            entry.shift = entry.shift + shift
            entry.stored.start = start.moved(by: -inForce)
        }
    }
}

extension LayoutManager.ParagraphLayout {
    /// Complete in one container, or an estimate: a layout that moves with the flow, as the lines it holds.
    /// (A paragraph laid out in pieces has a frame a piece, all in one container.) Placements follow the flow, whose
    /// containers only go on, so the first and last tell (a layout tree's summaries ask this of every entry they add:
    /// it does not look at a long paragraph's hundreds of pieces).
    var isRegular: Bool {
        isComplete && (isEstimated || placements.count == 1 || placements.count > 1 && placements[0].container == placements[placements.count - 1].container)
    }

    /// The container its first line is in (where its flow starts, for an estimate).
    var container: Int { placements.first?.container ?? start.container }

    /// The depth of the bottom of its last line (the end of an estimate).
    var bottom: CGFloat {
        guard let last = placements.last else { return end.depth }
        return last.top + last.frame.usedHeight
    }

    /// The same layout with the flow moved: positions and frame tops deeper, line counts larger.
    func shifted(by shift: ParagraphLayouts.Shift) -> Self {
        guard shift != .none else { return self }
        var result = self
        result.start = start.moved(by: shift)
        result.end = end.moved(by: shift)
        for index in result.placements.indices { result.placements[index].top += shift.depth }
        return result
    }
}

extension LayoutManager.FlowPosition {
    /// The position with the flow moved: deeper by the shift's depth, after as many more lines.
    func moved(by shift: ParagraphLayouts.Shift) -> Self {
        var moved = self
        moved.depth += shift.depth
        moved.lines += shift.lines
        return moved
    }
}
