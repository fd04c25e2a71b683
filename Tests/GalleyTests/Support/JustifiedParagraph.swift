import Foundation
import Galley

/// A justified, hyphenated (en-US) paragraph in one font, its style set up by the caller: what the microtypography
/// tests lay out.
enum JustifiedParagraph {
    static func make(_ text: String, font: Font, strategy: LineBreakStrategy, configure: (inout ParagraphStyle) -> Void) -> NSAttributedString {
        var style = ParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        style.lineBreakStrategy = strategy
        configure(&style)
        return NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style, .language: "en-US"])
    }
}
