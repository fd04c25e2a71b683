import Foundation

/// A description of a font — a query to match, or the identity of a face that was found: family, style,
/// names, file, traits, size, matrix, features, variations, languages, coverage and a fallback cascade.
///
/// A descriptor is a plain value. Every attribute is optional; a query sets the ones it cares about.
/// Descriptors that come out of matching carry the face's file URL and index, so `Font(descriptor:size:)`
/// opens exactly that face.
///
/// Core Text: `CTFontDescriptor` with its attribute dictionary (`kCTFont…Attribute`).
public struct FontDescriptor: Hashable, Sendable {
    /// The family ("DejaVu Serif"). Core Text: `kCTFontFamilyNameAttribute`.
    public var family: String?
    /// The style within the family ("Bold Italic"). Core Text: `kCTFontStyleNameAttribute`.
    public var styleName: String?
    /// The PostScript name ("DejaVuSerif-Bold"). Core Text: `kCTFontNameAttribute`.
    public var postScriptName: String?
    /// The full, human-readable name ("DejaVu Serif Bold"). Core Text: `kCTFontDisplayNameAttribute`.
    public var displayName: String?
    /// The font file. Core Text: `kCTFontURLAttribute`.
    public var url: URL?
    /// The face within a collection file (TTC/OTC), 0 for single-face files. Core Text keeps it inside the
    /// URL's font reference; Galley makes it explicit.
    public var faceIndex: Int?
    /// Symbolic and numeric traits. Core Text: `kCTFontTraitsAttribute`.
    public var traits: FontTraits?
    /// The point size; nil or 0 means Core Text's default of 12 pt. Core Text: `kCTFontSizeAttribute`.
    public var size: CGFloat?
    /// A transformation applied to glyphs (for example a synthetic oblique). Core Text:
    /// `kCTFontMatrixAttribute`.
    public var matrix: AffineTransform?
    /// OpenType feature settings applied when shaping. Core Text: `kCTFontFeatureSettingsAttribute`.
    public var featureSettings: [FontFeatureSetting]
    /// Variation axis values (user-space coordinates: "wght" → 650). Core Text: `kCTFontVariationAttribute`.
    public var variation: [OpenTypeTag: Double]
    /// Languages the font must support, as BCP 47 / fontconfig tags ("ja", "ar"). Core Text:
    /// `kCTFontLanguagesAttribute`.
    public var languages: [String]
    /// Code points the font must cover. Core Text: `kCTFontCharacterSetAttribute`.
    public var characterSet: CodePointSet?
    /// Fonts to try, in order, for characters this font lacks, before the system's own fallback.
    /// Core Text: `kCTFontCascadeListAttribute`.
    public var cascadeList: [FontDescriptor]
    /// The file format. Core Text: `kCTFontFormatAttribute`.
    public var format: FontFormat?

    /// An empty descriptor: matches any font.
    public init() {
        featureSettings = []
        variation = [:]
        languages = []
        cascadeList = []
    }

    /// A descriptor for a PostScript name, full name or family name, and a size (0 = 12 pt).
    ///
    /// Core Text: `CTFontDescriptorCreateWithNameAndSize`. As in Core Text the name is first taken as a
    /// PostScript or full name; Galley then also accepts a family name.
    public init(name: String, size: CGFloat = 0) {
        self.init()
        postScriptName = name
        self.size = size
    }

    /// A descriptor for a family, with optional traits and size.
    public init(family: String, traits: FontTraits? = nil, size: CGFloat = 0) {
        self.init()
        self.family = family
        self.traits = traits
        self.size = size
    }

    // MARK: Copies

    /// A copy with `family` replaced and the face-identifying attributes (names, file) removed, so that
    /// matching looks for the same style in the new family.
    /// Core Text: `CTFontDescriptorCreateCopyWithFamily`.
    public func withFamily(_ family: String) -> FontDescriptor {
        var copy = withoutFaceIdentity()
        copy.family = family
        return copy
    }

    /// A copy whose symbolic traits are `traits` within `mask` (other bits kept), with the face-identifying
    /// attributes and the numeric traits that the mask changes removed.
    ///
    /// - Parameters:
    ///   - traits: the symbolic traits wanted.
    ///   - mask: which traits `traits` decides; the others stay as they are.
    ///
    /// Core Text: `CTFontDescriptorCreateCopyWithSymbolicTraits`.
    public func withSymbolicTraits(_ traits: SymbolicTraits, mask: SymbolicTraits) -> FontDescriptor {
        var copy = withoutFaceIdentity()
        copy.styleName = nil
        var current = copy.traits ?? FontTraits()
        current.symbolic = current.symbolic.subtracting(mask).union(traits.intersection(mask))
        if mask.contains(.bold) { current.weight = nil }
        if mask.contains(.italic) { current.slant = nil }
        if !mask.intersection([.condensed, .expanded]).isEmpty { current.width = nil }
        copy.traits = current
        return copy
    }

    /// A copy without the attributes that pin one face (names, file), so that matching looks again.
    private func withoutFaceIdentity() -> FontDescriptor {
        var copy = self
        copy.postScriptName = nil
        copy.displayName = nil
        copy.url = nil
        copy.faceIndex = nil
        return copy
    }

