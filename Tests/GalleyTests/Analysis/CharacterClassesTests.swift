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

    /// A property file's field for each code point it lists (`0000..001F;CC` or `0020;SP # …`).
    static func fieldByCodePoint(_ file: String, field: Int = 1) throws -> [UInt32: String] {
        let text = try String(contentsOfFile: "/usr/share/unicode/" + file, encoding: .utf8)
        var result: [UInt32: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#")[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count > field else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first else { continue }
            for codePoint in low...(bounds.last ?? low) { result[codePoint] = fields[field] }
        }
        return result
    }

    /// General categories from UnicodeData.txt (its ranges are written as First/Last pairs; none of the classes
    /// here falls in one).
    static func generalCategories() throws -> [UInt32: String] {
        let text = try String(contentsOfFile: "/usr/share/unicode/UnicodeData.txt", encoding: .utf8)
        var result: [UInt32: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            if let codePoint = UInt32(fields[0], radix: 16) { result[codePoint] = String(fields[2]) }
        }
        return result
    }

    @Test func whitespaceIsWhiteSpace() throws {
        let whiteSpace = try Self.whiteSpace()
        for unit in 0...UInt32(0xFFFF) {
            #expect(CharacterClasses.isWhitespace(UInt16(unit)) == whiteSpace.contains(unit), "U+\(String(unit, radix: 16))")
        }
    }

    /// What stretches: four space separators; every other Zs character is one of the fixed-width spaces the class
    /// documents, so a space separator added to Unicode fails here until its role is decided.
    @Test func stretchingSpacesAreTheWordSeparators() throws {
        let categories = try Self.generalCategories()
        let spaceSeparators = Set(categories.filter { $0.value == "Zs" }.keys)
        let stretching: Set<UInt32> = [0x20, 0xA0, 0x1361, 0x3000]
        let fixedWidth: Set<UInt32> = Set(0x2000...0x200A).union([0x1680, 0x202F, 0x205F])
        #expect(spaceSeparators.subtracting(fixedWidth) == stretching.subtracting([0x1361]), "Zs less the fixed-width spaces")
        #expect(categories[0x1361] == "Po", "U+1361 ETHIOPIC WORDSPACE is punctuation that separates words")
        for unit in 0...UInt32(0xFFFF) {
            #expect(CharacterClasses.stretchesWhenJustified(UInt16(unit)) == stretching.contains(unit), "U+\(String(unit, radix: 16))")
        }
    }

    @Test func layoutControlsAreCcZlAndZp() throws {
        let categories = try Self.generalCategories()
        for unit in 0...UInt32(0xFFFF) {
            let expected = ["Cc", "Zl", "Zp"].contains(categories[unit] ?? "")
            #expect(CharacterClasses.isLayoutControl(UInt16(unit)) == expected, "U+\(String(unit, radix: 16))")
        }
    }

    /// Bidi segment and paragraph separators are Bidi_Class S and B in UnicodeData (field 4).
    @Test func bidiSeparatorsAreClassesSAndB() throws {
        let text = try String(contentsOfFile: "/usr/share/unicode/UnicodeData.txt", encoding: .utf8)
        var separators = Set<UInt32>()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            if let codePoint = UInt32(fields[0], radix: 16), fields[4] == "S" || fields[4] == "B" { separators.insert(codePoint) }
        }
        #expect(separators.count >= 10 && separators.allSatisfy { $0 < 0x10000 })
        for unit in 0...UInt32(0xFFFF) {
            #expect(CharacterClasses.separatesBidiSegments(UInt16(unit)) == separators.contains(unit), "U+\(String(unit, radix: 16))")
        }
    }

    /// Mandatory breaks are Line_Break BK, CR, LF and NL, all in the BMP; paragraphs end at those less VT, FF and
    /// U+2028.
    @Test func forcedBreaksAreUAX14sMandatoryClassesAndParagraphsEndAtNewlines() throws {
        let classes = try Self.fieldByCodePoint("LineBreak.txt")
        let mandatory = Set(classes.filter { ["BK", "CR", "LF", "NL"].contains($0.value) }.keys)
        #expect(mandatory.count >= 7 && mandatory.allSatisfy { $0 < 0x10000 })
        for unit in 0...UInt32(0xFFFF) {
            #expect(CharacterClasses.forcesLineBreak(UInt16(unit)) == mandatory.contains(unit), "U+\(String(unit, radix: 16))")
            let endsParagraph = mandatory.contains(unit) && ![0x0B, 0x0C, 0x2028].contains(unit)
            #expect(CharacterClasses.endsParagraph(UInt16(unit)) == endsParagraph, "U+\(String(unit, radix: 16))")
        }
    }

    /// The spaces and space-like characters round one's copies disagreed about, and the fixed-width spaces.
    static let spaces: [UInt16] = [0x20, 0xA0, 0x1361, 0x1680, 0x2000, 0x2002, 0x2003, 0x2007, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000]

    /// Justification and Knuth–Plass stretch exactly the characters the class names: a justified line widens the
    /// character, and the breaker's sums give it stretch and shrink.
    @Test func justificationAndKnuthPlassStretchWhatTheClassSays() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        for space in Self.spaces {
            let text = "ab" + String(utf16CodeUnits: [space], count: 1) + "cd" + String(utf16CodeUnits: [space], count: 1) + "ef"
            let typesetter = Typesetter(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
            let line = typesetter.line(stringRange: 0..<typesetter.text.length)
            // Between words only (nil when nothing can stretch).
            let justified = line.justified(factor: 1, width: line.typographicBounds.width + 40, justification: .interWord)
            func advance(_ line: Line, at index: Int) -> CGFloat {
                line.offset(forStringIndex: index + 1).primary - line.offset(forStringIndex: index).primary
            }
            let widened = justified.map { advance($0, at: 2) > advance(line, at: 2) + 1 } ?? false
            let expected = CharacterClasses.stretchesWhenJustified(space)
            #expect(widened == expected, "U+\(String(space, radix: 16)) justified")
            let sums = OptimalLineBreaker.Sums(typesetter: typesetter, paragraph: typesetter.paragraphs[0], from: 0)
            let range = 0..<typesetter.text.length
            #expect((sums.stretch(range) > 0 && sums.shrink(range) > 0) == expected, "U+\(String(space, radix: 16)) Knuth–Plass")
        }
    }

    /// A justified line that ends at a mandatory break keeps its natural width; one that ends at a break
    /// opportunity is stretched. Every mandatory break character and the spaces, in a justified frame.
    @Test func justifiedLinesEndingAtAForcedBreakAreNotStretched() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        var style = ParagraphStyle()
        style.alignment = .justified
        for unit in [UInt16(0x0A), 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029, 0x20, 0x3000] {
            let text = "one two" + String(utf16CodeUnits: [unit], count: 1) + "three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
            let typesetter = Typesetter(attributedString: NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style]))
            let frame = Framesetter(typesetter: typesetter).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 300, height: 400)))
            let first = try #require(frame.lines.first)
            let natural = typesetter.line(stringRange: first.stringRange)
            let stretched = first.typographicBounds.width - first.trailingWhitespaceWidth
                > natural.typographicBounds.width - natural.trailingWhitespaceWidth + 1
            #expect(first.stringRange == 0..<8 || !CharacterClasses.forcesLineBreak(unit), "U+\(String(unit, radix: 16)) ends the first line")
            #expect(stretched == !CharacterClasses.forcesLineBreak(unit), "U+\(String(unit, radix: 16)): stretched \(stretched)")
        }
    }

    /// Controls and the separators draw nothing (the space glyph, no advance; a tab's advance is the typesetter's);
    /// the other characters beside them draw their own glyphs.
    @Test func layoutControlsDrawNothing() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let space = try #require(font.glyph(forCodePoint: 0x20))
        for unit in [UInt16(0x00), 0x01, 0x0B, 0x1F, 0x7F, 0x85, 0x9F, 0x2028, 0x2029, 0x41, 0x2009] {
            let text = "a" + String(utf16CodeUnits: [unit], count: 1) + "b"
            let typesetter = Typesetter(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
            let line = typesetter.line(stringRange: 0..<1 + (CharacterClasses.forcesLineBreak(unit) ? 1 : 2))
            let glyphs = line.runs.flatMap { run in zip(run.glyphs, run.stringIndices).filter { $0.1 == 1 }.map(\.0) }
            if CharacterClasses.isLayoutControl(unit) {
                #expect(glyphs == [space], "U+\(String(unit, radix: 16)) draws \(glyphs)")
                #expect(abs(line.offset(forStringIndex: 2).primary - line.offset(forStringIndex: 1).primary) < 1e-9 || unit == 0x09)
            } else {
                #expect(!glyphs.isEmpty && glyphs != [space], "U+\(String(unit, radix: 16)) draws \(glyphs)")
            }
        }
    }
}

