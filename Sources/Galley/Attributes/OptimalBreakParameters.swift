import Foundation

/// The parameters of optimal (Knuth–Plass) line breaking, in TeX's terms and units: penalties and demerits as TeX
/// adds them, tolerances as TeX's badness (100 × the adjustment ratio cubed: 100 is a line whose spaces stretch
/// fully, 1000 about 2.15 times), emergency stretch in ems of the paragraph's font. A paragraph style carries them
/// (`ParagraphStyle.optimalBreakParameters`); they matter only with `LineBreakStrategy.optimal`.
///
/// Passes, as TeX's: the paragraph without hyphenation within `pretolerance` (skipped when it is negative), then
/// with hyphenation within `tolerance`, then — when `emergencyStretchEms` is above 0 — within `tolerance` with
/// that much more stretch in every line. Galley adds a last resort TeX does not have: lines within ratio 10 (a line
/// that cannot stretch counting as 5), then greedy breaking, so a paragraph is always set without overfull lines
/// where greedy breaking can avoid them.
///
/// TeX's `\looseness` is the strategy's (`LineBreakStrategy.optimal(looseness:)`), not a parameter here.
///
/// Core Text has no optimal breaking; TeX: `\linepenalty`, `\hyphenpenalty`, `\exhyphenpenalty`, `\adjdemerits`,
/// `\doublehyphendemerits`, `\finalhyphendemerits`, `\pretolerance`, `\tolerance`, `\emergencystretch`.
public struct OptimalBreakParameters: Hashable, Sendable, Codable {
    /// Added to every line's badness before squaring: more lines cost more. TeX: `\linepenalty` (10).
    public var linePenalty: CGFloat
    /// The penalty of breaking at a hyphenation point (squared into the demerits). TeX: `\hyphenpenalty` (50).
    public var hyphenPenalty: CGFloat
    /// The penalty of breaking after an explicit hyphen ("well-known"). TeX: `\exhyphenpenalty` (50).
    public var explicitHyphenPenalty: CGFloat
    /// Whether a line ending at an explicit hyphen counts as hyphenated for the two demerits below, as TeX counts
    /// it (its hyphen is a discretionary break).
    public var explicitHyphensCountAsHyphenated: Bool
    /// Added when adjacent lines' fitness classes (tight, decent, loose, very loose) are more than one apart.
    /// TeX: `\adjdemerits` (10,000).
    public var adjacentDemerits: CGFloat
    /// Added when two lines in a row end hyphenated. TeX: `\doublehyphendemerits` (10,000).
    public var doubleHyphenDemerits: CGFloat
    /// Added when the paragraph's next-to-last line ends hyphenated. TeX: `\finalhyphendemerits` (5,000).
    public var finalHyphenDemerits: CGFloat
    /// Added for every line whose spaces stretch past their stretchability (very loose: badness above 99), on top of its
    /// badness: Galley's, not TeX's (0 in `.tex`), to set fewer visibly gappy lines at a small cost in evenness.
    public var veryLooseDemerits: CGFloat
    /// How much of its width a paragraph's last line should fill, from 0 (any: TeX's `\parfillskip` of
    /// `0pt plus 1fil`) to 1. A shorter last line adds to its badness that of a line stretched by three times the
    /// part of the fill it lacks (a last word alone at a tenth of the width, with a quarter wanted, lacks 60%:
    /// badness 581, a line stretched by 1.8), so runts move where the paragraph can take them; it never makes a
    /// paragraph unsettable. No TeX parameter (TeX users give `\parfillskip` a finite stretch, which charges every last line).
    public var lastLineFill: CGFloat
    /// The largest badness of the first pass, without hyphenation; negative skips that pass. TeX: `\pretolerance`.
    public var pretolerance: CGFloat
    /// The largest badness of the pass with hyphenation. TeX: `\tolerance`.
    public var tolerance: CGFloat
    /// Extra stretch every line may take in a last TeX pass, in ems of the paragraph's font (0: no such pass).
    /// TeX: `\emergencystretch` (given in ems here so that one value suits every size).
    public var emergencyStretchEms: CGFloat

    /// Parameters by name; omitted ones take Galley's defaults.
    public init(linePenalty: CGFloat = 10, hyphenPenalty: CGFloat = 50, explicitHyphenPenalty: CGFloat = 0,
                explicitHyphensCountAsHyphenated: Bool = false, adjacentDemerits: CGFloat = 15_000, doubleHyphenDemerits: CGFloat = 30_000,
                finalHyphenDemerits: CGFloat = 20_000, veryLooseDemerits: CGFloat = 5_000, pretolerance: CGFloat = -1, tolerance: CGFloat = 2700,
                emergencyStretchEms: CGFloat = 0, lastLineFill: CGFloat = 0) {
        self.linePenalty = linePenalty
        self.hyphenPenalty = hyphenPenalty
        self.explicitHyphenPenalty = explicitHyphenPenalty
        self.explicitHyphensCountAsHyphenated = explicitHyphensCountAsHyphenated
        self.adjacentDemerits = adjacentDemerits
        self.doubleHyphenDemerits = doubleHyphenDemerits
        self.finalHyphenDemerits = finalHyphenDemerits
        self.veryLooseDemerits = veryLooseDemerits
        self.pretolerance = pretolerance
        self.tolerance = tolerance
        self.emergencyStretchEms = emergencyStretchEms
        self.lastLineFill = lastLineFill
    }

