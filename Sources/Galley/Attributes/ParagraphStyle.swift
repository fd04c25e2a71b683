import Foundation

/// How a paragraph is laid out: alignment, indents, tabs, line breaking, line heights and spacing, direction.
/// A paragraph takes its style from its first character, as in Core Text. Lengths are points; NaN, infinite or
/// negative values where a length must be positive count as 0 (no limit) when used.
///
/// Core Text: `CTParagraphStyle` (every `CTParagraphStyleSpecifier`); AppKit's `NSParagraphStyle`.
public struct ParagraphStyle: Hashable, Sendable, Codable {
    /// Where lines sit between the margins. Core Text: `kCTParagraphStyleSpecifierAlignment`.
    public var alignment: TextAlignment = .natural
    /// Indent of the first line from the leading margin. Core Text: `kCTParagraphStyleSpecifierFirstLineHeadIndent`.
    public var firstLineHeadIndent: CGFloat = 0
    /// Indent of the other lines from the leading margin. Core Text: `kCTParagraphStyleSpecifierHeadIndent`.
    public var headIndent: CGFloat = 0
    /// Core Text's sign rule: positive is the line's end measured from the leading margin; zero or negative is an
    /// inset from the trailing margin. Core Text: `kCTParagraphStyleSpecifierTailIndent`.
    public var tailIndent: CGFloat = 0
    /// Tab stops, in order of location. Core Text: `kCTParagraphStyleSpecifierTabStops`.
    public var tabStops: [TextTab] = []
    /// Interval of the stops after the last tab stop; 0 uses Core Text's 28-point grid.
    /// Core Text: `kCTParagraphStyleSpecifierDefaultTabInterval`.
    public var defaultTabInterval: CGFloat = 0
    /// How lines break and what happens to text that does not fit. Core Text: `kCTParagraphStyleSpecifierLineBreakMode`.
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// Multiplies the natural line height (0: 1); the extra space goes above the glyphs.
    /// Core Text: `kCTParagraphStyleSpecifierLineHeightMultiple`.
    public var lineHeightMultiple: CGFloat = 0
    /// Lines are at least this tall (0: no minimum). Core Text: `kCTParagraphStyleSpecifierMinimumLineHeight`.
    public var minimumLineHeight: CGFloat = 0
    /// Lines are at most this tall (0: no maximum). Core Text: `kCTParagraphStyleSpecifierMaximumLineHeight`.
    public var maximumLineHeight: CGFloat = 0
    /// Space added after each line of the paragraph, on top of the font's leading.
    /// Core Text: `kCTParagraphStyleSpecifierLineSpacingAdjustment`; AppKit: `lineSpacing`.
    public var lineSpacingAdjustment: CGFloat = 0
    /// The space after a line (leading plus adjustment) is at least this. Core Text: `kCTParagraphStyleSpecifierMinimumLineSpacing`.
    public var minimumLineSpacing: CGFloat = 0
    /// The space after a line is at most this (0: no maximum). Core Text: `kCTParagraphStyleSpecifierMaximumLineSpacing`.
    public var maximumLineSpacing: CGFloat = 0
    /// Space after the paragraph's last line. Core Text: `kCTParagraphStyleSpecifierParagraphSpacing`.
    public var paragraphSpacing: CGFloat = 0
    /// Space before the paragraph's first line (not at the top of a frame).
    /// Core Text: `kCTParagraphStyleSpecifierParagraphSpacingBefore`.
    public var paragraphSpacingBefore: CGFloat = 0
    /// The paragraph's direction; natural takes it from the first strong character.
    /// Core Text: `kCTParagraphStyleSpecifierBaseWritingDirection`.
    public var baseWritingDirection: WritingDirection = .natural
    /// Which fonts decide a line's height. Galley only (see `LineHeightPolicy`).
    public var lineHeightPolicy: LineHeightPolicy = .fontMaximum
    /// When to hyphenate, 0…1: a line is hyphenated when, broken at words only, it would be filled less than this
    /// fraction of its width (0: never). Words are hyphenated by the dictionary of the text's language
    /// (`NSLanguage`, else `TypesetterOptions.language`). TextKit: `NSParagraphStyle.hyphenationFactor`.
    public var hyphenationFactor: Float = 0
    /// Whether the parts of a compound written with a hyphen ("quick-witted") are hyphenated by the dictionary too;
    /// by default they break at their hyphen only, as in TeX. Galley only.
    public var hyphenatesCompounds = false
    /// Whether the text is hyphenated by its language's rules: `hyphenationFactor` above 0. Setting it true
    /// hyphenates wherever a line broken at words would be less than full (factor 1) unless a factor is set;
    /// false stops hyphenation. TextKit: `NSParagraphStyle.usesDefaultHyphenation`.
    public var usesDefaultHyphenation: Bool {
        get { hyphenationFactor > 0 }
        set { hyphenationFactor = newValue ? (hyphenationFactor > 0 ? hyphenationFactor : 1) : 0 }
    }
    /// Greedy (Core Text's: each line as full as it can be) or optimal (Knuth–Plass over the whole paragraph).
    /// TextKit: `NSParagraphStyle.lineBreakStrategy` (whose options differ).
    public var lineBreakStrategy: LineBreakStrategy = .greedy
    /// How strictly lines keep small kana, ー and closing punctuation off their starts (the kinsoku rules):
    /// `LineBreakStrictness`. Galley only; CSS: `line-break`.
    public var lineBreakStrictness: LineBreakStrictness = .automatic
    /// Space put between Chinese or Japanese characters and the Latin letters and digits beside them, in ems of the
    /// East Asian character's font (0: none; at most 1). JIS X 4051 asks a quarter em (0.25); CSS's `text-autospace`
    /// gives an eighth (0.125). Galley only (Core Text has none).
    public var eastAsianAutospace: CGFloat = 0
    /// Whether fullwidth brackets, commas and full stops that meet take half their width (the font's `halt`, `vhal`
    /// in vertical text): see `PunctuationTrimming`. CSS: `text-spacing-trim`'s `trim-adjacent`. Galley only.
    public var trimsAdjacentPunctuation = false
    /// Whether a fullwidth opening bracket that starts a line other than the paragraph's first takes half its width
    /// (its blank half hangs into the margin; breaking, greedy or optimal, gives the line that much more room). With
    /// `trimsAdjacentPunctuation` and `trimsPunctuationAtLineEnds`, CSS's `text-spacing-trim: normal` (`space-first`),
    /// which Chromium applies by default. Galley only.
    public var trimsPunctuationAtLineStarts = false
    /// Whether a fullwidth closing bracket or quote that ends a line takes half its width when the line would not fit
    /// otherwise (its blank half hangs past the line's end; breaking, greedy or optimal, lets the line take it), CSS's
    /// `text-spacing-trim` `allow-end`. As in Chromium, stops and commas are not trimmed there: they hang wholly
    /// where a style asks for burasage (`CharacterProtrusion.eastAsianStops`). Galley only.
    public var trimsPunctuationAtLineEnds = false
    /// How justified lines are stretched: spaces, then grapheme clusters (see `Justification`). Galley only; Core
    /// Text stretches spaces only (`Justification.interWord`).
    public var justification: Justification = .automatic
    /// Whether a line that would be truncated is first squeezed to fit, when narrowing its inter-word spaces by at
    /// most half their width is enough (UIKit tightens letter spacing instead; Galley leaves letters as the font
    /// spaces them). TextKit: `NSParagraphStyle.allowsDefaultTighteningForTruncation`.
    public var allowsDefaultTighteningForTruncation = false
    /// The penalties, demerits and tolerances of optimal breaking (`lineBreakStrategy = .optimal`): Galley's defaults,
    /// or `.tex` for plain TeX's. Galley only (TeX's `\linepenalty`, `\tolerance` and the rest).
    public var optimalBreakParameters = OptimalBreakParameters.default
    /// The fewest of the paragraph's first lines a frame, column or page may end with (1: any); a frame that would
    /// hold fewer ends before the paragraph. CSS: `orphans`; TeX: `\clubpenalty`.
    public var orphans = 1
    /// The fewest of the paragraph's last lines the next frame may start with (1: any); the frame before ends early
    /// to give it more. CSS: `widows`; TeX: `\widowpenalty`.
    public var widows = 1
    /// Whether a frame, column or page that ends inside the paragraph avoids ending on a hyphenated line: it ends a
    /// line early, when that leaves it at least `orphans` of the paragraph's lines (or one, when the paragraph began
    /// in an earlier frame), so that no reader turns a page in the middle of a word. TeX: `\brokenpenalty`; CSS has
    /// none.
    public var avoidsHyphenatedFrameEnds = true
    /// How far characters at a line's ends hang into the margins (`CharacterProtrusion.standard`, or a table of your
    /// own); nil: none. Frames set the line so that its protruding characters pass the margins, and optimal breaking
    /// measures lines with it. Core Text has none (only line bounds with optical bounds); pdfTeX:
    /// `\pdfprotrudechars=2`.
    public var characterProtrusion: CharacterProtrusion? = nil
    /// How far justified lines may widen or narrow their glyphs (`FontExpansion.standard`: 2% either way); nil: not
    /// at all. Optimal breaking counts it as stretch and shrink. Core Text has none; pdfTeX: `\pdfadjustspacing=2`.
    public var fontExpansion: FontExpansion? = nil

