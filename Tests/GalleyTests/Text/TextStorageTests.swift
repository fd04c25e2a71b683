import Foundation
import Galley
import GalleyText
import Testing

/// The text storage: batched edits told once, edit records in new-text coordinates, paragraph styles made uniform.
@Suite struct TextStorageTests {
    final class Recorder: TextStorageObserver {
        var edits: [TextStorage.Edit] = []
        func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) { edits.append(edit) }
    }

    @Test func singleEditsAreBatchesOfTheirOwn() {
        let storage = TextStorage(string: "Hello world")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.replaceCharacters(in: 5..<5, with: ",")
        #expect(storage.string == "Hello, world")
        #expect(recorder.edits == [TextStorage.Edit(actions: .characters, range: 5..<6, changeInLength: 1)])
        storage.addAttribute(.kern, value: 2.0, range: 0..<5)
        #expect(recorder.edits.last == TextStorage.Edit(actions: .attributes, range: 0..<5, changeInLength: 0))
        #expect(recorder.edits.last?.rangeBeforeEdit == 0..<5)
    }

    @Test func batchesMergeIntoOneRecord() {
        let storage = TextStorage(string: "0123456789")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.beginEditing()
        storage.replaceCharacters(in: 2..<4, with: "abcd")  // 01abcd456789
        storage.beginEditing()
        storage.replaceCharacters(in: 8..<9, with: "")  // 01abcd45789
        storage.endEditing()
        #expect(recorder.edits.isEmpty, "nested batches wait for the outermost")
        storage.addAttribute(.kern, value: 1.0, range: 0..<1)
        storage.endEditing()
        #expect(storage.string == "01abcd45789")
        #expect(recorder.edits.count == 1)
        let edit = recorder.edits[0]
        #expect(edit.actions == [.characters, .attributes])
        #expect(edit.changeInLength == 1)
        #expect(edit.range == 0..<8)
        // The unchanged tail is outside the record, in both texts.
        #expect("0123456789".hasSuffix("789") && storage.string.hasSuffix("789"))
        #expect(edit.rangeBeforeEdit == 0..<7)
    }

    @Test func paragraphStylesBecomeUniformPerParagraph() {
        var centered = ParagraphStyle()
        centered.alignment = .center
        let storage = TextStorage(string: "First paragraph\nSecond one")
        storage.addAttribute(.paragraphStyle, value: centered, range: 3..<5)
        // The first paragraph's first character has no style: the storage removes the stray one.
        #expect(storage.attributes(at: 4).attributes[.paragraphStyle] == nil)
        storage.addAttribute(.paragraphStyle, value: centered, range: 16..<18)
        for index in 16..<storage.length {
            #expect((storage.attributes(at: index).attributes[.paragraphStyle] as? ParagraphStyle) == centered)
        }
        #expect(storage.lastEdit?.range == 16..<26)
        // Other attributes leave the styles alone, and the edit is theirs alone (no paragraph was fixed); removing
        // the style from a paragraph's middle fixes the paragraph again.
        storage.addAttribute(.kern, value: 2, range: 18..<20)
        #expect(storage.lastEdit?.range == 18..<20)
        storage.removeAttribute(.kern, range: 18..<20)
        #expect(storage.lastEdit?.range == 18..<20)
        storage.removeAttribute(.paragraphStyle, range: 20..<22)
        for index in 16..<storage.length {
            #expect((storage.attributes(at: index).attributes[.paragraphStyle] as? ParagraphStyle) == centered)
        }
        #expect(storage.lastEdit?.range == 16..<26)
    }

    @Test func typingKeepsOneAttributeRun() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let storage = TextStorage(string: "ab", attributes: [.font: font, .kern: 1.0])
        for (offset, character) in "typing one key at a time".enumerated() { storage.replaceCharacters(in: (1 + offset)..<(1 + offset), with: String(character)) }
        #expect(storage.attributes(at: 5).effectiveRange == 0..<storage.length)
        storage.addAttribute(.kern, value: 2.0, range: 3..<6)
        #expect(storage.attributes(at: 4).effectiveRange == 3..<6)
        storage.addAttribute(.kern, value: 1.0, range: 3..<6)
        #expect(storage.attributes(at: 4).effectiveRange == 0..<storage.length)
    }

    @Test func copiesKeepTextAndAttributes() {
        let storage = TextStorage(string: "plain bold plain")
        storage.addAttribute(.kern, value: 3.0, range: 6..<10)
        let substring = storage.attributedSubstring(from: 4..<12)
        #expect(substring.string == "n bold p")
        var range = NSRange()
        #expect(substring.attribute(.kern, at: 3, effectiveRange: &range) as? Double == 3.0)
        #expect(range == NSRange(location: 2, length: 4))
        #expect(storage.attributeRuns(in: 4..<12).map(\.range) == [0..<2, 2..<6, 6..<8])
        let copy = storage.copy()
        storage.replaceCharacters(in: 0..<5, with: "")
        #expect(copy.string == "plain bold plain" && copy.attributes(at: 7).effectiveRange == 6..<10)
    }

    @Test func fontSubstitutionIsMarkedAsLayoutDrawsIt() throws {
        let font = try TestFonts.font("Inter-roman.var.ttf", size: 14)
        let text = "Inter has no Hebrew: שלום עולם, nor emoji 👍🏽 nor Devanagari नमस्ते.\nSecond line."
        let storage = TextStorage(string: text, attributes: [.font: font])
        let container = [TextContainer(size: CGSize(width: 260, height: CGFloat.infinity))]
        let before = LayoutManagerTests.dump(LayoutManager(textStorage: storage.copy(), textContainers: container))
        storage.substitutesFonts = true
        let manager = LayoutManager(textStorage: storage, textContainers: container)
        #expect(LayoutManagerTests.dump(manager) == before, "marking substitution does not change the layout")
        var substituted = 0
        manager.enumerateLineFragments { fragment, _ in
            for run in fragment.line.runs where !run.isTruncationToken && !run.isInsertedHyphen {
                for index in run.stringRange {
                    let marked = storage.attributes(at: index + fragment.paragraphStart).attributes[.font] as? Font
                    #expect(marked?.postScriptName == run.font.postScriptName, "index \(index + fragment.paragraphStart)")
                    if marked?.postScriptName != font.postScriptName { substituted += 1 }
                }
            }
        }
        #expect(substituted > 20)
        // Typing Hebrew into the Latin text later is marked too.
        storage.replaceCharacters(in: 5..<5, with: "עוד ")
        #expect((storage.attributes(at: 6).attributes[.font] as? Font)?.postScriptName != font.postScriptName)
    }

    @Test func badRangesAreClamped() {
        let storage = TextStorage(string: "abc")
        storage.replaceCharacters(in: 2..<99, with: "Z")
        #expect(storage.string == "abZ")
        storage.replaceCharacters(in: -5..<(-1), with: "<")
        #expect(storage.string == "<abZ")
        storage.setAttributes(nil, range: 10..<20)
        #expect(storage.length == 4)
        #expect(storage.paragraphRange(containing: 1..<2) == 0..<4)
        let crlf = TextStorage(string: "a\r\nb\rc")
        #expect(crlf.paragraphRange(containing: 2..<2) == 0..<3)
        #expect(crlf.paragraphRange(containing: 3..<3) == 3..<5)
        #expect(crlf.paragraphRange(containing: 5..<6) == 5..<6)
    }
}

