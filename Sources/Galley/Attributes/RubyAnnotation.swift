import Foundation

/// Ruby (furigana): small text set beside its base — above it in horizontal text, on its right in vertical text (the
/// `before` position), or on the other side (`after`) — attached to the base's characters with the
/// `NSAttributedString.Key.rubyAnnotation` attribute. The base and its ruby never break apart; a ruby longer than its
/// base spreads the base by the alignment, or hangs over the kana beside it as the overhang allows (JIS X 4051
/// §3.3); the line grows to hold the ruby. Carets, selection and hit testing see only the base's characters; the ruby
/// is drawn as decoration (glyphs without text in a PDF, so that copied text reads as the base). An `NSObject` so
/// that Foundation's attribute dictionaries on Linux compare annotations through `isEqual`.
///
/// Core Text: `CTRubyAnnotation` (`CTRubyAnnotationCreate`, `CTRubyAnnotationCreateWithAttributes`).
public final class RubyAnnotation: NSObject, @unchecked Sendable {
    // Must stay the first stored property: CoreFoundation reads it (FoundationAttributeValue.swift).
    private let typeTag = CoreFoundationTypeTag.value
    /// How the ruby and its base share the longer one's length. Core Text: `CTRubyAnnotationGetAlignment`.
    public let alignment: RubyAlignment
    /// Whether a ruby longer than its base may hang over the characters beside it.
    /// Core Text: `CTRubyAnnotationGetOverhang`.
    public let overhang: RubyOverhang
    /// The ruby's size as a share of the base's font size (0.5 by default; limited to 0.1…1).
    /// Core Text: `CTRubyAnnotationGetSizeFactor`.
    public let sizeFactor: CGFloat
    /// The ruby text for each position (at least one; `before` is the usual one).
    /// Core Text: `CTRubyAnnotationGetTextForPosition`.
    public let text: [RubyPosition: String]
    /// Attributes of the ruby text (a font, a colour); what they leave out comes from the base, the font at
    /// `sizeFactor` times the base's size. Core Text: the attributes of `CTRubyAnnotationCreateWithAttributes`.
    public let attributes: [NSAttributedString.Key: any Sendable]

    /// A ruby annotation. A size factor that is not finite counts as 0.5. Core Text: `CTRubyAnnotationCreate`.
    public init(text: [RubyPosition: String], alignment: RubyAlignment = .auto, overhang: RubyOverhang = .auto, sizeFactor: CGFloat = 0.5,
                attributes: [NSAttributedString.Key: any Sendable] = [:]) {
        self.text = text
        self.alignment = alignment
        self.overhang = overhang
        self.sizeFactor = sizeFactor.isFinite ? min(max(sizeFactor, 0.1), 1) : 0.5
        self.attributes = attributes
        super.init()
    }

    /// A ruby annotation with one text at one position (`before` unless given).
    /// Core Text: `CTRubyAnnotationCreateWithAttributes`.
    public convenience init(_ text: String, position: RubyPosition = .before, alignment: RubyAlignment = .auto,
                            overhang: RubyOverhang = .auto, sizeFactor: CGFloat = 0.5, attributes: [NSAttributedString.Key: any Sendable] = [:]) {
        self.init(text: [position: text], alignment: alignment, overhang: overhang, sizeFactor: sizeFactor, attributes: attributes)
    }

    /// Equal when the texts, alignment, overhang, size factor and attributes (as Galley reads them) are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? RubyAnnotation else { return false }
        return other.text == text && other.alignment == alignment && other.overhang == overhang && other.sizeFactor == sizeFactor
            && StringAttributes(other.attributes.mapValues { $0 as Any }) == StringAttributes(attributes.mapValues { $0 as Any })
    }

    /// The hash of the texts.
    public override var hash: Int { text.hashValue }
}

/// How a ruby and its base share the longer one's length. Core Text: `CTRubyAlignment`.
public enum RubyAlignment: Int, Hashable, Sendable, Codable, CaseIterable {
    /// JIS X 4051's default: `distributeSpace` for a longer ruby, the ruby spread `distributeSpace` over a longer base.
    /// Core Text: `kCTRubyAlignmentAuto`.
    case auto = 0
    /// At the start. Core Text: `kCTRubyAlignmentStart`.
    case start = 1
    /// Centred. Core Text: `kCTRubyAlignmentCenter`.
    case center = 2
    /// At the end. Core Text: `kCTRubyAlignmentEnd`.
    case end = 3
    /// The shorter spread from edge to edge, its characters evenly apart. Core Text: `kCTRubyAlignmentDistributeLetter`.
    case distributeLetter = 4
    /// The shorter spread with half a gap at each edge and whole gaps between its characters (1:2:1).
    /// Core Text: `kCTRubyAlignmentDistributeSpace`.
    case distributeSpace = 5
    /// At the start or end when the base touches a line's start or end, else as `auto`.
    /// Core Text: `kCTRubyAlignmentLineEdge`.
    case lineEdge = 6
}

/// Whether a ruby longer than its base may hang over the characters beside it. Core Text: `CTRubyOverhang`.
public enum RubyOverhang: Int, Hashable, Sendable, Codable, CaseIterable {
    /// Over kana (hiragana, katakana) and punctuation on either side, by up to one ruby character each.
    /// Core Text: `kCTRubyOverhangAuto`.
    case auto = 0
    /// Only over the character before the base. Core Text: `kCTRubyOverhangStart`.
    case start = 1
    /// Only over the character after the base. Core Text: `kCTRubyOverhangEnd`.
    case end = 2
    /// Never: the base spreads to the ruby's length. Core Text: `kCTRubyOverhangNone`.
    case none = 3
}

/// Where a ruby stands. Core Text: `CTRubyPosition`.
public enum RubyPosition: Int, Hashable, Sendable, Codable, CaseIterable {
    /// Above the base in horizontal text, on its right in vertical text. Core Text: `kCTRubyPositionBefore`.
    case before = 0
    /// Below, or on the left in vertical text. Core Text: `kCTRubyPositionAfter`.
    case after = 1
    /// On the right of the base whether the text is horizontal or vertical (Taiwanese bopomofo): in horizontal text a
    /// column of upright vertical forms after the base, centred on its height, the base widened to make room; in
    /// vertical text where `before` stands. Core Text: `kCTRubyPositionInterCharacter`.
    case interCharacter = 2
    /// Following the base in the line, on its baseline, without styling: at the base's size unless the ruby's
    /// attributes give a font, the base widened to make room. Core Text: `kCTRubyPositionInline`.
    case inline = 3
}
