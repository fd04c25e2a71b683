import Foundation

/// An image inside text, on a U+FFFC (the object replacement character) under the `.attachment` key: the character
/// is one cluster as wide as the image, lines grow to hold it, it breaks like an ideograph (UAX #14's CB: a break
/// before and after), carets and hit testing treat it as one character, and `Canvas` draws the image into its
/// bounds in PNG, PDF (each image embedded once, however often it is drawn) and SVG.
///
/// A `RunDelegate` whose metrics come from the bounds: `ascent` is the bounds' top, `descent` its bottom below the
/// baseline (each at least 0), `width` its width.
///
/// TextKit: `NSTextAttachment` (`contents`, `fileType`, `bounds`: origin y is the offset from the baseline, y up).
public final class TextAttachment: RunDelegate, @unchecked Sendable {
    /// The image file's bytes (PNG), or nil for an attachment that only takes space.
    public let contents: Data?
    /// The image's type (`"public.png"`), or nil.
    public let fileType: String?
    /// Where the image sits relative to the pen on the baseline, y up, in points: its natural size at the origin
    /// when created with a zero size.
    public let bounds: CGRect
    /// The image's size in pixels, read from its header (PNG's IHDR), or nil when the contents are not a PNG.
    public let imageSize: CGSize?

    /// An attachment showing `contents`.
    ///
    /// - Parameters:
    ///   - contents: PNG bytes (nil: an empty attachment that only takes `bounds`).
    ///   - fileType: the contents' type; `"public.png"` when nil and the bytes are a PNG.
    ///   - bounds: the image's rect relative to the pen on the baseline, y up; a zero size takes the image's natural
    ///     size (one pixel a point, 72 dpi). NaN and infinite values count as 0.
    ///
    /// TextKit: `NSTextAttachment(data:ofType:)` and `bounds`.
    public init(contents: Data?, fileType: String? = nil, bounds: CGRect = .zero) {
        let size = contents.flatMap(Self.pngSize)
        func clean(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        var rect = CGRect(x: clean(bounds.origin.x), y: clean(bounds.origin.y), width: clean(bounds.width), height: clean(bounds.height))
        if rect.size == .zero, let size { rect.size = size }
        self.contents = contents
        self.fileType = fileType ?? (size != nil ? "public.png" : nil)
        self.bounds = rect
        imageSize = size
        super.init(width: rect.width, ascent: rect.maxY, descent: -rect.minY)
    }

    /// An attachment showing the PNG file at `url`. TextKit: `NSTextAttachment(contentsOf:)`-like.
    ///
    /// - Throws: the error reading the file.
    public convenience init(contentsOf url: URL, bounds: CGRect = .zero) throws {
        self.init(contents: try Data(contentsOf: url), bounds: bounds)
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
}
