import Foundation
import Galley

/// How Markdown looks once read: the body font and the fonts derived from it, heading sizes, spacing and indents.
/// Change any of them before reading. Galley only (`AttributedString(markdown:)` gives presentation intents and
/// leaves the look to the caller).
public struct MarkdownStyle: @unchecked Sendable {
    /// The body text's font; bold and italic are its family's faces (synthesised by nothing: a family without them
    /// keeps the regular face).
    public var font: Font
    /// The font of code spans and code blocks (nil: the catalog's monospaced face of the body font's size).
    public var monospaceFont: Font?
    /// Heading sizes as multiples of the body size, levels 1 to 6.
    public var headingScales: [CGFloat] = [2, 1.5, 1.25, 1.1, 1, 0.9]
    /// Space after each paragraph, heading, list item and code block, in points.
    public var paragraphSpacing: CGFloat
    /// How far each level of list or block quote indents, in points.
    public var indent: CGFloat
    /// The colour of links (nil: the text's own).
    public var linkColor: Color? = Color(red: 0.1, green: 0.3, blue: 0.75)
    /// The markers of bullet list items, by depth (repeating).
    public var bullets: [String] = ["•", "◦", "▪"]
    /// Where relative image paths start (the document's folder); nil: images are their alternative text.
    public var baseURL: URL? = nil
    /// The widest an image is shown, in points (wider ones are scaled down, keeping their proportions).
    public var maximumImageWidth: CGFloat = 468

    /// A style around a body font: paragraphs 0.6 em apart, indents of 2 em.
    public init(font: Font) {
        self.font = font
        paragraphSpacing = font.size * 0.6
        indent = font.size * 2
    }
}
