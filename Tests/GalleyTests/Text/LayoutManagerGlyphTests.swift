import Foundation
import Galley
import GalleyRendering
import GalleyText
import Testing

/// TextKit 1's glyph access over a layout manager: the glyph IDs are HarfBuzz's own (hb-shape, run here as the
/// reference), locations are the glyphs' baseline origins within their fragments, and a truncated line names its
/// token's glyphs.
@Suite struct LayoutManagerGlyphTests {
    @Test func glyphsAreHarfBuzzs() throws {
        let text = "office AVATAR"
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let manager = LayoutManager(textStorage: TextStorage(string: text, attributes: [.font: font]),
                                    textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
        let output = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names", "--no-positions", "--no-clusters", TestFonts.url("DejaVuSans.ttf").path, text])
        let expected = output.trimmingCharacters(in: CharacterSet(charactersIn: "[]\n")).split(separator: "|").compactMap { Glyph($0) }
        #expect(manager.numberOfGlyphs == expected.count)
        #expect(manager.glyphs(in: 0..<100) == expected, "the range is clamped to the glyphs there are")
        #expect(manager.glyph(at: expected.count) == nil && manager.glyph(at: -1) == nil)
        // Locations: on the fragment's baseline, left to right, each glyph after the one before by its advance.
        let fragment = try #require(manager.lineFragment(forGlyphAt: 0))
        let baseline = fragment.baselineOrigin.y - fragment.rect.minY
        var previous = -CGFloat.infinity
        for index in 0..<expected.count {
            let location = try #require(manager.location(forGlyphAt: index))
            #expect(abs(location.y - baseline) < 1e-9 && location.x > previous)
            previous = location.x
        }
        #expect(manager.truncatedGlyphRange(inLineFragmentForGlyphAt: 0) == nil)
    }

    @Test func aTruncatedLineNamesItsToken() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let storage = TextStorage(string: String(repeating: "words to cut ", count: 20), attributes: [.font: font])
        let container = TextContainer(size: CGSize(width: 200, height: CGFloat.infinity), maximumNumberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        let token = try #require(manager.truncatedGlyphRange(inLineFragmentForGlyphAt: 0))
        let ellipsis = try #require(font.glyph(forCodePoint: 0x2026))
        #expect(manager.glyphs(in: token) == [ellipsis])
        #expect(token.upperBound == manager.lineFragment(forGlyphAt: 0)?.line.glyphCount)
    }
}

/// The layout manager's delegate hears of invalidation and of layout reaching a container or the text's end.
@Suite struct LayoutManagerDelegateCallbackTests {
    final class Recorder: LayoutManagerDelegate {
        var invalidations = 0
        var completions: [(container: Int?, atEnd: Bool)] = []
        func layoutManagerDidInvalidateLayout(_ layoutManager: LayoutManager) { invalidations += 1 }
        func layoutManager(_ layoutManager: LayoutManager, didCompleteLayoutForContainerAt index: Int?, atEnd: Bool) {
            completions.append((index, atEnd))
        }
    }

    @Test func callbacksFollowLayout() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = (0..<20).map { "Paragraph \($0) of a document that fills more than one short container." }.joined(separator: "\n")
        let storage = TextStorage(string: text, attributes: [.font: font])
        let recorder = Recorder()
        let short = TextContainer(size: CGSize(width: 200, height: 120))
        let manager = LayoutManager(textStorage: storage, textContainers: [short])
        manager.delegate = recorder
        manager.ensureLayoutForAllText()
        // One short container: the text runs out of room before its end.
        #expect(recorder.completions.last.map { $0.container == nil && !$0.atEnd } == true, "\(recorder.completions)")
        manager.addTextContainer(TextContainer(size: CGSize(width: 200, height: CGFloat.infinity)))
        manager.ensureLayoutForAllText()
        #expect(recorder.completions.last.map { $0.container == 1 && $0.atEnd } == true, "\(recorder.completions)")
        let before = recorder.invalidations
        storage.replaceCharacters(in: 0..<0, with: "New ")
        #expect(recorder.invalidations == before + 1)
        manager.invalidateLayout()
        #expect(recorder.invalidations == before + 2)
    }
}

