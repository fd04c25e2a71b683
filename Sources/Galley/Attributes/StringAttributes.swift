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
    /// Vertical glyph forms, shaped top to bottom (see `NSAttributedString.Key.verticalForms`). Core Text:
    /// `kCTVerticalFormsAttributeName`.
    public var verticalForms = false
    /// In vertical text, a run of at most this many characters (1–4; 0 for none) is set horizontally in one em
    /// (`NSAttributedString.Key.horizontalInVerticalForms`). Core Text: `kCTHorizontalInVerticalFormsAttributeName`.
    public var horizontalInVerticalForms = 0
    /// Ruby beside the run's characters (see `RubyAnnotation`). Core Text: `kCTRubyAnnotationAttributeName`.
    public var rubyAnnotation: RubyAnnotation?
    /// The slant glyphs are drawn with, as a shear (x moves by `obliqueness` × y); layout is unchanged, as in UIKit
    /// (a synthetic italic for a family without one). Limited to ±10. UIKit: `NSAttributedString.Key.obliqueness`.
    public var obliqueness: CGFloat = 0
    /// A shadow under the glyphs, drawn only (layout is unchanged). UIKit: `NSAttributedString.Key.shadow`.
    public var shadow: Shadow?
    /// The natural logarithm of a horizontal stretch of the glyphs — shapes and advances, so layout changes (0.2
    /// widens by e^0.2 ≈ 1.22; negative condenses). Limited to ±3. Applied as a font matrix on the run's fonts.
    /// UIKit: `NSAttributedString.Key.expansion`.
    public var expansion: CGFloat = 0
    /// Every other attribute of the run's text (a link, an app's own keys), kept as given: runs split where they
    /// change. Core Text: the rest of `CTRunGetAttributes`' dictionary.
    public var otherAttributes = OtherAttributes()

    /// No attributes: the default font, black, standard ligatures, kerning on.
    public init() {}

    /// Reads Core Text's keys from an attribute dictionary: the NS key strings Galley's keys have, and Core Text's
    /// own raw strings where they differ (`"CTForegroundColor"` for `kCTForegroundColorAttributeName`, see
    /// `coreTextAliases`; the NS key wins when both are present). Values of the wrong type are ignored — in debug
    /// builds with a warning on standard error, once per key and type; NaN and infinite numbers count as absent;
    /// kern and tracking are limited to ±10,000 points.
    /// Core Text: what `CTLineCreateWithAttributedString` reads from `CFAttributedString`.
    public init(_ dictionary: [NSAttributedString.Key: Any]) {
        for (given, original) in dictionary {
            // Another API's value for one of Galley's (a CGColor for a Color).
            let value = (original as? any AttributeValueConvertible)?.galleyAttributeValue ?? original
            var key = given
            if let canonical = Self.coreTextAliases[given] {
                guard dictionary[canonical] == nil else { continue }
                key = canonical
            }
            switch key {
            case .font: font = Self.typed(value, given)
            case .foregroundColor: foregroundColor = Self.typed(value, given)
            case .foregroundColorFromContext: foregroundColorFromContext = Self.bool(value, given) ?? false
            case .backgroundColor: backgroundColor = Self.typed(value, given)
            case .kern: kern = Self.number(value, given).map(Self.limited)
            case .tracking: tracking = Self.number(value, given).map(Self.limited) ?? 0
            case .ligature: ligature = Self.integer(value, given).map { min(max($0, 0), 2) } ?? 1
            case .paragraphStyle: paragraphStyle = Self.typed(value, given)
            case .strokeWidth: strokeWidth = Self.number(value, given).map { min(max($0, -1000), 1000) } ?? 0
            case .strokeColor: strokeColor = Self.typed(value, given)
            case .underlineStyle: underlineStyle = Self.underline(value, given)
            case .underlineColor: underlineColor = Self.typed(value, given)
            case .strikethroughStyle: strikethroughStyle = Self.underline(value, given)
            case .strikethroughColor: strikethroughColor = Self.typed(value, given)
            case .superscript: superscript = Self.integer(value, given).map { min(max($0, -8), 8) } ?? 0
            case .baselineOffset: baselineOffset = Self.number(value, given).map(Self.limited) ?? 0
            case .language: language = (Self.typed(value, given) as String?).flatMap { $0.isEmpty ? nil : $0 }
            case .writingDirection: writingDirection = Self.embeddings(value, given)
            case .fontFeatureSettings: featureSettings = Self.featureSettings(value, given)
            // An attachment is the run's delegate, whichever key comes first.
            case .runDelegate: runDelegate = runDelegate as? TextAttachment ?? Self.typed(value, given)
            case .attachment: runDelegate = Self.typed(value, given) as TextAttachment? ?? runDelegate
            case .verticalForms: verticalForms = Self.bool(value, given) ?? false
            case .horizontalInVerticalForms: horizontalInVerticalForms = Self.integer(value, given).map { min(max($0, 0), 4) } ?? 0
            case .rubyAnnotation: rubyAnnotation = Self.typed(value, given)
            case .obliqueness: obliqueness = Self.number(value, given).map { min(max($0, -10), 10) } ?? 0
            case .shadow: shadow = Self.typed(value, given)
            case .expansion: expansion = Self.number(value, given).map { min(max($0, -3), 3) } ?? 0
            default: otherAttributes.keep(original, for: given)
            }
        }
    }

    /// Core Text's raw key strings that differ from the NS strings Galley's keys use, and the key each stands for:
    /// `kCTForegroundColorAttributeName` ("CTForegroundColor"), `kCTBackgroundColorAttributeName`,
    /// `kCTStrokeColorAttributeName`, `kCTUnderlineColorAttributeName`, `kCTSuperscriptAttributeName`,
    /// `kCTBaselineOffsetAttributeName` and `kCTTrackingAttributeName`. Core Text code that spells its keys as
    /// strings, or casts the `kCT…` constants, is read as it is on Apple platforms.
    public static let coreTextAliases: [NSAttributedString.Key: NSAttributedString.Key] = [
        NSAttributedString.Key("CTForegroundColor"): .foregroundColor,
        NSAttributedString.Key("CTBackgroundColor"): .backgroundColor,
        NSAttributedString.Key("CTStrokeColor"): .strokeColor,
        NSAttributedString.Key("CTUnderlineColor"): .underlineColor,
        NSAttributedString.Key("CTSuperscript"): .superscript,
        NSAttributedString.Key("CTBaselineOffset"): .baselineOffset,
        NSAttributedString.Key("CTTracking"): .tracking,
    ]

    // MARK: Values of the wrong type

    /// `value` as a `T`, or nil with a warning (`warnWrongType`).
    private static func typed<T>(_ value: Any, _ key: NSAttributedString.Key) -> T? {
        if let value = value as? T { return value }
        warnWrongType(key, value, expected: "\(T.self)")
        return nil
    }

    /// The keys and value types ignored so far (each once), as "key: type".
    package static let wrongTypes = Locked<Set<String>>([])

    /// In debug builds, says on standard error — once per key and type — that a value was ignored for its type:
    /// Core Text code passes `CGColor`s and `CTFont`s where Galley reads `Color` and `Font`, and would otherwise see
    /// black text in the default font without knowing why. Release builds only record it.
    /// Feature settings as `FontFeatureSetting`s or Core Text's dictionaries (OpenType or AAT), else none with a
    /// warning.
    private static func featureSettings(_ value: Any, _ key: NSAttributedString.Key) -> [FontFeatureSetting] {
        if let settings = FontFeatureSetting.settings(fromAttributeValue: value) { return settings }
        warnWrongType(key, value, expected: "[FontFeatureSetting] or Core Text feature dictionaries")
        return []
    }

    private static func warnWrongType(_ key: NSAttributedString.Key, _ value: Any, expected: String) {
        let entry = "\(key.rawValue): \(type(of: value))"
        let isNew = wrongTypes.withLock { $0.insert(entry).inserted }
        #if DEBUG
        if isNew {
            FileHandle.standardError.write(Data("Galley: ignored the value of attribute \"\(key.rawValue)\": a \(type(of: value)), not a \(expected)\n".utf8))
        }
        #else
        _ = isNew
        #endif
    }

    /// The attributes as a dictionary with Core Text's keys (only those that differ from the defaults), and every
    /// other attribute as it was given. Styles and
    /// writing directions come as numbers, as Core Text gives them: on Linux, CoreFoundation crashes comparing the
    /// attributes of two runs that hold different small Swift structs.
    public var dictionary: [NSAttributedString.Key: Any] {
        var result: [NSAttributedString.Key: Any] = [:]
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
        if horizontalInVerticalForms != 0 { result[.horizontalInVerticalForms] = horizontalInVerticalForms }
        if let rubyAnnotation { result[.rubyAnnotation] = rubyAnnotation }
        if obliqueness != 0 { result[.obliqueness] = Double(obliqueness) }
        if let shadow { result[.shadow] = shadow }
        if expansion != 0 { result[.expansion] = Double(expansion) }
        for (key, value) in otherAttributes.values { result[key] = value }
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
        number(value).map(clampedInteger)
    }

    /// `integer(_:)` for `key`, warning about a value that is no number.
    private static func integer(_ value: Any, _ key: NSAttributedString.Key) -> Int? {
        number(value, key).map(clampedInteger)
    }

    private static func clampedInteger(_ number: CGFloat) -> Int { Int(min(max(number, -2_147_483_648), 2_147_483_647)) }

    /// A number for `key`; a value that is no number is warned about (NaN and infinity are numbers, only absent).
    private static func number(_ value: Any, _ key: NSAttributedString.Key) -> CGFloat? {
        if let number = number(value) { return number }
        if !(value is CGFloat || value is Double || value is Float || value is Int || value is NSNumber) {
            warnWrongType(key, value, expected: "number")
        }
        return nil
    }

    private static func bool(_ value: Any, _ key: NSAttributedString.Key) -> Bool? {
        if let value = value as? Bool { return value }
        return number(value, key).map { $0 != 0 }
    }

    private static func underline(_ value: Any, _ key: NSAttributedString.Key) -> UnderlineStyle {
        if let style = value as? UnderlineStyle { return style }
        return integer(value, key).map { UnderlineStyle(rawValue: $0) } ?? []
    }

    private static func embeddings(_ value: Any, _ key: NSAttributedString.Key) -> [WritingDirectionEmbedding] {
        if let list = value as? [WritingDirectionEmbedding] { return list }
        if let list = value as? [Any] { return list.compactMap { integer($0).map { .init(rawValue: $0) } } }
        warnWrongType(key, value, expected: "[WritingDirectionEmbedding]")
        return []
    }
}
