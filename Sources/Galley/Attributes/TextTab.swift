import Foundation

/// A tab stop: where text after a tab goes, and how it aligns there.
///
/// Core Text: `CTTextTab` (`CTTextTabCreate`, `CTTextTabGetAlignment`, `CTTextTabGetLocation`,
/// `kCTTabColumnTerminatorsAttributeName`).
public struct TextTab: Hashable, Sendable, Codable {
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

    private enum CodingKeys: String, CodingKey { case alignment, location, columnTerminators }

    /// Decodes a tab stop (the column terminators as one-character strings). Galley only (archives).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        alignment = try container.decode(TextAlignment.self, forKey: .alignment)
        location = try container.decode(CGFloat.self, forKey: .location)
        columnTerminators = try container.decodeIfPresent([String].self, forKey: .columnTerminators).map { Set($0.compactMap(\.first)) }
    }

    /// Encodes a tab stop (the column terminators as one-character strings, sorted). Galley only (archives).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(alignment, forKey: .alignment)
        try container.encode(location, forKey: .location)
        try container.encodeIfPresent(columnTerminators.map { $0.map(String.init).sorted() }, forKey: .columnTerminators)
    }
}