extension CharacterClassesTests {
    /// Each control-character role stands in a character whose classes are the role's: the typesetter then needs no
    /// rule of its own for roles.
    @Test func controlCharacterRolesHaveTheirClasses() {
        for control: UInt16 in [0x01, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1F, 0x7F, 0x85, 0x9F, 0x2028, 0x2029] {
            let units = ControlCharacterRole.applying
            let whitespace = units([0: .whitespace], [control])[0]
            #expect(CharacterClasses.hangsAtLineEnd(whitespace) && CharacterClasses.stretchesWhenJustified(whitespace))
            let tab = units([0: .horizontalTab], [control])[0]
            #expect(tab == 0x09)
            let line = units([0: .lineBreak], [control])[0]
            #expect(CharacterClasses.forcesLineBreak(line) && !CharacterClasses.endsParagraph(line))
            let paragraph = units([0: .paragraphBreak], [control])[0]
            #expect(CharacterClasses.endsParagraph(paragraph))
            let nothing = units([0: .zeroAdvancement], [control])[0]
            #expect(!CharacterClasses.forcesLineBreak(nothing) && !CharacterClasses.hangsAtLineEnd(nothing) && nothing != 0x09)
        }
        // Roles for characters that are not controls, or outside the text, change nothing.
        #expect(ControlCharacterRole.applying([0: .lineBreak, 1: .whitespace, 5: .paragraphBreak, -1: .lineBreak], to: [0x41, 0xA0]) == [0x41, 0xA0])
    }
}
