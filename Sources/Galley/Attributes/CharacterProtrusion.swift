import Foundation

/// Character protrusion (margin kerning): how far characters at a line's start or end may hang into the margin, as a
/// fraction of their advance, so that justified margins look straight — a hyphen, a period or a quote at a line's end
/// takes little ink and leaves a visible notch when it sits flush. A paragraph style carries it
/// (`ParagraphStyle.characterProtrusion`); optimal breaking measures lines with it, as pdfTeX does with
/// `\pdfprotrudechars=2`, and frames set the protruding characters past the margins.
///
/// `standard` is Galley's table, modelled on the defaults of LaTeX's microtype package: punctuation (periods,
/// commas, hyphens and dashes, quotes) hangs by a large fraction, letters with open sides (A, T, V, W, Y, v, w, y, k,
/// r, t) by a twentieth or less. It has entries for Latin, Greek and Cyrillic text only: scripts whose custom is
/// not to protrude (CJK, Arabic, Indic) are not in it. `punctuation` is its punctuation alone (Core Text's hanging
/// punctuation). Core Text: `kCTLineBoundsUseOpticalBounds` and `kCTLineBoundsUseHangingPunctuation` (for line
/// bounds only; Core Text does not set frames with them); pdfTeX: `\lpcode`, `\rpcode`.
public struct CharacterProtrusion: Hashable, Sendable, Codable {
    /// How far one character may hang past a line's start and past its end, as fractions of its advance (0 to 1).
    public struct Factors: Hashable, Sendable, Codable {
        /// At the start of a line (the left in left-to-right text).
        public var start: CGFloat
        /// At the end of a line (the right in left-to-right text).
        public var end: CGFloat

        /// Factors by name.
        public init(start: CGFloat, end: CGFloat) {
            self.start = start
            self.end = end
        }
    }

    /// The factors per Unicode scalar value; a character not listed does not protrude.
    public var factors: [UInt32: Factors] {
        didSet { lookup = Lookup(factors) }
    }

    /// The factors as looked up: ASCII from an array, the rest from the table (breaking asks at every candidate).
    private var lookup: Lookup

    /// A table of factors per character.
    public init(factors: [UInt32: Factors]) {
        self.factors = factors
        lookup = Lookup(factors)
    }

    /// How far `codePoint` may hang past a line's start, as a fraction of its advance (clamped to 0…1).
    public func start(_ codePoint: UInt32) -> CGFloat { lookup.factors(codePoint)?.start ?? 0 }

    /// How far `codePoint` may hang past a line's end, as a fraction of its advance (clamped to 0…1).
    public func end(_ codePoint: UInt32) -> CGFloat { lookup.factors(codePoint)?.end ?? 0 }

    /// Clamped factors, ASCII in an array.
    private struct Lookup: Sendable {
        var ascii: [Factors?]
        var others: [UInt32: Factors]

        init(_ factors: [UInt32: Factors]) {
            ascii = Array(repeating: nil, count: 128)
            others = [:]
            for (codePoint, value) in factors {
                let clamped = Factors(start: CharacterProtrusion.clamped(value.start), end: CharacterProtrusion.clamped(value.end))
                if codePoint < 128 { ascii[Int(codePoint)] = clamped } else { others[codePoint] = clamped }
            }
        }

        @inline(__always)
        func factors(_ codePoint: UInt32) -> Factors? { codePoint < 128 ? ascii[Int(codePoint)] : others.isEmpty ? nil : others[codePoint] }
    }

    public static func == (lhs: CharacterProtrusion, rhs: CharacterProtrusion) -> Bool { lhs.factors == rhs.factors }

    public func hash(into hasher: inout Hasher) { hasher.combine(factors) }

    private enum CodingKeys: String, CodingKey { case factors }

