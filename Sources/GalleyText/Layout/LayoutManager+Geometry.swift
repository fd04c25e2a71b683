import Foundation
import Galley

/// Which side of a line wrap a caret belongs to: at the offset where one line ends and the next begins, upstream
/// is the end of the first line, downstream the start of the second. TextKit: `NSSelectionAffinity`; UIKit:
/// `UITextStorageDirection`.
public enum TextAffinity: Hashable, Sendable {
    /// With the text before: the end of the line that ends there.
    case upstream
    /// With the text after: the start of the line that starts there.
    case downstream
}

/// A piece of a selection on one line and in one direction. UIKit: `UITextSelectionRect`.
public struct SelectionRect: Hashable, Sendable {
    /// The rectangle (container coordinates, y down), as tall as the line.
    public var rect: CGRect
    /// The container it is in.
    public var containerIndex: Int
    /// Whether the text under it runs right to left. UIKit: `writingDirection`.
    public var isRightToLeft: Bool
    /// Whether it holds the selection's first character. UIKit: `containsStart`.
    public var containsStart: Bool
    /// Whether it holds the selection's last character. UIKit: `containsEnd`.
    public var containsEnd: Bool
    /// Whether it belongs to vertical text: false (Galley lays text out horizontally). UIKit: `isVertical`.
    public var isVertical: Bool { false }
}

extension LayoutManager {
    // MARK: Line fragments

    /// The line fragments of paragraph `index` (laying it out first if needed), in order; with `near`, only those
    /// of the placements around that storage offset (see `lineFragments(of:paragraph:start:near:)`). With
    /// non-contiguous layout, a long paragraph in pieces is laid out only as far as `near`, or as `limit` says (its
    /// first fragments then).
    func lineFragments(ofParagraph index: Int, near: Int? = nil, upTo limit: PieceLimit? = nil) -> [LineFragment] {
        guard index < numberOfParagraphs else {
            ensureLayout(throughParagraph: index)
            return []
        }
        let (paragraph, start) = paragraphAndStart(index)
        ensureLayout(throughParagraph: index, upTo: near.map { .offset($0 - start) } ?? limit)
        guard layouts.indices.contains(index) else { return [] }
        // (The layout as stored, moved as its fragments are made: a long paragraph's placements are not copied to move.)
        let (layout, shift) = layouts.storedLayout(index)
        return lineFragments(of: layout, movedBy: shift.depth, paragraph: paragraph.state, start: start, near: near.map { $0 - start })
    }

    /// The line fragments of a paragraph's layout moved down by `depth`, the paragraph starting at storage offset
    /// `start`. With `near`, only those of the placements whose text reaches from the paragraph offset before it to the
    /// one after it (a paragraph laid out in pieces has a placement a piece).
    func lineFragments(of layout: ParagraphLayout, movedBy depth: CGFloat = 0, paragraph: ParagraphState, start: Int, near: Int? = nil)
        -> [LineFragment]
    {
        var result: [LineFragment] = []
        let placements = layout.placements
        for (index, placement) in placements.enumerated() {
            if let near, placements.count > 1 {
                if placement.offset > near + 1 { break }
                if index + 1 < placements.count, placements[index + 1].offset < near - 1 { continue }
            }
            let (relative, isNew) = paragraph.fragments(ofPlacement: placement.generation) { relativeFragments(of: placement) }
            if isNew { remember(paragraph) }
            let top = placement.top + depth
            for fragment in relative {
                result.append(LineFragment(line: fragment.line, paragraphStart: start + placement.offset, containerIndex: fragment.containerIndex,
                                           rect: fragment.rect.offsetBy(dx: 0, dy: top),
                                           baselineOrigin: CGPoint(x: fragment.baselineOrigin.x, y: fragment.baselineOrigin.y + top),
                                           padding: fragment.padding))
            }
        }
        return result
    }

    /// Notes that a paragraph has just made its fragments: it takes the next slot of a ring of
    /// `fragmentCacheParagraphs`, and the paragraph in that slot (whose fragments were made longest ago) forgets
    /// its own. O(1).
    private func remember(_ paragraph: ParagraphState) {
        if let slot = paragraph.fragmentSlot, statesWithFragments[slot].state === paragraph { statesWithFragments[slot].state = nil }
        if statesWithFragments.count < Self.fragmentCacheParagraphs {
            statesWithFragments.append(WeakParagraphState(state: nil))
        }
        let slot = nextFragmentSlot % statesWithFragments.count
        if let evicted = statesWithFragments[slot].state, evicted !== paragraph {
            evicted.forgetFragments()
            evicted.fragmentSlot = nil
        }
        statesWithFragments[slot].state = paragraph
        paragraph.fragmentSlot = slot
        nextFragmentSlot = slot + 1
    }

