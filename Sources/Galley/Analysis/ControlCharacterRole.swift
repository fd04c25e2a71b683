/// What layout makes of a control character when its caller decides rather than Unicode: the editing layer's answer
/// to TextKit's `layoutManager(_:shouldUse:forControlCharacterAt:)`, handed to the typesetter as an option
/// (`Typesetter(units:runs:…controlCharacterRoles:)`) so that the editing layer never needs to know which characters
/// make the typesetter behave.
///
/// The typesetter's rules are Unicode's (`CharacterClasses`, UAX #9, UAX #14): a role is applied by analysing,
/// shaping and breaking the control as its `standIn(for:)`, the character whose properties give that behaviour, one UTF-16
/// unit for one so that every offset stays. Only controls and separators (`CharacterClasses.isLayoutControl`) take a
/// role; any other character keeps its own meaning.
package enum ControlCharacterRole: Hashable, Sendable {
    /// Nothing: no width, and no line end. A control that already does nothing (a C0 or C1 control other than the
    /// tab and the mandatory breaks) stays itself, so this role changes nothing for it; a tab or a mandatory break
    /// becomes U+200B ZERO WIDTH SPACE, which keeps the break opportunity it had but forces nothing.
    case zeroAdvancement
    /// As wide as a space, hanging at a line's end and stretching when justified: U+0020.
    case whitespace
    /// To the next tab stop: U+0009.
    case horizontalTab
    /// Ends the line, the paragraph goes on: U+2028 LINE SEPARATOR.
    case lineBreak
    /// Ends the paragraph: U+2029 PARAGRAPH SEPARATOR.
    case paragraphBreak

    /// The character the typesetter takes the control `unit` for.
    func standIn(for unit: UInt16) -> UInt16 {
        switch self {
        case .zeroAdvancement: unit == 0x09 || CharacterClasses.forcesLineBreak(unit) ? 0x200B : unit
        case .whitespace: 0x20
        case .horizontalTab: 0x09
        case .lineBreak: 0x2028
        case .paragraphBreak: 0x2029
        }
    }

    /// `units` with each control that has a role (offsets into `units`) replaced by its stand-in; roles at other
    /// characters or outside the text are ignored.
    static func applying(_ roles: [Int: ControlCharacterRole], to units: [UInt16]) -> [UInt16] {
        guard !roles.isEmpty else { return units }
        var result = units
        for (offset, role) in roles where offset >= 0 && offset < units.count && CharacterClasses.isLayoutControl(units[offset]) {
            result[offset] = role.standIn(for: units[offset])
        }
        return result
    }
}
