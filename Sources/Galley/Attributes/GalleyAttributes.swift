import Foundation

extension AttributeScopes {
    /// Galley's attributes for Swift's `AttributedString`; each key's `name` is Core Text's key string, so
    /// `NSAttributedString(attributedString, including: \.galley)` round-trips where Foundation supports it.
    ///
    /// Core Text: `AttributeScopes.CoreTextAttributes` (iOS 26) and the `CTStringAttributes` keys.
    public struct GalleyAttributes: AttributeScope {
        /// `NSAttributedString.Key.font`.
        public let font: FontAttribute
        /// `NSAttributedString.Key.foregroundColor`.
        public let foregroundColor: ForegroundColorAttribute
        /// `NSAttributedString.Key.foregroundColorFromContext`.
        public let foregroundColorFromContext: ForegroundColorFromContextAttribute
        /// `NSAttributedString.Key.backgroundColor`.
        public let backgroundColor: BackgroundColorAttribute
        /// `NSAttributedString.Key.kern`.
        public let kern: KernAttribute
        /// `NSAttributedString.Key.tracking`.
        public let tracking: TrackingAttribute
        /// `NSAttributedString.Key.ligature`.
        public let ligature: LigatureAttribute
        /// `NSAttributedString.Key.paragraphStyle`.
        public let paragraphStyle: ParagraphStyleAttribute
        /// `NSAttributedString.Key.strokeWidth`.
        public let strokeWidth: StrokeWidthAttribute
        /// `NSAttributedString.Key.strokeColor`.
        public let strokeColor: StrokeColorAttribute
        /// `NSAttributedString.Key.underlineStyle`.
        public let underlineStyle: UnderlineStyleAttribute
        /// `NSAttributedString.Key.underlineColor`.
        public let underlineColor: UnderlineColorAttribute
        /// `NSAttributedString.Key.strikethroughStyle`.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// `NSAttributedString.Key.strikethroughColor`.
        public let strikethroughColor: StrikethroughColorAttribute
        /// `NSAttributedString.Key.superscript`.
        public let superscript: SuperscriptAttribute
        /// `NSAttributedString.Key.baselineOffset`.
        public let baselineOffset: BaselineOffsetAttribute
        /// `NSAttributedString.Key.language`.
        public let language: LanguageAttribute
        /// `NSAttributedString.Key.writingDirection`.
        public let writingDirection: WritingDirectionAttribute
        /// `NSAttributedString.Key.fontFeatureSettings`.
        public let fontFeatureSettings: FontFeatureSettingsAttribute
        /// `NSAttributedString.Key.runDelegate`.
        public let runDelegate: RunDelegateAttribute
        /// `NSAttributedString.Key.verticalForms`.
        public let verticalForms: VerticalFormsAttribute
        /// `NSAttributedString.Key.horizontalInVerticalForms`.
        public let horizontalInVerticalForms: HorizontalInVerticalFormsAttribute
        /// `NSAttributedString.Key.rubyAnnotation`.
        public let rubyAnnotation: RubyAnnotationAttribute
        /// `NSAttributedString.Key.obliqueness`.
        public let obliqueness: ObliquenessAttribute
        /// `NSAttributedString.Key.shadow`.
        public let shadow: ShadowAttribute
        /// `NSAttributedString.Key.expansion`.
        public let expansion: ExpansionAttribute
    }

    /// Galley's attribute scope: `string.galley.font = font`.
    public var galley: GalleyAttributes.Type { GalleyAttributes.self }
}

