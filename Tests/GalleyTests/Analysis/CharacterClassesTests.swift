import Foundation
import Testing

@testable import Galley

/// The shared character classes against Unicode's own data file (Debian's unicode-data), and every caller of a class
/// against the class.
@Suite struct CharacterClassesTests {
    /// White_Space from PropList.txt: code points, as the file lists them.
    static func whiteSpace() throws -> Set<UInt32> {
        let text = try String(contentsOfFile: "/usr/share/unicode/PropList.txt", encoding: .utf8)
        var result = Set<UInt32>()
        for line in text.split(separator: "\n") where line.contains("; White_Space") {
            let field = line.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
            let bounds = field.components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            for codePoint in bounds[0]...(bounds.last ?? bounds[0]) { result.insert(codePoint) }
        }
        return result
    }

    @Test func hangingAtALineEndIsWhiteSpaceLessTheNoBreakSpaces() throws {
        let whiteSpace = try Self.whiteSpace()
        #expect(whiteSpace.count >= 25)
        // Every White_Space character is in the BMP: one UTF-16 unit decides.
        #expect(whiteSpace.allSatisfy { $0 < 0x10000 })
        let noBreak: Set<UInt32> = [0xA0, 0x2007, 0x202F]
        for unit in 0...UInt32(0xFFFF) {
            let expected = whiteSpace.contains(unit) && !noBreak.contains(unit)
            #expect(CharacterClasses.hangsAtLineEnd(UInt16(unit)) == expected, "U+\(String(unit, radix: 16))")
        }
    }

    /// A line ending in each kind of whitespace and control: the typesetter's measure (what breaking fits) and the
    /// line's trailing whitespace (what alignment and suggested sizes use) agree.
    @Test func breakingAndAligningAgreeOnEveryLineEnding() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        let endings: [String] = [" ", "  ", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2007}", "\u{202F}", "\u{3000}", "\u{2003}",
                                 " \u{01}", " \u{01} ", "\u{1680}", " \u{200B}", "\u{2028}"]
        for ending in endings {
            let text = "word" + ending + "next"
            let typesetter = Typesetter(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
            let paragraph = typesetter.paragraphs[0]
            var measure = LineMeasure(typesetter: typesetter, paragraph: paragraph, start: 0, offset: 0)
            let end = 4 + ending.utf16.count
            measure.advance(to: end)
            let wordOnly = typesetter.line(stringRange: 0..<end)
            let wordVisible = wordOnly.typographicBounds.width - wordOnly.trailingWhitespaceWidth
            #expect(abs(measure.visibleWidth - wordVisible) < 1e-9, "\(ending.debugDescription): measured \(measure.visibleWidth), line \(wordVisible)")
        }
    }
}