extension TextStorageTests {
    /// Random edits and attribute changes against a per-unit model (each UTF-16 unit with its kerning): the same
    /// text, the same attributes at every unit, runs that never repeat their neighbour's attributes, and paragraph
    /// ranges as a walk over the units finds them.
    @Test func randomEditsEqualAPerUnitModel() {
        var generator = SeededLCG(seed: 23)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(bound, 1))) }
        let pieces = ["a", "bc", " ", "\n", "\r\n", "\r", "\u{2029}", "é", "🙂", "مرحبا", String(repeating: "word ", count: 700)]
        var units: [UInt16] = []
        var kerns: [Int?] = []
        let storage = TextStorage()
        for step in 0..<600 {
            let lower = random(units.count + 1)
            let upper = min(units.count, lower + [0, 1, 5, 300][random(4)])
            // Keep the edit off the middle of a surrogate pair, as the storage widens it.
            let range = lower..<upper
            let safe = (range.lowerBound > 0 && range.lowerBound < units.count && UTF16.isTrailSurrogate(units[range.lowerBound]))
                || (range.upperBound > 0 && range.upperBound < units.count && UTF16.isTrailSurrogate(units[range.upperBound]))
            if safe { continue }
            switch random(3) {
            case 0:
                let text = pieces[random(pieces.count)]
                let kern = random(3) == 0 ? nil : random(3)
                let attributes: [NSAttributedString.Key: Any] = kern.map { [.kern: $0] } ?? [:]
                storage.replaceCharacters(in: range, with: NSAttributedString(string: text, attributes: attributes))
                units.replaceSubrange(range, with: Array(text.utf16))
                kerns.replaceSubrange(range, with: Array(repeating: kern, count: text.utf16.count))
            case 1:
                let kern = random(4)
                storage.addAttribute(.kern, value: kern, range: range)
                for index in range { kerns[index] = kern }
            default:
                storage.removeAttribute(.kern, range: range)
                for index in range { kerns[index] = nil }
            }
            guard step % 20 == 0 || step == 599 else { continue }
            #expect(storage.units(in: 0..<storage.length) == units, "step \(step)")
            var previous: Int?? = nil
            for run in storage.attributeRuns(in: 0..<storage.length) {
                let kern = run.attributes[.kern] as? Int
                #expect(kerns[run.range].allSatisfy { $0 == kern }, "step \(step): run \(run.range)")
                #expect(previous != .some(kern), "step \(step): run \(run.range) repeats its neighbour")
                previous = .some(kern)
            }
            for _ in 0..<5 where !units.isEmpty {
                let index = random(units.count)
                var start = index
                if start > 0, units[start - 1] == 0x0D, units[start] == 0x0A { start -= 1 }
                while start > 0, !CharacterClasses.endsParagraph(units[start - 1]) { start -= 1 }
                var end = index
                while end < units.count {
                    let unit = units[end]
                    end += 1
                    if CharacterClasses.endsParagraph(unit) {
                        if unit == 0x0D, end < units.count, units[end] == 0x0A { end += 1 }
                        break
                    }
                }
                #expect(storage.paragraphRange(containing: index..<index) == start..<end, "step \(step): at \(index)")
            }
        }
    }
}

