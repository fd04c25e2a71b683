import Foundation

/// A tab stop: where text after a tab goes, and how it aligns there.
///
/// Core Text: `CTTextTab` (`CTTextTabCreate`, `CTTextTabGetAlignment`, `CTTextTabGetLocation`,
/// `kCTTabColumnTerminatorsAttributeName`).
public struct TextTab: Hashable, Sendable {
    /// How the text after the tab aligns: left (starts at the stop), right (ends at it), center (centred on it),
    /// natural (left or right by direction). With column terminators, the first terminator sits at the stop.
    public var alignment: TextAlignment
    /// Distance from the line's leading edge (including the frame's left edge, not the indent), in points.
    public var location: CGFloat
    /// Characters that end the column for alignment (a decimal tab aligns on "." or ","); nil: none.
    public var columnTerminators: Set<Character>?

    /// A tab stop. Core Text: `CTTextTabCreate`.
    public init(alignment: TextAlignment, location: CGFloat, columnTerminators: Set<Character>? = nil) {
        self.alignment = alignment
        self.location = location
        self.columnTerminators = columnTerminators
    }

    /// A decimal tab: right-aligned text whose decimal separator (for the locale: "." or ",") sits on the stop.
    /// Core Text: `CTTextTabCreate(kCTTextAlignmentRight, location, [kCTTabColumnTerminatorsAttributeName:
    /// CFCharacterSetCreateWithCharactersInString(decimalSeparator)])`; AppKit: `NSTextTab.columnTerminators(for:)`.
    ///
    /// - Parameters:
    ///   - location: the stop's position in points from the line's start.
    ///   - locale: the locale whose decimal separator sits on the stop.
    public static func decimal(location: CGFloat, locale: Locale = Locale(identifier: "en_US_POSIX")) -> TextTab {
        let separator = locale.decimalSeparator.flatMap(\.first) ?? "."
        return TextTab(alignment: .right, location: location, columnTerminators: [separator])
    }
}