/// `shouldSetLineFragmentRect`: a delegate that sets every line 30 points tall with its baseline 22 points down gets
/// exactly those fragments, sees the rectangles where they are placed, and one that declines changes nothing.
@Suite struct LineFragmentRectDelegateTests {
    final class FixedHeight: LayoutManagerDelegate {
        let height: CGFloat
        var proposals: [(range: Range<Int>, rect: CGRect)] = []
        var changes = true
        init(height: CGFloat) { self.height = height }
        func layoutManager(_ layoutManager: LayoutManager, shouldSetLineFragmentRect rect: inout CGRect, baselineOffset: inout CGFloat,
                           forCharacterRange range: Range<Int>, inContainerAt index: Int) -> Bool {
            proposals.append((range, rect))
            guard changes else {
                rect.size.height = .nan  // ignored: the answer is no
                return false
            }
            rect.size.height = height
            baselineOffset = 22
            return true
        }
    }

    static func fragments(_ delegate: LayoutManagerDelegate?) throws -> [LineFragment] {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = "A first paragraph long enough to wrap onto a second line here.\nAnd a second one, also wrapping at this width."
        let manager = LayoutManager(textStorage: TextStorage(string: text, attributes: [.font: font]),
                                    textContainers: [TextContainer(size: CGSize(width: 220, height: CGFloat.infinity))])
        manager.delegate = delegate
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        return fragments
    }

    @Test func fixedLineHeights() throws {
        let plain = try Self.fragments(nil)
        let fixed = FixedHeight(height: 30)
        let tall = try Self.fragments(fixed)
        #expect(tall.count == plain.count && plain.count >= 4)
        #expect(tall.map(\.characterRange) == plain.map(\.characterRange), "the same lines")
        for (index, fragment) in tall.enumerated() {
            #expect(abs(fragment.rect.height - 30) < 1e-9)
            #expect(abs(fragment.baselineOrigin.y - fragment.rect.minY - 22) < 1e-9)
            #expect(abs(fragment.rect.minY - 30 * CGFloat(index)) < 1e-6, "fragments stack 30 points apart")
            // The delegate was asked with the rectangle where the fragment went (its last proposal for the line).
            let asked = try #require(fixed.proposals.last { $0.range == fragment.characterRange })
            #expect(abs(asked.rect.minY - fragment.rect.minY) < 1e-6 && abs(asked.rect.width - fragment.rect.width) < 1e-6)
        }
        let declining = FixedHeight(height: 30)
        declining.changes = false
        let same = try Self.fragments(declining)
        #expect(same.map(\.rect) == plain.map(\.rect) && same.map(\.baselineOrigin) == plain.map(\.baselineOrigin))
        #expect(!declining.proposals.isEmpty)
    }
}

/// `shouldGenerateGlyphs`: a password field's bullets and an editor's hidden markup, against hb-shape's glyphs for
/// the text they stand for and against the pixels of that text drawn plainly.
@Suite struct GlyphGenerationDelegateTests {
    final class Substitute: LayoutManagerDelegate {
        var bullet: Glyph?
        var hidden: Set<UInt16> = []
        var declines = false
        var storage: TextStorage?
        func layoutManager(_ layoutManager: LayoutManager, shouldGenerateGlyphs glyphs: inout [Glyph], properties: inout [GlyphProperty],
                           characterIndexes: [Int], font: Font) -> Bool {
            let units = Array(layoutManager.textStorage.string.utf16)
            for position in glyphs.indices {
                if let bullet { glyphs[position] = bullet }
                if hidden.contains(units[characterIndexes[position]]) { properties[position].insert(.null) }
            }
            return !declines
        }
    }

