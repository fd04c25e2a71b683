import Foundation
import Galley

/// The CSS that HTML's `style` attributes carry, read as CSS 2.1 defines it: declarations split at semicolons
/// outside quotes and parentheses, lengths in their units (1px = 0.75pt, as CSS defines the pixel), colours as hex,
/// `rgb()` or the named colours of CSS Color Level 3's basic set.
enum CSSValues {
    /// `property: value; …` as lower-cased property names and their values (the last one wins).
    static func declarations(_ style: String) -> [String: String] {
        var result: [String: String] = [:]
        var current = ""
        var depth = 0
        var quote: Character?
        func finish() {
            if let colon = current.firstIndex(of: ":") {
                let name = current[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                var value = current[current.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                if value.lowercased().hasSuffix("!important") { value = String(value.dropLast(10)).trimmingCharacters(in: .whitespaces) }
                if !name.isEmpty { result[name] = value }
            }
            current = ""
        }
        for character in style.prefix(65_536) {
            switch character {
            case "\"", "'":
                if quote == character { quote = nil } else if quote == nil { quote = character }
                current.append(character)
            case "(" where quote == nil:
                depth += 1
                current.append(character)
            case ")" where quote == nil:
                depth = max(depth - 1, 0)
                current.append(character)
            case ";" where quote == nil && depth == 0:
                finish()
            default:
                current.append(character)
            }
        }
        finish()
        return result
    }

    /// A length in points: `12pt`, `16px`, `1.5em` and `150%` (of `relativeTo`), `2rem` (of the 12 pt root size),
    /// `2pc`, `1in`, `2cm`, `10mm`, a bare 0. Nil for anything else (and for values that are not finite or exceed
    /// ±100,000 pt). Units are tried longest first where one ends another (`rem` before `em`).
    static func length(_ value: String, relativeTo base: CGFloat) -> CGFloat? {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, CGFloat)] = [("pt", 1), ("px", 0.75), ("rem", 12), ("em", base), ("%", base / 100), ("pc", 12),
                                          ("in", 72), ("cm", 72 / 2.54), ("mm", 72 / 25.4)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            guard let number = Double(text.dropLast(unit.count)), number.isFinite else { return nil }
            let points = CGFloat(number) * scale
            return abs(points) <= 100_000 ? points : nil
        }
        return Double(text) == 0 ? 0 : nil
    }

    /// A `font-size`: a length, a percentage or em of the parent's size, or a keyword (CSS's absolute sizes,
    /// `larger`, `smaller`).
    static func fontSize(_ value: String, parent: CGFloat) -> CGFloat? {
        let keywords: [String: CGFloat] = ["xx-small": 7, "x-small": 7.5, "small": 10, "medium": 12, "large": 13.5,
                                           "x-large": 18, "xx-large": 24, "xxx-large": 36]
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        if let size = keywords[text] { return size }
        if text == "larger" { return parent * 1.2 }
        if text == "smaller" { return parent / 1.2 }
        guard let size = length(text, relativeTo: parent), size > 0 else { return nil }
        return min(size, 1_600)
    }

    /// The named colours of CSS Color Level 3's basic set, and a few common extended ones.
    static let namedColors: [String: UInt32] = [
        "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF, "maroon": 0x800000,
        "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "magenta": 0xFF00FF, "green": 0x008000, "lime": 0x00FF00,
        "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080, "blue": 0x0000FF, "teal": 0x008080, "aqua": 0x00FFFF,
        "cyan": 0x00FFFF, "orange": 0xFFA500, "brown": 0xA52A2A, "pink": 0xFFC0CB, "darkred": 0x8B0000,
        "darkgreen": 0x006400, "darkblue": 0x00008B, "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3, "darkgray": 0xA9A9A9,
        "darkgrey": 0xA9A9A9, "gold": 0xFFD700, "indigo": 0x4B0082, "violet": 0xEE82EE,
    ]

    /// A colour: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` / `rgba(r, g, b, a)` (numbers or percentages), or a
    /// name; nil for `transparent`, `inherit` and anything else.
    static func color(_ value: String) -> Color? {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        func rgb(_ hex: UInt32) -> Color {
            Color(red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255, blue: CGFloat(hex & 0xFF) / 255)
        }
        if let hex = namedColors[text] { return rgb(hex) }
        if text.hasPrefix("#") { return Color(hex: text) }
        if text.hasPrefix("rgb"), let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
            let parts = text[text.index(after: open)..<close].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
            func channel(_ part: Substring) -> CGFloat? {
                if part.hasSuffix("%") { return Double(part.dropLast()).map { CGFloat(min(max($0, 0), 100)) / 100 } }
                return Double(part).map { CGFloat(min(max($0, 0), 255)) / 255 }
            }
            let channels = parts.prefix(3).compactMap(channel)
            guard channels.count == 3 else { return nil }
            var alpha: CGFloat = 1
            if parts.count > 3, let last = Double(parts[3].hasSuffix("%") ? parts[3].dropLast() : parts[3]) {
                alpha = CGFloat(min(max(parts[3].hasSuffix("%") ? last / 100 : last, 0), 1))
            }
            return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
        }
        return nil
    }

    /// The first family of a `font-family` list, unquoted.
    static func firstFamily(_ value: String) -> String? {
        guard let first = value.split(separator: ",").first else { return nil }
        let family = first.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        return family.isEmpty ? nil : family
    }
}
