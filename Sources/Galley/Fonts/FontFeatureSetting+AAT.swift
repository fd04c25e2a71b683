internal import CHarfBuzz
import Foundation

/// Apple's feature type/selector pairs (AAT, the `feat` registry that `UIFontDescriptor` and Core Text's
/// `kCTFontFeatureTypeIdentifierKey`/`kCTFontFeatureSelectorIdentifierKey` settings use) as the OpenType features
/// HarfBuzz applies, by the correspondence Apple documents in its font feature registry ("OpenType feature tags and
/// their AAT equivalents"). The numbers are HarfBuzz's `hb_aat_layout_feature_type_t` and `…_selector_t` values.
extension FontFeatureSetting {
    /// One row: an AAT type, the selector that turns the OpenType feature on, and the one that turns it off (nil
    /// where the type has no off selector of its own).
    private struct Correspondence {
        let tag: OpenTypeTag
        let type: hb_aat_layout_feature_type_t
        let on: hb_aat_layout_feature_selector_t
        let off: hb_aat_layout_feature_selector_t?
    }

    private static let correspondences: [Correspondence] = {
        typealias T = hb_aat_layout_feature_type_t
        func row(_ tag: OpenTypeTag, _ type: T, _ on: hb_aat_layout_feature_selector_t, _ off: hb_aat_layout_feature_selector_t?) -> Correspondence {
            Correspondence(tag: tag, type: type, on: on, off: off)
        }
        var rows = [
            // Ligatures.
            row("rlig", HB_AAT_LAYOUT_FEATURE_TYPE_LIGATURES, HB_AAT_LAYOUT_FEATURE_SELECTOR_REQUIRED_LIGATURES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_REQUIRED_LIGATURES_OFF),
            row("liga", HB_AAT_LAYOUT_FEATURE_TYPE_LIGATURES, HB_AAT_LAYOUT_FEATURE_SELECTOR_COMMON_LIGATURES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_COMMON_LIGATURES_OFF),
            row("dlig", HB_AAT_LAYOUT_FEATURE_TYPE_LIGATURES, HB_AAT_LAYOUT_FEATURE_SELECTOR_RARE_LIGATURES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_RARE_LIGATURES_OFF),
            row("clig", HB_AAT_LAYOUT_FEATURE_TYPE_LIGATURES, HB_AAT_LAYOUT_FEATURE_SELECTOR_CONTEXTUAL_LIGATURES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_CONTEXTUAL_LIGATURES_OFF),
            row("hlig", HB_AAT_LAYOUT_FEATURE_TYPE_LIGATURES, HB_AAT_LAYOUT_FEATURE_SELECTOR_HISTORICAL_LIGATURES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_HISTORICAL_LIGATURES_OFF),
            // Small capitals, old style (letter case, deprecated by Apple but still what much code sets) and new.
            row("smcp", HB_AAT_LAYOUT_FEATURE_TYPE_LETTER_CASE, HB_AAT_LAYOUT_FEATURE_SELECTOR_SMALL_CAPS, HB_AAT_LAYOUT_FEATURE_SELECTOR_UPPER_AND_LOWER_CASE),
            row("smcp", HB_AAT_LAYOUT_FEATURE_TYPE_LOWER_CASE, HB_AAT_LAYOUT_FEATURE_SELECTOR_LOWER_CASE_SMALL_CAPS, HB_AAT_LAYOUT_FEATURE_SELECTOR_DEFAULT_LOWER_CASE),
            row("pcap", HB_AAT_LAYOUT_FEATURE_TYPE_LOWER_CASE, HB_AAT_LAYOUT_FEATURE_SELECTOR_LOWER_CASE_PETITE_CAPS, HB_AAT_LAYOUT_FEATURE_SELECTOR_DEFAULT_LOWER_CASE),
            row("c2sc", HB_AAT_LAYOUT_FEATURE_TYPE_UPPER_CASE, HB_AAT_LAYOUT_FEATURE_SELECTOR_UPPER_CASE_SMALL_CAPS, HB_AAT_LAYOUT_FEATURE_SELECTOR_DEFAULT_UPPER_CASE),
            row("c2pc", HB_AAT_LAYOUT_FEATURE_TYPE_UPPER_CASE, HB_AAT_LAYOUT_FEATURE_SELECTOR_UPPER_CASE_PETITE_CAPS, HB_AAT_LAYOUT_FEATURE_SELECTOR_DEFAULT_UPPER_CASE),
            // Numbers.
            row("tnum", HB_AAT_LAYOUT_FEATURE_TYPE_NUMBER_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_MONOSPACED_NUMBERS, nil),
            row("pnum", HB_AAT_LAYOUT_FEATURE_TYPE_NUMBER_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_PROPORTIONAL_NUMBERS, nil),
            row("onum", HB_AAT_LAYOUT_FEATURE_TYPE_NUMBER_CASE, HB_AAT_LAYOUT_FEATURE_SELECTOR_LOWER_CASE_NUMBERS, nil),
            row("lnum", HB_AAT_LAYOUT_FEATURE_TYPE_NUMBER_CASE, HB_AAT_LAYOUT_FEATURE_SELECTOR_UPPER_CASE_NUMBERS, nil),
            row("zero", HB_AAT_LAYOUT_FEATURE_TYPE_TYPOGRAPHIC_EXTRAS, HB_AAT_LAYOUT_FEATURE_SELECTOR_SLASHED_ZERO_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_SLASHED_ZERO_OFF),
            row("afrc", HB_AAT_LAYOUT_FEATURE_TYPE_FRACTIONS, HB_AAT_LAYOUT_FEATURE_SELECTOR_VERTICAL_FRACTIONS, HB_AAT_LAYOUT_FEATURE_SELECTOR_NO_FRACTIONS),
            row("frac", HB_AAT_LAYOUT_FEATURE_TYPE_FRACTIONS, HB_AAT_LAYOUT_FEATURE_SELECTOR_DIAGONAL_FRACTIONS, HB_AAT_LAYOUT_FEATURE_SELECTOR_NO_FRACTIONS),
            // Vertical position.
            row("sups", HB_AAT_LAYOUT_FEATURE_TYPE_VERTICAL_POSITION, HB_AAT_LAYOUT_FEATURE_SELECTOR_SUPERIORS, HB_AAT_LAYOUT_FEATURE_SELECTOR_NORMAL_POSITION),
            row("subs", HB_AAT_LAYOUT_FEATURE_TYPE_VERTICAL_POSITION, HB_AAT_LAYOUT_FEATURE_SELECTOR_INFERIORS, HB_AAT_LAYOUT_FEATURE_SELECTOR_NORMAL_POSITION),
            row("ordn", HB_AAT_LAYOUT_FEATURE_TYPE_VERTICAL_POSITION, HB_AAT_LAYOUT_FEATURE_SELECTOR_ORDINALS, HB_AAT_LAYOUT_FEATURE_SELECTOR_NORMAL_POSITION),
            row("sinf", HB_AAT_LAYOUT_FEATURE_TYPE_VERTICAL_POSITION, HB_AAT_LAYOUT_FEATURE_SELECTOR_SCIENTIFIC_INFERIORS, HB_AAT_LAYOUT_FEATURE_SELECTOR_NORMAL_POSITION),
            // Case, alternates, swashes, titling, Greek.
            row("case", HB_AAT_LAYOUT_FEATURE_TYPE_CASE_SENSITIVE_LAYOUT, HB_AAT_LAYOUT_FEATURE_SELECTOR_CASE_SENSITIVE_LAYOUT_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_CASE_SENSITIVE_LAYOUT_OFF),
            row("cpsp", HB_AAT_LAYOUT_FEATURE_TYPE_CASE_SENSITIVE_LAYOUT, HB_AAT_LAYOUT_FEATURE_SELECTOR_CASE_SENSITIVE_SPACING_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_CASE_SENSITIVE_SPACING_OFF),
            row("calt", HB_AAT_LAYOUT_FEATURE_TYPE_CONTEXTUAL_ALTERNATIVES, HB_AAT_LAYOUT_FEATURE_SELECTOR_CONTEXTUAL_ALTERNATES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_CONTEXTUAL_ALTERNATES_OFF),
            row("swsh", HB_AAT_LAYOUT_FEATURE_TYPE_CONTEXTUAL_ALTERNATIVES, HB_AAT_LAYOUT_FEATURE_SELECTOR_SWASH_ALTERNATES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_SWASH_ALTERNATES_OFF),
            row("cswh", HB_AAT_LAYOUT_FEATURE_TYPE_CONTEXTUAL_ALTERNATIVES, HB_AAT_LAYOUT_FEATURE_SELECTOR_CONTEXTUAL_SWASH_ALTERNATES_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_CONTEXTUAL_SWASH_ALTERNATES_OFF),
            row("titl", HB_AAT_LAYOUT_FEATURE_TYPE_STYLE_OPTIONS, HB_AAT_LAYOUT_FEATURE_SELECTOR_TITLING_CAPS, HB_AAT_LAYOUT_FEATURE_SELECTOR_NO_STYLE_OPTIONS),
            row("mgrk", HB_AAT_LAYOUT_FEATURE_TYPE_MATHEMATICAL_EXTRAS, HB_AAT_LAYOUT_FEATURE_SELECTOR_MATHEMATICAL_GREEK_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_MATHEMATICAL_GREEK_OFF),
            // East Asian forms, widths and kana.
            row("vert", HB_AAT_LAYOUT_FEATURE_TYPE_VERTICAL_SUBSTITUTION, HB_AAT_LAYOUT_FEATURE_SELECTOR_SUBSTITUTE_VERTICAL_FORMS_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_SUBSTITUTE_VERTICAL_FORMS_OFF),
            row("trad", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_TRADITIONAL_CHARACTERS, nil),
            row("smpl", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_SIMPLIFIED_CHARACTERS, nil),
            row("jp78", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_JIS1978_CHARACTERS, nil),
            row("jp83", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_JIS1983_CHARACTERS, nil),
            row("jp90", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_JIS1990_CHARACTERS, nil),
            row("expt", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_EXPERT_CHARACTERS, nil),
            row("jp04", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_JIS2004_CHARACTERS, nil),
            row("hojo", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_HOJO_CHARACTERS, nil),
            row("nlck", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_NLCCHARACTERS, nil),
            row("tnam", HB_AAT_LAYOUT_FEATURE_TYPE_CHARACTER_SHAPE, HB_AAT_LAYOUT_FEATURE_SELECTOR_TRADITIONAL_NAMES_CHARACTERS, nil),
            row("pwid", HB_AAT_LAYOUT_FEATURE_TYPE_TEXT_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_PROPORTIONAL_TEXT, nil),
            row("fwid", HB_AAT_LAYOUT_FEATURE_TYPE_TEXT_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_MONOSPACED_TEXT, nil),
            row("hwid", HB_AAT_LAYOUT_FEATURE_TYPE_TEXT_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_HALF_WIDTH_TEXT, nil),
            row("twid", HB_AAT_LAYOUT_FEATURE_TYPE_TEXT_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_THIRD_WIDTH_TEXT, nil),
            row("qwid", HB_AAT_LAYOUT_FEATURE_TYPE_TEXT_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_QUARTER_WIDTH_TEXT, nil),
            row("palt", HB_AAT_LAYOUT_FEATURE_TYPE_TEXT_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_ALT_PROPORTIONAL_TEXT, nil),
            row("halt", HB_AAT_LAYOUT_FEATURE_TYPE_TEXT_SPACING, HB_AAT_LAYOUT_FEATURE_SELECTOR_ALT_HALF_WIDTH_TEXT, nil),
            row("hkna", HB_AAT_LAYOUT_FEATURE_TYPE_ALTERNATE_KANA, HB_AAT_LAYOUT_FEATURE_SELECTOR_ALTERNATE_HORIZ_KANA_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_ALTERNATE_HORIZ_KANA_OFF),
            row("vkna", HB_AAT_LAYOUT_FEATURE_TYPE_ALTERNATE_KANA, HB_AAT_LAYOUT_FEATURE_SELECTOR_ALTERNATE_VERT_KANA_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_ALTERNATE_VERT_KANA_OFF),
            row("ruby", HB_AAT_LAYOUT_FEATURE_TYPE_RUBY_KANA, HB_AAT_LAYOUT_FEATURE_SELECTOR_RUBY_KANA_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_RUBY_KANA_OFF),
            row("ital", HB_AAT_LAYOUT_FEATURE_TYPE_ITALIC_CJK_ROMAN, HB_AAT_LAYOUT_FEATURE_SELECTOR_CJK_ITALIC_ROMAN_ON, HB_AAT_LAYOUT_FEATURE_SELECTOR_CJK_ITALIC_ROMAN_OFF),
            row("hngl", HB_AAT_LAYOUT_FEATURE_TYPE_TRANSLITERATION, HB_AAT_LAYOUT_FEATURE_SELECTOR_HANJA_TO_HANGUL, HB_AAT_LAYOUT_FEATURE_SELECTOR_NO_TRANSLITERATION),
        ]
        // Stylistic sets 1–20: selectors 2n on and 2n + 1 off.
        let first = HB_AAT_LAYOUT_FEATURE_SELECTOR_STYLISTIC_ALT_ONE_ON.rawValue
        for set in 1...20 {
            let on = first + UInt32(2 * (set - 1))
            rows.append(row(OpenTypeTag(string: String(format: "ss%02d", set))!, HB_AAT_LAYOUT_FEATURE_TYPE_STYLISTIC_ALTERNATIVES,
                            hb_aat_layout_feature_selector_t(rawValue: on), hb_aat_layout_feature_selector_t(rawValue: on + 1)))
        }
        return rows
    }()

