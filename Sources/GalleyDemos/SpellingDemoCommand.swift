import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyRendering
import GalleySpelling
import GalleyText

/// `galley-demos spelling`: a page as an editor shows it while the user types — misspelled words underlined with a
/// red dotted line by the spelling controller (temporary attributes, not in the text), the word being typed not yet
/// flagged, a German run checked with the German dictionary, and each flagged word's first guesses in the margin.
struct SpellingDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spelling",
        abstract: "Draw a page with spelling underlines and the checker's guesses.",
        discussion: "Lays a paragraph with misspellings out with GalleyText, types a few more words through TextInput "
            + "with a SpellCheckingController attached (Hunspell's en_US and de_DE dictionaries), and draws the page "
            + "through LayoutManager.lineForDrawing, which lays the controller's red dotted underlines over the lines."
    )

    @OptionGroup var options: DemoOptions
    @Option(help: "Pixels per point for PNG.") var scale: Double = 2

    func run() throws {
        let catalog = try options.catalog()
        let font = try Font(name: "DejaVu Serif", size: 14, catalog: catalog)
        let small = try Font(name: "DejaVu Sans", size: 9, catalog: catalog)
        let page = CGSize(width: 460, height: 190)
        let margin: CGFloat = 24
        let storage = TextStorage(string: "Spell cheking happens as you type: every word an edit touches is looked up in Hunspell's "
            + "dictionary, and the misspeled ones get a dotted underline that is drawn, not stored. A German phrase, ",
                                  attributes: [.font: font])
        storage.replaceCharacters(in: storage.length..<storage.length,
                                  with: NSAttributedString(string: "das Haus ist schön und groß,", attributes: [.font: font, .language: "de-DE"]))
        storage.replaceCharacters(in: storage.length..<storage.length, with: NSAttributedString(string: " is checked in German.", attributes: [.font: font]))
        let container = TextContainer(size: CGSize(width: page.width - 2 * margin, height: page.height - 2 * margin - 60))
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        let input = TextInput(textStorage: storage)
        let checker = TextChecker()
        let controller = SpellCheckingController(layoutManager: manager, checker: checker, language: "en-US", textInput: input)
        controller.checkEverything()
        // Typing at the end: the finished word is checked, the one under the caret waits.
        input.setSelectedRange(storage.length..<storage.length)
        for piece in [" Tpyed", " words", " wait"] { input.insertText(piece) }
        input.insertText(" untill")

        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        let misspelled = controller.misspelledRanges()
        let string = storage.string
        func word(_ range: Range<Int>) -> String {
            String(decoding: Array(string.utf16)[range], as: UTF16.self)
        }
        try OutputCanvas.draw(to: options.output, size: page, scale: CGFloat(scale)) { canvas in
            canvas.fill(CGRect(origin: .zero, size: page), with: .white)
            for fragment in fragments {
                canvas.textPosition = CGPoint(x: margin + fragment.baselineOrigin.x, y: page.height - margin - fragment.baselineOrigin.y)
                canvas.draw(manager.lineForDrawing(fragment))
            }
            // The caret, and the guesses for each flagged word.
            if let caret = manager.caretRect(for: storage.length, width: 1.5) {
                canvas.fill(CGRect(x: margin + caret.minX, y: page.height - margin - caret.maxY, width: caret.width, height: caret.height),
                            with: Color(hex: "#1f4e8c")!)
            }
            var y: CGFloat = margin + 34
            for range in misspelled {
                let guesses = checker.guesses(forWordRange: range, in: string, language: "en-US").prefix(3)
                canvas.textPosition = CGPoint(x: margin, y: y)
                canvas.draw(Line(string: "“\(word(range))” → \(guesses.joined(separator: ", "))", font: small))
                y -= 12
            }
            canvas.textPosition = CGPoint(x: margin, y: 12)
            canvas.draw(Line(string: "Red dots: SpellCheckingController's temporary attributes; \"untill\" waits while the caret is in it.",
                             font: small))
        }
        print("wrote \(options.output.joined(separator: ", ")): \(misspelled.count) words underlined: "
              + misspelled.map(word).joined(separator: ", "))
    }
}