    /// The default style, with a base direction.
    public init(baseWritingDirection: WritingDirection = .natural) {
        self.baseWritingDirection = baseWritingDirection
    }

    private enum CodingKeys: String, CodingKey {
        case alignment, firstLineHeadIndent, headIndent, tailIndent, tabStops, defaultTabInterval, lineBreakMode
        case lineHeightMultiple, minimumLineHeight, maximumLineHeight, lineSpacingAdjustment, minimumLineSpacing
        case maximumLineSpacing, paragraphSpacing, paragraphSpacingBefore, baseWritingDirection, lineHeightPolicy
        case hyphenationFactor, hyphenatesCompounds, lineBreakStrategy, justification, allowsDefaultTighteningForTruncation
        case optimalBreakParameters, orphans, widows, avoidsHyphenatedFrameEnds, characterProtrusion, fontExpansion
        case lineBreakStrictness, eastAsianAutospace, trimsAdjacentPunctuation, trimsPunctuationAtLineStarts
        case trimsPunctuationAtLineEnds
    }

    /// Decodes a style; a field the data lacks keeps its default, so archives written before a field existed still
    /// read (and archives from later versions read what they share).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T { try container.decodeIfPresent(T.self, forKey: key) ?? fallback }
        alignment = try value(.alignment, alignment)
        firstLineHeadIndent = try value(.firstLineHeadIndent, firstLineHeadIndent)
        headIndent = try value(.headIndent, headIndent)
        tailIndent = try value(.tailIndent, tailIndent)
        tabStops = try value(.tabStops, tabStops)
        defaultTabInterval = try value(.defaultTabInterval, defaultTabInterval)
        lineBreakMode = try value(.lineBreakMode, lineBreakMode)
        lineHeightMultiple = try value(.lineHeightMultiple, lineHeightMultiple)
        minimumLineHeight = try value(.minimumLineHeight, minimumLineHeight)
        maximumLineHeight = try value(.maximumLineHeight, maximumLineHeight)
        lineSpacingAdjustment = try value(.lineSpacingAdjustment, lineSpacingAdjustment)
        minimumLineSpacing = try value(.minimumLineSpacing, minimumLineSpacing)
        maximumLineSpacing = try value(.maximumLineSpacing, maximumLineSpacing)
        paragraphSpacing = try value(.paragraphSpacing, paragraphSpacing)
        paragraphSpacingBefore = try value(.paragraphSpacingBefore, paragraphSpacingBefore)
        baseWritingDirection = try value(.baseWritingDirection, baseWritingDirection)
        lineHeightPolicy = try value(.lineHeightPolicy, lineHeightPolicy)
        hyphenationFactor = try value(.hyphenationFactor, hyphenationFactor)
        hyphenatesCompounds = try value(.hyphenatesCompounds, hyphenatesCompounds)
        lineBreakStrategy = try value(.lineBreakStrategy, lineBreakStrategy)
        lineBreakStrictness = try value(.lineBreakStrictness, lineBreakStrictness)
        eastAsianAutospace = try value(.eastAsianAutospace, eastAsianAutospace)
        trimsAdjacentPunctuation = try value(.trimsAdjacentPunctuation, trimsAdjacentPunctuation)
        trimsPunctuationAtLineStarts = try value(.trimsPunctuationAtLineStarts, trimsPunctuationAtLineStarts)
        trimsPunctuationAtLineEnds = try value(.trimsPunctuationAtLineEnds, trimsPunctuationAtLineEnds)
        justification = try value(.justification, justification)
        allowsDefaultTighteningForTruncation = try value(.allowsDefaultTighteningForTruncation, allowsDefaultTighteningForTruncation)
        optimalBreakParameters = try value(.optimalBreakParameters, optimalBreakParameters)
        orphans = try value(.orphans, orphans)
        widows = try value(.widows, widows)
        avoidsHyphenatedFrameEnds = try value(.avoidsHyphenatedFrameEnds, avoidsHyphenatedFrameEnds)
        characterProtrusion = try container.decodeIfPresent(CharacterProtrusion.self, forKey: .characterProtrusion)
        fontExpansion = try container.decodeIfPresent(FontExpansion.self, forKey: .fontExpansion)
    }

    /// The default style: natural alignment and direction, word wrapping, no indents, no extra spacing.
    /// Core Text: `CTParagraphStyleCreate(NULL, 0)`.
    public static let `default` = ParagraphStyle()

    /// A number usable as a length: finite, else 0.
    /// A length from the style as layout uses it: NaN and infinities count as 0, and magnitudes beyond
    /// `LayoutLimits.maximumExtent` as that limit.
    static func length(_ value: CGFloat) -> CGFloat {
        value.isFinite ? min(max(value, -LayoutLimits.maximumExtent), LayoutLimits.maximumExtent) : 0
    }
}

