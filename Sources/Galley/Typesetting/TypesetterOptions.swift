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

    /// No options: bidi and scripts from the text.
    public init(forcedEmbeddingLevel: Int? = nil, script: String? = nil) {
        self.forcedEmbeddingLevel = forcedEmbeddingLevel
        self.script = script
    }
}
