import Foundation

/// How a justified line takes up the space it lacks.
///
/// Core Text widens inter-word spaces only, without limit, and cannot justify a line without spaces (Chinese,
/// Japanese, Thai). Galley widens spaces up to `maximumSpaceStretch` and can put the rest between grapheme
/// clusters — which also justifies lines without spaces. Clusters of joining scripts (Arabic, Syriac, N'Ko,
/// Mongolian) are never spaced apart, because a gap inside a joined word breaks its letters' connections; a line
/// of such text stretches its spaces only (Galley does not insert kashidas).
public struct Justification: Hashable, Sendable, Codable {
    /// Where space may go between grapheme clusters.
    public enum ClusterSpacing: Hashable, Sendable, Codable {
        /// Never: spaces only.
        case never
        /// Next to characters of writing without word spaces (Han, kana, Thai, Lao, Khmer, Myanmar: Line_Break
        /// ID, CJ, SA), so a Chinese line justifies but a lone English word is not letter-spaced.
        case unspacedScripts
        /// Between any two clusters (except in joining scripts).
        case always
    }

    /// How far the spaces may widen before the rest goes between clusters, as a fraction of their natural width
    /// (0.5: to 150 %). With no cluster gap to take the rest, spaces widen past it.
    public var maximumSpaceStretch: CGFloat
    /// Where space may go between grapheme clusters: when the spaces reach their limit, or in a line without
    /// spaces.
    public var clusterSpacing: ClusterSpacing

    /// A justification rule.
    public init(maximumSpaceStretch: CGFloat = .infinity, clusterSpacing: ClusterSpacing = .unspacedScripts) {
        self.maximumSpaceStretch = maximumSpaceStretch
        self.clusterSpacing = clusterSpacing
    }

    /// Spaces only, without limit; a line without spaces is not justified. Core Text: `CTLineCreateJustifiedLine`.
    public static let interWord = Justification(maximumSpaceStretch: .infinity, clusterSpacing: .never)
    /// Spaces without limit, and clusters of Chinese, Japanese and South-East Asian text (the default).
    public static let automatic = Justification()
    /// Spaces to at most 150 % of their width, then any clusters (closer to book typesetting).
    public static let interCluster = Justification(maximumSpaceStretch: 0.5, clusterSpacing: .always)
}