    /// A placement's line fragments with its box top at depth 0 and its paragraph starting at offset 0.
    private func relativeFragments(of placement: Placement) -> [LineFragment] {
        let frame = placement.frame
        let container = textContainers[placement.container]
        var result: [LineFragment] = []
        result.reserveCapacity(frame.lines.count)
        // (Rectangular containers pad both ends of a fragment; shapes are used as drawn.)
        let padding = container.path == nil ? container.padding : 0
        for (lineIndex, line) in frame.lines.enumerated() {
            let origin = frame.lineOrigins[lineIndex]
            let baseline = CGPoint(x: container.frameOriginX + origin.x, y: placement.boxHeight - origin.y)
            result.append(LineFragment(line: line, paragraphStart: 0, containerIndex: placement.container,
                                       rect: fragmentRect(lineIndex, of: placement, in: container), baselineOrigin: baseline, padding: padding))
        }
        return result
    }

    /// The rect of line `lineIndex`'s fragment in a placement whose box top is at depth 0, its padding included.
    private func fragmentRect(_ lineIndex: Int, of placement: Placement, in container: TextContainer) -> CGRect {
        let fragment = placement.frame.lineFragments[lineIndex]
        let padding = container.path == nil ? container.padding : 0
        return CGRect(x: container.frameOriginX + fragment.minX - padding, y: placement.boxHeight - fragment.maxY,
                      width: fragment.width + 2 * padding, height: fragment.height)
    }

    /// Visits the line fragments that show characters of `range` (all of them for nil), in order, laying out as
    /// far as needed. Set the last argument to true to stop. TextKit: `enumerateLineFragments(forGlyphRange:using:)`;
    /// TextKit 2: `enumerateTextLayoutFragments(from:options:using:)` (`.ensuresLayout`, `.reverse`).
    ///
    /// - Parameters:
    ///   - range: the UTF-16 range whose fragments to visit; nil for all.
    ///   - body: called with each fragment and a flag to set to stop.
    ///   - reverse: from the last fragment to the first (TextKit 2's `.reverse` option).
    public func enumerateLineFragments(in range: Range<Int>? = nil, reverse: Bool = false, _ body: (LineFragment, inout Bool) -> Void) {
        let first = range.map { paragraphIndex(containing: $0.lowerBound) } ?? 0
        let last = range.map { paragraphIndex(containing: max($0.upperBound - 1, $0.lowerBound)) } ?? numberOfParagraphs - 1
        var stop = false
        let paragraphs = first...max(first, last)
        if reverse { ensureLayout(throughParagraph: paragraphs.upperBound) }
        for index in reverse ? Array(paragraphs.reversed()) : Array(paragraphs) {
            // (The last paragraph as far as the range: a long one in pieces, not laid out further.)
            let fragments = lineFragments(ofParagraph: index, upTo: range.flatMap {
                index == last && !reverse ? .offset(max($0.upperBound - 1, $0.lowerBound) - paragraphStart(index)) : nil
            })
            for fragment in reverse ? fragments.reversed() : fragments {
                if let range, !range.isEmpty, !fragment.characterRange.overlaps(range) { continue }
                if let range, range.isEmpty, !(fragment.characterRange.contains(range.lowerBound) || fragment.characterRange.upperBound == range.lowerBound) { continue }
                body(fragment, &stop)
                if stop { return }
            }
        }
    }

    /// The line fragment showing the character at `index`; at a wrap point, upstream gives the line that ends
    /// there, downstream the one that starts there. The text's end gives its last line (nil for empty text).
    ///
    /// - Parameters:
    ///   - index: a UTF-16 offset (clamped to the text).
    ///   - affinity: at a wrap point, which line: upstream the one ending there, downstream the one starting there.
    ///
    /// TextKit: `lineFragmentRect(forGlyphAt:effectiveRange:)`.
    public func lineFragment(forCharacterAt index: Int, affinity: TextAffinity = .downstream) -> LineFragment? {
        let index = min(max(index, 0), textStorage.length)
        let fragments = lineFragments(ofParagraph: paragraphIndex(containing: index), near: index)
        guard !fragments.isEmpty else { return nil }
        for (position, fragment) in fragments.enumerated() {
            let range = fragment.characterRange
            if affinity == .upstream, index == range.upperBound, position + 1 < fragments.count { return fragment }
            if range.contains(index) {
                if affinity == .upstream, index == range.lowerBound, position > 0 { return fragments[position - 1] }
                return fragment
            }
        }
        return index >= fragments[fragments.count - 1].characterRange.upperBound ? fragments[fragments.count - 1] : fragments[0]
    }

