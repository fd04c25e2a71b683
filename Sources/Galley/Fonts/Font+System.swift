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

/// The roles Core Text names interface fonts by, with Core Text's raw values and Apple's default sizes (macOS's:
/// the system font is 13 pt, small 11, mini 9, labels 10) and weights. Core Text: `CTFontUIFontType`
/// (`kCTFontUIFont…`).
public enum UIFontType: Int, CaseIterable, Hashable, Sendable {
    /// The user's default font for documents (12 pt). Core Text: `.user`.
    case user = 0
    /// The user's fixed-pitch font (10 pt): fontconfig's `monospace`. Core Text: `.userFixedPitch`.
    case userFixedPitch = 1
    /// The system font (13 pt). Core Text: `.system`.
    case system = 2
    /// The system font, bold (13 pt). Core Text: `.emphasizedSystem`.
    case emphasizedSystem = 3
    /// The small system font (11 pt). Core Text: `.smallSystem`.
    case smallSystem = 4
    /// The small system font, bold (11 pt). Core Text: `.smallEmphasizedSystem`.
    case smallEmphasizedSystem = 5
    /// The mini system font (9 pt). Core Text: `.miniSystem`.
    case miniSystem = 6
    /// The mini system font, bold (9 pt). Core Text: `.miniEmphasizedSystem`.
    case miniEmphasizedSystem = 7
    /// Text in views (12 pt). Core Text: `.views`.
    case views = 8
    /// Application text (13 pt). Core Text: `.application`.
    case application = 9
    /// Labels (10 pt). Core Text: `.label`.
    case label = 10
    /// Menu items (14 pt). Core Text: `.menuItem`.
    case menuItem = 12
    /// Menu item marks (14 pt). Core Text: `.menuItemMark`.
    case menuItemMark = 13
    /// Menu item command keys (14 pt). Core Text: `.menuItemCmdKey`.
    case menuItemCmdKey = 14
    /// Window titles (13 pt). Core Text: `.windowTitle`.
    case windowTitle = 15
    /// Push buttons (13 pt). Core Text: `.pushButton`.
    case pushButton = 16
    /// Utility window titles (11 pt). Core Text: `.utilityWindowTitle`.
    case utilityWindowTitle = 17
    /// Alert headers (13 pt, bold). Core Text: `.alertHeader`.
    case alertHeader = 18
    /// System details (12 pt). Core Text: `.systemDetail`.
    case systemDetail = 19
    /// System details, bold (12 pt). Core Text: `.emphasizedSystemDetail`.
    case emphasizedSystemDetail = 20
    /// Toolbars (11 pt). Core Text: `.toolbar`.
    case toolbar = 21
    /// Small toolbars (10 pt). Core Text: `.smallToolbar`.
    case smallToolbar = 22
    /// Messages (13 pt). Core Text: `.message`.
    case message = 23
    /// Palettes (11 pt). Core Text: `.palette`.
    case palette = 24
    /// Tool tips (11 pt). Core Text: `.toolTip`.
    case toolTip = 25
    /// Control content (13 pt). Core Text: `.controlContent`.
    case controlContent = 26

    /// The default size in points.
    public var size: CGFloat {
        switch self {
        case .miniSystem, .miniEmphasizedSystem: 9
        case .userFixedPitch, .label, .smallToolbar: 10
        case .smallSystem, .smallEmphasizedSystem, .utilityWindowTitle, .toolbar, .palette, .toolTip: 11
        case .user, .views, .systemDetail, .emphasizedSystemDetail: 12
        case .menuItem, .menuItemMark, .menuItemCmdKey: 14
        case .system, .emphasizedSystem, .application, .windowTitle, .pushButton, .alertHeader, .message, .controlContent: 13
        }
    }

    /// The weight (`FontWeight`'s scale): bold for the emphasized types and alert headers.
    public var weight: CGFloat {
        switch self {
        case .emphasizedSystem, .smallEmphasizedSystem, .miniEmphasizedSystem, .emphasizedSystemDetail, .alertHeader: FontWeight.bold
        default: FontWeight.regular
        }
    }

    /// The fontconfig family: `sans-serif` for the user's document font, `monospace` for the fixed-pitch one, else
    /// `system-ui`.
    var family: String {
        switch self {
        case .user: "sans-serif"
        case .userFixedPitch: "monospace"
        default: "system-ui"
        }
    }
}

extension Font {
    /// The interface font of a role: its fontconfig family (`system-ui`, `sans-serif` for `.user`, `monospace` for
    /// `.userFixedPitch`) at its weight, preferring faces that cover `language`.
    ///
    /// - Parameters:
    ///   - type: the role.
    ///   - size: points; 0 or less (or not finite) takes the role's default size.
    ///   - language: a BCP 47 tag the face should cover (fontconfig's `lang`), or nil.
    ///   - catalog: the fonts to look in (the system's by default).
    /// - Throws: `FontError` as `init(descriptor:size:)`.
    /// Core Text: `CTFontCreateUIFontForLanguage`.
    public static func uiFont(_ type: UIFontType, size: CGFloat = 0, language: String? = nil, catalog: FontCatalog = .system) throws(FontError) -> Font {
        var descriptor = FontDescriptor(family: type.family, traits: FontTraits(weight: type.weight),
                                        size: size.isFinite && size > 0 ? size : type.size)
        if let language, !language.isEmpty { descriptor.languages = [language] }
        return try Font(descriptor: descriptor, catalog: catalog)
    }
}

