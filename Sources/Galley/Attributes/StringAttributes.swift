import Foundation

/// The attributes Galley reads from a range of an attributed string, as one value: what `Run.attributes`
/// returns (with `font` set to the font actually used, after fallback).
///
/// Core Text: the dictionary of `CTRunGetAttributes` (keys from `CTStringAttributes`).
public struct StringAttributes: Hashable, Sendable {
    /// The font; nil means `Font.defaultFont`. In a run's attributes, the font used. Core Text: `kCTFontAttributeName`.
    public var font: Font?
    /// Text colour; nil means black. Core Text: `kCTForegroundColorAttributeName`.
    public var foregroundColor: Color?
    /// Draw with the context's fill colour. Core Text: `kCTForegroundColorFromContextAttributeName`.
    public var foregroundColorFromContext = false
    /// Colour behind the glyphs. Core Text: `kCTBackgroundColorAttributeName`.
    public var backgroundColor: Color?
    /// Points after each character; nil = none and the font's kerning on; 0 = none and kerning off.
    /// Core Text: `kCTKernAttributeName`.
    public var kern: CGFloat?
    /// Points of letter spacing after each character; non-zero turns off non-required ligatures.
    /// Core Text: `kCTTrackingAttributeName`.
    public var tracking: CGFloat = 0
    /// 0 = required ligatures only, 1 = standard, 2 = all (discretionary and historical too). Core Text: `kCTLigatureAttributeName`.
    public var ligature = 1
    /// The paragraph's style (read from the paragraph's first character). Core Text: `kCTParagraphStyleAttributeName`.
    public var paragraphStyle: ParagraphStyle?
    /// Percent of the point size: > 0 stroke only, < 0 stroke and fill. Core Text: `kCTStrokeWidthAttributeName`.
    public var strokeWidth: CGFloat = 0
    /// Stroke colour; nil = foreground. Core Text: `kCTStrokeColorAttributeName`.
    public var strokeColor: Color?
    /// Underline; empty = none. Core Text: `kCTUnderlineStyleAttributeName`.
    public var underlineStyle: UnderlineStyle = []
    /// Underline colour; nil = foreground. Core Text: `kCTUnderlineColorAttributeName`.
    public var underlineColor: Color?
    /// Strikethrough; empty = none. AppKit: `NSStrikethroughStyleAttributeName`.
    public var strikethroughStyle: UnderlineStyle = []
    /// Strikethrough colour; nil = foreground. AppKit: `NSStrikethroughColorAttributeName`.
    public var strikethroughColor: Color?
    /// Superscript (> 0) or subscript (< 0) levels. Core Text: `kCTSuperscriptAttributeName`.
    public var superscript = 0
    /// Points the run is raised. Core Text: `kCTBaselineOffsetAttributeName`.
    public var baselineOffset: CGFloat = 0
    /// BCP 47 language tag. Core Text: `kCTLanguageAttributeName`.
    public var language: String?
    /// Nested embeddings and overrides, outermost first. Core Text: `kCTWritingDirectionAttributeName`.
    public var writingDirection: [WritingDirectionEmbedding] = []
    /// OpenType features on top of the font's. Core Text: `kCTFontFeatureSettingsAttribute`.
    public var featureSettings: [FontFeatureSetting] = []
    /// Space for an inline object. Core Text: `kCTRunDelegateAttributeName`.
    public var runDelegate: RunDelegate?
    /// Reserved for vertical text. Core Text: `kCTVerticalFormsAttributeName`.
    public var verticalForms = false

    /// No attributes: the default font, black, standard ligatures, kerning on.
    public init() {}

    /// Reads Core Text's keys from an attribute dictionary. Values of the wrong type are ignored; NaN and
    /// infinite numbers count as absent; kern and tracking are limited to ±10,000 points.
    /// Core Text: what `CTLineCreateWithAttributedString` reads from `CFAttributedString`.
    public init(_ dictionary: [NSAttributedString.Key: Any]) {
        for (key, value) in dictionary {
            switch key {
            case .font: font = value as? Font
            case .foregroundColor: foregroundColor = value as? Color
            case .foregroundColorFromContext: foregroundColorFromContext = Self.bool(value) ?? false
            case .backgroundColor: backgroundColor = value as? Color
            case .kern: kern = Self.number(value).map(Self.limited)
            case .tracking, NSAttributedString.Key("CTTracking"): tracking = Self.number(value).map(Self.limited) ?? 0
            case .ligature: ligature = Self.integer(value).map { min(max($0, 0), 2) } ?? 1
            case .paragraphStyle: paragraphStyle = value as? ParagraphStyle
            case .strokeWidth: strokeWidth = Self.number(value).map { min(max($0, -1000), 1000) } ?? 0
            case .strokeColor: strokeColor = value as? Color
            case .underlineStyle: underlineStyle = Self.underline(value)
            case .underlineColor: underlineColor = value as? Color
            case .strikethroughStyle: strikethroughStyle = Self.underline(value)
            case .strikethroughColor: strikethroughColor = value as? Color
            case .superscript: superscript = Self.integer(value).map { min(max($0, -8), 8) } ?? 0
            case .baselineOffset: baselineOffset = Self.number(value).map(Self.limited) ?? 0
            case .language: language = (value as? String).flatMap { $0.isEmpty ? nil : $0 }
            case .writingDirection: writingDirection = Self.embeddings(value)
            case .fontFeatureSettings: featureSettings = value as? [FontFeatureSetting] ?? []
            // An attachment is the run's delegate, whichever key comes first.
            case .runDelegate: runDelegate = runDelegate as? TextAttachment ?? value as? RunDelegate
            case .attachment: runDelegate = value as? TextAttachment ?? runDelegate
            case .verticalForms: verticalForms = Self.bool(value) ?? false
            default: break
            }
        }
    }