    /// The container showing the character at `index`, nil if it is not laid out anywhere (the containers ran
    /// out). TextKit: `textContainer(forGlyphAt:effectiveRange:)`.
    public func textContainerIndex(forCharacterAt index: Int) -> Int? {
        lineFragment(forCharacterAt: index)?.containerIndex
    }

    /// The characters laid out in container `index` (lays out that far). TextKit: `glyphRange(for:)`.
    public func characterRange(forContainerAt index: Int) -> Range<Int> {
        ensureLayout(forContainerAt: index)
        var lower: Int? = nil
        var upper = 0
        var start = 0
        for (paragraph, layout) in layouts.enumerated() {
            defer { start += self.paragraph(paragraph).length }
            for placement in layout.placements where placement.container == index {
                lower = lower ?? start + placement.offset + placement.frame.visibleStringRange.lowerBound
                upper = start + placement.offset + placement.frame.visibleStringRange.upperBound
            }
        }
        return (lower ?? 0)..<max(upper, lower ?? 0)
    }

    /// The rectangle the text takes in container `index`: the union of its used rects. TextKit: `usedRect(for:)`.
    public func usedRect(forContainerAt index: Int) -> CGRect {
        ensureLayout(forContainerAt: index)
        return usedRect(forLaidOutContainerAt: index)
    }

    /// The union of the used rects already laid out in container `index`.
    func usedRect(forLaidOutContainerAt index: Int) -> CGRect {
        var union = CGRect.null
        for (paragraph, layout) in layouts.enumerated() where layout.placements.contains(where: { $0.container == index }) {
            // (As laid out: a paragraph laid out in part is not laid out further.)
            let (state, start) = paragraphAndStart(paragraph)
            for fragment in lineFragments(of: layout, paragraph: state.state, start: start) where fragment.containerIndex == index {
                union = union.union(fragment.usedRect)
            }
        }
        return union.isNull ? .zero : union
    }

    /// The fragment a caret after a final paragraph separator (or in empty text) sits in, below the last line and
    /// as tall as a line of the last character's font; nil when the text does not end with a separator.
    /// TextKit: `extraLineFragmentRect`.
    public var extraLineFragmentRect: CGRect? { extraLineFragment?.rect }

    /// The container the extra line fragment is in (nil without one). TextKit: `extraLineFragmentTextContainer`.
    public var extraLineFragmentContainerIndex: Int? { extraLineFragment?.container }

    private var extraLineFragment: (rect: CGRect, container: Int)? {
        let length = textStorage.length
        if length > 0 {
            guard separatorLength(endingAt: length, from: 0) > 0 else { return nil }
        }
        let font = (length > 0 ? textStorage.attributes(at: length - 1).attributes[.font] as? Font : nil) ?? defaultFont ?? Font.defaultFont
        let height = font.map { $0.ascent + $0.descent } ?? 0
        guard let container = textContainers.first else { return nil }
        guard length > 0 else { return (CGRect(x: 0, y: 0, width: container.size.width, height: height), 0) }
        ensureLayout(throughParagraph: numberOfParagraphs - 1)
        guard let last = layouts.last, last.isComplete, let lastFragment = lineFragments(ofParagraph: layouts.count - 1).last else { return nil }
        let y = lastFragment.rect.maxY + last.end.gap + spacing(before: true, paragraph: numberOfParagraphs - 1)
        let width = textContainers[lastFragment.containerIndex].size.width
        return (CGRect(x: 0, y: y, width: width.isFinite ? width : lastFragment.rect.width, height: height), lastFragment.containerIndex)
    }

    // MARK: Carets and selections

