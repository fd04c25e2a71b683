import Foundation
import Testing

@testable import Galley

/// Itemization against Unicode's emoji data and the bundled emoji font's own sequence list.
@Suite struct ItemizerTests {
    /// Code points with a property in emoji-data.txt.
    static func codePoints(with property: String) throws -> [UInt32] {
        let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-data.txt", encoding: .utf8)
        var result: [UInt32] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";").map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, fields[1] == property else { continue }
            let bounds = fields[0].split(separator: ".").filter { !$0.isEmpty }.compactMap { UInt32($0, radix: 16) }
            guard let first = bounds.first else { continue }
            result += Array(first...(bounds.last ?? first))
        }
        return result
    }

    @Test func emojiFilterLetsEveryEmojiPresentationCharacterThrough() throws {
        let presentation = try Self.codePoints(with: "Emoji_Presentation")
        #expect(presentation.count > 1000)
        #expect(presentation.filter { !Itemizer.mayBeEmoji($0) }.isEmpty)
        #expect(try Self.codePoints(with: "Emoji_Modifier") == Array(0x1F3FB...0x1F3FF))
    }

    /// The table of a face's simple units (made from its coverage's ranges) says for every unit below U+10000 what
    /// the unit-by-unit rule says, in fonts of Latin, Arabic, Devanagari, CJK and emoji coverage.
    @Test(arguments: ["DejaVuSerif.ttf", "NotoNaskhArabic-Regular.ttf", "NotoSerifDevanagari-Regular.ttf",
                      "NotoSerifCJKjp-Regular-Subset.otf", "DroidSansFallbackFull.ttf", "NotoColorEmoji-subset-retaingids.ttf"])
    func simpleUnitTableAgreesWithTheRule(file: String) throws {
        let face = try TestFonts.font(file).face
        let table = Itemizer.simpleUnits(of: face)
        let codePoints = face.codePoints
        var differing: [String] = []
        var simple = 0
        for unit in UInt16(0)...UInt16.max {
            let inTable = table[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
            if inTable { simple += 1 }
            if inTable != Itemizer.isSimple(unit, in: codePoints) { differing.append(String(unit, radix: 16)) }
        }
        #expect(differing.isEmpty, "\(file): \(differing.prefix(20))")
        #expect(simple > 10, "\(file): the table is not empty")
        #expect(Itemizer.simpleUnits(of: face) == table, "made once, the same after")
    }

    @Test func everyEmojiSequenceOfTheBundledFontIsOneGlyphInIt() throws {
        let serif = try TestFonts.font("DejaVuSerif.ttf", size: 20)
        let sequences = try String(contentsOf: TestFonts.url("NotoColorEmoji-subset.sequences.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(sequences.count > 90)
        for sequence in sequences {
            let line = Line(attributedString: NSAttributedString(string: "a" + sequence + "b", attributes: [.font: serif]))
            let emoji = line.runs.filter { $0.font.postScriptName.hasPrefix("NotoColorEmoji") }
            #expect(emoji.count == 1, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(emoji.first?.glyphCount == 1, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(emoji.first?.stringRange == 1..<(1 + sequence.utf16.count))
        }
    }
}
