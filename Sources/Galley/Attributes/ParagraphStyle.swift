/// How a paragraph is laid out. A paragraph takes its style from its first character, as in Core Text.
///
/// This lines read only `baseWritingDirection`; the typesetter adds alignment, indents, tabs, spacing
/// and line-break modes.
///
/// Core Text: `CTParagraphStyle`.
public struct ParagraphStyle: Hashable, Sendable {
    /// The paragraph's direction; natural takes it from the first strong character.
    /// Core Text: `kCTParagraphStyleSpecifierBaseWritingDirection`.
    public var baseWritingDirection: WritingDirection = .natural

    /// The default style: natural direction.
    public init(baseWritingDirection: WritingDirection = .natural) {
        self.baseWritingDirection = baseWritingDirection
    }

    /// The default style. Core Text: `CTParagraphStyleCreate(NULL, 0)`.
    public static let `default` = ParagraphStyle()
}
