import Foundation
import Galley

/// The layouts of paragraphs 0..<count, as a height map: a `SummedTree` whose entries carry, beside each layout,
/// a shift of the flow (depth and line count) that applies to that paragraph and every later one. Moving every
/// paragraph below an edit down by the height it gained is then one change to one entry, O(log n), where moving
/// each layout costs O(n); reading a layout adds up the shifts before it, O(log n).
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

    /// What the tree sums: the shifts, and how many layouts are not one complete frame (which never move by a shift).
    struct Summary: TreeSummary {
        var shift = Shift.none
        var irregular = 0
        static let zero = Summary()
        static func + (left: Summary, right: Summary) -> Summary {
            Summary(shift: left.shift + right.shift, irregular: left.irregular + right.irregular)
        }
    }

    struct Entry: Summarized {
        /// The layout less the shifts in force at this entry (its own included).
        var stored: Layout
        /// The shift from this entry on.
        var shift = Shift.none

        var summary: Summary { Summary(shift: shift, irregular: stored.isRegular ? 0 : 1) }
    }

    private var entries = SummedTree<Entry>()

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }

    /// The layout of paragraph `index`, where it is now.
    subscript(index: Int) -> Layout {
        let (entry, before) = entries.elementAndSummary(at: index)
        return entry.stored.shifted(by: before.shift + entry.shift)
    }

    /// How many layouts from `index` on are not one complete frame.
    func irregularCount(from index: Int) -> Int { entries.summary.irregular - entries.summary(upTo: index).irregular }

    mutating func append(_ layout: Layout) {
        entries.append(Entry(stored: layout.shifted(by: -entries.summary.shift)))
    }

    mutating func removeAll() { entries = SummedTree() }

    /// Drops the layouts from `range.lowerBound` on.
    mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        replaceSubrange(range.lowerBound..<count, with: [])
    }

    /// Replaces the layouts of `range` with `layouts` (where they are now). The shifts the removed entries carried
    /// move to the entry after them, so every later layout stays where it is.
    mutating func replaceSubrange(_ range: Range<Int>, with layouts: [Layout]) {
        let before = entries.summary(upTo: range.lowerBound).shift
        let carried = entries.summary(upTo: range.upperBound).shift + -before
        entries.replaceSubrange(range, with: layouts.map { Entry(stored: $0.shifted(by: -before)) })
        let next = range.lowerBound + layouts.count
        if next < entries.count, carried != .none {
            entries.modify(at: next) { $0.shift = $0.shift + carried }
        }
    }

    /// Moves the layouts from `index` on by `shift`, then puts the flow position before paragraph `index` at
    /// `start` (its lines moved by the shift; the position before it may differ in its gap, which the shift
    /// already counts).
    mutating func shift(from index: Int, by shift: Shift, startingAt start: LayoutManager.FlowPosition) {
        let inForce = entries.summary(upTo: index + 1).shift + shift
        entries.modify(at: index) { entry in
            entry.shift = entry.shift + shift
            var stored = start
            stored.depth -= inForce.depth
            stored.lines -= inForce.lines
            entry.stored.start = stored
        }
    }
}

extension LayoutManager.ParagraphLayout {
    /// One complete frame: a layout that moves with the flow, as the lines it holds.
    var isRegular: Bool { isComplete && placements.count == 1 }

    /// The same layout with the flow moved: positions and frame tops deeper, line counts larger.
    func shifted(by shift: ParagraphLayouts.Shift) -> Self {
        guard shift != .none else { return self }
        var result = self
        result.start.depth += shift.depth
        result.start.lines += shift.lines
        result.end.depth += shift.depth
        result.end.lines += shift.lines
        for index in result.placements.indices { result.placements[index].top += shift.depth }
        return result
    }
}
