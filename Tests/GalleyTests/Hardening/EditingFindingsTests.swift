import Foundation
import Galley
@testable import GalleyFuzzing
import GalleyText
import Testing

/// Findings of the editing fuzzer (incremental layout against a fresh one after every edit), each replayed through
/// the public API as the fuzzer's log wrote it.
@Suite struct EditingFindingsTests {
    /// A container's last line, truncated, shows the rest of its paragraph up to the container's end: its range is
    /// not where breaking put it, and an edit after it must not reuse it as a known break. Here (right-to-left text,
    /// one line in the first container, a form feed) the incremental layout kept that line untruncated.
    @Test func aTruncatedLineIsNoKnownBreak() throws {
        let storage = TextStorage(attributedString: NSAttributedString(string: "Ω̈́Ω̈́Ω̈́Ω̈́", attributes: [.font: FuzzFonts.base]))
        let amiri = try #require(FuzzFonts.fonts.first { $0.descriptor.postScriptName == "Amiri-Regular" && $0.size == 1 })
        // An exclusion with no area.
        var exclusion = Path()
        let corner = CGPoint(x: 279.2156862745098, y: 279.2156862745098)
        exclusion.move(to: corner)
        for _ in 0..<5 { exclusion.addLine(to: corner) }
        exclusion.closeSubpath()
        let size = CGSize(width: 279.2156862745098, height: 418.8235294117647)
        let containers = [
            TextContainer(size: size, exclusionPaths: [exclusion], lineFragmentPadding: 6.980392156862745, maximumNumberOfLines: 1,
                          lineBreakMode: .byTruncatingTail),
            TextContainer(size: size, lineFragmentPadding: 6.863813229571985),
        ]
        let manager = LayoutManager(textStorage: storage, textContainers: containers)
        manager.ensureLayoutForAllText()
        func expectEqualToAFreshLayout(sourceLocation: SourceLocation = #_sourceLocation) {
            let fresh = LayoutManager(textStorage: storage.copy(), textContainers: containers)
            let incremental = EditingHarness.lines(manager), expected = EditingHarness.lines(fresh)
            #expect(incremental.count == expected.count && zip(incremental, expected).allSatisfy { $0.matches($1) },
                    "\(incremental.map(\.description)) against \(expected.map(\.description))", sourceLocation: sourceLocation)
        }
        storage.replaceCharacters(in: 0..<0, with: "بالعالمhttp://example.com/a-b‫a‍�‭\u{0C}\u{0C}@🏻 ￼fjordfjordfjordfjo")
        expectEqualToAFreshLayout()
        manager.ensureLayout(forCharacterRange: 5..<21)
        manager.ensureLayout(forCharacterRange: 42..<66)
        storage.replaceCharacters(in: 65..<72, with: "")
        expectEqualToAFreshLayout()
        manager.ensureLayout(forCharacterRange: 0..<10)
        storage.setAttributes([.underlineStyle: 1, .strikethroughStyle: 1, .font: amiri, .tracking: 9.642206454566262,
                               .strokeWidth: 1.5782406347753124], range: 63..<65)
        expectEqualToAFreshLayout()
        storage.replaceCharacters(in: 2..<2, with: "\u{0001F3FB}‪\u{1E}\u{7F}नमस्तेעולםעולםעולםעולםעולםעולםעולםעולםעולםעולםעולםעולםע")
        expectEqualToAFreshLayout()
        manager.ensureLayout(forCharacterRange: 0..<40)
        storage.replaceCharacters(in: 60..<60, with: "❤️‍🔥‮ภาษาไทย‮مرحبا")
        expectEqualToAFreshLayout()
        storage.replaceCharacters(in: 14..<14, with: "ﬃ‌AVATARAVATARAVATARAVATARAVATARAVATARAVATARAVATARAVATARAVAT")
        expectEqualToAFreshLayout()
        storage.replaceCharacters(in: 189..<189, with: "fjordtheaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaoffice�����������")
        expectEqualToAFreshLayout()
    }

    /// A paragraph whose style truncates every line (one per line separator) fills the container before its end: the
    /// next paragraph must not go into the room left below (the layout manager took the first truncated line for
    /// the container's last and laid the next paragraph under it, leaving text in no line).
    @Test func aTruncatingParagraphThatDoesNotFitEndsTheContainer() throws {
        var truncating = ParagraphStyle()
        truncating.lineBreakMode = .byTruncatingTail
        let big = try TestFonts.font("DejaVuSans.ttf", size: 24)
        let small = try TestFonts.font("DejaVuSans.ttf", size: 10)
        let text = NSMutableAttributedString(string: "a long first line\u{2028}a long second line\n",
                                             attributes: [.font: big, .paragraphStyle: truncating])
        text.append(NSAttributedString(string: "next", attributes: [.font: small]))
        let storage = TextStorage(attributedString: text)
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 100, height: 48))])
        manager.ensureLayoutForAllText()
        let fragments = EditingHarness.lines(manager)
        #expect(fragments.first?.range.lowerBound == 0)
        #expect(fragments.count == 1, "\(fragments.map(\.description))")
        try EditingHarness.coverage(manager, length: storage.length)
    }

    /// An insertion into a right-to-left item whose text ends in record separators (U+001E: a paragraph separator to
    /// bidi, not to line breaking) after a pop directional isolate, shaped from the old glyphs around the edit.
    @Test func anInsertionAfterIsolatesAndRecordSeparatorsReshapesAroundIt() throws {
        let piece = "\u{2069}\u{200C}\u{645}\u{631}\u{62D}\u{628}\u{627}" + String(repeating: "\u{1E}", count: 12)
        let paragraph = Array(repeating: piece, count: 22).joined(separator: " ")
        let storage = TextStorage(attributedString: NSAttributedString(string: paragraph + "\n" + paragraph, attributes: [.font: FuzzFonts.base]))
        let container = TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        manager.ensureLayoutForAllText()
        let inserted = "\u{10FFFF}" + String(repeating: "\u{FF0C}\u{3002}", count: 7) + "\u{10FFFF}\u{10FFFF}\u{10FFFF}\u{2067}한국어\u{FB03}🇯🇵🇯🇵------\u{FFFD}"
            + "\u{645}\u{631}\u{62D}\u{628}\u{627}a\u{AD}\u{2028}http://exa"
        storage.replaceCharacters(in: 865..<865, with: inserted)
        let fresh = LayoutManager(textStorage: storage.copy(), textContainers: [container])
        let incremental = EditingHarness.lines(manager), expected = EditingHarness.lines(fresh)
        #expect(incremental.count == expected.count && zip(incremental, expected).allSatisfy { $0.matches($1) })
    }

    /// Glyphs that rubies spread, or CJK–Latin spacing widened, after shaping are not copied into the paragraph an
    /// edit makes (spread again, the lines before the edit were 65 pt wider than a fresh layout's). The editing
    /// fuzzer's input (right-to-left text, a ruby with a run delegate, an exclusion), replayed through its harness,
    /// which compares every edit with a fresh layout.
    @Test func editsAfterASpreadRubyMatchAFreshLayout() throws {
        let input = try #require(Data(base64Encoded: "4Amc0vEYjuqYFdO/ra5/Gr+JVIQ0elEcb6/gDA+vViDOeA63bSqONHoRVrMCAAAAAAAAALNkhwwDCcgf/0z0YBr8OuxWGQVgCR9g/1ZKCS1Hq/JnFhIHYnGF22Gkl1ktWfO+Q4IcjjR6EVazAgAAAAAAAACzZIcMAwnIH/9M9GAa/DrsVhkFYAkfYP9WSgktR6vyZxYSB2Jxhdth/Bp4Di5tKo66"))
        try FuzzTarget.editing.run(Array(input))
    }
}
