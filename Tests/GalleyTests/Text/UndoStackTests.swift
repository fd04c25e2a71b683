import Foundation
import Galley
import GalleyText
import Testing

/// Undo and redo: every edit undone restores the text and its attributes exactly (paragraph-style fixes included),
/// redo brings the edits back, typing and deleting group by words, and layout follows incrementally.
@Suite struct UndoStackTests {
    /// The text and its attributes, each written out, over the longest stretches alike (how the storage splits its
    /// runs is its own business), for comparing storages.
    static func dump(_ storage: TextStorage) -> String {
        var stretches: [(range: Range<Int>, attributes: String)] = []
        for run in storage.attributeRuns(in: 0..<storage.length) {
            let attributes = run.attributes.map { "\($0.key.rawValue)=\(String(describing: $0.value))" }.sorted().joined(separator: " ")
            if let last = stretches.last, last.attributes == attributes {
                stretches[stretches.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                stretches.append((run.range, attributes))
            }
        }
        return storage.string.debugDescription + "\n" + stretches.map { "\($0.range): \($0.attributes)" }.joined(separator: "\n")
    }

    @Test func randomEditsUndoAndRedoExactly() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        var indented = ParagraphStyle()
        indented.firstLineHeadIndent = 20
        var centered = ParagraphStyle()
        centered.alignment = .center
        let styles = [ParagraphStyle.default, indented, centered]
        let storage = TextStorage(string: "First paragraph of the text.\nSecond one, a little longer than the first.\nThird.",
                                  attributes: [.font: font])
        let container = TextContainer(size: CGSize(width: 120, height: CGFloat.infinity), lineFragmentPadding: 0)
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        manager.ensureLayoutForAllText()
        let undo = UndoStack(textStorage: storage)
        var generator = SeededLCG(seed: 41)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(bound, 1))) }
        var states = [Self.dump(storage)]
        for _ in 0..<120 {
            let length = storage.length
            let lower = random(length + 1)
            let upper = min(length, lower + random(12))
            switch random(5) {
            case 0, 1: storage.replaceCharacters(in: lower..<upper, with: ["x", "yz ", "\n", "é", "🙂", ""][random(6)])
            case 2: storage.addAttribute(.paragraphStyle, value: styles[random(3)], range: lower..<upper)
            case 3: storage.addAttribute(.kern, value: CGFloat(random(3)), range: lower..<upper)
            default: storage.removeAttribute(.kern, range: lower..<upper)
            }
            undo.closeGroup()
            if states.last != Self.dump(storage) { states.append(Self.dump(storage)) }
        }
        // Each undo goes back one recorded state (edits that changed nothing recorded nothing).
        var back = states.count - 1
        while undo.canUndo {
            undo.undo()
            if Self.dump(storage) != states[back] { back -= 1 }
            #expect(Self.dump(storage) == states[back])
        }
        #expect(Self.dump(storage) == states[0])
        #expect(LayoutManagerTests.dump(manager) == LayoutManagerTests.dump(LayoutManager(textStorage: storage.copy(), textContainers: [container])))
        while undo.canRedo { undo.redo() }
        #expect(Self.dump(storage) == states[states.count - 1])
        #expect(LayoutManagerTests.dump(manager) == LayoutManagerTests.dump(LayoutManager(textStorage: storage.copy(), textContainers: [container])))
    }

    /// Joining two paragraphs gives the second the first's paragraph style (TextKit's fixing); undoing the join gives
    /// it its own back.
    @Test func undoingAJoinRestoresTheSecondParagraphsStyle() {
        var centered = ParagraphStyle()
        centered.alignment = .center
        let text = NSMutableAttributedString(string: "Left.\n", attributes: [:])
        text.append(NSAttributedString(string: "Centered.", attributes: [.paragraphStyle: centered]))
        let storage = TextStorage(attributedString: text)
        let before = Self.dump(storage)
        let undo = UndoStack(textStorage: storage)
        storage.replaceCharacters(in: 5..<6, with: "")
        #expect(storage.attributes(at: 6).attributes[.paragraphStyle] == nil)
        undo.undo()
        #expect(Self.dump(storage) == before)
        #expect((storage.attributes(at: 7).attributes[.paragraphStyle] as? ParagraphStyle)?.alignment == .center)
    }

    /// Typing is undone a word at a time (the space after a word goes with it), as is deleting with backspace.
    @Test func typingAndDeletingGroupByWords() {
        let storage = TextStorage(string: "")
        let undo = UndoStack(textStorage: storage)
        for character in "hello big world" {
            storage.replaceCharacters(in: storage.length..<storage.length, with: String(character))
        }
        undo.undo()
        #expect(storage.string == "hello big ")
        undo.undo()
        #expect(storage.string == "hello ")
        undo.redo()
        #expect(storage.string == "hello big ")
        undo.closeGroup()
        // Backspace through "hello big ": the space and "big" are one step, "hello " the next, as typed.
        for _ in 0..<10 { storage.replaceCharacters(in: (storage.length - 1)..<storage.length, with: "") }
        #expect(storage.string == "")
        undo.undo()
        #expect(storage.string == "hello ")
        undo.undo()
        #expect(storage.string == "hello big ")
        #expect(undo.canRedo)
    }
}
