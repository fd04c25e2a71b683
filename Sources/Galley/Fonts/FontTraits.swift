import Foundation

/// The symbolic traits of a font: bold, italic, width class, monospace, colour glyphs.
///
/// Core Text: `CTFontSymbolicTraits` (`kCTFontTraitItalic`, `kCTFontTraitBold`, …); the bit values are
/// Core Text's, so `rawValue`s can be exchanged with code that stores them.
public struct SymbolicTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Italic or oblique. Core Text: `kCTFontTraitItalic`.
    public static let italic = SymbolicTraits(rawValue: 1 << 0)
    /// Bold (weight semibold or heavier in Galley). Core Text: `kCTFontTraitBold`.
    public static let bold = SymbolicTraits(rawValue: 1 << 1)
    /// Wider than normal. Core Text: `kCTFontTraitExpanded`.
    public static let expanded = SymbolicTraits(rawValue: 1 << 5)
    /// Narrower than normal. Core Text: `kCTFontTraitCondensed`.
    public static let condensed = SymbolicTraits(rawValue: 1 << 6)
    /// Every glyph has the same advance. Core Text: `kCTFontTraitMonoSpace`.
    public static let monoSpace = SymbolicTraits(rawValue: 1 << 10)
    /// Vertical glyphs. Core Text: `kCTFontTraitVertical`.
    public static let vertical = SymbolicTraits(rawValue: 1 << 11)
    /// Colour glyphs (COLR, CBDT, sbix or SVG tables). Core Text: `kCTFontTraitColorGlyphs`.
    public static let colorGlyphs = SymbolicTraits(rawValue: 1 << 13)
}

/// The traits of a font: symbolic bits and the numeric weight, width and slant on Core Text's −1…1 scales.
///
/// Scales, as Core Text's: weight 0 is regular (OpenType 400), bold (700) is 0.4, with Apple's
/// `NSFontWeight` steps in between (100 → −0.8, 200 → −0.6, 300 → −0.4, 500 → 0.23, 600 → 0.3, 800 → 0.56,
/// 900 → 0.62) and linear interpolation; width 0 is normal, −1 ultra-condensed (50 %), 1 ultra-expanded
/// (200 %); slant is the italic angle over 30°, positive leaning right.
///
/// Core Text: the dictionary of `kCTFontTraitsAttribute` (`kCTFontSymbolicTrait`, `kCTFontWeightTrait`,
/// `kCTFontWidthTrait`, `kCTFontSlantTrait`) and `CTFontCopyTraits`.
public struct FontTraits: Hashable, Sendable {
    /// Symbolic bits. Core Text: `kCTFontSymbolicTrait`.
    public var symbolic: SymbolicTraits
    /// −1…1, 0 regular, 0.4 bold; nil in a query means "any". Core Text: `kCTFontWeightTrait`.
    public var weight: CGFloat?
    /// −1…1, 0 normal; nil means "any". Core Text: `kCTFontWidthTrait`.
    public var width: CGFloat?
    /// −1…1, italic angle / 30°; nil means "any". Core Text: `kCTFontSlantTrait`.
    public var slant: CGFloat?

    /// Traits with the given members.
    public init(symbolic: SymbolicTraits = [], weight: CGFloat? = nil, width: CGFloat? = nil, slant: CGFloat? = nil) {
        self.symbolic = symbolic
        self.weight = weight
        self.width = width
        self.slant = slant
    }
}

/// Core Text's named weights (Apple's `NSFontWeight` constants).
public enum FontWeight {
    /// OpenType 100. Core Text: `NSFontWeightUltraLight` (−0.8).
    public static let ultraLight: CGFloat = -0.8
    /// OpenType 200. Core Text: `NSFontWeightThin` (−0.6).
    public static let thin: CGFloat = -0.6
    /// OpenType 300. Core Text: `NSFontWeightLight` (−0.4).
    public static let light: CGFloat = -0.4
    /// OpenType 400. Core Text: `NSFontWeightRegular` (0).
    public static let regular: CGFloat = 0
    /// OpenType 500. Core Text: `NSFontWeightMedium` (0.23).
    public static let medium: CGFloat = 0.23
    /// OpenType 600. Core Text: `NSFontWeightSemibold` (0.3).
    public static let semibold: CGFloat = 0.3
    /// OpenType 700. Core Text: `NSFontWeightBold` (0.4).
    public static let bold: CGFloat = 0.4
    /// OpenType 800. Core Text: `NSFontWeightHeavy` (0.56).
    public static let heavy: CGFloat = 0.56
    /// OpenType 900. Core Text: `NSFontWeightBlack` (0.62).
    public static let black: CGFloat = 0.62