    /// The attributes as a dictionary with Core Text's keys (only those that differ from the defaults). Styles and
    /// writing directions come as numbers, as Core Text gives them: on Linux, CoreFoundation crashes comparing the
    /// attributes of two runs that hold different small Swift structs.
    public var dictionary: [NSAttributedString.Key: any Sendable] {
        var result: [NSAttributedString.Key: any Sendable] = [:]
        if let font { result[.font] = font }
        if let foregroundColor { result[.foregroundColor] = foregroundColor }
        if foregroundColorFromContext { result[.foregroundColorFromContext] = true }
        if let backgroundColor { result[.backgroundColor] = backgroundColor }
        // Lengths as Double, which Foundation stores as NSNumber: it boxes CGFloat (FoundationAttributeValue.swift).
        if let kern { result[.kern] = Double(kern) }
        if tracking != 0 { result[.tracking] = Double(tracking) }
        if ligature != 1 { result[.ligature] = ligature }
        if let paragraphStyle { result[.paragraphStyle] = paragraphStyle }
        if strokeWidth != 0 { result[.strokeWidth] = Double(strokeWidth) }
        if let strokeColor { result[.strokeColor] = strokeColor }
        if !underlineStyle.isEmpty { result[.underlineStyle] = underlineStyle.rawValue }
        if let underlineColor { result[.underlineColor] = underlineColor }
        if !strikethroughStyle.isEmpty { result[.strikethroughStyle] = strikethroughStyle.rawValue }
        if let strikethroughColor { result[.strikethroughColor] = strikethroughColor }
        if superscript != 0 { result[.superscript] = superscript }
        if baselineOffset != 0 { result[.baselineOffset] = Double(baselineOffset) }
        if let language { result[.language] = language }
        if !writingDirection.isEmpty { result[.writingDirection] = writingDirection.map(\.rawValue) }
        if !featureSettings.isEmpty { result[.fontFeatureSettings] = featureSettings }
        if let attachment = runDelegate as? TextAttachment {
            result[.attachment] = attachment
        } else if let runDelegate {
            result[.runDelegate] = runDelegate
        }
        if verticalForms { result[.verticalForms] = true }
        return result
    }

    // MARK: Reading loosely typed values

    static func number(_ value: Any) -> CGFloat? {
        let number: CGFloat?
        switch value {
        case let value as CGFloat: number = value
        case let value as Double: number = CGFloat(value)
        case let value as Float: number = CGFloat(value)
        case let value as Int: number = CGFloat(value)
        case let value as NSNumber: number = CGFloat(value.doubleValue)
        default: number = nil
        }
        guard let number, number.isFinite else { return nil }
        return number
    }

    private static func limited(_ value: CGFloat) -> CGFloat { min(max(value, -10_000), 10_000) }

    /// A loosely typed number as an integer, clamped to ±2³¹ before the conversion (a huge value would trap).
    static func integer(_ value: Any) -> Int? {
        number(value).map { Int(min(max($0, -2_147_483_648), 2_147_483_647)) }
    }

    private static func bool(_ value: Any) -> Bool? {
        if let value = value as? Bool { return value }
        return number(value).map { $0 != 0 }
    }

    private static func underline(_ value: Any) -> UnderlineStyle {
        if let style = value as? UnderlineStyle { return style }
        return integer(value).map { UnderlineStyle(rawValue: $0) } ?? []
    }

    private static func embeddings(_ value: Any) -> [WritingDirectionEmbedding] {
        if let list = value as? [WritingDirectionEmbedding] { return list }
        if let list = value as? [Any] { return list.compactMap { integer($0).map { .init(rawValue: $0) } } }
        return []
    }
}
