/// Options that change how text is analysed before it is broken into lines.
///
/// Core Text: the options dictionary of `CTTypesetterCreateWithAttributedStringAndOptions`.
public struct TypesetterOptions: Hashable, Sendable {
    /// One embedding level for all text, switching bidi analysis off (0 left to right, 1 right to left; other
    /// even or odd values count as those). nil: resolve levels by UAX #9.
    /// Core Text: `kCTTypesetterOptionForcedEmbeddingLevel`.
    public var forcedEmbeddingLevel: Int?

    /// An ISO 15924 script ("Latn", "Arab") used for all text instead of each character's Unicode script,
    /// as `hb-shape --script` does; without a forced embedding level, all text then takes the script's
    /// direction. nil: by Unicode's Script property with inheritance. Galley only.
    public var script: String?

    /// Whether a paragraph of any length is shaped as one piece. When false (the default), a paragraph longer
    /// than `TypesetterOptions.maximumParagraphLength` UTF-16 units is analysed and shaped in pieces of that
    /// size cut at grapheme boundaries (bidi and shaping do not see across a cut), so pathological input — a
    /// megabyte without a line break — costs time proportional to its length, never more.
    /// When true, paragraphs are still cut at `maximumUnboundedParagraphLength` units (2 Gi), the most one
    /// paragraph's compact glyph storage can index.
    /// Core Text: `kCTTypesetterOptionAllowUnboundedLayout` (Core Text refuses such text instead).
    public var allowsUnboundedLayout = false

    /// The language for hyphenation and line breaking where the text has no `NSLanguage` attribute.
    public var language: String?

    /// Whether the text starts inside a paragraph — the editing layer lays a long paragraph out in pieces that
    /// start at `Typesetter.isIndependentLineStart(at:)`: its first line is then no paragraph's first (the head
    /// indent, not the first-line indent; no spacing before). Applies to greedy breaking; optimal breaking and a
    /// frame's widows and orphans see the text as a paragraph of its own.
    package var startsInsideParagraph = false

    /// Whether the text stops inside a paragraph (its piece before an independent line start): its last line is
    /// then no paragraph's last (justified as the others; no spacing after).
    package var endsInsideParagraph = false

    /// Glyph substitution after shaping (the editing layer's `shouldGenerateGlyphs` delegate); nil for none.
    package var glyphGenerator: GlyphGenerator?

    /// The piece size for paragraphs when `allowsUnboundedLayout` is false: 1,048,576 UTF-16 units.
    public static let maximumParagraphLength = 1 << 20

    /// The piece size for paragraphs when `allowsUnboundedLayout` is true: `Int32.max` UTF-16 units.
    public static let maximumUnboundedParagraphLength = Int(Int32.max)

    /// No options: bidi and scripts from the text.
    public init(forcedEmbeddingLevel: Int? = nil, script: String? = nil, allowsUnboundedLayout: Bool = false,
                language: String? = nil) {
        self.forcedEmbeddingLevel = forcedEmbeddingLevel
        self.script = script
        self.allowsUnboundedLayout = allowsUnboundedLayout
        self.language = language
    }
}