    /// Decodes a table (its factors).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(factors: try container.decode([UInt32: Factors].self, forKey: .factors))
    }

    /// Encodes the table (its factors).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(factors, forKey: .factors)
    }

    private static func clamped(_ factor: CGFloat?) -> CGFloat {
        guard let factor, factor.isFinite else { return 0 }
        return min(max(factor, 0), 1)
    }

    /// Galley's table (see the type's description).
    public static let standard = CharacterProtrusion(factors: punctuationFactors.merging(letterFactors) { punctuation, _ in punctuation })

    /// The punctuation of `standard` alone: what hangs in Core Text's hanging punctuation.
    public static let punctuation = CharacterProtrusion(factors: punctuationFactors)

    /// Burasage (ぶら下げ, JIS X 4051 §3.1.9): Japanese and Chinese full stops and commas (。、，．and their halfwidth
    /// forms) hang wholly past a line's end (in a vertical column, below its foot), so that a column need not push a
    /// character down to keep a stop off the next column's top. Greedy breaking lets a line that would not fit
    /// otherwise take the hanging stop, optimal breaking weighs it with every line. Galley only (Core Text has none;
    /// CSS: `hanging-punctuation: allow-end`, which Chromium does not do).
    public static let eastAsianStops = CharacterProtrusion(factors: [
        0x3001: Factors(start: 0, end: 1), 0x3002: Factors(start: 0, end: 1), 0xFF0C: Factors(start: 0, end: 1),
        0xFF0E: Factors(start: 0, end: 1), 0xFF61: Factors(start: 0, end: 1), 0xFF64: Factors(start: 0, end: 1),
    ])

    private static let punctuationFactors: [UInt32: Factors] = {
        var table: [UInt32: Factors] = [:]
        func set(_ characters: String, start: CGFloat, end: CGFloat) {
            for scalar in characters.unicodeScalars { table[scalar.value] = Factors(start: start, end: end) }
        }
        set(".", start: 0, end: 0.7)
        set(",", start: 0, end: 0.5)
        set(":", start: 0, end: 0.5)
        set(";", start: 0, end: 0.3)
        set("!?", start: 0, end: 0.2)
        set("\u{2026}", start: 0, end: 0.3)  // …
        set("-\u{2010}\u{2011}\u{00AD}", start: 0.5, end: 0.7)  // hyphens
        set("\u{2013}", start: 0.2, end: 0.3)  // –
        set("\u{2014}", start: 0.1, end: 0.2)  // —
        set("([{", start: 0.05, end: 0)
        set(")]}", start: 0, end: 0.05)
        set("'\u{2018}\u{2019}", start: 0.3, end: 0.4)  // ' ‘ ’
        set("\"\u{201C}\u{201D}", start: 0.3, end: 0.3)  // " “ ”
        set("\u{201A}\u{201E}", start: 0.4, end: 0.4)  // ‚ „
        set("\u{00AB}\u{00BB}", start: 0.2, end: 0.2)  // « »
        set("\u{2039}\u{203A}", start: 0.4, end: 0.4)  // ‹ ›
        set("/", start: 0.1, end: 0.1)
        return table
    }()

    private static let letterFactors: [UInt32: Factors] = {
        var table: [UInt32: Factors] = [:]
        func set(_ characters: String, start: CGFloat, end: CGFloat) {
            for scalar in characters.unicodeScalars { table[scalar.value] = Factors(start: start, end: end) }
        }
        set("ATVWXYvwx\u{0391}\u{0394}\u{039B}\u{03A4}\u{03A5}\u{0410}\u{0422}\u{0423}", start: 0.05, end: 0.05)  // Α Δ Λ Τ Υ А Т У
        set("y", start: 0, end: 0.05)
        set("FKLkr\u{0413}\u{0433}", start: 0, end: 0.05)  // Г г
        set("t", start: 0, end: 0.07)
        set("J", start: 0.05, end: 0)
        set("1", start: 0.1, end: 0.1)
        set("7", start: 0.05, end: 0.1)
        return table
    }()
}
