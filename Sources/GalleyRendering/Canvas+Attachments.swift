internal import CCairo
internal import CJPEG
import Foundation
import Galley

extension Canvas {
    /// Draws the images of a line's attachment runs, each scaled into its attachment's bounds at its glyph's pen
    /// position on the baseline, clipped to `clip` (canvas points, y up) when given: the line fragment of a frame,
    /// which an attachment that does not fit its line must not draw past. PNG contents are decoded by Cairo's PNG
    /// reader, JPEG contents by libjpeg-turbo, once a canvas; contents that do not decode draw nothing (the
    /// attachment still takes its space).
    func drawAttachments(_ line: Line, origin: CGPoint, clip: CGRect? = nil) {
        for run in line.runs where run.isRunDelegate {
            guard let attachment = run.attributes.runDelegate as? TextAttachment, let image = image(of: attachment) else { continue }
            let width = Double(cairo_image_surface_get_width(image)), height = Double(cairo_image_surface_get_height(image))
            let bounds = attachment.bounds
            guard width > 0, height > 0, bounds.width > 0, bounds.height > 0 else { continue }
            for position in run.positions {
                // The canvas is y up: the image's top edge is the bounds' top above the baseline.
                let x = Double(origin.x + position.x + bounds.minX), top = Double(origin.y + bounds.maxY)
                cairo_save(context)
                if let clip {
                    cairo_rectangle(context, Double(clip.minX), Double(clip.minY), Double(clip.width), Double(clip.height))
                    cairo_clip(context)
                }
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

    /// The attachment's decoded image, decoded on first use; an attachment scaled to fit a line shares the image of
    /// the one it was scaled from.
    private func image(of attachment: TextAttachment) -> OpaquePointer? {
        let source = attachment.imageSource ?? attachment
        let key = ObjectIdentifier(source)
        if let known = attachmentImages[key] { return known.surface }
        var surface: OpaquePointer? = nil
        if let contents = source.contents {
            surface = TextAttachment.pngSize(contents) != nil ? Self.decodePNG(contents) : Self.decodeJPEG(contents)
        }
        attachmentImages[key] = (source, surface)
        return surface
    }

    /// A JPEG decoded by libjpeg-turbo into an RGB24 surface that also carries the file's bytes as its JPEG MIME
    /// data, so that Cairo's PDF and SVG writers embed the JPEG itself (DCT-compressed) rather than its pixels. Nil
    /// when it is not a JPEG libjpeg reads, when it has more pixels than `GALLEY_JPEG_MAXIMUM_PIXELS` or more than
    /// Cairo's images hold (32,767 a side), or when nothing of it decodes.
    static func decodeJPEG(_ data: Data) -> OpaquePointer? {
        guard let size = TextAttachment.jpegSize(data) else { return nil }
        let width = Int32(size.width), height = Int32(size.height)
        guard width <= 32_767, height <= 32_767, Int(width) * Int(height) <= Int(GALLEY_JPEG_MAXIMUM_PIXELS),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let stride = cairo_image_surface_get_stride(surface)
        // Rows the data does not reach stay white rather than Cairo's zeroed black.
        memset(pixels, 0xFF, Int(stride) * Int(height))
        let decoded = data.withUnsafeBytes { bytes in
            galley_jpeg_decode_rgb24(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, pixels, stride, width, height)
        }
        cairo_surface_mark_dirty(surface)
        guard decoded == 1 else {
            cairo_surface_destroy(surface)
            return nil
        }
        // Cairo keeps the bytes until the surface goes, and frees them with `free`.
        if let copy = malloc(max(data.count, 1)) {
            data.withUnsafeBytes { bytes in _ = memcpy(copy, bytes.baseAddress!, data.count) }
            if cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
                                           UInt(data.count), { free($0) }, copy) != CAIRO_STATUS_SUCCESS {
                free(copy)
            }
        }
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
