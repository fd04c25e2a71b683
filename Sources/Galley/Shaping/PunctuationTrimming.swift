import Foundation

/// Fullwidth punctuation set half-width where two meet (`ParagraphStyle.trimsAdjacentPunctuation`): the blank half of
/// a fullwidth bracket, comma or full stop is taken out where it would add to another's — an opening bracket after an
/// opening bracket, a closing one, a middle dot or an ideographic space; a closing one before a closing one, a
/// middle dot or an ideographic space (as Chromium trims) — by shaping that character with the font's `halt` feature (`vhal` in vertical text), as CSS's
/// `text-spacing-trim` (its `trim-adjacent` part) and JIS X 4051 §3.1 ask and Chromium does. Core Text has none.
enum PunctuationTrimming {
    /// How a character takes part: opening brackets, closing brackets and stops, middle dots and the ideographic
    /// space (which is never trimmed itself).
    enum Role {
        case opening, closing, middle, space
    }

    static func role(_ unit: UInt16) -> Role? {
        switch unit {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            return .opening
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
             0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0xFF60:
            return .closing
        case 0x30FB, 0xFF1A, 0xFF1B:
            return .middle
        case 0x3000:
            return .space
        default:
            return nil
        }
    }

    /// Whether a closing character is a fullwidth stop or comma (、。，．): those trim where they meet other
    /// punctuation but, unlike brackets, not at a line's end (Chromium's `allow-end` leaves them; burasage hangs them).
    static func isStop(_ unit: UInt16) -> Bool {
        unit == 0x3001 || unit == 0x3002 || unit == 0xFF0C || unit == 0xFF0E
    }

    /// Whether the character at `index` is set half-width for its neighbours (by `trimmed`'s rule).
    static func isTrimmed(_ units: [UInt16], at index: Int) -> Bool {
        guard let own = role(units[index]) else { return false }
        let before = index > 0 ? role(units[index - 1]) : nil
        let after = index + 1 < units.count ? role(units[index + 1]) : nil
        switch own {
        case .opening: return before != nil
        case .closing: return after == .closing || after == .middle || after == .space
        case .middle, .space: return false
        }
    }

    /// The UTF-16 indices in `range` whose characters are set half-width, as ranges HarfBuzz's features take (relative
    /// to `contextStart`, where the buffer's clusters count from).
    static func trimmed(_ units: [UInt16], in range: Range<Int>, contextStart: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for index in range where isTrimmed(units, at: index) {
            result.append((index - contextStart)..<(index - contextStart + 1))
        }
        return result
    }
}