/// Horizontal alignment of lines. Core Text: `CTTextAlignment`.
public enum TextAlignment: Int, Hashable, Sendable, Codable {
    /// Flush left. Core Text: `kCTTextAlignmentLeft`.
    case left = 0
    /// Flush right. Core Text: `kCTTextAlignmentRight`.
    case right = 1
    /// Centred. Core Text: `kCTTextAlignmentCenter`.
    case center = 2
    /// Both edges, the last line of the paragraph natural. Core Text: `kCTTextAlignmentJustified`.
    case justified = 3
    /// Left for left-to-right paragraphs, right for right-to-left ones. Core Text: `kCTTextAlignmentNatural`.
    case natural = 4
}

/// How lines break, and what a line that does not fit becomes. Core Text: `CTLineBreakMode`.
public enum LineBreakMode: Int, Hashable, Sendable, Codable {
    /// At word boundaries (UAX #14). Core Text: `kCTLineBreakByWordWrapping`.
    case byWordWrapping = 0
    /// At grapheme clusters. Core Text: `kCTLineBreakByCharWrapping`.
    case byCharWrapping = 1
    /// One line per paragraph, cut at the frame's edge. Core Text: `kCTLineBreakByClipping`.
    case byClipping = 2
    /// One line per paragraph, "…" at its start. Core Text: `kCTLineBreakByTruncatingHead`.
    case byTruncatingHead = 3
    /// One line per paragraph, "…" at its end. Core Text: `kCTLineBreakByTruncatingTail`.
    case byTruncatingTail = 4
    /// One line per paragraph, "…" in its middle. Core Text: `kCTLineBreakByTruncatingMiddle`.
    case byTruncatingMiddle = 5
}

/// How a paragraph's lines are chosen.
public enum LineBreakStrategy: Hashable, Sendable, Codable {
    /// Line by line, each as full as it can be (Core Text, most engines).
    case greedy
    /// The whole paragraph at once, minimising Knuth and Plass's demerits: even spacing, fewer hyphens, no very
    /// loose line next to a tight one (TeX, Typst, Minikin). `looseness` asks for that many more (or fewer) lines
    /// than the best when the paragraph allows it.
    case optimal(looseness: Int = 0)
}

/// Which fonts set the height of a line.
///
/// Core Text grows a line to the tallest font in it, so an emoji or a fallback font (Thai, Devanagari, Arabic
/// fonts have tall ascenders) makes one line taller than its neighbours — a frequent complaint. `strut` keeps
/// every line of a paragraph as tall as the paragraph's own font; glyphs of taller fonts may reach into the
/// line above or below, as in CSS with a fixed line height.
public enum LineHeightPolicy: Hashable, Sendable, Codable {
    /// The largest ascent, descent and leading of the line's fonts and inline objects (Core Text's rule).
    case fontMaximum
    /// The paragraph's first font only; fallback fonts and emoji do not grow lines (inline objects still do).
    case strut
}
