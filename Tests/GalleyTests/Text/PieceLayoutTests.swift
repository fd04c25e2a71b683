import Foundation
import Galley
import GalleyText
import Testing

/// Long paragraphs laid out in pieces (`LayoutManager+Pieces.swift`) against the framesetter's lines for the whole
/// text, which knows nothing of pieces: after opening, and after every one of a run of random edits.
@Suite struct PieceLayoutTests {
    static let font = try! TestFonts.font("DejaVuSerif.ttf", size: 12)
    static let width: CGFloat = 300

    /// Paragraphs of 9,000 units or more in scripts with spaces (Latin, Cyrillic, Greek, Armenian, Georgian,
    /// Devanagari), in three styles (plain; justified with a first-line indent and hyphenation; spaced), with
    /// kerning and a second font here and there; one with a Hebrew word and one of Japanese, laid out whole.
    static func longText() throws -> NSAttributedString {
        var justified = ParagraphStyle()
        justified.alignment = .justified
        justified.firstLineHeadIndent = 24
        justified.headIndent = 6
        justified.hyphenationFactor = 0.8
        var spaced = ParagraphStyle()
        spaced.paragraphSpacing = 6
        spaced.paragraphSpacingBefore = 3
        spaced.lineSpacingAdjustment = 2
        let styles = [ParagraphStyle(), justified, spaced]
        let text = NSMutableAttributedString(string: "")
        let files = ["en_Latn.txt", "ru_Cyrl.txt", "el_Grek.txt", "hy_Armn.txt", "hi_Deva.txt", "newton-opticks.txt", "he_Hebr.txt", "ja_Jpan.txt"]
        for (index, file) in files.enumerated() {
            var words = try Corpus.lines(file).joined(separator: " ")
            if file == "he_Hebr.txt" { words = try Corpus.lines("de_Latn.txt").joined(separator: " ") + " שלום " }
            var paragraph = words
            while paragraph.utf16.count < 9000 { paragraph += " " + words }
            let start = text.length
            text.append(NSAttributedString(string: paragraph + "\n", attributes: [.font: font, .paragraphStyle: styles[index % 3]]))
            text.addAttribute(.kern, value: 1.5, range: NSRange(location: start + 3000, length: 40))
            text.addAttribute(.font, value: try TestFonts.font("DejaVuSans.ttf", size: 14), range: NSRange(location: start + 6100, length: 25))
        }
        return text
    }

