import Foundation

/// How bad a justified line looks, as TeX measures it: about 100 × |ratio|³ for adjustment ratio `ratio`, computed
/// the way TeX computes it (The TeXbook, chapter 14; tex.web §108) so that optimal breaking with TeX's parameters
/// makes TeX's choices, ties included: the ratio is cut to whole 297ths (TeX's `t * 297 div s`), cubed and rounded,
/// so badness is a whole number. TeX calls every line past ratio 4.34 (badness 10,000) infinitely bad; Galley goes
/// on with 100 × |ratio|³ there, so that its last-resort pass still prefers the less loose of two such lines.
/// No Core Text equivalent.
enum Badness {
    /// The badness of a line whose spaces stretch (ratio > 0) or shrink (ratio < 0) by `ratio`.
    static func of(ratio: CGFloat) -> CGFloat {
        let magnitude = abs(ratio)
        let scaled = (magnitude * 297).rounded(.down)
        guard scaled <= 1290 else { return 100 * magnitude * magnitude * magnitude }
        return ((scaled * scaled * scaled + 131_072) / 262_144).rounded(.down)
    }

    /// The largest adjustment ratio whose badness is at most `badness` (0 for values that are not finite or negative).
    static func largestRatio(withBadnessAtMost badness: CGFloat) -> CGFloat {
        guard badness.isFinite, badness >= 0 else { return 0 }
        guard badness < 10_000 else { return Foundation.cbrt(badness / 100) }
        // The largest whole s with (s³ + 2¹⁷) div 2¹⁸ ≤ badness; ratios below (s + 1) / 297 have it.
        var scaled = (Foundation.cbrt((badness + 1) * 262_144 - 131_072)).rounded(.down)
        while scaled > 0, ((scaled * scaled * scaled + 131_072) / 262_144).rounded(.down) > badness { scaled -= 1 }
        while (((scaled + 1) * (scaled + 1) * (scaled + 1) + 131_072) / 262_144).rounded(.down) <= badness { scaled += 1 }
        return ((scaled + 1) / 297).nextDown
    }
}
