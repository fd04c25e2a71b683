import Foundation
import Galley
import GalleyRendering

/// Drawing a layout manager's text into a canvas, in TextKit's two steps: backgrounds, then glyphs (a text view
/// draws its selection between them). Both draw the storage's attributes with the temporary attributes laid over
/// them (`lineForDrawing(_:)`).
///
/// `origin` is where the text container's top-left corner goes, in the canvas's user space (y up): a fragment whose
/// baseline origin is (x, y) in the container (y down) is drawn at (origin.x + x, origin.y − y). Glyph ranges are
/// turned into the characters they show (`characterRange(forGlyphRange:)`); a range that starts or ends inside a
/// right-to-left stretch draws the characters between its ends, in logical order.
extension LayoutManager {
    /// Fills the background colours of the characters of a glyph range (`StringAttributes.backgroundColor` and the
    /// temporary attribute of that key), each as tall as its line. TextKit: `drawBackground(forGlyphRange:at:)`;
    /// `backgrounds` does what overriding `fillBackgroundRectArray(_:count:forCharacterRange:color:)` does.
    ///
    /// - Parameters:
    ///   - glyphRange: the glyphs (layout-manager glyph indices) whose backgrounds to draw.
    ///   - origin: where the container's top-left corner goes in the canvas (y up).
    ///   - canvas: the canvas to draw in.
    ///   - backgrounds: called with each rectangle (the canvas's user space, y up), its colour and its fragment
    ///     instead of filling it (round its corners, inset it); nil fills them.
    public func drawBackground(forGlyphRange glyphRange: Range<Int>, at origin: CGPoint, in canvas: Canvas,
                               backgrounds: ((CGRect, Color, LineFragment) -> Void)? = nil) {
        draw(glyphRange, at: origin, in: canvas, parts: .backgrounds, decorations: nil, backgrounds: backgrounds)
    }

    /// Draws the glyphs of a glyph range with their shadows, attachments, underlines and strikethroughs.
    /// TextKit: `drawGlyphs(forGlyphRange:at:)`; `decorations` does what overriding `drawUnderline(forGlyphRange:…)`
    /// and `drawStrikethrough(forGlyphRange:…)` in a subclass does.
    ///
    /// - Parameters:
    ///   - glyphRange: the glyphs (layout-manager glyph indices) to draw.
    ///   - origin: where the container's top-left corner goes in the canvas (y up).
    ///   - canvas: the canvas to draw in.
    ///   - decorations: called with each underline and strikethrough and the fragment it is in, instead of drawing
    ///     it (draw it there, or hand it to `canvas.draw(_ decoration:)`); nil draws them as Galley does.
    public func drawGlyphs(forGlyphRange glyphRange: Range<Int>, at origin: CGPoint, in canvas: Canvas,
                           decorations: ((TextDecoration, LineFragment) -> Void)? = nil) {
        draw(glyphRange, at: origin, in: canvas, parts: .glyphs, decorations: decorations, backgrounds: nil)
    }

    private func draw(_ glyphRange: Range<Int>, at origin: CGPoint, in canvas: Canvas, parts: Canvas.LineParts,
                      decorations: ((TextDecoration, LineFragment) -> Void)?, backgrounds: ((CGRect, Color, LineFragment) -> Void)?) {
        guard !glyphRange.isEmpty, let range = characterRange(forGlyphRange: glyphRange), !range.isEmpty else { return }
        enumerateLineFragments(in: range) { fragment, _ in
            let shown = fragment.characterRange.clamped(to: range)
            guard !shown.isEmpty else { return }
            let start = fragment.paragraphStart
            let characters = shown == fragment.characterRange ? nil : (shown.lowerBound - start)..<(shown.upperBound - start)
            let baseline = CGPoint(x: origin.x + fragment.baselineOrigin.x, y: origin.y - fragment.baselineOrigin.y)
            canvas.draw(lineForDrawing(fragment), characters: characters, at: baseline, parts: parts,
                        decorations: decorations.map { handler in { handler($0, fragment) } },
                        backgrounds: backgrounds.map { handler in { handler($0, $1, fragment) } })
        }
    }

    /// The glyphs of the characters of a glyph range and what is drawn with them: their ink (outlines, bitmaps and
    /// attachments) and underlines and strikethroughs, with the line boxes the selection would cover, in the
    /// coordinates of container `index` (y down) — what TextKit documents for `boundingRect(forGlyphRange:in:)`:
    /// it includes glyphs that draw outside their line fragments and decorations. Null when the range shows nothing
    /// in that container.
    ///
    /// - Parameters:
    ///   - glyphRange: the glyphs (layout-manager glyph indices).
    ///   - index: the container's index.
    /// TextKit: `boundingRect(forGlyphRange:in:)`.
    public func boundingRect(forGlyphRange glyphRange: Range<Int>, inContainerAt index: Int = 0) -> CGRect {
        guard let range = characterRange(forGlyphRange: glyphRange) else { return .null }
        return boundingRect(forCharacterRange: range, inContainerAt: index)
    }

    /// The bounds of what the characters of `range` draw in container `index` (y down): their line boxes (as the
    /// selection covers them), the ink of their glyphs and attachments, and their underlines and strikethroughs —
    /// temporary attributes' included. Null when the range shows nothing there. TextKit:
    /// `boundingRect(forGlyphRange:in:)` (see `boundingRect(forGlyphRange:inContainerAt:)`).
    public func boundingRect(forCharacterRange range: Range<Int>, inContainerAt index: Int = 0) -> CGRect {
        let length = textStorage.length
        let range = min(max(range.lowerBound, 0), length)..<min(max(range.upperBound, range.lowerBound), length)
        var bounds = CGRect.null
        guard !range.isEmpty else { return bounds }
        // One pass over the fragments: each one's selection pieces (the line boxes), then what it draws.
        enumerateLineFragments(in: range) { fragment, _ in
            let shown = fragment.characterRange.clamped(to: range)
            guard fragment.containerIndex == index, !shown.isEmpty else { return }
            for (piece, _) in selectionPieces(of: fragment, in: range) { bounds = bounds.union(piece.rect) }
            let characters = (shown.lowerBound - fragment.paragraphStart)..<(shown.upperBound - fragment.paragraphStart)
            let line = lineForDrawing(fragment)
            // Line space is y up from the baseline origin; the container's y runs down.
            func place(_ rect: CGRect) {
                guard !rect.isNull, !rect.isEmpty || rect.width > 0 || rect.height > 0 else { return }
                bounds = bounds.union(CGRect(x: fragment.baselineOrigin.x + rect.minX, y: fragment.baselineOrigin.y - rect.maxY,
                                             width: rect.width, height: rect.height))
            }
            for run in line.runs {
                for stretch in run.glyphRanges(forCharacters: characters) {
                    if run.isRunDelegate {
                        let pen = run.positions[stretch.lowerBound].x
                        let box = run.typographicBounds(in: stretch)
                        place(CGRect(x: pen, y: -box.descent, width: box.width, height: box.ascent + box.descent))
                    } else {
                        place(run.imageBounds(in: stretch))
                    }
                }
            }
            for decoration in TextDecoration.decorations(of: line, origin: .zero, characters: characters) { place(decoration.bounds) }
        }
        return bounds
    }
}
