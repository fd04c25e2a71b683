import Foundation
import Galley
import Testing

@testable import GalleyText

/// Temporary attributes (TextKit's, kept beside the text): set, add, remove and look up, moved by edits, gone from
/// edited text; and drawn through `lineForDrawing`, whose runs are cut at their edges without moving a glyph.
@Suite struct TemporaryAttributesTests {
    /// Random settings, removals and edits against a model of one value per character (the obvious, slow way).
    @Test func randomOperationsEqualAPerCharacterModel() {
        var generator = SystemRandomNumberGenerator()
        for seed in 0..<20 {
            var store = TemporaryAttributes(length: 200)
            var model = [Int?](repeating: nil, count: 200)
            for step in 0..<300 {
                let length = model.count
                let a = Int.random(in: 0...length, using: &generator), b = Int.random(in: 0...length, using: &generator)
                let range = min(a, b)..<max(a, b)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    store.set([.underlineColor: step], range: range)
                    for index in range { model[index] = step }
                case 1:
                    store.modify(range) { $0[.underlineColor] = nil }
                    for index in range { model[index] = nil }
                case 2:
                    let inserted = Int.random(in: 0..<5, using: &generator)
                    store.replace(range, insertedLength: inserted)
                    model.replaceSubrange(range, with: [Int?](repeating: nil, count: inserted))
                default:
                    store.modify(range) { $0[.underlineColor] = step }
                    for index in range { model[index] = step }
                }
                #expect(store.length == model.count, "seed \(seed) step \(step)")
                let runs = store.runs(in: 0..<store.length)
                var flattened = [Int?](repeating: nil, count: store.length)
                for run in runs { for index in run.range { flattened[index] = run.attributes[.underlineColor] as? Int } }
                #expect(flattened == model, "seed \(seed) step \(step)")
                if let probe = model.indices.randomElement(using: &generator) {
                    let found = store.attributes(at: probe)
                    #expect(found.attributes[.underlineColor] as? Int == model[probe])
                    #expect(found.range.contains(probe))
                    #expect(found.range.allSatisfy { model[$0] == model[probe] })
                }
            }
        }
    }

    @Test func editsMoveThemAndEditedTextLosesThem() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let storage = TextStorage(string: "alpha beta gamma\ndelta epsilon", attributes: [.font: font])
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 300, height: 1000))])
        manager.addTemporaryAttribute(.backgroundColor, value: Color.black, forCharacterRange: 6..<10)  // "beta"
        manager.addTemporaryAttribute(.underlineStyle, value: UnderlineStyle.single.rawValue, forCharacterRange: 17..<22)  // "delta"
        storage.replaceCharacters(in: 0..<0, with: "an ")
        #expect(manager.temporaryAttributeRuns(in: 0..<storage.length).map(\.range) == [9..<13, 20..<25])
        // Typing inside "beta" takes the attributes off the replaced text only.
        storage.replaceCharacters(in: 10..<11, with: "EE")
        #expect(manager.temporaryAttributeRuns(in: 0..<storage.length).map(\.range) == [9..<10, 12..<14, 21..<26])
        // None of it is in the storage.
        #expect(storage.attributes(at: 9).attributes[.backgroundColor] == nil)
        let (attributes, effective) = manager.temporaryAttributes(atCharacterIndex: 22)
        #expect(attributes[.underlineStyle] as? Int == UnderlineStyle.single.rawValue)
        #expect(effective == 21..<26)
        manager.removeTemporaryAttribute(.underlineStyle, forCharacterRange: 0..<storage.length)
        #expect(manager.temporaryAttributeRuns(in: 0..<storage.length).map(\.range) == [9..<10, 12..<14])
    }

    /// The line to draw has the same glyphs, positions and width as the fragment's, its runs cut where the attributes
    /// start and end, and the attributes on the runs of exactly those characters — in Latin with ligatures, Arabic,
    /// Devanagari and mixed directions.
    @Test(arguments: [("DejaVuSans.ttf", "office affinity of fluffy waffles"), ("NotoNaskhArabic-Regular.ttf", "مرحبا بالعالم في كل مكان"),
                      ("NotoSansDevanagari-Regular.ttf", "नमस्ते दुनिया हिन्दी भाषा"), ("DejaVuSans.ttf", "English עברית English again")])
    func drawingLinesKeepTheLayout(file: String, text: String) throws {
        let font = try TestFonts.font(file, size: 16)
        let storage = TextStorage(string: text, attributes: [.font: font])
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 1000, height: 100))])
        let red = Color(red: 1, green: 0, blue: 0)
        let marked = 3..<11
        manager.addTemporaryAttributes([.underlineColor: red, .underlineStyle: UnderlineStyle.single.rawValue], forCharacterRange: marked)
        let fragment = try #require(manager.lineFragment(forCharacterAt: 0))
        let drawn = manager.lineForDrawing(fragment)
        #expect(drawn.glyphCount == fragment.line.glyphCount)
        #expect(abs(drawn.typographicBounds.width - fragment.line.typographicBounds.width) < 1e-6)
        #expect(drawn.runs.count > fragment.line.runs.count)
        let before = fragment.line.runs.flatMap { run in zip(run.glyphs, run.positions).map { "\($0) \($1)" } }
        let after = drawn.runs.flatMap { run in zip(run.glyphs, run.positions).map { "\($0) \($1)" } }
        #expect(before == after)
        for run in drawn.runs {
            // A run is underlined exactly when its first glyph's character is in the marked range.
            let underlined = run.attributes.underlineColor == red
            let index = run.stringIndices.first ?? run.stringRange.lowerBound
            let holder = manager.textStorage.length > 0 ? index + fragment.paragraphStart : index
            #expect(underlined == marked.contains(holder), "\(file): run \(run.stringRange)")
        }
    }
}