    /// The caret for a position: at the line's caret offset, as tall as the line (ascent plus descent, not the
    /// glyph), `width` wide. After a final separator the caret is in the extra line fragment. UIKit:
    /// `caretRect(for:)`; TextKit: `getLineFragmentInsertionPoints`.
    ///
    /// - Parameters:
    ///   - index: the caret's UTF-16 offset (clamped to the text).
    ///   - affinity: at a wrap point, upstream puts the caret at the end of the line above.
    ///   - width: the caret's width in points.
    /// - Returns: the caret's rectangle in its container's coordinates, or nil when layout has no line for it.
    public func caretRect(for index: Int, affinity: TextAffinity = .downstream, width: CGFloat = 1) -> CGRect? {
        let index = min(max(index, 0), textStorage.length)
        if index == textStorage.length, let extra = extraLineFragment {
            let padding = textContainers.indices.contains(extra.container) ? textContainers[extra.container].padding : 0
            return CGRect(x: extra.rect.minX + padding, y: extra.rect.minY, width: width, height: extra.rect.height)
        }
        guard let fragment = lineFragment(forCharacterAt: index, affinity: affinity) else { return nil }
        var local = index
        // A caret after a line's paragraph separator stands before it.
        if local == fragment.characterRange.upperBound {
            local -= separatorLength(endingAt: local, from: fragment.characterRange.lowerBound)
        }
        let x = fragment.caretOffsets(forCharacterIndex: local).primary
        return CGRect(x: x, y: fragment.lineTop, width: width, height: fragment.lineHeight)
    }

    /// The rectangles covering `range`, one per line and per direction run, in visual order within each line,
    /// each as tall as its line. Partly selected ligatures are split at their caret positions. UIKit:
    /// `selectionRects(for:)`; TextKit 2: `enumerateTextSegments(in:type: .selection)`.
    public func selectionRects(for range: Range<Int>) -> [SelectionRect] {
        let range = min(max(range.lowerBound, 0), textStorage.length)..<min(max(range.upperBound, range.lowerBound), textStorage.length)
        guard !range.isEmpty else { return [] }
        var result: [SelectionRect] = []
        enumerateLineFragments(in: range) { fragment, _ in
            result.append(contentsOf: selectionPieces(of: fragment, in: range).map(\.piece))
        }
        // The pieces holding the first and the last selected characters.
        if let first = firstSelectedPiece(result, index: range.lowerBound) { result[first].containsStart = true }
        if let last = firstSelectedPiece(result, index: range.upperBound - 1) { result[last].containsEnd = true }
        return result
    }

    /// The selection rectangles of `range` in one fragment, left to right, one per stretch of one direction, with
    /// the characters each covers (first to last grapheme start, plus one).
    func selectionPieces(of fragment: LineFragment, in range: Range<Int>) -> [(piece: SelectionRect, characters: Range<Int>)] {
        // The grapheme segments of the line with their edges, visual order.
        var segments: [(left: CGFloat, right: CGFloat, index: Int, isRightToLeft: Bool)] = []
        var pendingLeft: (CGFloat, Int, Bool)? = nil
        fragment.line.enumerateCaretOffsets { offset, stringIndex, isLeading, _ in
            if let left = pendingLeft {
                segments.append((left.0, offset, left.1 + fragment.paragraphStart, left.2))
                pendingLeft = nil
            } else {
                pendingLeft = (offset, stringIndex, !isLeading)
            }
        }
        var pieces: [(piece: SelectionRect, characters: Range<Int>)] = []
        for segment in segments where range.contains(segment.index) {
            let left = segment.left + fragment.baselineOrigin.x
            let right = segment.right + fragment.baselineOrigin.x
            if var last = pieces.last, last.piece.isRightToLeft == segment.isRightToLeft, abs(last.piece.rect.maxX - left) < LayoutTolerance.position {
                last.piece.rect.size.width = right - last.piece.rect.minX
                last.characters = min(last.characters.lowerBound, segment.index)..<max(last.characters.upperBound, segment.index + 1)
                pieces[pieces.count - 1] = last
            } else {
                pieces.append((SelectionRect(rect: CGRect(x: left, y: fragment.lineTop, width: right - left, height: fragment.lineHeight),
                                             containerIndex: fragment.containerIndex, isRightToLeft: segment.isRightToLeft,
                                             containsStart: false, containsEnd: false), segment.index..<(segment.index + 1)))
            }
        }
        return pieces
    }

    private func firstSelectedPiece(_ pieces: [SelectionRect], index: Int) -> Int? {
        guard let caret = caretRect(for: index) else { return nil }
        let x = caret.midX
        return pieces.firstIndex { $0.rect.minY <= caret.midY && $0.rect.maxY >= caret.midY && $0.rect.minX - LayoutTolerance.position <= x && x <= $0.rect.maxX + LayoutTolerance.position }
            ?? pieces.indices.first { pieces[$0].rect.minY <= caret.midY && pieces[$0].rect.maxY >= caret.midY }
    }

