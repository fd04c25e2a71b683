import Foundation
import Galley

// Core Text's attribute keys with their real string values (what `kCT…` holds on Apple platforms), as `CFString`s:
// `kCTFontAttributeName as NSAttributedString.Key` and `[kCTFontAttributeName: font] as CFDictionary` work as there.
// Galley's attributes read every one of them (`StringAttributes.coreTextAliases` for those whose string differs
// from AppKit's).

/// Core Text: `kCTFontAttributeName`.
public var kCTFontAttributeName: CFString { "NSFont" }
/// Core Text: `kCTForegroundColorAttributeName`.
public var kCTForegroundColorAttributeName: CFString { "CTForegroundColor" }
/// Core Text: `kCTForegroundColorFromContextAttributeName`.
public var kCTForegroundColorFromContextAttributeName: CFString { "CTForegroundColorFromContext" }
/// Core Text: `kCTBackgroundColorAttributeName`.
public var kCTBackgroundColorAttributeName: CFString { "CTBackgroundColor" }
/// Core Text: `kCTKernAttributeName`.
public var kCTKernAttributeName: CFString { "NSKern" }
/// Core Text: `kCTTrackingAttributeName`.
public var kCTTrackingAttributeName: CFString { "CTTracking" }
/// Core Text: `kCTLigatureAttributeName`.
public var kCTLigatureAttributeName: CFString { "NSLigature" }
/// Core Text: `kCTParagraphStyleAttributeName`.
public var kCTParagraphStyleAttributeName: CFString { "NSParagraphStyle" }
/// Core Text: `kCTStrokeWidthAttributeName`.
public var kCTStrokeWidthAttributeName: CFString { "NSStrokeWidth" }
/// Core Text: `kCTStrokeColorAttributeName`.
public var kCTStrokeColorAttributeName: CFString { "CTStrokeColor" }
/// Core Text: `kCTUnderlineStyleAttributeName`.
public var kCTUnderlineStyleAttributeName: CFString { "NSUnderline" }
/// Core Text: `kCTUnderlineColorAttributeName`.
public var kCTUnderlineColorAttributeName: CFString { "CTUnderlineColor" }
/// Core Text: `kCTSuperscriptAttributeName`.
public var kCTSuperscriptAttributeName: CFString { "CTSuperscript" }
/// Core Text: `kCTBaselineOffsetAttributeName`.
public var kCTBaselineOffsetAttributeName: CFString { "CTBaselineOffset" }
/// Core Text: `kCTLanguageAttributeName`.
public var kCTLanguageAttributeName: CFString { "NSLanguage" }
/// Core Text: `kCTWritingDirectionAttributeName`.
public var kCTWritingDirectionAttributeName: CFString { "NSWritingDirection" }
/// Core Text: `kCTRunDelegateAttributeName`.
public var kCTRunDelegateAttributeName: CFString { "CTRunDelegate" }
/// Core Text: `kCTVerticalFormsAttributeName`.
public var kCTVerticalFormsAttributeName: CFString { "CTVerticalForms" }
/// Core Text: `kCTHorizontalInVerticalFormsAttributeName`.
public var kCTHorizontalInVerticalFormsAttributeName: CFString { "CTHorizontalInVerticalForms" }
/// Core Text: `kCTFontFeatureSettingsAttribute`.
public var kCTFontFeatureSettingsAttribute: CFString { "NSCTFontFeatureSettingsAttribute" }
/// An AAT feature type in a feature-settings dictionary (mapped to OpenType by
/// `FontFeatureSetting.settings(aatFeatureType:selector:)`). Core Text: `kCTFontFeatureTypeIdentifierKey`.
public var kCTFontFeatureTypeIdentifierKey: CFString { "CTFeatureTypeIdentifier" }
/// An AAT feature selector in a feature-settings dictionary. Core Text: `kCTFontFeatureSelectorIdentifierKey`.
public var kCTFontFeatureSelectorIdentifierKey: CFString { "CTFeatureSelectorIdentifier" }
/// An OpenType feature tag in a feature-settings dictionary. Core Text: `kCTFontOpenTypeFeatureTag`.
public var kCTFontOpenTypeFeatureTag: CFString { "CTFeatureOpenTypeTag" }
/// An OpenType feature value in a feature-settings dictionary. Core Text: `kCTFontOpenTypeFeatureValue`.
public var kCTFontOpenTypeFeatureValue: CFString { "CTFeatureOpenTypeValue" }

// Frame attributes.

/// Core Text: `kCTFrameProgressionAttributeName`.
public var kCTFrameProgressionAttributeName: CFString { "CTFrameProgression" }
/// Core Text: `kCTFramePathFillRuleAttributeName`.
public var kCTFramePathFillRuleAttributeName: CFString { "CTFramePathFillRule" }
/// Core Text: `kCTFramePathWidthAttributeName`.
public var kCTFramePathWidthAttributeName: CFString { "CTFramePathWidth" }
/// Core Text: `kCTFrameClippingPathsAttributeName`.
public var kCTFrameClippingPathsAttributeName: CFString { "CTFrameClippingPaths" }
/// Core Text: `kCTFramePathClippingPathAttributeName`.
public var kCTFramePathClippingPathAttributeName: CFString { "CTFramePathClippingPath" }

/// Core Text: `CTFramePathFillRule`.
public enum CTFramePathFillRule: UInt32, Sendable {
    /// Core Text: `kCTFramePathFillEvenOdd`.
    case evenOdd = 0
    /// Core Text: `kCTFramePathFillWindingNumber`.
    case windingNumber = 1
}

/// Core Text: `CTUnderlineStyle`.
public struct CTUnderlineStyle: OptionSet, Sendable {
    /// The bits.
    public let rawValue: Int32
    /// A style from its bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// One line.
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    /// Two lines.
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}
