import Foundation
import Galley

/// RTF's character formatting in its own units (half points, twips, table indices), as a group sets it; RTF 1.9.1,
/// "Character Formatting Properties".
struct RTFCharacterFormatting: Hashable {
    /// Index into the font table (`\fN`); nil for the document's default font (`\deffN`).
    var font: Int?
    /// `\fsN`, in half points (RTF's default is 24, 12 pt).
    var halfPoints = 24
    var bold = false
    var italic = false
    /// `\ul…`: Galley's underline style bits.
    var underline = 0
    /// `\ulcN`: colour table index (0: the text's colour).
    var underlineColor = 0
    /// `\strike` (1), `\striked1` (double: 9, as `UnderlineStyle.double`).
    var strikethrough = 0
    /// `\strikecN` (Cocoa's strikethrough colour).
    var strikethroughColor = 0
    /// `\super` (1), `\sub` (-1).
    var superscript = 0
    /// `\upN` minus `\dnN`, in half points.
    var baselineHalfPoints = 0
    /// `\cfN`, `\cbN` / `\highlightN`: colour table indices (0: automatic).
    var foreground = 0
    var background = 0
    /// `\expndtwN` in twips (`\expndN`'s quarter points converted).
    var expansionTwips = 0
    /// `\CocoaLigature0` turns ligatures off.
    var ligatures = true
    /// `\ucN`: how many fallback bytes follow each `\uN`.
    var unicodeFallbackCount = 1
    /// The address of the hyperlink field the text is the result of.
    var link: String?
}

/// A tab stop as RTF sets it (`\tqr`, `\tqc`, `\tqdec` before `\txN`).
struct RTFTab: Hashable {
    enum Kind: Hashable { case left, right, center, decimal }
    var kind: Kind
    var twips: Int
}

/// RTF's paragraph formatting (`\pard` resets it); RTF 1.9.1, "Paragraph Formatting Properties".
struct RTFParagraphFormatting: Hashable {
    enum Alignment: Hashable { case natural, left, right, center, justified }
    var alignment = Alignment.natural
    /// `\liN`, `\riN`, `\fiN` (first line, relative to the left indent), in twips.
    var leftTwips = 0
    var rightTwips = 0
    var firstLineTwips = 0
    /// `\sbN`, `\saN`: space before and after, in twips.
    var spaceBeforeTwips = 0
    var spaceAfterTwips = 0
    /// `\slN` with `\slmultN`: 0 is single; with `multiple`, N/240 lines; else at least N twips (exactly -N when
    /// negative).
    var lineSpacing = 0
    var lineSpacingIsMultiple = false
    var tabs: [RTFTab] = []
    /// The kind of the next `\txN`.
    var pendingTabKind = RTFTab.Kind.left
    /// `\rtlpar` (true), `\ltrpar` (false); nil for natural (Cocoa's `\pardirnatural`).
    var rightToLeft: Bool?

    /// The paragraph style, with `defaultTabInterval` from the document's `\deftabN`.
    func paragraphStyle(defaultTabInterval: CGFloat) -> ParagraphStyle {
        var style = ParagraphStyle(baseWritingDirection: rightToLeft.map { $0 ? .rightToLeft : .leftToRight } ?? .natural)
        style.alignment = switch alignment {
        case .natural: .natural
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        }
        style.headIndent = RTFUnits.points(twips: leftTwips)
        style.firstLineHeadIndent = max(0, RTFUnits.points(twips: leftTwips + firstLineTwips))
        style.tailIndent = -RTFUnits.points(twips: rightTwips)
        style.paragraphSpacingBefore = max(0, RTFUnits.points(twips: spaceBeforeTwips))
        style.paragraphSpacing = max(0, RTFUnits.points(twips: spaceAfterTwips))
        if lineSpacing != 0 {
            if lineSpacingIsMultiple {
                style.lineHeightMultiple = CGFloat(abs(lineSpacing)) / 240
            } else if lineSpacing > 0 {
                style.minimumLineHeight = RTFUnits.points(twips: lineSpacing)
            } else {
                style.minimumLineHeight = RTFUnits.points(twips: -lineSpacing)
                style.maximumLineHeight = style.minimumLineHeight
            }
        }
        style.tabStops = tabs.map { tab in
            let location = RTFUnits.points(twips: tab.twips)
            return switch tab.kind {
            case .left: TextTab(alignment: .left, location: location)
            case .right: TextTab(alignment: .right, location: location)
            case .center: TextTab(alignment: .center, location: location)
            case .decimal: TextTab.decimal(location: location)
            }
        }
        style.defaultTabInterval = defaultTabInterval
        return style
    }
}

/// RTF's units.
enum RTFUnits {
    /// Twips (twentieths of a point) as points, clamped to ±100,000 pt so that hostile numbers stay finite layout.
    static func points(twips: Int) -> CGFloat {
        CGFloat(min(max(twips, -2_000_000), 2_000_000)) / 20
    }

    /// Points as whole twips, for writing.
    static func twips(points: CGFloat) -> Int {
        guard points.isFinite else { return 0 }
        return Int((min(max(points, -100_000), 100_000) * 20).rounded())
    }
}
