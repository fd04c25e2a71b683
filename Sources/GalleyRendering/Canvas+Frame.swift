import Foundation
import Galley

extension Canvas {
    /// Draws every line of a frame at its origin. The frame's coordinates are placed with the origin of its
    /// path's bounding box at `frame.bounds.origin` (the path's own coordinates), shifted by the text position.
    /// Attachment images are clipped to the ends of their line fragments (an attachment wider than its fragment that
    /// does not ask to fit it); text is not, and nothing is clipped across the line. In a vertical frame each line is
    /// drawn turned a quarter clockwise about its origin, so that it runs down its column with its upright forms
    /// standing and its sideways runs turned. Core Text: `CTFrameDraw`.
    public func draw(_ frame: Frame) {
        let saved = textPosition
        defer { textPosition = saved }
        let frameOrigin = CGPoint(x: saved.x + frame.bounds.minX, y: saved.y + frame.bounds.minY)
        let vertical = frame.attributes.progression.isVertical
        for (index, (line, origin)) in zip(frame.lines, frame.lineOrigins).enumerated() {
            let fragment = index < frame.lineFragments.count ? frame.lineFragments[index] : nil
            let lineOrigin = CGPoint(x: frameOrigin.x + origin.x, y: frameOrigin.y + origin.y)
            guard vertical else {
                textPosition = lineOrigin
                // Only along the line: 10,000 points either way is further than any line reaches across.
                let clip = fragment.map { CGRect(x: frameOrigin.x + $0.minX, y: frameOrigin.y + $0.minY - 10_000, width: $0.width, height: $0.height + 20_000) }
                draw(line, clippingAttachmentsTo: clip)
                continue
            }
            guard lineOrigin.x.isFinite, lineOrigin.y.isFinite else { continue }
            saveGraphicsState()
            concatenate(Self.quarterTurnClockwise(about: lineOrigin))
            textPosition = .zero
            // In the turned space a point (x, y) of the page relative to the origin is at (−y, x): the fragment's
            // extent down the column is an extent along the line.
            let clip = fragment.map { fragment in
                CGRect(x: lineOrigin.y - (frameOrigin.y + fragment.maxY), y: -10_000, width: fragment.height, height: 20_000)
            }
            draw(line, clippingAttachmentsTo: clip)
            restoreGraphicsState()
        }
    }

    /// A quarter turn clockwise about `origin`, exact: (x, y) ↦ (origin.x + y, origin.y − x). How a vertical line —
    /// a frame's column, an inter-character ruby — is drawn from its origin down the page.
    static func quarterTurnClockwise(about origin: CGPoint) -> AffineTransform {
        AffineTransform(m11: 0, m12: -1, m21: 1, m22: 0, tX: origin.x, tY: origin.y)
    }

    /// Draws an attributed string in a rectangle (y up), wrapped to its width from its top edge; what does not
    /// fit is left out. Returns the range drawn. UIKit: `NSAttributedString.draw(in:)`.
    ///
    /// - Parameters:
    ///   - string: the text, with Core Text's attribute keys.
    ///   - rect: where to draw, in the canvas's points (y up); lines wrap to its width and stop at its bottom.
    ///   - defaultFont: the font for text without one; nil takes `Font.defaultFont`.
    /// - Returns: the UTF-16 range drawn; the rest did not fit.
    @discardableResult
    public func draw(_ string: NSAttributedString, in rect: CGRect, defaultFont: Font? = nil) -> Range<Int> {
        let frame = Framesetter(attributedString: string, defaultFont: defaultFont).frame(path: Path(rect: rect))
        draw(frame)
        return frame.visibleStringRange
    }

    /// Draws an attributed string as one unwrapped line per paragraph with its top-left corner at `point`, as UIKit
    /// does: the first line's top is at `point.y` and the lines hang below it (y up).
    ///
    /// - Parameters:
    ///   - string: the text, with Core Text's attribute keys.
    ///   - point: the text's top-left corner, in the canvas's user space (y up).
    ///   - defaultFont: the font for text without one; nil takes `Font.defaultFont`.
    ///
    /// UIKit: `NSAttributedString.draw(at:)`.
    public func draw(_ string: NSAttributedString, at point: CGPoint, defaultFont: Font? = nil) {
        let options: StringDrawingOptions = [.usesLineFragmentOrigin, .usesFontLeading]
        let size = StringDrawing.boundingRect(string, size: .zero, options: options, defaultFont: defaultFont).size
        // A point wider and taller than measured, so that rounding never wraps or drops a line.
        let box = CGSize(width: max(size.width, 1) + 1, height: max(size.height, 1) + 1)
        draw(string, with: CGRect(x: point.x, y: point.y - box.height, width: box.width, height: box.height), options: options,
             defaultFont: defaultFont)
    }
}

/// Measuring attributed strings for simple drawing.
public enum StringDrawing {
    /// The size an attributed string needs when wrapped to `width` (`.greatestFiniteMagnitude`: one line per
    /// paragraph), from the same routine that lays out frames. UIKit: `NSAttributedString.boundingRect(with:options:context:)`.
    ///
    /// - Parameters:
    ///   - string: the text, with Core Text's attribute keys.
    ///   - width: the width to wrap to, in points.
    ///   - defaultFont: the font for text without one; nil takes `Font.defaultFont`.
    /// - Returns: the width and height in points that `draw(_:in:defaultFont:)` needs to show it all.
    public static func boundingSize(_ string: NSAttributedString, width: CGFloat, defaultFont: Font? = nil) -> CGSize {
        Framesetter(attributedString: string, defaultFont: defaultFont)
            .suggestFrameSize(constraints: CGSize(width: width, height: .greatestFiniteMagnitude)).size
    }
}