extension TextStorageTests {
    /// Typing (`replaceCharacters(in:with: String)`, which only resizes the run it lands in) leaves the storage as the
    /// general path does (the same text taken as an attributed string with the attributes it inherits): the same runs
    /// and, after joins and CR LF pairs, the same uniform paragraph styles.
    @Test func typingEqualsTheGeneralPath() {
        var generator = SeededLCG(seed: 31)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(bound, 1))) }
        var centered = ParagraphStyle()
        centered.alignment = .center
        var indented = ParagraphStyle()
        indented.firstLineHeadIndent = 20
        let text = NSMutableAttributedString(string: "")
        for (index, line) in ["First line.\r", "\nSecond, centred.\n", "Third\r\n", "Fourth\u{2029}", "Fifth."].enumerated() {
            let style = [ParagraphStyle(), centered, indented][index % 3]
            text.append(NSAttributedString(string: line, attributes: [.paragraphStyle: style, .kern: index % 2]))
        }
        let typed = TextStorage(attributedString: text)
        let general = TextStorage(attributedString: text)
        let pieces = ["a", "bc", " ", "\n", "\r", "\r\n", "\u{2029}", "é", "🙂", ""]
        for step in 0..<800 {
            let length = typed.length
            let lower = random(length + 1)
            let upper = min(length, lower + [0, 0, 1, 2, 6][random(5)])
            let piece = pieces[random(pieces.count)]
            let attributeIndex = lower == upper ? lower - 1 : lower
            // The attributes typed text takes: the character's before it (or the first's, at the start).
            let inherited = attributeIndex >= 0 && attributeIndex < length ? general.attributes(at: attributeIndex).attributes
                : length > 0 ? general.attributes(at: 0).attributes : [:]
            typed.replaceCharacters(in: lower..<upper, with: piece)
            general.replaceCharacters(in: lower..<upper, with: NSAttributedString(string: piece, attributes: inherited))
            let a = typed.attributeRuns(in: 0..<typed.length), b = general.attributeRuns(in: 0..<general.length)
            #expect(typed.string == general.string, "step \(step)")
            let rangesA = a.map { $0.range }, rangesB = b.map { $0.range }
            #expect(rangesA == rangesB, "step \(step): \(lower..<upper) with \(piece.debugDescription)")
            #expect(zip(a, b).allSatisfy {
                $0.attributes[.paragraphStyle] as? ParagraphStyle == $1.attributes[.paragraphStyle] as? ParagraphStyle
                    && $0.attributes[.kern] as? Int == $1.attributes[.kern] as? Int
            }, "step \(step)")
            if rangesA != rangesB { return }
        }
    }
}

