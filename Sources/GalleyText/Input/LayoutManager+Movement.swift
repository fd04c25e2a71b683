import Foundation
import Galley

/// A direction on screen. UIKit: `UITextLayoutDirection`.
public enum TextLayoutDirection: Hashable, Sendable {
    /// Toward the left edge, in visual order.
    case left
    /// Toward the right edge, in visual order.
    case right
    /// To the line above.
    case up
    /// To the line below.
    case down
}

extension LayoutManager {
    /// Where a caret goes when moved `offset` times: left and right by grapheme clusters in visual order (across
    /// bidi runs, continuing on the next or previous line at a line's edge as the paragraph's direction says), up
    /// and down by lines keeping `anchorX` (the x the caret had when vertical movement began; its own x if nil).
    /// Nil when it cannot move (at the text's edges).
    ///
    /// - Parameters:
    ///   - position: the caret's UTF-16 offset.
    ///   - direction: left, right, up or down, on screen.
    ///   - offset: how many steps to move.
    ///   - anchorX: for up and down, the x to keep; nil takes the caret's own.
    /// - Returns: the new caret offset, or nil when the caret cannot move that way.
    ///
    /// UIKit: `position(from:in:offset:)`; TextKit 2: `NSTextSelectionNavigation.destinationSelection`.
    public func position(from position: Int, in direction: TextLayoutDirection, offset: Int = 1, anchorX: CGFloat? = nil) -> Int? {
        var current = min(max(position, 0), textStorage.length)
        var moved = false
        for _ in 0..<max(offset, 0) {
            let next: Int?
            switch direction {
            case .left, .right: next = visualStep(from: current, toRight: direction == .right)
            case .up, .down: next = verticalStep(from: current, down: direction == .down, anchorX: anchorX)
            }
            guard let next, next != current else { break }
            current = next
            moved = true
        }
        return moved ? current : nil
    }

    /// Caret stops of a line: its grapheme boundaries up to the end of its text (not past a paragraph separator),
    /// with their x, sorted left to right.
    func caretStops(_ fragment: LineFragment) -> [(index: Int, x: CGFloat)] {
        let range = fragment.characterRange
        let units = textStorage.units(in: range)
        let end = units.count - separatorLength(endingAt: range.upperBound, from: range.lowerBound)
        var stops: [(index: Int, x: CGFloat)] = []
        for boundary in graphemeBoundaries(units) where boundary <= end {
            let index = range.lowerBound + boundary
            stops.append((index, fragment.caretOffsets(forCharacterIndex: index).primary))
        }
        return stops.sorted { $0.x < $1.x || ($0.x == $1.x && $0.index < $1.index) }
    }

    private func visualStep(from position: Int, toRight: Bool) -> Int? {
        guard let fragment = lineFragment(forCharacterAt: position) else { return nil }
        let stops = caretStops(fragment)
        if let here = stops.firstIndex(where: { $0.index == position }) {
            let target = toRight ? here + 1 : here - 1
            if stops.indices.contains(target) { return stops[target].index }
        }
        // At the line's edge: on to the neighbouring line, which one by the line's direction.
        let range = fragment.characterRange
        let rightToLeft = fragment.caretOffsets(forCharacterIndex: range.lowerBound).primary
            > fragment.caretOffsets(forCharacterIndex: max(range.upperBound - 1, range.lowerBound)).primary + LayoutTolerance.position
        let forward = toRight != rightToLeft
        guard let neighbour = neighbourFragment(of: fragment, forward: forward) else {
            return forward ? (position < textStorage.length ? textStorage.length : nil) : (position > 0 ? 0 : nil)
        }
        let neighbourStops = caretStops(neighbour)
        // Entering a line from its right edge puts the caret at its rightmost stop, and so on.
        return toRight ? neighbourStops.first?.index : neighbourStops.last?.index
    }

    private func verticalStep(from position: Int, down: Bool, anchorX: CGFloat?) -> Int? {
        guard let fragment = lineFragment(forCharacterAt: position), let caret = caretRect(for: position) else { return nil }
        guard let target = neighbourFragment(of: fragment, forward: down) else { return down ? textStorage.length : 0 }
        let x = anchorX ?? caret.minX
        let stops = caretStops(target)
        return stops.min { abs($0.x - x) < abs($1.x - x) }?.index
    }

    /// The line after (or before) a line, across paragraphs and containers.
    func neighbourFragment(of fragment: LineFragment, forward: Bool) -> LineFragment? {
        let range = fragment.characterRange
        if forward {
            guard range.upperBound < textStorage.length else { return nil }
            return lineFragment(forCharacterAt: range.upperBound, affinity: .downstream)
        }
        guard range.lowerBound > 0 else { return nil }
        return lineFragment(forCharacterAt: range.lowerBound - 1, affinity: .downstream)
    }
}
