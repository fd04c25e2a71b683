import Foundation
import Galley

/// What `enumerateTextSegments(in:type:options:_:)` measures. TextKit 2: `NSTextLayoutManager.SegmentType`.
public enum TextSegmentType: Hashable, Sendable {
    /// The text's stretches, line by line. TextKit 2: `.standard`.
    case standard
    /// As a selection covers them (the line box's height). TextKit 2: `.selection`.
    case selection
    /// As a highlight covers them: the glyphs' typographic height, not the line's spacing. TextKit 2: `.highlight`.
    case highlight
}

/// How `enumerateTextSegments(in:type:options:_:)` cuts and extends segments. TextKit 2:
/// `NSTextLayoutManager.SegmentOptions`.
public struct TextSegmentOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    /// A set. TextKit 2: `SegmentOptions(rawValue:)`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The body is given no ranges (nil), saving their computation. TextKit 2: `.rangeNotRequired`.
    public static let rangeNotRequired = TextSegmentOptions(rawValue: 1 << 0)
    /// Only the first and last lines' segments. TextKit 2: `.middleFragmentsExcluded`.
    public static let middleFragmentsExcluded = TextSegmentOptions(rawValue: 1 << 1)
    /// The first line's segment reaches back to its fragment's leading edge. TextKit 2: `.headSegmentExtended`.
    public static let headSegmentExtended = TextSegmentOptions(rawValue: 1 << 2)
    /// The last line's segment reaches on to its fragment's trailing edge. TextKit 2: `.tailSegmentExtended`.
    public static let tailSegmentExtended = TextSegmentOptions(rawValue: 1 << 3)
    /// An empty range at a line wrap gives the end of the line above (else the start of the line below).
    /// TextKit 2: `.upstreamAffinity`.
    public static let upstreamAffinity = TextSegmentOptions(rawValue: 1 << 4)
}

extension LayoutManager {
    /// Visits the rectangles a range covers, line by line and within a line one per stretch of one direction, in
    /// order: each with its characters (nil with `.rangeNotRequired`), its frame (container coordinates, y down), its
    /// baseline's y and its container. An empty range gives the caret's segment, zero wide. Return false to stop.
    /// TextKit 2: `NSTextLayoutManager.enumerateTextSegments(in:type:options:using:)`.
    ///
    /// - Parameters:
    ///   - range: the characters (UTF-16 offsets, clamped to the text).
    ///   - type: line boxes (standard, selection) or the glyphs' typographic height (highlight).
    ///   - options: what to leave out and which ends to extend.
    ///   - body: called with each segment.
    public func enumerateTextSegments(in range: Range<Int>, type: TextSegmentType = .standard, options: TextSegmentOptions = [],
                                      _ body: (_ range: Range<Int>?, _ frame: CGRect, _ baseline: CGFloat, _ containerIndex: Int) -> Bool) {
        let length = textStorage.length
        let range = min(max(range.lowerBound, 0), length)..<min(max(range.upperBound, range.lowerBound), length)
        let wantsRanges = !options.contains(.rangeNotRequired)
        if range.isEmpty {
            let affinity: TextAffinity = options.contains(.upstreamAffinity) ? .upstream : .downstream
            guard let caret = caretRect(for: range.lowerBound, affinity: affinity, width: 0),
                let fragment = lineFragment(forCharacterAt: range.lowerBound, affinity: affinity)
            else { return }
            _ = body(wantsRanges ? range : nil, caret, fragment.baselineOrigin.y, fragment.containerIndex)
            return
        }
        var fragments: [LineFragment] = []
        enumerateLineFragments(in: range) { fragment, _ in fragments.append(fragment) }
        for (position, fragment) in fragments.enumerated() {
            let isFirst = position == 0, isLast = position == fragments.count - 1
            if options.contains(.middleFragmentsExcluded), !isFirst, !isLast { continue }
            var pieces = selectionPieces(of: fragment, in: range)
            guard !pieces.isEmpty else { continue }
            let rightToLeft = fragment.line.paragraphDirection == .rightToLeft
            // The leading edge is the fragment's left in a left-to-right paragraph, its right in a right-to-left one.
            let head = rightToLeft ? pieces.count - 1 : 0, tail = rightToLeft ? 0 : pieces.count - 1
            if isFirst, options.contains(.headSegmentExtended) { extend(&pieces[head].piece.rect, toEdgeOf: fragment, leading: true, rightToLeft) }
            if isLast, options.contains(.tailSegmentExtended) { extend(&pieces[tail].piece.rect, toEdgeOf: fragment, leading: false, rightToLeft) }
            for (piece, characters) in pieces {
                var frame = piece.rect
                if type == .highlight {
                    // The glyphs' typographic height: the line's ascent and descent from the baseline, without what a
                    // taller line box (minimum heights, spacing) adds.
                    let bounds = fragment.line.typographicBounds
                    frame.origin.y = fragment.baselineOrigin.y - bounds.ascent
                    frame.size.height = bounds.ascent + bounds.descent
                }
                if !body(wantsRanges ? characters : nil, frame, fragment.baselineOrigin.y, fragment.containerIndex) { return }
            }
        }
    }

