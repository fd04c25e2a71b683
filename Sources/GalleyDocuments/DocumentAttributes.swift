import Foundation

/// A document's page and view settings, as RTF carries them (`\paperw`, `\margl`, `\deftab`, `\vieww` …); the
/// defaults are RTF's own (US Letter, 1.25 inch side and 1 inch top and bottom margins, half-inch tabs).
///
/// TextKit: the `documentAttributes` dictionary (`.paperSize`, `.leftMargin` …, `.defaultTabInterval`, `.viewSize`).
public struct DocumentAttributes: Equatable, Sendable {
    /// The paper size in points. TextKit: `NSAttributedString.DocumentAttributeKey.paperSize`.
    public var paperSize = CGSize(width: 612, height: 792)
    /// The page margins in points. TextKit: `.topMargin`, `.leftMargin`, `.bottomMargin`, `.rightMargin`.
    public var margins = DocumentMargins(top: 72, left: 90, bottom: 72, right: 90)
    /// The distance between default tab stops, in points. TextKit: `.defaultTabInterval`.
    public var defaultTabInterval: CGFloat = 36
    /// The size of the window the document was last shown in (Cocoa's `\vieww`, `\viewh`); zero when unknown.
    /// TextKit: `.viewSize`.
    public var viewSize = CGSize.zero

    /// RTF's defaults.
    public init() {}
}

/// Page margins in points. TextKit: the margin keys of `documentAttributes`.
public struct DocumentMargins: Equatable, Sendable {
    /// Above the text. TextKit: `.topMargin`.
    public var top: CGFloat
    /// Left of the text. TextKit: `.leftMargin`.
    public var left: CGFloat
    /// Below the text. TextKit: `.bottomMargin`.
    public var bottom: CGFloat
    /// Right of the text. TextKit: `.rightMargin`.
    public var right: CGFloat

    /// Margins of these sizes.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
