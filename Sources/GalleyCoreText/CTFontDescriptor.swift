import Foundation
import Galley

/// Core Text: `kCTFontNameAttribute`.
public var kCTFontNameAttribute: CFString { "NSFontNameAttribute" }
/// Core Text: `kCTFontFamilyNameAttribute`.
public var kCTFontFamilyNameAttribute: CFString { "NSFontFamilyAttribute" }
/// Core Text: `kCTFontStyleNameAttribute`.
public var kCTFontStyleNameAttribute: CFString { "NSFontFaceAttribute" }
/// Core Text: `kCTFontDisplayNameAttribute`.
public var kCTFontDisplayNameAttribute: CFString { "NSFontVisibleNameAttribute" }
/// Core Text: `kCTFontSizeAttribute`.
public var kCTFontSizeAttribute: CFString { "NSFontSizeAttribute" }
/// Core Text: `kCTFontURLAttribute`.
public var kCTFontURLAttribute: CFString { "NSCTFontFileURLAttribute" }
/// Core Text: `kCTFontTraitsAttribute`.
public var kCTFontTraitsAttribute: CFString { "NSCTFontTraitsAttribute" }
/// Core Text: `kCTFontSymbolicTrait` (in a traits dictionary).
public var kCTFontSymbolicTrait: CFString { "NSCTFontSymbolicTrait" }
/// Core Text: `kCTFontWeightTrait`.
public var kCTFontWeightTrait: CFString { "NSCTFontWeightTrait" }
/// Core Text: `kCTFontWidthTrait`.
public var kCTFontWidthTrait: CFString { "NSCTFontProportionTrait" }
/// Core Text: `kCTFontSlantTrait`.
public var kCTFontSlantTrait: CFString { "NSCTFontSlantTrait" }

/// Core Text: `CTFontSymbolicTraits` (Galley's `SymbolicTraits`: the same bits).
public typealias CTFontSymbolicTraits = SymbolicTraits

extension SymbolicTraits {
    /// Core Text: `kCTFontTraitItalic`.
    public static var traitItalic: SymbolicTraits { .italic }
    /// Core Text: `kCTFontTraitBold`.
    public static var traitBold: SymbolicTraits { .bold }
    /// Core Text: `kCTFontTraitExpanded`.
    public static var traitExpanded: SymbolicTraits { .expanded }
    /// Core Text: `kCTFontTraitCondensed`.
    public static var traitCondensed: SymbolicTraits { .condensed }
    /// Core Text: `kCTFontTraitMonoSpace`.
    public static var traitMonoSpace: SymbolicTraits { .monoSpace }
    /// Core Text: `kCTFontTraitVertical`.
    public static var traitVertical: SymbolicTraits { .vertical }
    /// Core Text: `kCTFontTraitColorGlyphs`.
    public static var traitColorGlyphs: SymbolicTraits { .colorGlyphs }
}

/// A descriptor from Core Text's attribute dictionary: names, family, style, size, file URL and a traits dictionary
/// (symbolic traits, weight, width, slant); other keys are ignored.
func fontDescriptor(_ attributes: CFDictionary, base: FontDescriptor = FontDescriptor()) -> FontDescriptor {
    var descriptor = base
    let values = attributeDictionary(attributes)
    func value(_ key: CFString) -> Any? { values[NSAttributedString.Key(key as String)] }
    if let name = value(kCTFontNameAttribute) as? String { descriptor.postScriptName = name }
    if let family = value(kCTFontFamilyNameAttribute) as? String { descriptor.family = family }
    if let style = value(kCTFontStyleNameAttribute) as? String { descriptor.styleName = style }
    if let name = value(kCTFontDisplayNameAttribute) as? String { descriptor.displayName = name }
    if let size = (value(kCTFontSizeAttribute) as? NSNumber)?.doubleValue { descriptor.size = CGFloat(size) }
    if let url = value(kCTFontURLAttribute) as? URL { descriptor.url = url }
    if let features = value(kCTFontFeatureSettingsAttribute).flatMap(FontFeatureSetting.settings(fromAttributeValue:)) {
        for setting in features { descriptor = descriptor.withFeature(setting.tag, value: setting.value) }
    }
    if let traits = value(kCTFontTraitsAttribute) as? NSDictionary {
        let fields = attributeDictionary(traits)
        func number(_ key: CFString) -> CGFloat? { (fields[NSAttributedString.Key(key as String)] as? NSNumber).map { CGFloat($0.doubleValue) } }
        var result = FontTraits()
        if let symbolic = (fields[NSAttributedString.Key(kCTFontSymbolicTrait as String)] as? NSNumber)?.uint32Value {
            result.symbolic = SymbolicTraits(rawValue: symbolic)
        }
        result.weight = number(kCTFontWeightTrait)
        result.width = number(kCTFontWidthTrait)
        result.slant = number(kCTFontSlantTrait)
        descriptor.traits = result
    }
    return descriptor
}

/// Core Text: `CTFontDescriptorCreateWithNameAndSize`.
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    FontDescriptor(name: name as String, size: size)
}

/// Core Text: `CTFontDescriptorCreateWithAttributes`.
public func CTFontDescriptorCreateWithAttributes(_ attributes: CFDictionary) -> CTFontDescriptor { fontDescriptor(attributes) }

/// Core Text: `CTFontDescriptorCreateCopyWithAttributes`.
public func CTFontDescriptorCreateCopyWithAttributes(_ original: CTFontDescriptor, _ attributes: CFDictionary) -> CTFontDescriptor {
    fontDescriptor(attributes, base: original)
}

