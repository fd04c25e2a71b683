import Foundation
import Galley

// The rest of UITextInput's geometry: positions inside a range, extending a position to its line's or paragraph's
// edge, the writing direction at a position, and where between two carets a point falls.

extension LayoutManager {
    /// The caret position inside `range` nearest to `point`: the nearest position overall when it is inside, else the
    /// end of `range` nearer to it in reading order. UIKit: `closestPosition(to:within:)`.
    ///
    /// - Parameters:
    ///   - point: a point in the container's coordinates.
    ///   - range: the UTF-16 range to stay in (clamped to the text).
    ///   - index: the container's index.
    public func closestPosition(to point: CGPoint, within range: Range<Int>, inContainerAt index: Int = 0) -> Int {
        let lower = min(max(range.lowerBound, 0), textStorage.length)
        let upper = min(max(range.upperBound, lower), textStorage.length)
        return min(max(closestPosition(to: point, inContainerAt: index), lower), upper)
    }

    /// Of the two ends of `range`, the one farthest in `direction` on screen: for left and right by the ends' caret x
    /// (so a right-to-left range's start is its right end), for up and down by their lines. UIKit:
    /// `position(within:farthestIn:)`.
    public func position(within range: Range<Int>, farthestIn direction: TextLayoutDirection) -> Int {
        let lower = min(max(range.lowerBound, 0), textStorage.length)
        let upper = min(max(range.upperBound, lower), textStorage.length)
        guard lower < upper, let start = caretRect(for: lower, affinity: .downstream), let end = caretRect(for: upper, affinity: .upstream) else {
            return lower
        }
        switch direction {
        case .left: return start.minX <= end.minX ? lower : upper
        case .right: return start.minX <= end.minX ? upper : lower
        // Container coordinates are y down: up is the smaller y.
        case .up: return start.minY <= end.minY ? lower : upper
        case .down: return start.minY <= end.minY ? upper : lower
        }
    }

    /// The range from `position` to its line's visual edge in `direction` (left and right, by the line's direction: in
    /// a right-to-left line, left is toward its logical end), or to its paragraph's start (up) or end (down) — the
    /// edges `TextTokenizer` gives for lines and paragraphs. UIKit: `characterRange(byExtending:in:)`.
    public func characterRange(byExtending position: Int, in direction: TextLayoutDirection) -> Range<Int>? {
        let position = min(max(position, 0), textStorage.length)
        let tokenizer = TextTokenizer(layoutManager: self)
        let target: Int?
        switch direction {
        case .left, .right:
            let rightToLeft = lineFragment(forCharacterAt: position)?.line.paragraphDirection == .rightToLeft
            let forward = (direction == .right) != rightToLeft
            target = tokenizer.position(from: position, toBoundary: .line, inDirection: forward ? .forward : .backward)
        case .up: target = tokenizer.position(from: position, toBoundary: .paragraph, inDirection: .backward)
        case .down: target = tokenizer.position(from: position, toBoundary: .paragraph, inDirection: .forward)
        }
        let end = target ?? position
        return min(position, end)..<max(position, end)
    }

    /// The resolved direction of the paragraph holding `position` (the one before it for `.backward` at a paragraph
    /// start). UIKit: `baseWritingDirection(for:in:)`.
    public func baseWritingDirection(for position: Int, in direction: TextStorageDirection = .forward) -> WritingDirection {
        let position = min(max(position, 0), textStorage.length)
        let index = direction == .backward && position > 0 ? position - 1 : position
        return lineFragment(forCharacterAt: index)?.line.paragraphDirection ?? .leftToRight
    }

    /// The character under `point` and how far across it the point is, from its leading caret (0) to its trailing
    /// caret (1) in its own direction; nil when no glyph box holds the point. TextKit:
    /// `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`, with a grapheme cluster for a glyph also
    /// `glyphIndex(for:in:fractionOfDistanceThroughGlyph:)`.
    public func characterIndex(for point: CGPoint, inContainerAt index: Int = 0) -> (index: Int, fraction: CGFloat)? {
        guard let range = characterRange(at: point, inContainerAt: index), let fragment = lineFragment(forCharacterAt: range.lowerBound)
        else { return nil }
        let local = (range.lowerBound - fragment.paragraphStart)..<(range.upperBound - fragment.paragraphStart)
        let leading = fragment.line.offset(forStringIndex: local.lowerBound).primary
        let trailing = fragment.line.offset(forStringIndex: local.upperBound).primary
        let x = point.x - fragment.baselineOrigin.x
        // The trailing caret of a cluster is the leading caret of the next in its own direction; at a direction
        // change it can sit elsewhere: then the cluster's own glyph box decides.
        let width = trailing - leading
        guard abs(width) > 1e-9 else { return (range.lowerBound, 0) }
        return (range.lowerBound, min(max((x - leading) / width, 0), 1))
    }
}

extension TextInput {
    /// Sets the base writing direction of the paragraphs `range` touches (their paragraph styles' `baseWritingDirection`),
    /// as one edit. UIKit: `setBaseWritingDirection(_:for:)`.
    public func setBaseWritingDirection(_ direction: WritingDirection, for range: Range<Int>) {
        let length = textStorage.length
        let lower = min(max(range.lowerBound, 0), length), upper = min(max(range.upperBound, lower), length)
        textStorage.beginEditing()
        var location = lower
        repeat {
            let paragraph = textStorage.paragraphRange(containing: location..<location)
            var style = StringAttributes(textStorage.attributes(at: paragraph.lowerBound).attributes).paragraphStyle ?? ParagraphStyle()
            style.baseWritingDirection = direction
            if !paragraph.isEmpty { textStorage.addAttribute(.paragraphStyle, value: style, range: paragraph) }
            location = max(paragraph.upperBound, location + 1)
        } while location < upper
        textStorage.endEditing()
    }
}

/// How a stretch of text is laid out: along horizontal lines or vertical columns. TextKit 2: `NSTextLayoutOrientation`.
public enum TextLayoutOrientation: Hashable, Sendable {
    /// Lines run across, stacking down. TextKit 2: `.horizontal`.
    case horizontal
    /// Columns run down, stacking across. TextKit 2: `.vertical`.
    case vertical
}

extension LayoutManager {
    /// How the text at `index` is laid out: horizontally (Galley lays out no vertical text yet). TextKit 2:
    /// `NSTextSelectionDataSource.textLayoutOrientation(at:)`.
    public func textLayoutOrientation(at index: Int) -> TextLayoutOrientation { .horizontal }

    /// The transform from an upright caret to the caret at `index`: the identity in horizontal text (carets stand
    /// upright). UIKit: `caretTransform(for:)`.
    public func caretTransform(for index: Int) -> AffineTransform { AffineTransform() }
}