    /// Galley's defaults, chosen with `make compare-tex` to set better paragraphs than TeX's tolerant setting on every
    /// measure there (less badness, fewer very loose lines, fitness jumps, runs of hyphens and hyphenated
    /// next-to-last lines, at 400 and 300 pt, on the paragraphs they were tuned on and on those held out): TeX's line
    /// and hyphen penalties; heavier demerits for fitness jumps (15,000), two hyphens in a row (30,000) and a
    /// hyphenated next-to-last line (20,000); 5,000 for a very loose line; explicit hyphens free; hyphenation
    /// considered from the first pass (no pretolerance pass), within ratio 3 (badness 2,700), no emergency stretch.
    public static let `default` = OptimalBreakParameters()

    /// Plain TeX's values with its tolerant setting (`\tolerance=1000`, `\emergencystretch=1em`), as the issue's
    /// comparison with LuaTeX sets them. TeX: plain.tex.
    public static let tex = OptimalBreakParameters(
        linePenalty: 10, hyphenPenalty: 50, explicitHyphenPenalty: 50, explicitHyphensCountAsHyphenated: true, adjacentDemerits: 10_000,
        doubleHyphenDemerits: 10_000, finalHyphenDemerits: 5_000, veryLooseDemerits: 0, pretolerance: 100, tolerance: 1_000,
        emergencyStretchEms: 1)

    /// The parameters as breaking uses them: a value that is NaN takes Galley's default for it, an infinite one the
    /// largest finite magnitude breaking keeps apart (10¹²), so that hostile values give some breaking, never a crash
    /// or a comparison that cannot order.
    var sanitized: OptimalBreakParameters {
        // Nearly always every value is finite: nothing to copy.
        guard Self.numbers.contains(where: { !self[keyPath: $0.keyPath].isFinite }) else { return self }
        let fallback = OptimalBreakParameters.default
        var result = self
        for (_, keyPath) in Self.numbers {
            let value = result[keyPath: keyPath]
            if value.isNaN {
                result[keyPath: keyPath] = fallback[keyPath: keyPath]
            } else if value.isInfinite {
                result[keyPath: keyPath] = value > 0 ? 1e12 : -1e12
            }
        }
        return result
    }

    /// Every numeric parameter with its archive key: what decoding reads and sanitizing checks.
    /// (Made once: every optimal breaker sanitizes its paragraph's parameters.)
    nonisolated(unsafe) private static let numbers: [(key: CodingKeys, keyPath: WritableKeyPath<OptimalBreakParameters, CGFloat>)] = [
        (.linePenalty, \.linePenalty), (.hyphenPenalty, \.hyphenPenalty), (.explicitHyphenPenalty, \.explicitHyphenPenalty),
        (.adjacentDemerits, \.adjacentDemerits), (.doubleHyphenDemerits, \.doubleHyphenDemerits),
        (.finalHyphenDemerits, \.finalHyphenDemerits), (.veryLooseDemerits, \.veryLooseDemerits), (.pretolerance, \.pretolerance),
        (.tolerance, \.tolerance), (.emergencyStretchEms, \.emergencyStretchEms), (.lastLineFill, \.lastLineFill),
    ]

    /// The largest adjustment ratio a badness allows (`Badness`), for values that are not finite or negative: 0.
    static func ratio(forBadness badness: CGFloat) -> CGFloat {
        Badness.largestRatio(withBadnessAtMost: badness)
    }

    /// Decodes parameters; a field the data lacks takes Galley's default.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var parameters = OptimalBreakParameters()
        for (key, keyPath) in Self.numbers {
            if let value = try container.decodeIfPresent(CGFloat.self, forKey: key) { parameters[keyPath: keyPath] = value }
        }
        if let counts = try container.decodeIfPresent(Bool.self, forKey: .explicitHyphensCountAsHyphenated) {
            parameters.explicitHyphensCountAsHyphenated = counts
        }
        self = parameters
    }

    private enum CodingKeys: String, CodingKey {
        case linePenalty, hyphenPenalty, explicitHyphenPenalty, explicitHyphensCountAsHyphenated, adjacentDemerits
        case doubleHyphenDemerits, finalHyphenDemerits, veryLooseDemerits, pretolerance, tolerance, emergencyStretchEms, lastLineFill
    }
}
