internal import CCairo
import Foundation
import Galley

extension Canvas {
    /// Draws the images of a line's attachment runs, each scaled into its attachment's bounds at its glyph's pen
    /// position on the baseline (in the line's space: `origin` is its baseline origin), clipped to `clip` when given —
    /// a rectangle in the canvas's user space, not the line's: the line fragment of a frame, which an attachment that
    /// does not fit its line must not draw past. Contents are decoded once a canvas (`CanvasImage`); contents that do
    /// not decode draw nothing (the attachment still takes its space). With `characters`, only the attachments there.
    func drawAttachments(_ line: Line, origin: CGPoint, clip: (rect: CGRect, userMatrix: cairo_matrix_t)? = nil, characters: Range<Int>? = nil) {
        for run in line.runs where run.isRunDelegate {
            guard let attachment = run.attributes.runDelegate as? TextAttachment, let image = image(of: attachment) else { continue }
            let bounds = attachment.bounds
            for (position, character) in zip(run.positions, run.stringIndices) where characters?.contains(character) ?? true {
                cairo_save(context)
                if var clip {
                    var lineMatrix = cairo_matrix_t()
                    cairo_get_matrix(context, &lineMatrix)
                    cairo_set_matrix(context, &clip.userMatrix)
                    cairo_rectangle(context, Double(clip.rect.minX), Double(clip.rect.minY), Double(clip.rect.width), Double(clip.rect.height))
                    cairo_clip(context)
                    cairo_set_matrix(context, &lineMatrix)
                }
                paint(image, in: bounds.offsetBy(dx: origin.x + position.x, dy: origin.y))
                cairo_restore(context)
            }
        }
    }

    /// The attachment's decoded image, decoded on first use; an attachment scaled to fit a line shares the image of
    /// the one it was scaled from.
    private func image(of attachment: TextAttachment) -> CanvasImage? {
        let source = attachment.imageSource ?? attachment
        let key = ObjectIdentifier(source)
        if let known = attachmentImages[key] { return known.image }
        let image = source.contents.flatMap { CanvasImage(data: $0) }
        attachmentImages[key] = (source, image)
        return image
    }
}
