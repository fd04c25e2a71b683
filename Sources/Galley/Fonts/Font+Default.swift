import Foundation

extension Font {
    /// The font for text that has no font attribute: fontconfig's "sans-serif" at 12 pt in the system catalog
    /// (Core Text uses Helvetica 12). Nil only on a machine without fonts; lines of text without a font then
    /// have no runs but still cover their string range.
    /// Core Text: the default of `kCTFontAttributeName`.
    public static var defaultFont: Font? { DefaultFont.value }
}

private enum DefaultFont {
    static let value: Font? = try? Font(name: "sans-serif", size: Font.defaultSize)
}