    static func manager(_ text: String, _ delegate: Substitute) throws -> LayoutManager {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 0)
        let manager = LayoutManager(textStorage: TextStorage(string: text, attributes: [.font: try font.withSize(CGFloat(font.unitsPerEm))]),
                                    textContainers: [TextContainer(size: CGSize(width: 1e6, height: CGFloat.infinity))])
        manager.delegate = delegate
        return manager
    }

    static func harfBuzz(_ text: String) throws -> (glyphs: [Glyph], width: CGFloat) {
        let output = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names", TestFonts.url("DejaVuSans.ttf").path, text])
        let entries = output.trimmingCharacters(in: CharacterSet(charactersIn: "[]\n")).split(separator: "|")
        let glyphs = entries.compactMap { Glyph($0.prefix { $0.isNumber }) }
        let width = entries.reduce(CGFloat(0)) { $0 + CGFloat(Int($1.split(separator: "+").last?.prefix { $0.isNumber || $0 == "-" } ?? "") ?? 0) }
        return (glyphs, width)
    }

    @Test func bulletsForAPassword() throws {
        let delegate = Substitute()
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        delegate.bullet = try #require(font.glyph(forCodePoint: 0x2022))
        let manager = try Self.manager("secret pass", delegate)
        let reference = try Self.harfBuzz(String(repeating: "•", count: 11))
        #expect(manager.glyphs(in: 0..<manager.numberOfGlyphs) == reference.glyphs)
        let fragment = try #require(manager.lineFragment(forCharacterAt: 0))
        #expect(abs(fragment.line.typographicBounds.width - reference.width) < 0.01)
        // Declined: the glyphs as shaped.
        delegate.declines = true
        manager.invalidateGlyphs()
        #expect(manager.glyphs(in: 0..<manager.numberOfGlyphs) == (try Self.harfBuzz("secret pass")).glyphs)
    }

    @Test func hiddenMarkupTakesNoRoomAndDrawsNothing() throws {
        let delegate = Substitute()
        delegate.hidden = [UInt16(UInt8(ascii: "*"))]
        let manager = try Self.manager("**bold** text", delegate)
        let fragment = try #require(manager.lineFragment(forCharacterAt: 0))
        #expect(abs(fragment.line.typographicBounds.width - (try Self.harfBuzz("bold text")).width) < 0.01)
        #expect(fragment.characterRange == 0..<13, "the hidden characters stay in the line")
        // Drawn at 12 pt: the pixels of "bold text" drawn plainly.
        let small = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let hiddenManager = LayoutManager(textStorage: TextStorage(string: "**bold** text", attributes: [.font: small]),
                                          textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        hiddenManager.delegate = delegate
        let plainManager = LayoutManager(textStorage: TextStorage(string: "bold text", attributes: [.font: small]),
                                         textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        func pixels(_ manager: LayoutManager) throws -> [Int] {
            let canvas = try Canvas(width: 120, height: 30, scale: 2)
            manager.drawGlyphs(forGlyphRange: 0..<manager.numberOfGlyphs, at: CGPoint(x: 0, y: 30), in: canvas)
            return (0..<60).flatMap { y in (0..<240).map { x in Int(canvas.pixel(x: x, y: y)?.alpha ?? 0) } }
        }
        let hidden = try pixels(hiddenManager), plain = try pixels(plainManager)
        #expect(hidden == plain && hidden.contains { $0 > 0 })
    }
}

/// The remaining settings and conveniences a TextKit or UIKit port calls: font leading, invisible and control
/// characters shown as symbols, the line range at a point, position arithmetic and styled marked text.
@Suite struct TextKitSettingsTests {
    @Test func fontLeadingIsAddedUnlessTurnedOff() throws {
        // No bundled font has a line gap: DejaVu Sans with its hhea lineGap set to 410 units (its OS/2 typo gap).
        var bytes = [UInt8](try Data(contentsOf: TestFonts.url("DejaVuSans.ttf")))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let record = try #require((0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<($0 + 4)].elementsEqual("hhea".utf8) })
        let hhea = bytes[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
        bytes[hhea + 8] = UInt8(410 >> 8)
        bytes[hhea + 9] = UInt8(410 & 0xFF)
        let font = try Font(data: Data(bytes), size: 20, catalog: TestFonts.catalog)
        #expect(abs(font.leading - 410 * 20 / 2048) < 1e-6)
        func spacing(_ usesLeading: Bool) throws -> CGFloat {
            let manager = LayoutManager(textStorage: TextStorage(string: "one\ntwo", attributes: [.font: font]),
                                        textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
            manager.usesFontLeading = usesLeading
            let first = try #require(manager.lineFragment(forCharacterAt: 0)), second = try #require(manager.lineFragment(forCharacterAt: 4))
            return second.baselineOrigin.y - first.baselineOrigin.y
        }
        let with = try spacing(true), without = try spacing(false)
        #expect(abs(with - without - font.leading) < 1e-6)
    }

    @Test func invisiblesAndControlsAsSymbols() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let manager = LayoutManager(textStorage: TextStorage(string: "a b\tc\u{1B}d\ne", attributes: [.font: font]),
                                    textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
        let plain = manager.glyphs(in: 0..<manager.numberOfGlyphs)
        manager.showsInvisibleCharacters = true
        manager.showsControlCharacters = true
        let shown = manager.glyphs(in: 0..<manager.numberOfGlyphs)
        func glyph(_ scalar: UInt32) throws -> Glyph { try #require(font.glyph(forCodePoint: scalar)) }
        let dot = try glyph(0xB7), arrow = try glyph(0x2192), pilcrow = try glyph(0xB6)
        #expect(shown[1] == dot && shown[3] == arrow)
        #expect(font.glyph(forCodePoint: 0x241B) == nil && shown[5] == plain[5], "no control picture in DejaVu Sans: the control as it was")
        #expect(shown[7] == pilcrow, "the line feed shows as a pilcrow")
        #expect(shown[0] == plain[0] && shown[2] == plain[2], "letters stay")
        manager.showsInvisibleCharacters = false
        manager.showsControlCharacters = false
        #expect(manager.glyphs(in: 0..<manager.numberOfGlyphs) == plain)
    }

    @Test func lineRangesPositionsAndStyledMarkedText() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let storage = TextStorage(string: "first line\nsecond", attributes: [.font: font])
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
        let second = try #require(manager.lineFragment(forCharacterAt: 11))
        #expect(manager.lineFragmentRange(for: CGPoint(x: 3, y: second.baselineOrigin.y - 2)) == second.characterRange)
        let input = TextInput(textStorage: storage)
        #expect(input.beginningOfDocument == 0 && input.endOfDocument == 17)
        #expect(input.position(from: 15, offset: 2) == 17 && input.position(from: 15, offset: 3) == nil && input.position(from: 0, offset: -1) == nil)
        #expect(input.offset(from: 9, to: 2) == -7 && input.compare(2, to: 9) == .orderedAscending && input.compare(4, to: 4) == .orderedSame)
        #expect(input.textRange(from: 9, to: 2) == 2..<9 && input.textRange(from: 0, to: 18) == nil)
        // Styled marked text: its own colour over the typing attributes, the marked-text underline over both.
        input.markedTextAttributes = [NSAttributedString.Key.underlineStyle: UnderlineStyle.single.rawValue]
        input.setSelectedRange(17..<17)
        let clause = NSAttributedString(string: "かな", attributes: [.foregroundColor: Color(red: 1, green: 0, blue: 0, alpha: 1)])
        input.setAttributedMarkedText(clause, selectedRange: 2..<2)
        #expect(storage.string.hasSuffix("secondかな") && input.markedRange == 17..<19)
        let attributes = storage.attributes(at: 17).attributes
        #expect(attributes[.foregroundColor] as? Color == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(attributes[.underlineStyle] as? Int == UnderlineStyle.single.rawValue && attributes[.font] as? Font === font)
    }
}

/// The rest of TextKit's surface this issue filled in: editing notifications, fixing attributes on request, range
/// invalidation, background rectangles handed to the caller, glyphs drawing outside their fragments, hyphenation by
/// default, reverse enumeration, orientation and caret transform, and links styled for drawing.
@Suite struct TextKitRemainderTests {
    static let font = try! TestFonts.font("DejaVuSans.ttf", size: 14)

    final class Observer: TextStorageObserver {
        var edits: [TextStorage.Edit] = []
        func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) { edits.append(edit) }
    }

    @Test func notificationsAndFixingOnRequest() throws {
        let storage = TextStorage(string: "one\ntwo", attributes: [.font: Self.font])
        final class Names: @unchecked Sendable { var list: [String] = [] }
        let names = Names()
        let center = NotificationCenter.default
        let tokens = [TextStorage.willProcessEditingNotification, TextStorage.didProcessEditingNotification].map { name in
            center.addObserver(forName: name, object: storage, queue: nil) { names.list.append($0.name.rawValue) }
        }
        defer { tokens.forEach(center.removeObserver) }
        let observer = Observer()
        storage.addObserver(observer)
        storage.replaceCharacters(in: 0..<0, with: "a ")
        #expect(names.list == ["NSTextStorageWillProcessEditingNotification", "NSTextStorageDidProcessEditingNotification"])
        storage.ensureAttributesAreFixed(in: 6..<7)
        #expect(observer.edits.last.map { $0.actions == .attributes && $0.changeInLength == 0 && $0.range.contains(6) } == true)
        #expect(storage.string == "a one\ntwo" && names.list.count == 4)
    }

    final class Masking: LayoutManagerDelegate {
        var masked: Range<Int> = 0..<0
        var bullet: Glyph = 0
        var links: [Int] = []
        func layoutManager(_ layoutManager: LayoutManager, shouldGenerateGlyphs glyphs: inout [Glyph], properties: inout [GlyphProperty],
                           characterIndexes: [Int], font: Font) -> Bool {
            for position in glyphs.indices where masked.contains(characterIndexes[position]) { glyphs[position] = bullet }
            return true
        }
        func layoutManager(_ layoutManager: LayoutManager, renderingAttributesForLink link: Any, at index: Int) -> [NSAttributedString.Key: Any]? {
            links.append(index)
            return [.foregroundColor: Color(red: 0, green: 0, blue: 1, alpha: 1), .underlineStyle: UnderlineStyle.single.rawValue]
        }
    }

    @Test func rangeInvalidationReshapesOnlyThatParagraph() throws {
        let manager = LayoutManager(textStorage: TextStorage(string: "first\nsecond\nthird", attributes: [.font: Self.font]),
                                    textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        let delegate = Masking()
        delegate.bullet = try #require(Self.font.glyph(forCodePoint: 0x2022))
        manager.delegate = delegate
        manager.ensureLayoutForAllText()
        let paragraphs = try [0..<6, 6..<13, 13..<18].map { try #require(manager.glyphRange(forCharacterRange: $0)) }
        let before = paragraphs.map { manager.glyphs(in: $0) }
        delegate.masked = 0..<18
        let shaped = manager.statistics.paragraphsShaped
        manager.invalidateGlyphs(forCharacterRange: 7..<9)
        let after = paragraphs.map { manager.glyphs(in: $0) }
        #expect(manager.statistics.paragraphsShaped == shaped + 1, "one paragraph shaped again")
        #expect(after[1] == Array(repeating: delegate.bullet, count: 7), "the second paragraph is masked, its line end too")
        #expect(after[0] == before[0] && after[2] == before[2], "the others are not")
        // Laying out again shapes again, with today's answers.
        manager.invalidateLayout(forCharacterRange: 0..<1)
        #expect(manager.glyphs(in: paragraphs[0]).allSatisfy { $0 == delegate.bullet })
    }

    @Test func backgroundsOutsideInkReverseOrderAndLinks() throws {
        let text = NSMutableAttributedString(string: "plain marked A\u{301}\u{301}\u{301}\u{301} link\nnext line", attributes: [.font: Self.font])
        text.addAttribute(.backgroundColor, value: Color(red: 1, green: 1, blue: 0, alpha: 1), range: NSRange(location: 6, length: 6))
        text.addAttribute(.link, value: "https://example.org", range: NSRange(location: 19, length: 4))
        let manager = LayoutManager(textStorage: TextStorage(attributedString: text),
                                    textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        // Background rectangles go to the caller: one, yellow, as wide as "marked".
        var rects: [(CGRect, Color)] = []
        let canvas = try Canvas(width: 300, height: 60, scale: 1)
        manager.drawBackground(forGlyphRange: 0..<manager.numberOfGlyphs, at: CGPoint(x: 0, y: 60), in: canvas) { rect, color, _ in
            rects.append((rect, color))
        }
        let fragment = try #require(manager.lineFragment(forCharacterAt: 0))
        let width = fragment.caretOffsets(forCharacterIndex: 12).primary - fragment.caretOffsets(forCharacterIndex: 6).primary
        #expect(rects.count == 1 && abs(rects[0].0.width - width) < 1e-6 && rects[0].1 == Color(red: 1, green: 1, blue: 0, alpha: 1))
        #expect(canvas.pixel(x: Int(rects[0].0.midX), y: Int(60 - rects[0].0.midY))?.alpha == 0, "nothing filled")
        // The stacked accents ink above the fragment; a plain letter does not.
        let accents = try #require(manager.glyphRange(forCharacterRange: 13..<18))
        #expect((accents.lowerBound..<accents.upperBound).contains { manager.drawsOutsideLineFragment(forGlyphAt: $0) })
        #expect(!manager.drawsOutsideLineFragment(forGlyphAt: 0))
        // Reverse enumeration is forward enumeration backwards.
        var forward: [Range<Int>] = [], backward: [Range<Int>] = []
        manager.enumerateLineFragments { fragment, _ in forward.append(fragment.characterRange) }
        manager.enumerateLineFragments(reverse: true) { fragment, _ in backward.append(fragment.characterRange) }
        #expect(forward.count == 2 && backward == forward.reversed())
        #expect(manager.textLayoutOrientation(at: 3) == .horizontal && manager.caretTransform(for: 3) == AffineTransform())
        // A link styled by the delegate for drawing: blue and underlined where it is, the layout unchanged.
        let delegate = Masking()
        manager.delegate = delegate
        let line = try #require(manager.lineForDrawing(try #require(manager.lineFragment(forCharacterAt: 19))))
        let linkRuns = line.runs.filter { $0.stringRange.lowerBound >= 19 && $0.stringRange.upperBound <= 23 }
        #expect(!linkRuns.isEmpty && linkRuns.allSatisfy { $0.attributes.foregroundColor == Color(red: 0, green: 0, blue: 1, alpha: 1) })
        #expect(delegate.links == [19])
        var style = ParagraphStyle()
        style.usesDefaultHyphenation = true
        #expect(style.hyphenationFactor == 1)
        style.hyphenationFactor = 0.5
        style.usesDefaultHyphenation = true
        #expect(style.hyphenationFactor == 0.5 && style.usesDefaultHyphenation)
        style.usesDefaultHyphenation = false
        #expect(style.hyphenationFactor == 0)
    }
}

/// `getGlyphs(in:)`: properties, character indexes and bidi levels beside each glyph.
@Suite struct GetGlyphsTests {
    @Test func propertiesIndexesAndLevels() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = "ab שלום x\u{301}\nz"
        let manager = LayoutManager(textStorage: TextStorage(string: text, attributes: [.font: font]),
                                    textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
        let info = manager.getGlyphs(in: 0..<manager.numberOfGlyphs)
        #expect(info.glyphs == manager.glyphs(in: 0..<manager.numberOfGlyphs))
        #expect(info.glyphs.count == info.properties.count && info.glyphs.count == info.characterIndexes.count && info.glyphs.count == info.bidiLevels.count)
        let units = Array(text.utf16)
        for (position, index) in info.characterIndexes.enumerated() {
            let unit = units[index]
            let hebrew = (0x05D0...0x05EA).contains(unit)
            #expect((info.bidiLevels[position] == 1) == hebrew, "glyph \(position) for U+\(String(unit, radix: 16)) has level \(info.bidiLevels[position])")
            #expect(info.properties[position].contains(.elastic) == (unit == 0x20))
            #expect(info.properties[position].contains(.controlCharacter) == (unit == 0x0A))
        }
        // The acute over x is a glyph of x's cluster.
        let mark = try #require(info.characterIndexes.indices.last { info.characterIndexes[$0] == 8 })
        #expect(info.properties[mark].contains(.nonBaseCharacter) && !info.properties[mark - 1].contains(.nonBaseCharacter))
        #expect(info.characterIndexes.filter { $0 == 8 }.count == 2, "HarfBuzz keeps the mark in x's cluster")
    }
}

/// TextKit 2's segments: the selection's rectangles with the characters each covers, and the options that drop
/// middle lines and extend the ends.
@Suite struct TextSegmentTests {
    @Test func segmentsAreTheSelectionWithRangesAndOptions() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = "A first line of words that wraps, with עברית inside it, onto a second and a third line of the paragraph."
        let manager = LayoutManager(textStorage: TextStorage(string: text, attributes: [.font: font]),
                                    textContainers: [TextContainer(size: CGSize(width: 200, height: CGFloat.infinity))])
        let range = 8..<90
        var segments: [(range: Range<Int>?, frame: CGRect)] = []
        manager.enumerateTextSegments(in: range) { range, frame, _, _ in
            segments.append((range, frame))
            return true
        }
        #expect(segments.map(\.frame) == manager.selectionRects(for: range).map(\.rect))
        #expect(segments.count > 3, "one a line, more where the Hebrew runs")
        let covered = segments.flatMap { Array($0.range!) }
        #expect(Set(covered) == Set(range) && covered.count == range.count, "each character in one segment")
        var lines = 0
        manager.enumerateLineFragments(in: range) { _, _ in lines += 1 }
        #expect(lines >= 3)
        var ends: [CGRect] = []
        manager.enumerateTextSegments(in: range, options: [.middleFragmentsExcluded, .headSegmentExtended, .tailSegmentExtended, .rangeNotRequired]) {
            range, frame, _, _ in
            #expect(range == nil)
            ends.append(frame)
            return true
        }
        let first = try #require(manager.lineFragment(forCharacterAt: range.lowerBound))
        let last = try #require(manager.lineFragment(forCharacterAt: range.upperBound - 1))
        #expect(ends.allSatisfy { abs($0.minY - first.lineTop) < 1e-6 || abs($0.minY - last.lineTop) < 1e-6 }, "no middle line")
        #expect(abs(ends[0].minX - (first.rect.minX + 5)) < 1e-6, "the head reaches the first line's leading edge (inside the padding)")
        #expect(abs(ends[ends.count - 1].maxX - (last.rect.maxX - 5)) < 1e-6, "the tail reaches the last line's trailing edge")
        var caret: [CGRect] = []
        manager.enumerateTextSegments(in: 3..<3) { _, frame, _, _ in caret.append(frame); return true }
        #expect(caret.count == 1 && caret[0].width == 0 && abs(caret[0].minX - (manager.caretRect(for: 3)?.minX ?? -1)) < 1e-6)
    }
}

/// TextKit 2's layout fragments: a paragraph's lines and the frames around them.
@Suite struct TextLayoutFragmentTests {
    @Test func paragraphsAsLayoutFragments() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = "A paragraph long enough to wrap onto two lines here.\nA short one."
        let manager = LayoutManager(textStorage: TextStorage(string: text, attributes: [.font: font]),
                                    textContainers: [TextContainer(size: CGSize(width: 220, height: CGFloat.infinity))])
        let first = try #require(manager.textLayoutFragment(forCharacterAt: 10))
        #expect(first.paragraphIndex == 0 && first.characterRange == 0..<53 && first.state == .layoutAvailable)
        #expect(first.textLineFragments.count == 2)
        #expect(first.textLineFragments.first?.characterRange.lowerBound == 0 && first.textLineFragments.last?.characterRange.upperBound == 53)
        #expect(first.layoutFragmentFrame == first.textLineFragments[0].rect.union(first.textLineFragments[1].rect))
        #expect(first.renderingSurfaceBounds.intersects(first.layoutFragmentFrame))
        let second = try #require(manager.textLayoutFragment(for: CGPoint(x: 20, y: first.layoutFragmentFrame.maxY + 5)))
        #expect(second.paragraphIndex == 1 && second.textLineFragments.count == 1 && second.layoutFragmentFrame.minY >= first.layoutFragmentFrame.maxY - 1e-6)
        #expect(LayoutManager(textStorage: TextStorage(string: ""), textContainers: [TextContainer(size: CGSize(width: 100, height: 100))])
                    .textLayoutFragment(forCharacterAt: 0) == nil)
    }
}

/// `boundingBoxForControlGlyphAt`: a control character laid out as whitespace takes the width of the box the
/// delegate gives it.
@Suite struct ControlBoxTests {
    final class WideBell: LayoutManagerDelegate {
        var width: CGFloat = 40
        var asked: [Int] = []
        func layoutManager(_ layoutManager: LayoutManager, shouldUse action: ControlCharacterAction, forControlCharacterAt index: Int)
            -> ControlCharacterAction { layoutManager.textStorage.string.utf16[layoutManager.textStorage.string.utf16.index(layoutManager.textStorage.string.utf16.startIndex, offsetBy: index)] == 7 ? .whitespace : action }
        func layoutManager(_ layoutManager: LayoutManager, boundingBoxForControlCharacterAt index: Int, proposed: CGRect) -> CGRect {
            asked.append(index)
            return CGRect(x: proposed.minX, y: proposed.minY, width: width, height: proposed.height)
        }
    }

    @Test func whitespaceControlsTakeTheBoxWidth() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let manager = LayoutManager(textStorage: TextStorage(string: "a\u{7}b", attributes: [.font: font]),
                                    textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
        let delegate = WideBell()
        manager.delegate = delegate
        let fragment = try #require(manager.lineFragment(forCharacterAt: 0))
        let a = fragment.caretOffsets(forCharacterIndex: 1).primary, b = fragment.caretOffsets(forCharacterIndex: 2).primary
        #expect(abs(b - a - 40) < 1e-3, "the bell is 40 points wide: \(b - a)")
        #expect(delegate.asked == [1])
    }
}

/// `lineFragmentRect(forProposedRect:…)`: the container's answer for a proposed band is where layout puts the
/// fragments of a line in that band.
@Suite struct ProposedRectTests {
    @Test func proposedRectsMatchTheFragmentsLayoutMakes() throws {
        var hole = Path()
        hole.addRect(CGRect(x: 80, y: 50, width: 40, height: 50))
        let container = TextContainer(size: CGSize(width: 200, height: 200), exclusionPaths: [hole], lineFragmentPadding: 0)
        let band = CGRect(x: 0, y: 60, width: 200, height: 15)
        let left = container.lineFragmentRect(forProposedRect: band)
        #expect(left.rect == CGRect(x: 0, y: 60, width: 80, height: 15) && left.remaining == CGRect(x: 120, y: 60, width: 80, height: 15))
        let right = container.lineFragmentRect(forProposedRect: band, writingDirection: .rightToLeft)
        #expect(right.rect == CGRect(x: 120, y: 60, width: 80, height: 15) && right.remaining == CGRect(x: 0, y: 60, width: 80, height: 15))
        let clear = container.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 10, width: 200, height: 15))
        #expect(clear.rect == CGRect(x: 0, y: 10, width: 200, height: 15) && clear.remaining == .zero)
        #expect(container.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)).rect == .zero)
        // Layout's own fragments beside the hole are what the container says for their bands.
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let manager = LayoutManager(textStorage: TextStorage(string: String(repeating: "words around a hole ", count: 30), attributes: [.font: font]),
                                    textContainers: [container])
        var checked = 0
        manager.enumerateLineFragments { fragment, _ in
            let answer = container.lineFragmentRect(forProposedRect: CGRect(x: 0, y: fragment.rect.minY, width: 200, height: fragment.rect.height))
            let pieces = [answer.rect] + (answer.remaining == .zero ? [] : [container.lineFragmentRect(forProposedRect: answer.remaining).rect])
            #expect(pieces.contains { abs($0.minX - fragment.rect.minX) < 1e-6 && abs($0.width - fragment.rect.width) < 1e-6 }, "\(fragment.rect)")
            checked += 1
        }
        #expect(checked > 10)
    }
}

