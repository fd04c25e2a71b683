import Foundation
import Galley
import GalleyText
import Testing

/// Text units, caret movement and the input model: grapheme and word boundaries against Pango's
/// (Tests/References/pango_boundaries.py, Pango 1.50's log attributes), movement round trips, and editing.
@Suite struct TextNavigationTests {
    static let files = ["en_Latn.txt", "de_Latn.txt", "ru_Cyrl.txt", "el_Grek.txt", "he_Hebr.txt", "ar_Arab.txt",
                        "hi_Deva.txt", "vi_Latn.txt", "tr_Latn.txt", "fa_Arab.txt"]

    static func manager(_ text: String, width: CGFloat = 300) throws -> LayoutManager {
        let storage = TextStorage(string: text, attributes: [.font: try TestFonts.font("DejaVuSans.ttf", size: 13)])
        return LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: width, height: CGFloat.infinity))])
    }

    @Test func graphemeAndWordBoundariesAgreeWithPango() throws {
        var lines: [String] = []
        for file in Self.files { lines += try Corpus.lines(file).prefix(12) }
        lines += ["Emoji 👍🏽 and 👨‍👩‍👧 families 🇫🇷 flags", "e\u{301}te\u{301} combining", "Numbers 3.14 and 1,000 and e-mail"]
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("lines.txt")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let output = try runProgram("/usr/bin/python3", [TestFonts.root.appendingPathComponent("Tests/References/pango_boundaries.py").path, file.path])
        let pango = output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: [Int]] }
        try #require(pango.count == lines.count)
        var cursorSame = 0
        var cursorCompared = 0
        var wordSame = 0
        var differences: [String] = []
        for (line, reference) in zip(lines, pango) {
            let manager = try Self.manager(line)
            let tokenizer = TextTokenizer(layoutManager: manager)
            let length = line.utf16.count
            let cursors = (0...length).filter { $0 == 0 || tokenizer.isPosition($0, atBoundary: .character, inDirection: .forward) }
            // Swift's own grapheme breaking (Unicode 15.1, as ICU 72 here) agrees everywhere.
            #expect(cursors == TestBoundaries.graphemes(line), "\(line.prefix(30))")
            // Pango 1.50 splits Devanagari conjuncts (it predates Unicode 15.1's conjunct rule): compared elsewhere.
            if !line.unicodeScalars.contains(where: { (0x0900...0x097F).contains($0.value) }) {
                cursorCompared += 1
                if cursors == reference["cursor"] { cursorSame += 1 } else if differences.count < 10 { differences.append("cursor: \(line.prefix(30)) ours \(cursors) pango \(reference["cursor"] ?? [])") }
            }
            let starts = (0...length).filter { tokenizer.isPosition($0, atBoundary: .word, inDirection: .backward) }
            let ends = (0...length).filter { tokenizer.isPosition($0, atBoundary: .word, inDirection: .forward) }
            if starts == reference["wordStart"], ends == reference["wordEnd"] { wordSame += 1 } else if differences.count < 10 {
                differences.append("word: \(line.prefix(30)) ours \(starts)/\(ends) pango \(reference["wordStart"] ?? [])/\(reference["wordEnd"] ?? [])")
            }
        }
        print("Pango agreement: cursor positions \(cursorSame) of \(cursorCompared) lines, words \(wordSame) of \(lines.count)\n"
              + differences.joined(separator: "\n"))
        #expect(cursorSame == cursorCompared && cursorCompared > 80)
        #expect(Double(wordSame) >= 0.9 * Double(lines.count))
    }

    @Test func tokenizerUnits() throws {
        let text = "Hello, wörld! Second sentence here.\nNext paragraph 👍🏽."
        let tokenizer = TextTokenizer(layoutManager: try Self.manager(text, width: 120))
        #expect(tokenizer.rangeEnclosingPosition(8, with: .word, inDirection: .forward) == 7..<12)
        #expect(tokenizer.rangeEnclosingPosition(12, with: .word, inDirection: .backward) == 7..<12)
        #expect(tokenizer.rangeEnclosingPosition(5, with: .word, inDirection: .forward) == nil, "between words")
        #expect(tokenizer.position(from: 0, toBoundary: .word, inDirection: .forward) == 5)
        #expect(tokenizer.position(from: 5, toBoundary: .word, inDirection: .forward) == 12)
        #expect(tokenizer.position(from: 12, toBoundary: .word, inDirection: .backward) == 7)
        #expect(tokenizer.rangeEnclosingPosition(3, with: .sentence, inDirection: .forward)?.lowerBound == 0)
        #expect(tokenizer.position(from: 3, toBoundary: .sentence, inDirection: .forward) == 14)
        #expect(tokenizer.rangeEnclosingPosition(3, with: .paragraph, inDirection: .forward) == 0..<35)
        #expect(tokenizer.rangeEnclosingPosition(40, with: .paragraph, inDirection: .forward) == 36..<text.utf16.count)
        #expect(tokenizer.rangeEnclosingPosition(3, with: .document, inDirection: .forward) == 0..<text.utf16.count)
        // The thumbs-up with its skin tone is one character.
        let thumb = text.utf16.count - 5
        #expect(tokenizer.rangeEnclosingPosition(thumb, with: .character, inDirection: .forward) == thumb..<(thumb + 4))
        // Lines come from the layout: the first line ends before the second starts.
        let line = try #require(tokenizer.rangeEnclosingPosition(0, with: .line, inDirection: .forward))
        #expect(line.lowerBound == 0 && line.upperBound < 35)
        #expect(tokenizer.isPosition(line.upperBound, atBoundary: .line, inDirection: .forward))
    }

    @Test(arguments: [
        "Left to right text that wraps over a few lines of the container.",
        "טקסט מימין לשמאל שנשבר על פני כמה שורות במכל הזה.",
        "Mixed עברית and English שורה ארוכה that wraps.",
    ])
    func visualMovementVisitsEveryCaretStop(text: String) throws {
        let manager = try Self.manager(text, width: 140)
        let length = text.utf16.count
        // Right from the left edge of the first line, then left back: every grapheme boundary is visited.
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        #expect(fragments.count >= 2)
        var visited: Set<Int> = []
        let rtl = text.unicodeScalars.first.map { (0x0590...0x08FF).contains($0.value) } ?? false
        var position = rtl ? manager.closestPosition(to: CGPoint(x: 1000, y: fragments[0].rect.midY)) : 0
        visited.insert(position)
        for _ in 0..<(length * 2) {
            guard let next = manager.position(from: position, in: rtl ? .left : .right) else { break }
            visited.insert(next)
            position = next
        }
        let boundaries = Set(TestBoundaries.graphemes(text))
        #expect(boundaries.subtracting(visited).count <= fragments.count, "missed \(boundaries.subtracting(visited).sorted())")
        // Up and down keep the x: down then up returns to the same caret on the first line.
        let start = 3
        if let down = manager.position(from: start, in: .down), let up = manager.position(from: down, in: .up) {
            #expect(up == start || abs((manager.caretRect(for: up)?.minX ?? 0) - (manager.caretRect(for: start)?.minX ?? 0)) < 8)
        } else {
            Issue.record("no vertical movement")
        }
        #expect(manager.position(from: 0, in: .up) == nil || manager.position(from: 0, in: .up) == 0)
    }

    final class Recorder: TextInputDelegate {
        var events: [String] = []
        func selectionWillChange(_ input: TextInput) { events.append("selection will") }
        func selectionDidChange(_ input: TextInput) { events.append("selection did") }
        func textWillChange(_ input: TextInput) { events.append("text will") }
        func textDidChange(_ input: TextInput) { events.append("text did") }
    }

    @Test func typingDeletingAndMarkedText() throws {
        let storage = TextStorage(string: "नमस्ते 👨‍👩‍👧", attributes: [.font: try TestFonts.font("DejaVuSans.ttf", size: 13)])
        let input = TextInput(textStorage: storage, selectedRange: storage.length..<storage.length)
        let recorder = Recorder()
        input.delegate = recorder
        // Backspace removes a whole grapheme cluster — the family emoji, the space, then the conjunct "स्ते" —
        // as Swift's own Character (an independent implementation of Unicode's rules) counts them.
        for _ in 0..<3 {
            let before = storage.string
            input.deleteBackward()
            #expect(storage.string == String(before.dropLast()))
        }
        #expect(storage.string == "नम")
        #expect(recorder.events.prefix(4) == ["text will", "selection will", "selection did", "text did"])
        input.insertText("स्ते!")
        #expect(storage.string == "नमस्ते!")
        #expect(input.selectedRange == storage.length..<storage.length)
        // An input method composes "にほん", selecting its last character, then commits "日本".
        input.setMarkedText("にほ", selectedRange: 2..<2)
        input.setMarkedText("にほん", selectedRange: 2..<3)
        let marked = try #require(input.markedRange)
        #expect(storage.string.hasSuffix("にほん"))
        #expect(input.selectedRange == (marked.lowerBound + 2)..<(marked.lowerBound + 3))
        #expect(storage.attributes(at: marked.lowerBound).attributes[.underlineStyle] != nil)
        input.insertText("日本")
        #expect(input.markedRange == nil)
        #expect(storage.string == "नमस्ते!日本")
        #expect(storage.attributes(at: storage.length - 1).attributes[.underlineStyle] == nil)
        // Unmarking keeps the text and drops the underline.
        input.setMarkedText("か", selectedRange: 1..<1)
        input.unmarkText()
        #expect(storage.string == "नमस्ते!日本か")
        #expect(storage.attributes(at: storage.length - 1).attributes[.underlineStyle] == nil)
        // Out-of-range selections are clamped.
        input.setSelectedRange(-4..<1000)
        #expect(input.selectedRange == 0..<storage.length)
        input.deleteBackward()
        #expect(!input.hasText)
        input.deleteBackward()
        #expect(!input.hasText)
    }
}

/// Grapheme boundaries by Swift's Character (Unicode's extended grapheme clusters), for expectations.
enum TestBoundaries {
    static func graphemes(_ text: String) -> [Int] {
        var result = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.append(offset)
        }
        return result
    }
}
