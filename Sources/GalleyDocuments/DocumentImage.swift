import Foundation
import Galley

/// Images documents refer to (Markdown's `![…](…)`, HTML's `<img src>`), as attachments: a `data:` URL with base64
/// bytes, or a file the base URL reaches (never the network). PNG and JPEG are taken, as `TextAttachment` reads
/// them; the caller shows the alternative text for anything else.
enum DocumentImage {
    /// An attachment for `source`, at `size` in points when given (a zero or missing dimension follows the image's
    /// proportions), else its natural size; scaled down to `maximumWidth`. Nil when there is no PNG or JPEG to show.
    static func attachment(source: String, baseURL: URL?, size: CGSize? = nil, maximumWidth: CGFloat) -> TextAttachment? {
        guard let contents = data(source: source, baseURL: baseURL), let pixels = TextAttachment.image(in: contents)?.size else {
            return nil
        }
        var width = size?.width ?? 0, height = size?.height ?? 0
        if width <= 0, height <= 0 {
            width = pixels.width
            height = pixels.height
        } else if width <= 0 {
            width = height * pixels.width / max(pixels.height, 1)
        } else if height <= 0 {
            height = width * pixels.height / max(pixels.width, 1)
        }
        let scale = min(1, max(maximumWidth, 1) / max(width, 1))
        return TextAttachment(contents: contents, bounds: CGRect(x: 0, y: 0, width: width * scale, height: height * scale))
    }

    /// The bytes of a `data:…;base64,` URL, or of a file `source` names relative to `baseURL` (a folder, with or
    /// without its final slash). Nil for anything else, and for files when there is no base.
    static func data(source: String, baseURL: URL?) -> Data? {
        if source.hasPrefix("data:") {
            guard let comma = source.firstIndex(of: ","), source[..<comma].hasSuffix(";base64") else { return nil }
            return Data(base64Encoded: String(source[source.index(after: comma)...]), options: .ignoreUnknownCharacters)
        }
        guard let baseURL else { return nil }
        let base = baseURL.isFileURL ? URL(fileURLWithPath: baseURL.path, isDirectory: true) : baseURL
        guard let url = URL(string: source, relativeTo: base), url.isFileURL else { return nil }
        return try? Data(contentsOf: url)
    }
}