    /// The OpenType settings an AAT feature type and selector stand for: one feature on or off, or for a selector
    /// that returns a type to its default ("no fractions", "normal position"), every feature of that type off.
    /// Empty for pairs without an OpenType equivalent. Core Text and UIKit: a feature-settings dictionary with
    /// `kCTFontFeatureTypeIdentifierKey` and `kCTFontFeatureSelectorIdentifierKey` (`UIFontDescriptor.FeatureKey.type`
    /// and `.selector`).
    ///
    /// - Parameters:
    ///   - type: the AAT feature type (`kNumberSpacingType` is 6).
    ///   - selector: the selector within the type (`kMonospacedNumbersSelector` is 0).
    public static func settings(aatFeatureType type: Int, selector: Int) -> [FontFeatureSetting] {
        let rows = correspondences.filter { Int($0.type.rawValue) == type }
        if let on = rows.first(where: { Int($0.on.rawValue) == selector }) { return [FontFeatureSetting(on.tag, 1)] }
        return rows.filter { $0.off.map { Int($0.rawValue) == selector } ?? false }.map { FontFeatureSetting($0.tag, 0) }
    }

    /// The AAT feature type and selector of this setting (its on or off selector), nil when the feature has none.
    /// Core Text: the type and selector keys `CTFontCopyFeatureSettings` reports beside the OpenType tag.
    public var aatFeature: (type: Int, selector: Int)? {
        guard let row = Self.correspondences.first(where: { $0.tag == tag }) else { return nil }
        if value == 0 { return row.off.map { (Int(row.type.rawValue), Int($0.rawValue)) } }
        return (Int(row.type.rawValue), Int(row.on.rawValue))
    }

