import Foundation

/// What a stretch of text is in its document — emphasised, strongly emphasised, code, struck through — apart from
/// how it looks: Markdown's emphasis is the italic face when the body font's family has one, and this either way.
/// The same names as Foundation's type of the same name on Apple platforms, which Foundation on Linux lacks.
///
/// Attributed strings hold it as a number (its `rawValue`), as Foundation does: read it back with
/// `init(attributeValue:)`. (On Linux a small Swift struct as an attribute value crashes CoreFoundation when two
/// neighbouring runs hold different ones and it compares their attributes — found by the fuzzer; numbers, strings
/// and classes are safe.)
///
/// Foundation: `InlinePresentationIntent` (`AttributedString(markdown:)`).
public struct InlinePresentationIntent: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    /// An intent from its raw bits (Foundation's values).
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The intent an attribute value holds: a number (how attributed strings keep it, as Foundation does on Apple
    /// platforms) or an intent; nil for anything else.
    public init?(attributeValue value: Any?) {
        switch value {
        case let intent as InlinePresentationIntent: self = intent
        case let number as UInt: self.init(rawValue: number)
        case let number as Int where number >= 0: self.init(rawValue: UInt(number))
        case let number as NSNumber: self.init(rawValue: number.uintValue)
        default: return nil
        }
    }

    /// Emphasis (`*text*`). Foundation: `.emphasized`.
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// Strong emphasis (`**text**`). Foundation: `.stronglyEmphasized`.
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    /// A code span (text between backticks). Foundation: `.code`.
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    /// Struck through (`~~text~~`). Foundation: `.strikethrough`.
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
    /// A hard line break. Foundation: `.lineBreak`.
    public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    /// Raw HTML kept as text. Foundation: `.inlineHTML`.
    public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
}

extension NSAttributedString.Key {
    /// An `InlinePresentationIntent`'s raw value, as a number, over the text it describes ("NSInlinePresentationIntent",
    /// Foundation's name).
    public static let inlinePresentationIntent = NSAttributedString.Key("NSInlinePresentationIntent")
    /// An `Int` from 1 to 6 over a heading's text: its level, whatever its fonts (a code span in a heading keeps the
    /// monospaced face, bold only where the family has one). Galley only; Foundation: `PresentationIntent.header`.
    public static let headingLevel = NSAttributedString.Key("GalleyHeadingLevel")
}