    /// The first rectangle of `range` on its first line (where an input method shows its candidates). UIKit:
    /// `firstRect(for:)`.
    public func firstRect(for range: Range<Int>) -> CGRect? {
        let rects = selectionRects(for: range)
        guard let first = rects.first else { return caretRect(for: range.lowerBound) }
        return rects.filter { abs($0.rect.minY - first.rect.minY) < LayoutTolerance.position && $0.containerIndex == first.containerIndex }
            .reduce(CGRect.null) { $0.union($1.rect) }
    }

    /// The caret position nearest to a point in container `index`: the line whose band holds y (else the nearest
    /// line), then Core Text's rounding within it; never after a line's paragraph separator. UIKit:
    /// `closestPosition(to:)`; TextKit: `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`.
    ///
    /// - Parameters:
    ///   - point: a point in the container's coordinates.
    ///   - index: the container's index.
    /// - Returns: the UTF-16 offset of the nearest caret position.
    public func closestPosition(to point: CGPoint, inContainerAt index: Int = 0) -> Int {
        guard let fragment = nearestFragment(to: point, inContainerAt: index) else {
            return point.y > 0 ? textStorage.length : 0
        }
        var position = fragment.line.stringIndex(forPosition: CGPoint(x: point.x - fragment.baselineOrigin.x, y: 0)) + fragment.paragraphStart
        let range = fragment.characterRange
        if position >= range.upperBound {
            position = range.upperBound - separatorLength(endingAt: range.upperBound, from: range.lowerBound)
        }
        return min(max(position, range.lowerBound), range.upperBound)
    }

    /// The characters of the line fragment nearest to a point in container `index` (the line whose band holds its y,
    /// else the nearest line); nil without text. TextKit 2: `NSTextSelectionDataSource.lineFragmentRange(for:inContainerAt:)`.
    public func lineFragmentRange(for point: CGPoint, inContainerAt index: Int = 0) -> Range<Int>? {
        nearestFragment(to: point, inContainerAt: index)?.characterRange
    }

    /// The grapheme cluster under a point (not the nearest caret: nil outside every glyph box). UIKit:
    /// `characterRange(at:)`.
    ///
    /// - Parameters:
    ///   - point: a point in the container's coordinates.
    ///   - index: the container's index.
    /// - Returns: the UTF-16 range of the grapheme cluster under the point, or nil when no glyph box holds it.
    public func characterRange(at point: CGPoint, inContainerAt index: Int = 0) -> Range<Int>? {
        guard let fragment = nearestFragment(to: point, inContainerAt: index),
            point.y >= fragment.lineTop, point.y <= fragment.lineTop + fragment.lineHeight,
            let local = fragment.line.characterRange(at: CGPoint(x: point.x - fragment.baselineOrigin.x, y: 0))
        else { return nil }
        return (local.lowerBound + fragment.paragraphStart)..<(local.upperBound + fragment.paragraphStart)
    }