/// `allowsDefaultTighteningForTruncation`: a line a little too wide is squeezed rather than truncated; one far too
/// wide is truncated still. Paragraph styles without the field (older archives) decode with its default.
@Suite struct TighteningTests {
    @Test func squeezeBeforeTruncating() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = "a line with several spaces in it"
        let natural = Line(attributedString: NSAttributedString(string: text, attributes: [.font: font])).typographicBounds.width
        func line(width: CGFloat, tightening: Bool) throws -> Line {
            var style = ParagraphStyle()
            style.lineBreakMode = .byTruncatingTail
            style.allowsDefaultTighteningForTruncation = tightening
            let string = NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style])
            let frame = Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 100)))
            return try #require(frame.lines.first)
        }
        let tight = try line(width: natural * 0.97, tightening: true)
        #expect(!tight.runs.contains(where: \.isTruncationToken) && tight.stringRange == 0..<text.utf16.count)
        #expect(tight.typographicBounds.width <= natural * 0.97 + 1e-3)
        #expect((try line(width: natural * 0.97, tightening: false)).runs.contains(where: \.isTruncationToken))
        #expect((try line(width: natural * 0.6, tightening: true)).runs.contains(where: \.isTruncationToken), "too far to squeeze")
    }

    @Test func olderStylesDecode() throws {
        var style = ParagraphStyle()
        style.allowsDefaultTighteningForTruncation = true
        style.headIndent = 12
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(style)
        #expect(try decoder.decode(ParagraphStyle.self, from: data) == style)
        var fields = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        fields["allowsDefaultTighteningForTruncation"] = nil
        fields["justification"] = nil
        let older = try decoder.decode(ParagraphStyle.self, from: try JSONSerialization.data(withJSONObject: fields))
        #expect(older.headIndent == 12 && !older.allowsDefaultTighteningForTruncation && older.justification == ParagraphStyle().justification)
    }
}

/// Dictation's alternatives stay on the text they came with.
@Suite struct TextAlternativesTests {
    @Test func alternativesAreKeptOnTheInsertedText() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let storage = TextStorage(string: "I said ", attributes: [.font: font])
        let input = TextInput(textStorage: storage, selectedRange: 7..<7)
        input.insertText("there", alternatives: ["their", "they're"])
        input.insertText(" now")
        #expect(storage.string == "I said there now" && input.selectedRange == 16..<16)
        let (attributes, range) = storage.attributes(at: 8)
        #expect(attributes[.textAlternatives] as? [String] == ["their", "they're"] && range == 7..<12)
        #expect(storage.attributes(at: 13).attributes[.textAlternatives] == nil, "text typed after has none")
    }
}
