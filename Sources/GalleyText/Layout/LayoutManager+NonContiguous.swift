import Foundation
import Galley

/// Non-contiguous layout (TextKit 2's viewport model, TextKit 1's `allowsNonContiguousLayout`): in a growing
/// container of simple rectangular shape, where a paragraph's lines do not depend on how deep it sits, every
/// paragraph not laid out yet has an estimated height, and layout happens only where it is asked for — a viewport,
/// a character range, a paragraph. Estimates are made once (from the height per character of what has been laid
/// out, or from the font before anything has) and are never revised: they are only replaced, paragraph by
/// paragraph, by layout, and everything below moves by the difference in one change to the height map.
/// `layoutViewport(_:inContainerAt:)` returns the viewport moved by what the text it showed moved, so the text a
/// user sees never jumps when paragraphs above it are laid out.
extension LayoutManager {
    /// Whether layout is non-contiguous now: allowed, the one container grows with its text, is a rectangle
    /// without exclusions and has no line limit, and the text has no form feed (a container break, after which a
    /// single container shows nothing: what is shown would depend on all the text before). Every paragraph then
    /// has a layout or an estimate.
    func estimating() -> Bool {
        let container = textContainers.first
        guard allowsNonContiguousLayout, textContainers.count == 1, !textStorage.hasFormFeed, let container,
            container.isSimpleRectangular, container.maximumNumberOfLines == 0, container.size.height == .infinity,
            container.lineWidth > 0
        else {
            // Layout became contiguous (an edit added a form feed): it goes as far as the first estimate.
            if let first = layouts.firstNotLaidOut { layouts.removeSubrange(first...) }
            return false
        }
        coverWithEstimates()
        return true
    }

    /// Gives the paragraphs after the last layout one estimate (unless layout stopped: the text no longer fits).
    private func coverWithEstimates() {
        let first = layouts.count, count = numberOfParagraphs - first
        guard count > 0, layouts.last?.isComplete ?? true else { return }
        let start = layouts.last?.end ?? .start
        let end = estimatedEnd(from: start, characters: paragraphs.summary.length - paragraphStart(first), paragraphs: count)
        layouts.appendEstimate(count: count, from: start, to: end)
    }

    /// The flow position after an estimate of `characters` from `start`: `paragraphs` paragraphs (none for the rest
    /// of one laid out in part), each taking a line of the count.
    func estimatedEnd(from start: FlowPosition, characters: Int, paragraphs: Int) -> FlowPosition {
        let height = estimatedHeight(characters: characters, paragraphs: paragraphs)
        return FlowPosition(container: start.container, depth: start.depth + (start.lines > 0 ? start.gap : 0) + height,
                            lines: start.lines + max(paragraphs, 1), gap: 0)
    }

    /// The height an estimate gives text: the height per character of the paragraphs laid out so far, or, before
    /// any, lines of the text's first font (else the default font) at half an em per character plus half a line per
    /// paragraph.
    func estimatedHeight(characters: Int, paragraphs: Int) -> CGFloat {
        if measured.characters > 0, measured.height > 0 { return measured.height * CGFloat(characters) / CGFloat(measured.characters) }
        // Before anything is measured: the text's own first font (the system's default font costs a fontconfig
        // search the first time, longer than laying out a screen).
        let first = textStorage.length > 0 ? textStorage.attributes(at: 0).attributes[.font] as? Font : nil
        guard let font = first ?? defaultFont ?? Font.defaultFont else { return 0 }
        let lineHeight = font.ascent + font.descent + max(font.leading, 0)
        let perLine = max(textContainers[0].lineWidth / max(font.size / 2, 1), 1)
        return lineHeight * max(CGFloat(characters) / perLine + CGFloat(paragraphs) / 2, CGFloat(paragraphs))
    }

