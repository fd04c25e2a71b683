internal import CCairo
import Foundation
import Galley

extension Canvas {
    /// Draws the images of a line's attachment runs, each scaled into its attachment's bounds at its glyph's pen
    /// position on the baseline. PNG contents are decoded by Cairo's PNG reader, once a canvas; contents that do not
    /// decode draw nothing (the attachment still takes its space).
    func drawAttachments(_ line: Line, origin: CGPoint) {
        for run in line.runs where run.isRunDelegate {
            guard let attachment = run.attributes.runDelegate as? TextAttachment, let image = image(of: attachment) else { continue }
            let width = Double(cairo_image_surface_get_width(image)), height = Double(cairo_image_surface_get_height(image))
            let bounds = attachment.bounds
            guard width > 0, height > 0, bounds.width > 0, bounds.height > 0 else { continue }
            for position in run.positions {
                // The canvas is y up: the image's top edge is the bounds' top above the baseline.
                let x = Double(origin.x + position.x + bounds.minX), top = Double(origin.y + bounds.maxY)
                cairo_save(context)
                cairo_translate(context, x, top)
                // Cairo's images are y down: flip so the picture stands upright on a y-up canvas.
                cairo_scale(context, Double(bounds.width) / width, -Double(bounds.height) / height)
                cairo_set_source_surface(context, image, 0, 0)
                cairo_rectangle(context, 0, 0, width, height)
                cairo_fill(context)
                cairo_restore(context)
            }
        }
    }

    /// The attachment's decoded image, decoded on first use.
    private func image(of attachment: TextAttachment) -> OpaquePointer? {
        let key = ObjectIdentifier(attachment)
        if let known = attachmentImages[key] { return known.surface }
        var surface: OpaquePointer? = nil
        if let contents = attachment.contents {
            surface = Self.decodePNG(contents)
        }
        attachmentImages[key] = (attachment, surface)
        return surface
    }

    /// A PNG decoded by Cairo (nil when it is not one).
    static func decodePNG(_ data: Data) -> OpaquePointer? {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ data: Data) { bytes = [UInt8](data) }
        }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { source in
                    buffer.update(from: source.baseAddress! + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }
}