    /// The characters of the lines whose fragments meet `rect` in container `index`. TextKit:
    /// `glyphRange(forBoundingRect:in:)`.
    public func characterRange(forBoundingRect rect: CGRect, inContainerAt index: Int = 0) -> Range<Int> {
        ensureLayout(forBoundingRect: rect, inContainerAt: index)
        guard textContainers.indices.contains(index) else { return 0..<0 }
        let container = textContainers[index]
        // Straight from the frames, as stored (not moved): no line fragments are made and no placements copied. Only
        // the paragraphs at the rectangle's top and bottom are read, each found by searching the layouts (a page of
        // short lines is dozens of paragraphs, and reading each one's lines, cold in memory, cost most of an edit).
        /// The offsets in `paragraph` of the start of its first line whose fragment meets the rectangle and of the end
        /// of its last one.
        func linesMet(_ layout: ParagraphLayout, _ shift: ParagraphLayouts.Shift) -> (lower: Int, upper: Int)? {
            var met: (lower: Int, upper: Int)? = nil
            for placement in layout.placements where placement.container == index {
                // (The pieces of a long paragraph above or below the rectangle are passed over whole.)
                if layout.placements.count > 1 {
                    if placement.top + shift.depth + placement.frame.usedHeight < rect.minY { continue }
                    if placement.firstLineTop(movedBy: shift.depth) > rect.maxY { break }
                }
                for lineIndex in placement.frame.lines.indices
                where fragmentRect(lineIndex, of: placement, in: container).offsetBy(dx: 0, dy: placement.top + shift.depth).intersects(rect) {
                    let range = placement.frame.lines[lineIndex].stringRange
                    met = (met?.lower ?? placement.offset + range.lowerBound, placement.offset + range.upperBound)
                }
            }
            return met
        }
        // The first line met, from the paragraph above the one at the top on.
        var lower: (paragraph: Int, offset: Int)? = nil
        let first = max((paragraphIndex(atY: rect.minY, inContainerAt: index) ?? layouts.count) - 1, 0)
        layouts.forEachStoredLayout(from: first) { paragraph, layout, shift in
            if let top = layout.placements.first?.firstLineTop(movedBy: shift.depth), layout.placements.first?.container == index, top > rect.maxY { return false }
            lower = linesMet(layout, shift).map { (paragraph, $0.lower) }
            return lower == nil
        }
        guard let lower else { return 0..<0 }
        // The last line met, from the last paragraph starting above the rectangle's bottom back.
        var upper = (paragraph: lower.paragraph, offset: lower.offset)
        let end = layouts.partitioningIndex { layout, shift in
            guard let key = flowKey(layout, shift) else { return true }
            return key > (index, rect.maxY)
        }
        for paragraph in stride(from: end - 1, through: lower.paragraph, by: -1) {
            let (layout, shift) = layouts.storedLayout(paragraph)
            if let met = linesMet(layout, shift) {
                upper = (paragraph, met.upper)
                break
            }
        }
        let start = paragraphStart(lower.paragraph) + lower.offset
        return start..<max(paragraphStart(upper.paragraph) + upper.offset, start)
    }

    /// Where a paragraph's flow stands, to order paragraphs by: its first line's container and top (its start, for
    /// an estimate); nil for a laid-out paragraph that has no lines (past the last container).
    private func flowKey(_ layout: ParagraphLayout, _ shift: ParagraphLayouts.Shift) -> (Int, CGFloat)? {
        layout.isEstimated ? (layout.start.container, layout.start.depth + shift.depth)
            : layout.placements.first.map { ($0.container, $0.firstLineTop(movedBy: shift.depth)) }
    }

    /// The last laid-out paragraph that starts in container `index` at or above `y` (binary search: layouts are
    /// ordered by container, then depth), else the first one in that container.
    func paragraphIndex(atY y: CGFloat, inContainerAt index: Int) -> Int? {
        // (Layouts as stored, with their shifts added here: moving a layout copies its placements.)
        let found = layouts.partitioningIndex { layout, shift in
            guard let key = flowKey(layout, shift) else { return true }
            return !(key <= (index, y))
        } - 1
        func isIn(_ paragraph: Int) -> Bool {
            let layout = layouts.storedLayout(paragraph).layout
            return layout.isEstimated ? layout.start.container == index : layout.placements.contains { $0.container == index }
        }
        if found >= 0, isIn(found) { return found }
        return layouts.indices.dropFirst(max(found, 0)).first(where: isIn)
    }

    /// The line fragment of container `index` whose band holds y, else the nearest one (looked for in the
    /// paragraph found by binary search and its neighbours).
    private func nearestFragment(to point: CGPoint, inContainerAt index: Int) -> LineFragment? {
        ensureLayout(forBoundingRect: CGRect(x: point.x, y: point.y, width: 0, height: 0), inContainerAt: index)
        guard let around = paragraphIndex(atY: point.y, inContainerAt: index) else { return nil }
        var best: (distance: CGFloat, fragment: LineFragment)? = nil
        for paragraph in max(around - 1, 0)...min(around + 1, layouts.count - 1)
        where layouts[paragraph].placements.contains(where: { $0.container == index }) {
            // (A paragraph laid out in part, as far as the point.)
            for fragment in lineFragments(ofParagraph: paragraph, upTo: .depth(point.y)) where fragment.containerIndex == index {
                let top = fragment.rect.minY
                let bottom = fragment.rect.maxY
                let distance = point.y < top ? top - point.y : point.y > bottom ? point.y - bottom : 0
                if distance == 0, fragment.rect.minX - LayoutTolerance.position <= point.x, point.x <= fragment.rect.maxX + LayoutTolerance.position { return fragment }
                if best == nil || distance < best!.distance { best = (distance, fragment) }
            }
        }
        return best?.fragment
    }
}
