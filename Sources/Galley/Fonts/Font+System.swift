import Foundation

/// The text styles of Dynamic Type at the default content size, with Apple's sizes and weights.
/// UIKit: `UIFont.TextStyle`.
public enum TextStyle: String, CaseIterable, Hashable, Sendable {
    /// 34 pt regular. UIKit: `.largeTitle`.
    case largeTitle
    /// 28 pt regular. UIKit: `.title1`.
    case title1
    /// 22 pt regular. UIKit: `.title2`.
    case title2
    /// 20 pt regular. UIKit: `.title3`.
    case title3
    /// 17 pt semibold. UIKit: `.headline`.
    case headline
    /// 15 pt regular. UIKit: `.subheadline`.
    case subheadline
    /// 17 pt regular. UIKit: `.body`.
    case body
    /// 16 pt regular. UIKit: `.callout`.
    case callout
    /// 13 pt regular. UIKit: `.footnote`.
    case footnote
    /// 12 pt regular. UIKit: `.caption1`.
    case caption1
    /// 11 pt regular. UIKit: `.caption2`.
    case caption2

    /// The point size at the default content size (iOS's "Large").
    public var size: CGFloat {
        switch self {
        case .largeTitle: 34
        case .title1: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .callout: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption1: 12
        case .caption2: 11
        }
    }

    /// The weight (`FontWeight`'s scale).
    public var weight: CGFloat { self == .headline ? FontWeight.semibold : FontWeight.regular }
}

extension Font {
    /// The user interface font at `size` and `weight`: fontconfig's `system-ui` family (the desktop's interface
    /// font, where the configuration names one; else its sans-serif), the face nearest the weight.
    ///
    /// - Parameters:
    ///   - size: points (0: 12 pt).
    ///   - weight: `FontWeight`'s scale, from -1 (thinnest) to 1 (heaviest); 0 regular.
    ///   - catalog: the fonts to look in (the system's by default).
    /// - Throws: `FontError` as `init(descriptor:size:)`.
    /// UIKit: `UIFont.systemFont(ofSize:weight:)`; Core Text: `CTFontCreateUIFontForLanguage(.system, …)`.
    public static func systemFont(ofSize size: CGFloat, weight: CGFloat = FontWeight.regular, catalog: FontCatalog = .system) throws(FontError) -> Font {
        try Font(descriptor: FontDescriptor(family: "system-ui", traits: FontTraits(weight: weight), size: size), catalog: catalog)
    }

    /// The bold interface font. UIKit: `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: CGFloat, catalog: FontCatalog = .system) throws(FontError) -> Font {
        try systemFont(ofSize: size, weight: FontWeight.bold, catalog: catalog)
    }

    /// A monospaced interface font: fontconfig's `monospace` at `weight`. UIKit: `UIFont.monospacedSystemFont(ofSize:weight:)`.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: CGFloat = FontWeight.regular, catalog: FontCatalog = .system)
        throws(FontError) -> Font
    {
        try Font(descriptor: FontDescriptor(family: "monospace", traits: FontTraits(weight: weight), size: size), catalog: catalog)
    }

    /// The interface font for a text style at its default size and weight. UIKit: `UIFont.preferredFont(forTextStyle:)`.
    public static func preferredFont(forTextStyle style: TextStyle, catalog: FontCatalog = .system) throws(FontError) -> Font {
        try systemFont(ofSize: style.size, weight: style.weight, catalog: catalog)
    }
}