extension AttributeDynamicLookup {
    /// Dynamic member lookup for Galley's attributes (`string.font`, `string[\.galley.kern]`).
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.GalleyAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributeScopes.GalleyAttributes {
    /// The font. Core Text: `kCTFontAttributeName`.
    public enum FontAttribute: AttributedStringKey {
        public typealias Value = Font
        public static let name = NSAttributedString.Key.font.rawValue
    }
    /// Text colour. Core Text: `kCTForegroundColorAttributeName`.
    public enum ForegroundColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = NSAttributedString.Key.foregroundColor.rawValue
    }
    /// Use the context's fill colour. Core Text: `kCTForegroundColorFromContextAttributeName`.
    public enum ForegroundColorFromContextAttribute: AttributedStringKey {
        public typealias Value = Bool
        public static let name = NSAttributedString.Key.foregroundColorFromContext.rawValue
    }
    /// Background colour. Core Text: `kCTBackgroundColorAttributeName`.
    public enum BackgroundColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = NSAttributedString.Key.backgroundColor.rawValue
    }
    /// Extra points after each character; 0 turns kerning off. Core Text: `kCTKernAttributeName`.
    public enum KernAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = NSAttributedString.Key.kern.rawValue
    }
    /// Letter spacing in points. Core Text: `kCTTrackingAttributeName`.
    public enum TrackingAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = NSAttributedString.Key.tracking.rawValue
    }
    /// Ligature level 0, 1 or 2. Core Text: `kCTLigatureAttributeName`.
    public enum LigatureAttribute: AttributedStringKey {
        public typealias Value = Int
        public static let name = NSAttributedString.Key.ligature.rawValue
    }
    /// The paragraph style. Core Text: `kCTParagraphStyleAttributeName`.
    public enum ParagraphStyleAttribute: AttributedStringKey {
        public typealias Value = ParagraphStyle
        public static let name = NSAttributedString.Key.paragraphStyle.rawValue
    }
    /// Stroke width, percent of the size. Core Text: `kCTStrokeWidthAttributeName`.
    public enum StrokeWidthAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = NSAttributedString.Key.strokeWidth.rawValue
    }
    /// Stroke colour. Core Text: `kCTStrokeColorAttributeName`.
    public enum StrokeColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = NSAttributedString.Key.strokeColor.rawValue
    }
    /// Underline. Core Text: `kCTUnderlineStyleAttributeName`.
    public enum UnderlineStyleAttribute: AttributedStringKey {
        public typealias Value = UnderlineStyle
        public static let name = NSAttributedString.Key.underlineStyle.rawValue
    }
    /// Underline colour. Core Text: `kCTUnderlineColorAttributeName`.
    public enum UnderlineColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = NSAttributedString.Key.underlineColor.rawValue
    }
    /// Strikethrough. AppKit: `NSStrikethroughStyleAttributeName`.
    public enum StrikethroughStyleAttribute: AttributedStringKey {
        public typealias Value = UnderlineStyle
        public static let name = NSAttributedString.Key.strikethroughStyle.rawValue
    }
    /// Strikethrough colour. AppKit: `NSStrikethroughColorAttributeName`.
    public enum StrikethroughColorAttribute: AttributedStringKey {
        public typealias Value = Color
        public static let name = NSAttributedString.Key.strikethroughColor.rawValue
    }
    /// Superscript levels. Core Text: `kCTSuperscriptAttributeName`.
    public enum SuperscriptAttribute: AttributedStringKey {
        public typealias Value = Int
        public static let name = NSAttributedString.Key.superscript.rawValue
    }
    /// Baseline shift in points. Core Text: `kCTBaselineOffsetAttributeName`.
    public enum BaselineOffsetAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = NSAttributedString.Key.baselineOffset.rawValue
    }
    /// BCP 47 language. Core Text: `kCTLanguageAttributeName`.
    public enum LanguageAttribute: AttributedStringKey {
        public typealias Value = String
        public static let name = NSAttributedString.Key.language.rawValue
    }
    /// Embeddings and overrides. Core Text: `kCTWritingDirectionAttributeName`.
    public enum WritingDirectionAttribute: AttributedStringKey {
        public typealias Value = [WritingDirectionEmbedding]
        public static let name = NSAttributedString.Key.writingDirection.rawValue
    }
    /// OpenType features. Core Text: `kCTFontFeatureSettingsAttribute`.
    public enum FontFeatureSettingsAttribute: AttributedStringKey {
        public typealias Value = [FontFeatureSetting]
        public static let name = NSAttributedString.Key.fontFeatureSettings.rawValue
    }
    /// Inline object space. Core Text: `kCTRunDelegateAttributeName`.
    public enum RunDelegateAttribute: AttributedStringKey {
        public typealias Value = RunDelegate
        public static let name = NSAttributedString.Key.runDelegate.rawValue
    }
    /// Glyphs' slant when drawn. UIKit: `NSAttributedString.Key.obliqueness`.
    public enum ObliquenessAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = NSAttributedString.Key.obliqueness.rawValue
    }
    /// A horizontal stretch of the glyphs (its natural logarithm). UIKit: `NSAttributedString.Key.expansion`.
    public enum ExpansionAttribute: AttributedStringKey {
        public typealias Value = CGFloat
        public static let name = NSAttributedString.Key.expansion.rawValue
    }
    /// A shadow under the glyphs. UIKit: `NSAttributedString.Key.shadow`.
    public enum ShadowAttribute: AttributedStringKey {
        public typealias Value = Shadow
        public static let name = NSAttributedString.Key.shadow.rawValue
    }
    /// Vertical glyph forms. Core Text: `kCTVerticalFormsAttributeName`.
    public enum VerticalFormsAttribute: AttributedStringKey {
        public typealias Value = Bool
        public static let name = NSAttributedString.Key.verticalForms.rawValue
    }
    /// Tate-chu-yoko: up to this many characters (1–4) set horizontally in one em of vertical text.
    /// Core Text: `kCTHorizontalInVerticalFormsAttributeName`.
    public enum HorizontalInVerticalFormsAttribute: AttributedStringKey {
        public typealias Value = Int
        public static let name = NSAttributedString.Key.horizontalInVerticalForms.rawValue
    }
    /// Ruby beside the characters. Core Text: `kCTRubyAnnotationAttributeName`.
    public enum RubyAnnotationAttribute: AttributedStringKey {
        public typealias Value = RubyAnnotation
        public static let name = NSAttributedString.Key.rubyAnnotation.rawValue
    }
}