    /// The steps (OpenType weight, Core Text weight), from 0 to 1000.
    private static let steps: [(Double, Double)] = [
        (0, -1), (100, -0.8), (200, -0.6), (300, -0.4), (400, 0), (500, 0.23), (600, 0.3), (700, 0.4),
        (800, 0.56), (900, 0.62), (1000, 1),
    ]

    /// Core Text's −1…1 weight for an OpenType weight class (1…1000).
    public static func fromOpenType(_ weight: Double) -> CGFloat {
        CGFloat(interpolate(weight, from: \.0, to: \.1))
    }

    /// The OpenType weight class for Core Text's −1…1 weight.
    public static func toOpenType(_ weight: CGFloat) -> Double {
        interpolate(Double(weight), from: \.1, to: \.0)
    }

    private static func interpolate(
        _ value: Double, from source: KeyPath<(Double, Double), Double>, to target: KeyPath<(Double, Double), Double>
    ) -> Double {
        guard value.isFinite else { return steps[4][keyPath: target] }
        let clamped = min(max(value, steps.first![keyPath: source]), steps.last![keyPath: source])
        for index in 1..<steps.count where clamped <= steps[index][keyPath: source] {
            let (a, b) = (steps[index - 1], steps[index])
            let fraction = (clamped - a[keyPath: source]) / (b[keyPath: source] - a[keyPath: source])
            return a[keyPath: target] + fraction * (b[keyPath: target] - a[keyPath: target])
        }
        return steps.last![keyPath: target]
    }
}

/// Core Text's width scale ↔ width percentages (OpenType `wdth`, fontconfig widths).
enum FontWidthScale {
    /// −1…1 from a percentage: 50 % → −1, 100 % → 0, 200 % → 1, linear on each side.
    static func fromPercent(_ percent: Double) -> CGFloat {
        guard percent.isFinite else { return 0 }
        return CGFloat(percent < 100 ? max((percent - 100) / 50, -1) : min((percent - 100) / 100, 1))
    }

    /// The percentage for −1…1.
    static func toPercent(_ width: CGFloat) -> Double {
        let value = Double(min(max(width, -1), 1))
        return value < 0 ? 100 + value * 50 : 100 + value * 100
    }
}

/// An OpenType feature setting: a tag and a value (1 on, 0 off, n for alternates).
///
/// Core Text: a dictionary of `kCTFontFeatureSettingsAttribute` with `kCTFontOpenTypeFeatureTag` and
/// `kCTFontOpenTypeFeatureValue`.
public struct FontFeatureSetting: Hashable, Sendable, Codable {
    /// The feature ("liga", "smcp", "ss01").
    public var tag: OpenTypeTag
    /// 0 turns it off, 1 on, larger values pick alternates.
    public var value: Int

    /// A setting of `tag` to `value`.
    public init(_ tag: OpenTypeTag, _ value: Int = 1) {
        self.tag = tag
        self.value = value
    }

    /// Parses HarfBuzz's feature syntax for the whole text: "smcp", "+liga", "-kern", "kern=0", "aalt=2";
    /// a range in brackets ("liga[3:5]") is refused (apply a range with the attribute instead). Nil if malformed.
    public init?(string: String) {
        guard !string.contains("["), let feature = HarfBuzzFeature.parse(string) else { return nil }
        self.init(OpenTypeTag(rawValue: feature.tag), Int(feature.value))
    }
}

/// The format of a font file.
///
/// Core Text: `CTFontFormat` (`kCTFontFormatOpenTypePostScript`, …) of `kCTFontFormatAttribute`.
public enum FontFormat: Int, Hashable, Sendable {
    /// Not recognised. Core Text: `kCTFontFormatUnrecognized`.
    case unrecognized = 0
    /// OpenType with CFF outlines. Core Text: `kCTFontFormatOpenTypePostScript`.
    case openTypePostScript = 1
    /// OpenType with TrueType outlines. Core Text: `kCTFontFormatOpenTypeTrueType`.
    case openTypeTrueType = 2
    /// Plain TrueType. Core Text: `kCTFontFormatTrueType`.
    case trueType = 3
    /// Type 1 PostScript. Core Text: `kCTFontFormatPostScript`.
    case postScript = 4
    /// Bitmap only. Core Text: `kCTFontFormatBitmap`.
    case bitmap = 5
}

/// Which way glyph metrics are asked.
///
/// Core Text: `CTFontOrientation`.
public enum FontOrientation: Sendable {
    /// Horizontal, the default. Core Text: `kCTFontOrientationDefault`, `kCTFontOrientationHorizontal`.
    case horizontal
    /// Vertical. Core Text: `kCTFontOrientationVertical`.
    case vertical
}
