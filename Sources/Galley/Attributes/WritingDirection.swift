/// The direction of a paragraph or of an embedding.
///
/// Core Text: `CTWritingDirection` (`kCTWritingDirectionNatural` −1, `LeftToRight` 0, `RightToLeft` 1).
public enum WritingDirection: Int, Hashable, Sendable, Codable {
    /// From the first strong character (Unicode's rules P2 and P3), left to right when there is none.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// One level of the writing-direction attribute: an embedding (like LRE/RLE) or an override (like LRO/RLO).
/// The attribute holds a list, outermost first, so nested embeddings need no control characters.
///
/// Core Text: an element of `kCTWritingDirectionAttributeName`'s array: a direction OR-ed with
/// `kCTWritingDirectionEmbedding` (0) or `kCTWritingDirectionOverride` (2).
public struct WritingDirectionEmbedding: Hashable, Sendable, Codable {
    /// Left to right or right to left (natural counts as left to right).
    public var direction: WritingDirection
    /// Whether characters are forced to the direction (override) rather than only embedded.
    public var isOverride: Bool

    /// An embedding or override of `direction`.
    public init(_ direction: WritingDirection, isOverride: Bool = false) {
        self.direction = direction
        self.isOverride = isOverride
    }

    /// From Core Text's number: bit 0 the direction, bit 1 the override flag.
    public init(rawValue: Int) {
        direction = rawValue & 1 == 1 ? .rightToLeft : .leftToRight
        isOverride = rawValue & 2 != 0
    }

    /// Core Text's number.
    public var rawValue: Int { (direction == .rightToLeft ? 1 : 0) | (isOverride ? 2 : 0) }
}
