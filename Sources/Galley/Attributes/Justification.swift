import Foundation

/// How a justified line takes up the space it lacks.
///
/// Core Text widens inter-word spaces only, without limit, and cannot justify a line without spaces (Chinese,
/// Japanese, Thai). Galley widens spaces up to `maximumSpaceStretch` and puts the rest between grapheme clusters —
/// which also justifies lines without spaces. Clusters of joining scripts (Arabic, Syriac, N'Ko, Mongolian) are
/// never spaced apart, because a gap inside a joined word breaks its letters' connections; a line of such text
/// stretches its spaces only (Galley does not insert kashidas).
public struct Justification: Hashable, Sendable {
    /// How far the spaces may widen before the rest goes between clusters, as a fraction of their natural width
    /// (0.5: to 150 %). With no cluster gap to take the rest, spaces widen past it.
    public var maximumSpaceStretch: CGFloat
    /// Whether space may go between grapheme clusters: when the spaces reach their limit, or in a line without
    /// spaces.
    public var allowsInterClusterSpacing: Bool

    /// A justification rule.
    public init(maximumSpaceStretch: CGFloat = .infinity, allowsInterClusterSpacing: Bool = true) {
        self.maximumSpaceStretch = maximumSpaceStretch
        self.allowsInterClusterSpacing = allowsInterClusterSpacing
    }

    /// Spaces only, without limit; a line without spaces is not justified. Core Text: `CTLineCreateJustifiedLine`.
    public static let interWord = Justification(maximumSpaceStretch: .infinity, allowsInterClusterSpacing: false)
    /// Spaces without limit, and clusters in lines that have no spaces (the default).
    public static let automatic = Justification()
    /// Spaces to at most 150 % of their width, then the clusters (closer to book typesetting).
    public static let interCluster = Justification(maximumSpaceStretch: 0.5, allowsInterClusterSpacing: true)
}
