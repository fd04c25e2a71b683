import Foundation

/// Font expansion: justified lines may set their glyphs up to a few percent wider or narrower (`stretch`, `shrink`),
/// so that spaces vary less and fewer lines are loose or hyphenated. Optimal breaking counts the glyphs'
/// expansion as stretch and shrink of the line next to its spaces', as pdfTeX does (`\pdfadjustspacing=2`): a line
/// with adjustment ratio r widens its glyphs by r × `stretch` (narrows them by |r| × `shrink`), in steps of `step`,
/// and its spaces take the rest. Glyphs are drawn with a horizontal scale (the run's font gets a scaled matrix);
/// spaces are not scaled. Off by default (`ParagraphStyle.fontExpansion` is nil). Core Text has none; pdfTeX:
/// `\pdfadjustspacing`, microtype's `expansion`.
public struct FontExpansion: Hashable, Sendable, Codable {
    /// How much wider glyphs may be set, as a fraction of their advance (0.02: 2%).
    public var stretch: CGFloat
    /// How much narrower glyphs may be set, as a fraction of their advance.
    public var shrink: CGFloat
    /// The steps a line's expansion is rounded to (0: none), so that a page uses a handful of scaled fonts.
    public var step: CGFloat

    /// Limits by name; each is clamped to 0…0.1 where used.
    public init(stretch: CGFloat = 0.02, shrink: CGFloat = 0.02, step: CGFloat = 0.005) {
        self.stretch = stretch
        self.shrink = shrink
        self.step = step
    }

    /// pdfTeX's usual setting (microtype's default): 2% either way in steps of 0.5%.
    public static let standard = FontExpansion()

    /// `stretch` and `shrink` as used: finite, within 0…0.1 (more distorts letters past recognition).
    var limits: (stretch: CGFloat, shrink: CGFloat) {
        func clamped(_ value: CGFloat) -> CGFloat { value.isFinite ? min(max(value, 0), 0.1) : 0 }
        return (clamped(stretch), clamped(shrink))
    }

    /// The horizontal scale of the glyphs of a line whose adjustment ratio is `ratio` (over spaces and glyphs
    /// together): 1 + ratio × stretch, or 1 − |ratio| × shrink, the ratio clamped to −1…1, rounded to the step.
    func scale(forRatio ratio: CGFloat) -> CGFloat {
        guard ratio.isFinite else { return 1 }
        let (stretch, shrink) = limits
        var amount = ratio > 0 ? min(ratio, 1) * stretch : max(ratio, -1) * shrink
        if step.isFinite, step > 0 { amount = (amount / step).rounded(.towardZero) * step }
        return 1 + amount
    }
}