/// NSTextStorage's delegate hooks and the NSMutableAttributedString calls apps make on storage, against Foundation's
/// own NSMutableAttributedString doing the same.
@Suite struct TextStorageSurfaceTests {
    /// A highlighter: digits red, set in `willProcessEditing` so that they are laid out with the edit; and a counter of
    /// the batches seen after fixing.
    final class Highlighter: TextStorageDelegate {
        var processed: [TextStorage.Edit] = []
        func textStorage(_ storage: TextStorage, willProcessEditing edit: TextStorage.Edit) {
            let units = storage.units(in: edit.range)
            for (offset, unit) in units.enumerated() where (0x30...0x39).contains(unit) {
                let index = edit.range.lowerBound + offset
                storage.addAttribute(.foregroundColor, value: Color(red: 1, green: 0, blue: 0), range: index..<(index + 1))
            }
        }
        func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) { processed.append(edit) }
    }

    @Test func aHighlighterColoursWhatIsLaidOut() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let storage = TextStorage(attributedString: NSAttributedString(string: "code: ", attributes: [.font: font]))
        let highlighter = Highlighter()
        storage.delegate = highlighter
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        storage.replaceCharacters(in: 6..<6, with: "x = 42")
        #expect(highlighter.processed.count == 1 && highlighter.processed[0].range.contains(10))
        // The layout shows the colour: the run holding "42" is red, the one holding "x" is not.
        let fragment = try #require(manager.lineFragment(forCharacterAt: 10))
        let digits = try #require(fragment.line.runs.first { $0.stringRange.contains(10) })
        let letter = try #require(fragment.line.runs.first { $0.stringRange.contains(6) })
        #expect(digits.attributes.foregroundColor == Color(red: 1, green: 0, blue: 0) && letter.attributes.foregroundColor == nil)
    }

    @Test func mutableAttributedStringCallsMatchFoundations() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let bold = try TestFonts.font("DejaVuSans-Bold.ttf", size: 12)
        let start = NSAttributedString(string: "Hello, world", attributes: [.font: font])
        let storage = TextStorage(attributedString: start)
        let reference = NSMutableAttributedString(attributedString: start)
        let tail = NSAttributedString(string: " and more", attributes: [.font: bold, .kern: 1.0])
        storage.append(tail)
        reference.append(tail)
        let middle = NSAttributedString(string: "[x]", attributes: [.font: bold])
        storage.insert(middle, at: 5)
        reference.insert(middle, at: 5)
        storage.deleteCharacters(in: 0..<2)
        reference.deleteCharacters(in: NSRange(location: 0, length: 2))
        storage.insert(middle, at: 999)
        reference.insert(middle, at: reference.length)
        #expect(storage.string == reference.string)
        for index in 0..<reference.length {
            var range = 0..<0
            let ours = storage.attribute(.font, at: index, effectiveRange: &range) as? Font
            #expect(ours == reference.attribute(.font, at: index, effectiveRange: nil) as? Font)
            #expect(range.contains(index))
        }
        #expect(storage.attribute(.font, at: reference.length) == nil)
        // Stretches of one font, as Foundation gives them (longest effective ranges).
        var ours: [Range<Int>] = [], theirs: [Range<Int>] = []
        storage.enumerateAttribute(.font, in: 0..<storage.length) { _, range, _ in ours.append(range) }
        reference.enumerateAttribute(.font, in: NSRange(location: 0, length: reference.length)) { _, range, _ in
            theirs.append(range.location..<(range.location + range.length))
        }
        #expect(ours == theirs)
        var first: [Range<Int>] = []
        storage.enumerateAttributes(in: 0..<storage.length) { _, range, stop in
            first.append(range)
            stop = true
        }
        #expect(first.count == 1 && first[0].lowerBound == 0)
    }
}