    /// The framesetter's lines for the whole text in the container's rectangle, as the layout manager gives them
    /// (y down).
    static func reference(_ text: NSAttributedString) -> LayoutManagerTests.Dump {
        let height: CGFloat = 1e9
        let frame = Framesetter(attributedString: text).frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: height)))
        var result = LayoutManagerTests.Dump()
        for (index, line) in frame.lines.enumerated() {
            result.lines.append((line.stringRange, 0, CGPoint(x: frame.lineOrigins[index].x, y: height - frame.lineOrigins[index].y),
                                 line.typographicBounds.width))
        }
        return result
    }

    static func container() -> TextContainer { TextContainer(size: CGSize(width: width, height: .infinity), lineFragmentPadding: 0) }

    @Test func longParagraphsInPiecesEqualTheFramesetters() throws {
        let text = try Self.longText()
        let manager = LayoutManager(textStorage: TextStorage(attributedString: text), textContainers: [Self.container()])
        let dump = LayoutManagerTests.dump(manager)
        #expect(dump == Self.reference(text))
        // Pieces were made: more framesetters than paragraphs.
        #expect(manager.statistics.paragraphsShaped > manager.numberOfParagraphs + 10)
    }

    @Test func editsInPiecesEqualTheFramesetters() throws {
        let storage = TextStorage(attributedString: try Self.longText())
        let manager = LayoutManager(textStorage: storage, textContainers: [Self.container()])
        manager.ensureLayoutForAllText()
        var generator = SeededLCG(seed: 18)
        let insertions = ["a", "word ", " ", "é", "many words in a row that make the line longer ", "x\u{0301}", "\u{2060}", "  ", "\n",
                          "one\nand two\n", "שלום "]
        var log: [String] = []
        for step in 0..<60 {
            let length = storage.length
            switch generator.next() % 5 {
            case 0, 1, 2:
                let at = Int(generator.next() % UInt64(length + 1))
                // Mostly plain text; now and then a right-to-left word (its paragraph is then laid out whole).
                let choice = Int(generator.next() % UInt64(insertions.count * 4))
                let inserted = choice < insertions.count * 4 - 1 ? insertions[choice % (insertions.count - 1)] : insertions[insertions.count - 1]
                log.append("insert \(at) \(inserted.debugDescription)")
                storage.replaceCharacters(in: at..<at, with: inserted)
            case 3:
                let at = Int(generator.next() % UInt64(length))
                let count = Int(generator.next() % 60)
                log.append("delete \(at) \(count)")
                storage.replaceCharacters(in: at..<min(at + count, length), with: "")
            default:
                let at = Int(generator.next() % UInt64(length))
                let range = at..<min(at + Int(generator.next() % 30) + 1, length)
                log.append("kern \(range)")
                storage.addAttribute(.kern, value: CGFloat(generator.next() % 3), range: range)
            }
            let incremental = LayoutManagerTests.dump(manager)
            let reference = Self.reference(storage.attributedString)
            #expect(incremental == reference, "step \(step), after \(log.suffix(3))")
            if incremental != reference {
                let pairs = Array(zip(incremental.lines, reference.lines))
                var first = pairs.count
                for (index, pair) in pairs.enumerated() where pair.0.range != pair.1.range || abs(pair.0.origin.y - pair.1.origin.y) > 1e-5 {
                    first = index
                    break
                }
                print("first difference at line \(first):",
                      incremental.lines[max(first - 1, 0)..<min(first + 2, incremental.lines.count)],
                      reference.lines[max(first - 1, 0)..<min(first + 2, reference.lines.count)])
                return
            }
        }
    }

    /// A line feed typed into a long paragraph splits it: the first paragraph keeps the old pieces before the edit,
    /// the second the old pieces from where its lines meet the old ones again — a few pieces are typeset, not the
    /// paragraph — and both equal the framesetter's lines for the whole text. Deleting the line feed joins them
    /// again, keeping both paragraphs' pieces.
    @Test func splitsAndJoinsKeepThePiecesOnEachSide() throws {
        let storage = TextStorage(attributedString: try Self.longText())
        let manager = LayoutManager(textStorage: storage, textContainers: [Self.container()])
        manager.ensureLayoutForAllText()
        let paragraph = manager.paragraphRange(at: 0)
        let splits = [paragraph.lowerBound + 4_321, paragraph.lowerBound + 1_000, paragraph.upperBound - 2_500]
        for at in splits {
            let before = manager.statistics.paragraphsShaped
            storage.replaceCharacters(in: at..<at, with: "\n")
            #expect(LayoutManagerTests.dump(manager) == Self.reference(storage.attributedString), "split at \(at)")
            #expect(manager.statistics.paragraphsShaped - before <= 4, "split at \(at)")
        }
        // (The last split first: the line feeds before it stay where they were typed.)
        for at in [splits[2], splits[0] + 1, splits[1]] {
            let before = manager.statistics.paragraphsShaped
            #expect(storage.units(in: at..<(at + 1)) == [0x0A])
            storage.replaceCharacters(in: at..<(at + 1), with: "")
            #expect(LayoutManagerTests.dump(manager) == Self.reference(storage.attributedString), "join at \(at)")
            #expect(manager.statistics.paragraphsShaped - before <= 4, "join at \(at)")
        }
        #expect(manager.paragraphRange(at: 0) == paragraph)
        // Joining two long paragraphs keeps the pieces of both (typesetting the second afresh takes six).
        storage.replaceCharacters(in: 3_000..<3_000, with: "\n")
        let before = manager.statistics.paragraphsShaped
        storage.replaceCharacters(in: 3_000..<3_001, with: "")
        #expect(LayoutManagerTests.dump(manager) == Self.reference(storage.attributedString))
        #expect(manager.statistics.paragraphsShaped - before <= 4)
        // Pastes of several paragraphs into a long one (their breaks found from the rope's separators): CR LF pairs,
        // a paragraph separator, a lone CR, and a CR typed before a line feed, which pairs with it.
        for (at, pasted) in [(7_000, "one\r\ntwo\u{2029}three\rfour"), (20_000, "\r\n\r\nx\n"), (12_345, "tail\r")] {
            storage.replaceCharacters(in: at..<at, with: pasted)
            #expect(LayoutManagerTests.dump(manager) == Self.reference(storage.attributedString), "paste at \(at)")
        }
        storage.replaceCharacters(in: 9_000..<9_000, with: "\n")
        storage.replaceCharacters(in: 9_000..<9_000, with: "\r")
        #expect(LayoutManagerTests.dump(manager) == Self.reference(storage.attributedString), "CR before LF")
    }
}