/// Core Text: `CTFontDescriptorCreateCopyWithFamily`.
public func CTFontDescriptorCreateCopyWithFamily(_ original: CTFontDescriptor, _ family: CFString) -> CTFontDescriptor? {
    original.withFamily(family as String)
}

/// Core Text: `CTFontDescriptorCreateCopyWithSymbolicTraits`.
public func CTFontDescriptorCreateCopyWithSymbolicTraits(_ original: CTFontDescriptor, _ symTraitValue: CTFontSymbolicTraits,
                                                         _ symTraitMask: CTFontSymbolicTraits) -> CTFontDescriptor? {
    original.withSymbolicTraits(symTraitValue, mask: symTraitMask)
}

/// The keys of a `CFSet` of attribute names Galley matches by.
private func mandatoryKeys(_ keys: NSSet?) -> Set<FontDescriptor.AttributeKey>? {
    keys.map { Set($0.compactMap { ($0 as? String).flatMap(FontDescriptor.AttributeKey.init(rawValue:)) }) }
}

/// The faces of `CoreTextEnvironment.fontCatalog` matching, best first; nil when none. Core Text:
/// `CTFontDescriptorCreateMatchingFontDescriptors`.
public func CTFontDescriptorCreateMatchingFontDescriptors(_ descriptor: CTFontDescriptor, _ mandatoryAttributes: NSSet?) -> CFArray? {
    let matches = descriptor.matchingDescriptors(mandatoryKeys: mandatoryKeys(mandatoryAttributes), in: CoreTextEnvironment.fontCatalog)
    return matches.isEmpty ? nil : matches as NSArray
}

/// Core Text: `CTFontDescriptorCreateMatchingFontDescriptor`.
public func CTFontDescriptorCreateMatchingFontDescriptor(_ descriptor: CTFontDescriptor, _ mandatoryAttributes: NSSet?) -> CTFontDescriptor? {
    descriptor.matchingDescriptor(mandatoryKeys: mandatoryKeys(mandatoryAttributes), in: CoreTextEnvironment.fontCatalog)
}

/// The attributes set, by Core Text's keys (names, family, style, size, URL, symbolic traits, feature settings).
/// Core Text: `CTFontDescriptorCopyAttributes`.
public func CTFontDescriptorCopyAttributes(_ descriptor: CTFontDescriptor) -> CFDictionary {
    var result: [String: Any] = [:]
    if let name = descriptor.postScriptName { result[kCTFontNameAttribute as String] = name }
    if let family = descriptor.family { result[kCTFontFamilyNameAttribute as String] = family }
    if let style = descriptor.styleName { result[kCTFontStyleNameAttribute as String] = style }
    if let name = descriptor.displayName { result[kCTFontDisplayNameAttribute as String] = name }
    if let size = descriptor.size { result[kCTFontSizeAttribute as String] = NSNumber(value: Double(size)) }
    if let url = descriptor.url { result[kCTFontURLAttribute as String] = url }
    if let traits = descriptor.traits { result[kCTFontTraitsAttribute as String] = traitsDictionary(traits) }
    if !descriptor.featureSettings.isEmpty {
        result[kCTFontFeatureSettingsAttribute as String] = descriptor.featureSettings.map(featureDictionary) as NSArray
    }
    return result as NSDictionary
}

/// A feature setting as Core Text reports it: the OpenType tag and value, with the AAT type and selector where the
/// feature has them.
func featureDictionary(_ setting: FontFeatureSetting) -> NSDictionary {
    var fields: [String: Any] = [kCTFontOpenTypeFeatureTag as String: setting.tag.description,
                                 kCTFontOpenTypeFeatureValue as String: NSNumber(value: setting.value)]
    if let aat = setting.aatFeature {
        fields[kCTFontFeatureTypeIdentifierKey as String] = NSNumber(value: aat.type)
        fields[kCTFontFeatureSelectorIdentifierKey as String] = NSNumber(value: aat.selector)
    }
    return fields as NSDictionary
}

/// Traits as Core Text's traits dictionary (symbolic traits, and weight, width and slant where set).
func traitsDictionary(_ traits: FontTraits) -> CFDictionary {
    var fields: [String: Any] = [kCTFontSymbolicTrait as String: NSNumber(value: traits.symbolic.rawValue)]
    if let weight = traits.weight { fields[kCTFontWeightTrait as String] = NSNumber(value: Double(weight)) }
    if let width = traits.width { fields[kCTFontWidthTrait as String] = NSNumber(value: Double(width)) }
    if let slant = traits.slant { fields[kCTFontSlantTrait as String] = NSNumber(value: Double(slant)) }
    return fields as NSDictionary
}

/// Core Text: `CTFontDescriptorCopyAttribute`.
public func CTFontDescriptorCopyAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString) -> CFTypeRef? {
    CTFontDescriptorCopyAttributes(descriptor)[attribute as String] as CFTypeRef?
}

/// The font a descriptor matches in `CoreTextEnvironment.fontCatalog`, at `size` (0: the descriptor's, else 12 pt).
/// Core Text: `CTFontCreateWithFontDescriptor`.
public func CTFontCreateWithFontDescriptor(_ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont! {
    (try? Font(descriptor: descriptor, size: size == 0 ? nil : size, matrix: matrix?.pointee.affineTransform, catalog: CoreTextEnvironment.fontCatalog))
        ?? CoreTextEnvironment.defaultFont
}

/// Core Text: `CTFontCopyFontDescriptor`.
public func CTFontCopyFontDescriptor(_ font: CTFont) -> CTFontDescriptor { font.descriptor }
