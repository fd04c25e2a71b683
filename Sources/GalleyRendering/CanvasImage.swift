internal import CCairo
internal import CJPEG
import Foundation
import Galley

/// A decoded raster image for a `Canvas` to draw: PNG through Cairo's reader, JPEG through libjpeg-turbo (which also
/// keeps the file's bytes, so PDFs and SVGs embed the JPEG itself). Decoded once; drawn any number of times, into
/// any number of canvases, a PDF holds it once a canvas.
///
/// A canvas image is used from one thread at a time, as the canvases that draw it are.
///
/// Core Graphics: `CGImage` (made by `CGImage(pngDataProviderSource:…)` or `CGImage(jpegDataProviderSource:…)`).
public final class CanvasImage {
    let surface: OpaquePointer
    /// Width in pixels. Core Graphics: `CGImage.width`.
    public let width: Int
    /// Height in pixels. Core Graphics: `CGImage.height`.
    public let height: Int

    /// The image in `data`, a PNG or a JPEG; nil when it is neither, when nothing of it decodes, or when it is larger
    /// than Galley decodes (JPEG: 2^25 pixels; both: 32,767 pixels a side). A damaged JPEG keeps the rows before the
    /// damage (the rest white). Core Graphics: `CGImageSourceCreateImageAtIndex` over the data.
    public init?(data: Data) {
        guard let surface = TextAttachment.pngSize(data) != nil ? Self.decodePNG(data) : Self.decodeJPEG(data) else { return nil }
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// The PNG or JPEG file at `url`; nil as for `init(data:)`.
    ///
    /// - Throws: the error reading the file.
    public convenience init?(contentsOf url: URL) throws {
        self.init(data: try Data(contentsOf: url))
    }

    deinit { cairo_surface_destroy(surface) }

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