    /// A copy with one variation axis set. Core Text: `CTFontDescriptorCreateCopyWithVariation`.
    public func withVariation(_ axis: OpenTypeTag, _ value: Double) -> FontDescriptor {
        var copy = self
        copy.variation[axis] = value
        return copy
    }

    /// A copy with one OpenType feature setting added (replacing an earlier setting of the same tag).
    /// Core Text: `CTFontDescriptorCreateCopyWithFeature` (OpenType form).
    public func withFeature(_ tag: OpenTypeTag, value: Int) -> FontDescriptor {
        var copy = self
        copy.featureSettings.removeAll { $0.tag == tag }
        copy.featureSettings.append(FontFeatureSetting(tag, value))
        return copy
    }

    /// A copy with every attribute that `other` sets replacing this descriptor's.
    /// Core Text: `CTFontDescriptorCreateCopyWithAttributes`.
    public func merging(_ other: FontDescriptor) -> FontDescriptor {
        var copy = self
        if let value = other.family { copy.family = value }
        if let value = other.styleName { copy.styleName = value }
        if let value = other.postScriptName { copy.postScriptName = value }
        if let value = other.displayName { copy.displayName = value }
        if let value = other.url { copy.url = value }
        if let value = other.faceIndex { copy.faceIndex = value }
        if let value = other.traits { copy.traits = value }
        if let value = other.size { copy.size = value }
        if let value = other.matrix { copy.matrix = value }
        if !other.featureSettings.isEmpty {
            for setting in other.featureSettings { copy = copy.withFeature(setting.tag, value: setting.value) }
        }
        copy.variation.merge(other.variation) { $1 }
        if !other.languages.isEmpty { copy.languages = other.languages }
        if let value = other.characterSet { copy.characterSet = value }
        if !other.cascadeList.isEmpty { copy.cascadeList = other.cascadeList }
        if let value = other.format { copy.format = value }
        return copy
    }

    // MARK: Attribute keys

    /// The attributes of a descriptor, named by Core Text's attribute key strings; used for
    /// `mandatoryKeys` when matching and by `attributeKeys`.
    ///
    /// Core Text: the `kCTFont…Attribute` constants (the strings are Core Text's own).
    public enum AttributeKey: String, Hashable, Sendable, CaseIterable {
        /// Core Text: `kCTFontFamilyNameAttribute`.
        case family = "NSFontFamilyAttribute"
        /// Core Text: `kCTFontStyleNameAttribute`.
        case styleName = "NSFontFaceAttribute"
        /// Core Text: `kCTFontNameAttribute`.
        case postScriptName = "NSFontNameAttribute"
        /// Core Text: `kCTFontDisplayNameAttribute`.
        case displayName = "NSFontVisibleNameAttribute"
        /// Core Text: `kCTFontURLAttribute`.
        case url = "NSCTFontFileURLAttribute"
        /// Core Text: `kCTFontTraitsAttribute`.
        case traits = "NSCTFontTraitsAttribute"
        /// Core Text: `kCTFontSizeAttribute`.
        case size = "NSFontSizeAttribute"
        /// Core Text: `kCTFontMatrixAttribute`.
        case matrix = "NSFontMatrixAttribute"
        /// Core Text: `kCTFontFeatureSettingsAttribute`.
        case featureSettings = "NSCTFontFeatureSettingsAttribute"
        /// Core Text: `kCTFontVariationAttribute`.
        case variation = "NSCTFontVariationAttribute"
        /// Core Text: `kCTFontLanguagesAttribute`.
        case languages = "NSCTFontLanguagesAttribute"
        /// Core Text: `kCTFontCharacterSetAttribute`.
        case characterSet = "NSCTFontCharacterSetAttribute"
        /// Core Text: `kCTFontCascadeListAttribute`.
        case cascadeList = "NSCTFontCascadeListAttribute"
        /// Core Text: `kCTFontFormatAttribute`.
        case format = "NSCTFontFormatAttribute"
    }

    /// The keys of the attributes this descriptor sets. Core Text: the keys of
    /// `CTFontDescriptorCopyAttributes`.
    public var attributeKeys: Set<AttributeKey> {
        var keys: Set<AttributeKey> = []
        if family != nil { keys.insert(.family) }
        if styleName != nil { keys.insert(.styleName) }
        if postScriptName != nil { keys.insert(.postScriptName) }
        if displayName != nil { keys.insert(.displayName) }
        if url != nil { keys.insert(.url) }
        if traits != nil { keys.insert(.traits) }
        if size != nil { keys.insert(.size) }
        if matrix != nil { keys.insert(.matrix) }
        if !featureSettings.isEmpty { keys.insert(.featureSettings) }
        if !variation.isEmpty { keys.insert(.variation) }
        if !languages.isEmpty { keys.insert(.languages) }
        if characterSet != nil { keys.insert(.characterSet) }
        if !cascadeList.isEmpty { keys.insert(.cascadeList) }
        if format != nil { keys.insert(.format) }
        return keys
    }
}
