import Foundation

/// Text made to hurt: pieces of every script Galley shapes, joined with separators, controls, bidi embeddings and
/// isolates, combining storms, emoji sequences and unpaired surrogates, as UTF-16 units (a Swift `String` cannot
/// hold an unpaired surrogate).
public enum HostileText {
    /// The pieces text is made of, as UTF-16 units.
    static let pieces: [[UInt16]] = [
        "office", "fjord", "AVATAR", "the", "hyphenation", "a", " ", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{2028}",
        "\u{2029}", "\u{85}", "\u{0C}", "\u{0B}", "\u{00}", "\u{1E}", "\u{7F}", "\u{AD}", "\u{A0}", "\u{3000}", "\u{200B}",
        "\u{200C}", "\u{200D}", "\u{FFFC}", "\u{FEFF}", "مرحبا", "بالعالم", "שלום", "עולם", "नमस्ते", "क्‍ष", "ภาษาไทย",
        "漢字かな", "，。", "한국어", "👋🏽", "❤️‍🔥", "🇯🇵", "👨‍👩‍👧‍👦", "🏻", "Ω̈́", "e\u{301}", "\u{301}\u{302}\u{303}",
        String(repeating: "\u{301}", count: 64), "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}",
        "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "1234.56", "-", "—", "http://example.com/a-b",
        "ﷺ", "ﬃ", "\u{10FFFF}", "\u{E000}",
    ].map { Array($0.utf16) }

    /// Up to `maximum` units of hostile text.
    public static func units(_ input: inout FuzzInput, maximum: Int = 400) -> [UInt16] {
        var units: [UInt16] = []
        let count = input.int(0...40)
        for _ in 0..<count {
            let kind = input.byte()
            switch kind % 8 {
            case 0:
                // An unpaired or misordered surrogate, or any unit at all.
                units.append(input.choose([0xD800, 0xDBFF, 0xDC00, 0xDFFF, input.word()]))
            case 1:
                // A long word: a piece repeated.
                let piece = pieces[Int(input.byte()) % pieces.count]
                for _ in 0..<input.int(1...30) { units += piece }
            default:
                units += pieces[Int(input.byte()) % pieces.count]
            }
            if units.count >= maximum { break }
        }
        return Array(units.prefix(maximum))
    }

    /// The same as a `String` (unpaired surrogates become U+FFFD), for the APIs that take one.
    public static func string(_ input: inout FuzzInput, maximum: Int = 400) -> String {
        String(decoding: units(&input, maximum: maximum), as: UTF16.self)
    }
}
