import Foundation

/// How tightly a justified line is set, by its badness (about 100 × |ratio|³, `Badness`) as TeX classes lines: tight when its spaces
/// shrink with badness above 12 (ratio below about −0.49), loose when they stretch with badness above 12, very loose
/// above 99 (ratio above about 0.997), decent otherwise. Optimal breaking charges adjacent lines whose classes are
/// more than one apart (`OptimalBreakParameters.adjacentDemerits`). No Core Text equivalent; TeX: fitness classes
/// (The TeXbook, chapter 14).
public enum FitnessClass: Int, Hashable, Sendable, Comparable {
    case tight = 0
    case decent = 1
    case loose = 2
    case veryLoose = 3

    /// The class of a line with adjustment ratio `ratio`.
    public init(ratio: CGFloat) {
        self.init(badness: Badness.of(ratio: ratio), shrinking: ratio < 0)
    }

    /// The class of a line of `badness` whose spaces shrink (`shrinking`) or stretch.
    init(badness: CGFloat, shrinking: Bool) {
        if shrinking {
            self = badness > 12 ? .tight : .decent
        } else {
            self = badness > 99 ? .veryLoose : badness > 12 ? .loose : .decent
        }
    }

    public static func < (lhs: FitnessClass, rhs: FitnessClass) -> Bool { lhs.rawValue < rhs.rawValue }
}
