import Foundation

/// A ruby as a line sets it beside its base (`Line.rubies`): the ruby's own line, where its origin is relative to
/// the base line's origin, the base's characters, and whether the ruby is a column. What drawing puts beside the
/// base; the ruby's text is not the line's (carets, selection and hit testing see only the base). Galley only (Core
/// Text draws ruby in `CTLineDraw` and reports none of this).
public struct PlacedRuby: Sendable {
    /// The ruby's text set as a line of its own.
    public let line: Line
    /// The ruby line's baseline origin relative to the base line's origin: above the base for `before` (on the right
    /// once a vertical frame turns the line), below it for `after`, on the base's baseline after it for `inline`; for
    /// a column, the top of the column on its centre line.
    public let origin: CGPoint
    /// The base's characters (UTF-16).
    public let base: Range<Int>
    /// Whether the ruby is an inter-character column (`RubyPosition.interCharacter` in horizontal text): its line is
    /// set in vertical forms and runs down from `origin`, drawn turned a quarter clockwise about it, as a vertical
    /// frame's columns are.
    public let isColumn: Bool
}