    /// Widens `rect` to the fragment's leading or trailing edge (padding excluded).
    private func extend(_ rect: inout CGRect, toEdgeOf fragment: LineFragment, leading: Bool, _ rightToLeft: Bool) {
        let padding = textContainers.indices.contains(fragment.containerIndex) && textContainers[fragment.containerIndex].path == nil
            ? textContainers[fragment.containerIndex].padding : 0
        let toLeft = leading != rightToLeft
        if toLeft {
            let edge = fragment.rect.minX + padding
            if edge < rect.minX { rect = CGRect(x: edge, y: rect.minY, width: rect.maxX - edge, height: rect.height) }
        } else {
            let edge = fragment.rect.maxX - padding
            if edge > rect.maxX { rect.size.width = edge - rect.minX }
        }
    }
}

/// One paragraph's layout: its line fragments and the frames around them. TextKit 2: `NSTextLayoutFragment`
/// (Galley's layout fragments are paragraphs, as TextKit 2's default ones are).
public struct TextLayoutFragment: Sendable {
    /// How far layout has gone for a fragment. TextKit 2: `NSTextLayoutFragment.State`.
    public enum State: Hashable, Sendable {
        /// Lines are laid out. TextKit 2: `.layoutAvailable`.
        case layoutAvailable
    }

    /// The paragraph's index.
    public let paragraphIndex: Int
    /// The paragraph's characters, separator included. TextKit 2: `rangeInElement`.
    public let characterRange: Range<Int>
    /// Its lines, in order. TextKit 2: `textLineFragments`.
    public let textLineFragments: [LineFragment]
    /// The union of its lines' fragments (container coordinates, y down; the first container's, when the paragraph
    /// runs into another). TextKit 2: `layoutFragmentFrame`.
    public let layoutFragmentFrame: CGRect
    /// Where its drawing reaches: the line boxes, the glyphs' ink and decorations (`boundingRect(forCharacterRange:)`).
    /// TextKit 2: `renderingSurfaceBounds` (there relative to the frame's origin; here in container coordinates).
    public let renderingSurfaceBounds: CGRect
    /// Always laid out: a fragment is made from its lines. TextKit 2: `state`.
    public var state: State { .layoutAvailable }
}

extension LayoutManager {
    /// The layout fragment of the paragraph holding `index` (laying it out), nil for an empty text.
    /// TextKit 2: `textLayoutFragment(for:)` with a location.
    public func textLayoutFragment(forCharacterAt index: Int) -> TextLayoutFragment? {
        guard textStorage.length > 0 else { return nil }
        let paragraph = paragraphIndex(containing: min(max(index, 0), textStorage.length - 1))
        let range = paragraphRange(at: paragraph)
        var lines: [LineFragment] = []
        enumerateLineFragments(in: range) { fragment, _ in
            if fragment.characterRange.overlaps(range) || fragment.characterRange.lowerBound == range.lowerBound { lines.append(fragment) }
        }
        guard let first = lines.first else { return nil }
        let inFirst = lines.filter { $0.containerIndex == first.containerIndex }
        return TextLayoutFragment(paragraphIndex: paragraph, characterRange: range, textLineFragments: lines,
                                  layoutFragmentFrame: inFirst.reduce(CGRect.null) { $0.union($1.rect) },
                                  renderingSurfaceBounds: boundingRect(forCharacterRange: range, inContainerAt: first.containerIndex))
    }

    /// The layout fragment of the paragraph whose lines hold a point (or are nearest to it) in container `index`.
    /// TextKit 2: `textLayoutFragment(for:)` with a point.
    public func textLayoutFragment(for point: CGPoint, inContainerAt index: Int = 0) -> TextLayoutFragment? {
        guard let range = lineFragmentRange(for: point, inContainerAt: index) else { return nil }
        return textLayoutFragment(forCharacterAt: range.lowerBound)
    }
}