    /// Lays out the paragraphs of `range` that have only an estimate, each run of them from where its estimate
    /// starts, and those laid out in part on from where they stopped; the layouts after each move by what it
    /// differs from its estimate. With `limit`, a long paragraph laid out in pieces stops at the first piece that
    /// reaches it, the rest of it estimated (`ParagraphLayout.isPartial`).
    func realize(_ range: Range<Int>, upTo limit: PieceLimit? = nil) {
        var index = max(range.lowerBound, 0)
        while index < min(range.upperBound, layouts.count) {
            let layout = layouts[index]
            if layout.isPartial, !(limit.map(layout.reaches) ?? false) {
                relayout(replacing: index..<(index + 1), with: 1, continuing: layout, upTo: limit)
            }
            guard layout.isEstimated else {
                index += 1
                continue
            }
            var end = index + 1
            while end < min(range.upperBound, layouts.count), layouts[end].isEstimated { end += 1 }
            relayout(replacing: index..<end, with: end - index, upTo: limit)
            index = end
        }
    }

    /// Lays out what `viewport` shows of container `index` and returns the viewport to show now: the same one,
    /// moved by as much as the text it showed moved when paragraphs above it were laid out in place of their
    /// estimates (so that the visible text stays where it was on screen; scroll by the difference). Without
    /// non-contiguous layout nothing moves and the viewport comes back as it was.
    ///
    /// - Parameters:
    ///   - viewport: the visible rectangle, in the container's coordinates (y down).
    ///   - index: the container's index.
    /// - Returns: the viewport showing the same text after layout.
    ///
    /// TextKit 2: `NSTextViewportLayoutController.layoutViewport()` with `adjustViewport(byVerticalOffset:)`.
    @discardableResult
    public func layoutViewport(_ viewport: CGRect, inContainerAt index: Int = 0) -> CGRect {
        guard estimating(), index == 0 else {
            ensureLayout(forBoundingRect: viewport, inContainerAt: index)
            return viewport
        }
        var viewport = viewport
        // The anchor: the first paragraph laid out (so shown before) that reaches into the viewport, else the one
        // at its top.
        guard let top = paragraphIndex(atY: viewport.minY, inContainerAt: 0) else { return viewport }
        var anchor = top
        while anchor < layouts.count, layouts[anchor].isEstimated || layouts[anchor].bottom < viewport.minY {
            if layouts[anchor].start.depth > viewport.maxY { break }
            anchor += 1
        }
        if anchor >= layouts.count || layouts[anchor].isEstimated { anchor = top }
        // Layout above the anchor moves it; the viewport follows, and what it newly shows is laid out in turn.
        // Its first line's top: where a layout's lines are (an estimate's start before that: nothing was shown).
        func depth() -> CGFloat {
            let layout = layouts[anchor]
            return layout.placements.first?.firstLineTop ?? layout.start.depth + (layout.start.lines > 0 ? layout.start.gap : 0)
        }
        for _ in 0..<4 {
            let before = depth()
            ensureLayout(forBoundingRect: viewport, inContainerAt: 0)
            guard anchor < layouts.count else { break }
            let moved = depth() - before
            if moved == 0 { break }
            viewport.origin.y += moved
        }
        return viewport
    }

    /// Moves `viewport` to show the character at `index` — its line at the viewport's top, or, for the text's end,
    /// the last line at its bottom — laying out only around it (a jump to any offset of a long document), and
    /// returns the viewport after layout, as `layoutViewport` does.
    ///
    /// - Parameters:
    ///   - viewport: the visible rectangle (its size is kept), in container coordinates.
    ///   - index: the UTF-16 offset to show.
    /// - Returns: the viewport showing it.
    ///
    /// TextKit 2: `NSTextViewportLayoutController.relocateViewport(to:)`.
    @discardableResult
    public func relocateViewport(_ viewport: CGRect, toCharacterAt index: Int) -> CGRect {
        let index = min(max(index, 0), textStorage.length)
        var viewport = viewport
        if index == textStorage.length {
            // The end: the last line (or the line a caret after a final separator gets) at the bottom. Laying out
            // what the viewport shows above it may move the end once more.
            for _ in 0..<4 {
                guard let caret = caretRect(for: index) else { break }
                let bottom = max(caret.maxY, lineFragment(forCharacterAt: index, affinity: .upstream)?.rect.maxY ?? 0)
                let target = max(bottom - viewport.height, 0)
                if viewport.minY == target { break }
                viewport.origin.y = target
                viewport = layoutViewport(viewport)
            }
            return viewport
        }
        guard let fragment = lineFragment(forCharacterAt: index) else { return layoutViewport(viewport) }
        viewport.origin.y = fragment.rect.minY
        return layoutViewport(viewport)
    }
}

