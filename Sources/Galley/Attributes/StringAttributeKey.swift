import Foundation

/// Core Text's attribute keys, spelled as Apple spells them, so an `NSAttributedString` built for Core Text or
/// AppKit carries over unchanged. Values may be Galley's types or the plain numbers Core Text uses
/// (`NSNumber`, `Int`, `Double`, `CGFloat`); a value of the wrong type is ignored, as if the key were absent.
extension NSAttributedString.Key {
    /// `Font`; absent = `Font.defaultFont`. Core Text: `kCTFontAttributeName` ("NSFont").
    public static let font = NSAttributedString.Key("NSFont")
    /// `Color`; absent = black. Core Text: `kCTForegroundColorAttributeName`; AppKit: "NSColor".
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// `Bool`: draw with the drawing context's fill colour. Core Text: `kCTForegroundColorFromContextAttributeName`.
    public static let foregroundColorFromContext = NSAttributedString.Key("CTForegroundColorFromContext")
    /// `Color` filled behind the glyphs, over the line's height. Core Text: `kCTBackgroundColorAttributeName`.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// Number of points added after each character; 0 also turns the font's kerning off.
    /// Core Text: `kCTKernAttributeName` ("NSKern").
    public static let kern = NSAttributedString.Key("NSKern")
    /// Number of points of uniform letter spacing; non-zero turns off discretionary and standard ligatures.
    /// Core Text: `kCTTrackingAttributeName`; AppKit: "NSTracking".
    public static let tracking = NSAttributedString.Key("NSTracking")
    /// Number: 0 = required ligatures only, 1 = standard (default), 2 = all (discretionary and historical). Core Text: `kCTLigatureAttributeName`.
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// `ParagraphStyle`; the first character's style holds for the paragraph.
    /// Core Text: `kCTParagraphStyleAttributeName`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Number, percent of the point size: > 0 strokes only, < 0 strokes and fills.
    /// Core Text: `kCTStrokeWidthAttributeName`.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// `Color` of the stroke; absent = the foreground colour. Core Text: `kCTStrokeColorAttributeName`.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// `UnderlineStyle` or its raw number. Core Text: `kCTUnderlineStyleAttributeName`.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// `Color` of the underline; absent = the foreground colour. Core Text: `kCTUnderlineColorAttributeName`.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// `UnderlineStyle` or its raw number for a line through the text. Core Text has no such key; AppKit's
    /// `NSStrikethroughStyleAttributeName`.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// `Color` of the strikethrough; absent = the foreground colour. AppKit: `NSStrikethroughColorAttributeName`.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// Integer: positive = superscript levels, negative = subscript, from the font's OS/2 offsets and sizes.
    /// Core Text: `kCTSuperscriptAttributeName`.
    public static let superscript = NSAttributedString.Key("NSSuperScript")
    /// Number of points the run is raised above the baseline. Core Text: `kCTBaselineOffsetAttributeName`.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    // `.language` ("NSLanguage", a BCP 47 `String` that picks fallback fonts and localized glyph forms;
    // Core Text's `kCTLanguageAttributeName`) is Foundation's own key.
    /// `[WritingDirectionEmbedding]` or an array of Core Text's numbers, outermost first.
    /// Core Text: `kCTWritingDirectionAttributeName`.
    public static let writingDirection = NSAttributedString.Key("NSWritingDirection")
    /// `[FontFeatureSetting]` applied on top of the font's own. Core Text names this key for descriptors
    /// (`kCTFontFeatureSettingsAttribute`); Galley also takes it on strings.
    public static let fontFeatureSettings = NSAttributedString.Key("NSCTFontFeatureSettingsAttribute")
    /// `RunDelegate` reserving space for an inline object. Core Text: `kCTRunDelegateAttributeName`.
    public static let runDelegate = NSAttributedString.Key("CTRunDelegate")
    /// `Bool`: shape the text top to bottom with vertical glyph forms (HarfBuzz's TTB direction), for a vertical frame
    /// (`FrameAttributes.progression`): Chinese, Japanese and Korean stand upright, and what Unicode turns in vertical
    /// text (Latin, digits; `VerticalOrientation`) and right-to-left text are set sideways. Core Text:
    /// `kCTVerticalFormsAttributeName`.
    public static let verticalForms = NSAttributedString.Key("CTVerticalForms")
    /// A number from 1 to 4: in vertical text (with `verticalForms`), a run of at most that many characters is set
    /// horizontally, upright, in one em of the column (tate-chu-yoko: "12", "!?"), compressed to fit when wider —
    /// CSS's `text-combine-upright`. A longer run is set as it would be without the attribute. Core Text:
    /// `kCTHorizontalInVerticalFormsAttributeName`.
    public static let horizontalInVerticalForms = NSAttributedString.Key("CTHorizontalInVerticalForms")
    /// `RubyAnnotation`: ruby (furigana) beside the attributed characters, its base; the base and its ruby never
    /// break apart. Core Text: `kCTRubyAnnotationAttributeName`.
    public static let rubyAnnotation = NSAttributedString.Key("CTRubyAnnotation")
    /// A number: the slant given to glyphs when they are drawn, as a shear of x by y (0.2 leans the tops right by a
    /// fifth of their height; 0 upright). UIKit: `NSAttributedString.Key.obliqueness`.
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    /// A `Shadow` drawn under the glyphs. UIKit: `NSAttributedString.Key.shadow`.
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// A number: the natural logarithm of a horizontal stretch of the glyphs' shapes and advances (0 none).
    /// UIKit: `NSAttributedString.Key.expansion`.
    public static let expansion = NSAttributedString.Key("NSExpansion")
    /// A link: a `URL` or a `String` holding one, over the text it covers ("NSLink"). Layout ignores it; documents
    /// read from Markdown, HTML and RTF carry it (Foundation on Linux does not define the key). AppKit and UIKit:
    /// `NSAttributedString.Key.link`.
    public static let link = NSAttributedString.Key("NSLink")
    /// A `TextAttachment` (an image) on the U+FFFC it stands for ("NSAttachment"): laid out as its run delegate, drawn
    /// by `Canvas`. AppKit and UIKit: `NSAttributedString.Key.attachment`.
    public static let attachment = NSAttributedString.Key("NSAttachment")
}
