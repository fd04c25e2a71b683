/// How an underline or a strikethrough is drawn: a line style (single, thick, double), a pattern (solid, dot,
/// dash, dash-dot, dash-dot-dot) and whether whitespace is skipped (by word). The raw values are AppKit's and
/// Core Text's, so numbers from an `NSAttributedString` convert directly.
///
/// Core Text: `CTUnderlineStyle` with `CTUnderlineStyleModifiers`; AppKit: `NSUnderlineStyle`.
public struct UnderlineStyle: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int

    /// A style from its raw value (line style in the low byte, pattern in 0x0F00, by-word in 0x8000).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One thin line. Core Text: `kCTUnderlineStyleSingle`.
    public static let single = UnderlineStyle(rawValue: 0x01)
    /// One line of twice the font's thickness. Core Text: `kCTUnderlineStyleThick`.
    public static let thick = UnderlineStyle(rawValue: 0x02)
    /// Two thin lines. Core Text: `kCTUnderlineStyleDouble`.
    public static let double = UnderlineStyle(rawValue: 0x09)
    /// Dotted. Core Text: `kCTUnderlinePatternDot`.
    public static let patternDot = UnderlineStyle(rawValue: 0x0100)
    /// Dashed. Core Text: `kCTUnderlinePatternDash`.
    public static let patternDash = UnderlineStyle(rawValue: 0x0200)
    /// Dash, dot. Core Text: `kCTUnderlinePatternDashDot`.
    public static let patternDashDot = UnderlineStyle(rawValue: 0x0300)
    /// Dash, dot, dot. Core Text: `kCTUnderlinePatternDashDotDot`.
    public static let patternDashDotDot = UnderlineStyle(rawValue: 0x0400)
    /// Draw under words only, skipping whitespace. AppKit: `NSUnderlineStyle.byWord`.
    public static let byWord = UnderlineStyle(rawValue: 0x8000)

    /// The line style without pattern and by-word bits.
    public enum Line: Sendable {
        case none, single, thick, double
    }

    /// The pattern of the line.
    public enum Pattern: Sendable {
        case solid, dot, dash, dashDot, dashDotDot
    }

    /// The line style; unknown low-byte values draw a single line.
    public var line: Line {
        switch rawValue & 0xFF {
        case 0: return .none
        case 0x02: return .thick
        case 0x09: return .double
        default: return .single
        }
    }

    /// The pattern; unknown pattern values draw solid.
    public var pattern: Pattern {
        switch rawValue & 0x0F00 {
        case 0x0100: return .dot
        case 0x0200: return .dash
        case 0x0300: return .dashDot
        case 0x0400: return .dashDotDot
        default: return .solid
        }
    }

    /// Whether whitespace is left without a line.
    public var isByWord: Bool { rawValue & 0x8000 != 0 }
}
