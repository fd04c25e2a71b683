import Foundation
import Galley
import GalleyRendering
import GalleyText
import Testing

@testable import GalleySpelling

/// Spell checking while editing: underlines on exactly the words the checker rejects after any edits (the checker's
/// answer for the whole text, itself tested against `hunspell -l`, is the reference), none on the word being typed or
/// on marked text, none in the storage, gone when fixed, and drawn as a red dotted line.
@Suite struct SpellCheckingControllerTests {
    static func setUp(_ text: String, width: CGFloat = 400) throws -> (TextStorage, LayoutManager, TextInput, SpellCheckingController) {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 14)
        let storage = TextStorage(string: text, attributes: [.font: font])
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: width, height: 10_000))])
        let input = TextInput(textStorage: storage)
        let controller = SpellCheckingController(layoutManager: manager, checker: TextCheckerTests.checker(), language: "en-US", textInput: input)
        return (storage, manager, input, controller)
    }

    /// The reference: the checker over the whole text as it is now.
    static func expected(_ controller: SpellCheckingController) throws -> [Range<Int>] {
        try controller.checker.misspelledWords(in: controller.layoutManager.textStorage.string, language: "en-US")
    }

    @Test func randomEditsKeepTheUnderlinesRight() throws {
        let text = try Corpus.lines("en_Latn.txt").prefix(8).joined(separator: "\n")
        let (storage, _, input, controller) = try Self.setUp(text)
        controller.checkEverything()
        let first = controller.misspelledRanges(), reference = try Self.expected(controller)
        let string = storage.string
        func words(_ ranges: [Range<Int>]) -> [String] { ranges.map { String(string.utf16.dropFirst($0.lowerBound).prefix($0.count))! } }
        #expect(first == reference, "only ours: \(words(first.filter { !reference.contains($0) })), only the checker's: \(words(reference.filter { !first.contains($0) }))")
        var generator = SeededLCG(seed: 7)
        let pieces = ["e", "x", " ", "qu", "teh ", "recieve", "\n", "", "Galley's", "don’t", "speling "]
        for step in 0..<300 {
            let length = storage.length
            let start = Int(generator.next() % UInt64(length + 1))
            let end = min(length, start + Int(generator.next() % 6))
            let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
            input.setSelectedRange(start..<end)
            input.insertText(piece)
            // Away from the caret, every word is as the checker says; the word at the caret may wait.
            input.setSelectedRange(0..<0)
            controller.selectionDidChange()
            let ours = controller.misspelledRanges()
            let theirs = try Self.expected(controller).filter { !($0.lowerBound < 0 && 0 <= $0.upperBound) }
            try #require(ours == theirs, "step \(step): \(piece) at \(start)..<\(end)")
        }
        // Never in the storage's own attributes.
        #expect(storage.attributeRuns(in: 0..<storage.length).allSatisfy { $0.attributes[.underlineStyle] == nil })
    }

    @Test func theWordBeingTypedWaitsUntilItEnds() throws {
        let (storage, _, input, controller) = try Self.setUp("Hello ")
        input.setSelectedRange(6..<6)
        for letter in ["w", "o", "r", "l", "d", "q"] {
            input.insertText(letter)
            #expect(controller.misspelledRanges().isEmpty, "flagged while typing \(storage.string)")
        }
        input.insertText(" ")
        #expect(controller.misspelledRanges() == [6..<12])
        // Fixing it with a correction takes the underline off, in one edit that undo reverts.
        let undo = UndoStack(textStorage: storage)
        let counter = EditCounter()
        storage.addObserver(counter)
        input.replace(misspelledRange: 6..<12, with: "world")
        #expect(storage.string == "Hello world ")
        #expect(counter.edits == 1)
        #expect(controller.misspelledRanges().isEmpty)
        undo.undo()
        #expect(storage.string == "Hello worldq ")
        input.setSelectedRange(13..<13)
        controller.selectionDidChange()
        #expect(controller.misspelledRanges() == [6..<12])
    }

    @Test func movingTheCaretOutOfAWordChecksIt() throws {
        let (_, _, input, controller) = try Self.setUp("Some text")
        input.setSelectedRange(4..<4)
        input.insertText("thng")  // "Somethng text": the caret stays at the end of the word
        #expect(controller.misspelledRanges().isEmpty)
        input.setSelectedRange(0..<0)
        controller.selectionDidChange()
        #expect(controller.misspelledRanges() == [0..<8])
    }

    @Test func markedTextIsNeverChecked() throws {
        let (_, _, input, controller) = try Self.setUp("Type here: ")
        input.setSelectedRange(11..<11)
        input.setMarkedText("xqzv", selectedRange: 4..<4)
        input.setSelectedRange(0..<0)
        controller.selectionDidChange()
        #expect(input.markedRange == 11..<15)
        #expect(controller.misspelledRanges().isEmpty)
        input.setSelectedRange(15..<15)
        input.unmarkText()
        input.insertText(" ")
        #expect(controller.misspelledRanges() == [11..<15])
    }

    /// A document is checked in slices, in order; edits between slices land in the right place, and the end result
    /// is the whole text's.
    @Test func slicesCheckTheWholeDocumentAroundEdits() throws {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("newton-opticks.txt"), encoding: .utf8)
        let (storage, _, input, controller) = try Self.setUp(String(text.prefix(60_000)))
        var slices = 0
        while controller.checkNextSlice(maximumLength: 1_000) {
            slices += 1
            if slices % 3 == 0 {
                input.setSelectedRange(storage.length / 2..<storage.length / 2)
                input.insertText(" wrnog ")
            }
        }
        #expect(slices > 10)
        input.setSelectedRange(0..<0)
        controller.selectionDidChange()
        #expect(controller.misspelledRanges() == (try Self.expected(controller)))
    }

    @Test func languageRunsUseTheirDictionaries() throws {
        let (storage, _, _, controller) = try Self.setUp("The house. ")
        let german = NSAttributedString(string: "Das Haus ist groß und schön. Hose", attributes: [.language: "de-DE"])
        storage.replaceCharacters(in: storage.length..<storage.length, with: german)
        controller.checkEverything()
        // German words pass in the German run; "house" passes in English; nothing is flagged.
        #expect(controller.misspelledRanges().isEmpty)
        storage.replaceCharacters(in: 4..<9, with: "Haus")
        #expect(controller.misspelledRanges() == [4..<8])
    }

    /// A page drawn through `lineForDrawing` has red ink under the misspelled word and none under the others.
    @Test func drawnPagesShowRedDottedUnderlines() throws {
        let (_, manager, _, controller) = try Self.setUp("A wrod here and there", width: 300)
        controller.checkEverything()
        #expect(controller.misspelledRanges() == [2..<6])
        let fragment = try #require(manager.lineFragment(forCharacterAt: 0))
        let canvas = try Canvas(width: 320, height: 60, scale: 2)
        canvas.fill(CGRect(x: 0, y: 0, width: 320, height: 60), with: .white)
        canvas.textPosition = CGPoint(x: 10, y: 30)
        canvas.draw(manager.lineForDrawing(fragment))
        let line = fragment.line
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 14)
        let y = 30 + font.underlinePosition - font.underlineThickness / 2
        func redPixels(from start: Int, to end: Int) -> Int {
            let x0 = 10 + line.offset(forStringIndex: start).primary, x1 = 10 + line.offset(forStringIndex: end).primary
            var count = 0
            for x in stride(from: Int(x0 * 2), to: Int(x1 * 2), by: 1) {
                for row in Int((60 - y) * 2) - 3...Int((60 - y) * 2) + 3 {
                    if let pixel = canvas.pixel(x: x, y: row), pixel.red > 150, pixel.green < 90, pixel.blue < 90 { count += 1 }
                }
            }
            return count
        }
        let under = redPixels(from: 2, to: 6)
        #expect(under > 6)
        #expect(redPixels(from: 7, to: 21) == 0)
        // Dotted: along the word some columns have no red.
        let x0 = Int((10 + line.offset(forStringIndex: 2).primary) * 2), x1 = Int((10 + line.offset(forStringIndex: 6).primary) * 2)
        let row = Int((60 - y) * 2)
        let columns = (x0..<x1).map { x in (row - 3...row + 3).contains { canvas.pixel(x: x, y: $0).map { $0.red > 150 && $0.green < 90 } ?? false } }
        #expect(columns.contains(true) && columns.contains(false))
    }
}

/// Counts the batches a storage reports.
final class EditCounter: TextStorageObserver {
    var edits = 0
    func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) { edits += 1 }
}
