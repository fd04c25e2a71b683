internal import CJPEG
import Foundation

/// An image inside text, on a U+FFFC (the object replacement character) under the `.attachment` key: the character
/// is one cluster as wide as the image, lines grow to hold it, it breaks like an ideograph (UAX #14's CB: a break
/// before and after), carets and hit testing treat it as one character, and `Canvas` draws the image into its
/// bounds in PNG, PDF (each image embedded once, however often it is drawn; JPEGs as their own bytes) and SVG.
/// An attachment wider than the line fragment it lands in is scaled down to fit when `fitsLineFragment` is set,
/// else drawn clipped to the fragment: either way its character stays in its one line.
///
/// A `RunDelegate` whose metrics come from the bounds: `ascent` is the bounds' top, `descent` its bottom below the
/// baseline (each at least 0), `width` its width.
///
/// TextKit: `NSTextAttachment` (`contents`, `fileType`, `bounds`: origin y is the offset from the baseline, y up).
public final class TextAttachment: RunDelegate, @unchecked Sendable {
    /// The image file's bytes (PNG or JPEG), or nil for an attachment that only takes space.
    public let contents: Data?
    /// The image's type (`"public.png"`, `"public.jpeg"`), or nil.
    public let fileType: String?
    /// Where the image sits relative to the pen on the baseline, y up, in points: its natural size at the origin
    /// when created with a zero size.
    public let bounds: CGRect
    /// The image's size in pixels, read from its header (PNG's IHDR, JPEG's frame header through libjpeg), or nil
    /// when the contents are neither.
    public let imageSize: CGSize?
    /// Whether a frame scales the attachment down, keeping its proportions, when it is wider than the line fragment
    /// it lands in (with whatever else shares its line); when false (the default) it keeps its size and is drawn
    /// clipped to the fragment. TextKit has no switch: `attachmentBounds(for:proposedLineFragment:…)` is overridden
    /// to the same end.
    public let fitsLineFragment: Bool
    /// The attachment whose image this one shows when it was scaled from it to fit a line; nil for an original.
    package let imageSource: TextAttachment?

    /// An attachment showing `contents`.
    ///
    /// - Parameters:
    ///   - contents: PNG or JPEG bytes (nil: an empty attachment that only takes `bounds`).
    ///   - fileType: the contents' type; `"public.png"` or `"public.jpeg"` when nil and the bytes are one.
    ///   - bounds: the image's rect relative to the pen on the baseline, y up; a zero size takes the image's natural
    ///     size (one pixel a point, 72 dpi). NaN and infinite values count as 0.
    ///   - fitsLineFragment: scale down to fit a narrower line fragment (see `fitsLineFragment`).
    ///
    /// TextKit: `NSTextAttachment(data:ofType:)` and `bounds`.
    public convenience init(contents: Data?, fileType: String? = nil, bounds: CGRect = .zero, fitsLineFragment: Bool = false) {
        let image = contents.flatMap { Self.image(in: $0) }
        let size = image?.size
        func clean(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        var rect = CGRect(x: clean(bounds.origin.x), y: clean(bounds.origin.y), width: clean(bounds.width), height: clean(bounds.height))
        if rect.size == .zero, let size { rect.size = size }
        self.init(contents: contents, fileType: fileType ?? image?.type, bounds: rect, imageSize: size,
                  fitsLineFragment: fitsLineFragment, imageSource: nil)
    }

    private init(contents: Data?, fileType: String?, bounds: CGRect, imageSize: CGSize?, fitsLineFragment: Bool,
                 imageSource: TextAttachment?) {
        self.contents = contents
        self.fileType = fileType
        self.bounds = bounds
        self.imageSize = imageSize
        self.fitsLineFragment = fitsLineFragment
        self.imageSource = imageSource
        super.init(width: bounds.width, ascent: bounds.maxY, descent: -bounds.minY)
    }

    /// An attachment showing the PNG or JPEG file at `url`. TextKit: `NSTextAttachment(contentsOf:)`-like.
    ///
    /// - Throws: the error reading the file.
    public convenience init(contentsOf url: URL, bounds: CGRect = .zero, fitsLineFragment: Bool = false) throws {
        self.init(contents: try Data(contentsOf: url), bounds: bounds, fitsLineFragment: fitsLineFragment)
    }

    /// This attachment with its bounds scaled by `factor` (0 < factor < 1) about the pen on the baseline, showing
    /// the same image: what a line fragment too narrow for it holds.
    func scaled(by factor: CGFloat) -> TextAttachment {
        let rect = CGRect(x: bounds.minX * factor, y: bounds.minY * factor, width: bounds.width * factor, height: bounds.height * factor)
        return TextAttachment(contents: contents, fileType: fileType, bounds: rect, imageSize: imageSize,
                              fitsLineFragment: fitsLineFragment, imageSource: imageSource ?? self)
    }

    /// The width and height in pixels in a PNG's IHDR chunk (big-endian, right after the signature and the chunk's
    /// header), or nil when `data` is not a PNG. Galley only.
    public static func pngSize(_ data: Data) -> CGSize? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            bytes[12..<16].elementsEqual(Array("IHDR".utf8))
        else { return nil }
        func number(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = number(16), height = number(20)
        guard width > 0, height > 0 else { return nil }
        return CGSize(width: width, height: height)
    }

    /// The size in pixels and the type (`"public.png"`, `"public.jpeg"`) of the image in `data`, from its header; nil
    /// when it is neither a PNG nor a JPEG. Galley only.
    public static func image(in data: Data) -> (size: CGSize, type: String)? {
        if let size = pngSize(data) { return (size, "public.png") }
        if let size = jpegSize(data) { return (size, "public.jpeg") }
        return nil
    }

    /// The width and height in pixels in a JPEG's frame header, read by libjpeg, or nil when `data` is not a JPEG
    /// libjpeg can read. Galley only.
    public static func jpegSize(_ data: Data) -> CGSize? {
        guard data.starts(with: [0xFF, 0xD8]) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        let found = data.withUnsafeBytes { bytes in
            galley_jpeg_size(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &width, &height)
        }
        return found == 1 ? CGSize(width: Int(width), height: Int(height)) : nil
    }
}