    /// The settings of one Core Text feature-settings dictionary: OpenType (`kCTFontOpenTypeFeatureTag`
    /// "CTFeatureOpenTypeTag" with `kCTFontOpenTypeFeatureValue` "CTFeatureOpenTypeValue", 1 when absent) or AAT
    /// (`kCTFontFeatureTypeIdentifierKey` "CTFeatureTypeIdentifier" with `kCTFontFeatureSelectorIdentifierKey`
    /// "CTFeatureSelectorIdentifier"). Empty when it names neither. Core Text: an element of
    /// `kCTFontFeatureSettingsAttribute`'s array.
    public static func settings(coreTextDictionary dictionary: [AnyHashable: Any]) -> [FontFeatureSetting] {
        func number(_ key: String) -> Int? {
            switch dictionary[key] {
            case let value as Int: value
            case let value as NSNumber: value.intValue
            case let value as Double: Int(exactly: value.rounded())
            default: nil
            }
        }
        if let text = dictionary["CTFeatureOpenTypeTag"] as? String, let tag = OpenTypeTag(string: text) {
            return [FontFeatureSetting(tag, number("CTFeatureOpenTypeValue") ?? 1)]
        }
        guard let type = number("CTFeatureTypeIdentifier"), let selector = number("CTFeatureSelectorIdentifier") else { return [] }
        return settings(aatFeatureType: type, selector: selector)
    }

    /// Feature settings from a value given for `kCTFontFeatureSettingsAttribute` or `.fontFeatureSettings`: an array
    /// of `FontFeatureSetting`, of Core Text dictionaries (OpenType or AAT), or a mix; nil for anything else.
    /// Core Text: the value of `kCTFontFeatureSettingsAttribute`.
    public static func settings(fromAttributeValue value: Any) -> [FontFeatureSetting]? {
        if let settings = value as? [FontFeatureSetting] { return settings }
        guard let array = value as? [Any] ?? (value as? NSArray).map({ Array($0) }) else { return nil }
        var result: [FontFeatureSetting] = []
        for element in array {
            if let setting = element as? FontFeatureSetting {
                result.append(setting)
            } else if let dictionary = element as? [AnyHashable: Any] ?? (element as? NSDictionary).map({ Dictionary(uniqueKeysWithValues: $0.map { ($0.key as! AnyHashable, $0.value) }) }) {
                result += settings(coreTextDictionary: dictionary)
            } else {
                return nil
            }
        }
        return result
    }
}
