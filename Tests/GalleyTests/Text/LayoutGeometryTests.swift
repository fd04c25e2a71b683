import Foundation
import Galley
import GalleyText
import Testing

/// The geometry an editor asks for (UITextInput's): carets, selection rectangles, hit testing — checked as
/// properties on left-to-right, right-to-left and mixed text wrapped over several lines.
@Suite struct LayoutGeometryTests {
    static let cases: [(String, String)] = [
        ("latin", "Editors ask a layout engine for carets, selections and hit tests on every keystroke.\nA second paragraph."),
        ("hebrew", "עורכים שואלים את מנוע הפריסה על סמנים, בחירות ובדיקות פגיעה בכל הקשה.\nפסקה שנייה."),
        ("arabic", "تسأل المحررات محرك التخطيط عن المؤشرات والتحديدات في كل ضغطة مفتاح."),
        ("mixed", "Galley lays out עברית and English in one line, then wraps שורה ארוכה מאוד across lines."),
    ]

    static func manager(_ text: String) throws -> LayoutManager {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let storage = TextStorage(string: text, attributes: [.font: font])
        return LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 220, height: CGFloat.infinity))])
    }

    /// Grapheme boundaries of a string, in UTF-16 offsets.
    static func boundaries(_ text: String) -> [Int] {
        var result: [Int] = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.append(offset)
        }
        return result
    }

    /// An image in editable text: one caret stop on each side of it, a tap on either half finds the caret on that
    /// side, the image's character under a tap anywhere on it, and the selection of that one character as wide as
    /// the image and as tall as the line it raised.
    @Test func attachmentsAreOneCharacterToCaretsTapsAndSelections() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = NSMutableAttributedString(string: "Look \u{FFFC} here", attributes: [.font: font])
        let image = TextAttachment(contents: try AttachmentTests.png(width: 60, height: 40))
        text.addAttribute(.attachment, value: image, range: NSRange(location: 5, length: 1))
        let manager = LayoutManager(textStorage: TextStorage(attributedString: text),
                                    textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        let before = try #require(manager.caretRect(for: 5)), after = try #require(manager.caretRect(for: 6))
        #expect(abs(after.minX - before.minX - 60) < 1e-6)
        let fragment = try #require(manager.lineFragment(forCharacterAt: 5))
        #expect(fragment.lineHeight >= 40)
        let middle = CGPoint(x: before.minX + 30, y: before.midY)
        #expect(manager.characterRange(at: middle) == 5..<6)
        #expect(manager.closestPosition(to: CGPoint(x: before.minX + 10, y: before.midY)) == 5)
        #expect(manager.closestPosition(to: CGPoint(x: before.minX + 50, y: before.midY)) == 6)
        let rects = manager.selectionRects(for: 5..<6)
        #expect(rects.count == 1)
        let rect = try #require(rects.first).rect
        #expect(abs(rect.minX - before.minX) < 1e-6 && abs(rect.width - 60) < 1e-6 && rect.height >= 40, "\(rect)")
    }

    @Test(arguments: cases)
    func caretsSitInTheirLinesAndRoundTrip(name: String, text: String) throws {
        let manager = try Self.manager(text)
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        #expect(fragments.count >= 3, "\(name) should wrap")
        var roundTrips = 0
        for index in Self.boundaries(text) {
            let caret = try #require(manager.caretRect(for: index))
            let fragment = try #require(manager.lineFragment(forCharacterAt: index))
            // As tall as the line, inside its fragment.
            #expect(abs(caret.height - fragment.lineHeight) < 1e-9)
            #expect(caret.minY >= fragment.rect.minY - 1e-6 && caret.maxY <= fragment.rect.maxY + 1e-6)
            #expect(caret.minX >= fragment.rect.minX - 1e-6 && caret.minX <= fragment.rect.maxX + 1e-6, "\(name) \(index)")
            // Tapping the caret's spot gives the caret back where the caret has one place (same-direction neighbours).
            let back = manager.closestPosition(to: CGPoint(x: caret.minX, y: caret.midY))
            if back == index { roundTrips += 1 }
            #expect(fragment.characterRange.contains(back) || back == fragment.characterRange.upperBound)
        }
        #expect(Double(roundTrips) >= 0.8 * Double(Self.boundaries(text).count), "\(name): \(roundTrips) round trips")
    }

    @Test(arguments: cases)
    func selectionRectsCoverExactlyTheRange(name: String, text: String) throws {
        let manager = try Self.manager(text)
        let bounds = Self.boundaries(text)
        for (from, to) in [(0, bounds.count - 1), (3, 17), (bounds.count / 3, 2 * bounds.count / 3)] {
            let range = bounds[from]..<bounds[to]
            let rects = manager.selectionRects(for: range)
            #expect(!rects.isEmpty)
            #expect(rects.filter(\.containsStart).count == 1, "\(name) \(range)")
            #expect(rects.filter(\.containsEnd).count == 1, "\(name) \(range)")
            // Every character of the range is under a rect of its line; characters outside it are under none.
            var checked = 0
            defer { #expect(checked > bounds.count / 2, "\(name): only \(checked) characters checked") }
            for index in bounds.dropLast() {
                guard let hit = manager.characterRange(at: caretPointInside(manager, index)), hit.lowerBound == index else { continue }
                let point = caretPointInside(manager, index)
                let covered = rects.contains { $0.rect.insetBy(dx: -1e-6, dy: -1e-6).contains(point) }
                #expect(covered == range.contains(index), "\(name) \(range): index \(index)")
                checked += 1
            }
            // Rects on one line do not overlap.
            for (a, first) in rects.enumerated() {
                for second in rects[(a + 1)...] where abs(first.rect.minY - second.rect.minY) < 1e-6 {
                    #expect(first.rect.intersection(second.rect).width < 1e-6)
                }
            }
        }
    }

    /// A point inside the glyph box of the character at `index`: the middle between its carets on its line.
    func caretPointInside(_ manager: LayoutManager, _ index: Int) -> CGPoint {
        guard let fragment = manager.lineFragment(forCharacterAt: index) else { return .zero }
        var edges: [CGFloat] = []
        fragment.line.enumerateCaretOffsets { offset, stringIndex, _, _ in
            if stringIndex + fragment.paragraphStart == index { edges.append(offset + fragment.baselineOrigin.x) }
        }
        guard edges.count >= 2 else { return .zero }
        return CGPoint(x: (edges.min()! + edges.max()!) / 2, y: fragment.lineTop + fragment.lineHeight / 2)
    }

    @Test func wrapPointsAndTheExtraLineFragment() throws {
        let manager = try Self.manager("A line long enough to wrap at a space somewhere in it.\n")
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        let wrap = fragments[0].characterRange.upperBound
        let downstream = try #require(manager.caretRect(for: wrap, affinity: .downstream))
        let upstream = try #require(manager.caretRect(for: wrap, affinity: .upstream))
        #expect(downstream.minY > upstream.minY, "downstream on the second line, upstream at the end of the first")
        #expect(abs(downstream.minX - fragments[1].baselineOrigin.x) < 1e-6)
        // After the final newline the caret is on an extra line below the last one.
        let extra = try #require(manager.extraLineFragmentRect)
        #expect(manager.extraLineFragmentContainerIndex == 0)
        #expect(extra.minY >= fragments.last!.rect.maxY - 1e-6)
        let end = try #require(manager.caretRect(for: manager.textStorage.length))
        #expect(abs(end.minY - extra.minY) < 1e-9)
        // Before the newline, the caret is at the end of the last line's text, not past the newline's glyph.
        let beforeNewline = try #require(manager.caretRect(for: manager.textStorage.length - 1))
        #expect(beforeNewline.minY < extra.minY)
        #expect(manager.closestPosition(to: CGPoint(x: 1000, y: fragments.last!.rect.midY)) == manager.textStorage.length - 1)
        // Empty text: the caret still has a place.
        let empty = try Self.manager("")
        #expect(empty.caretRect(for: 0) != nil)
    }

    /// The characters in a rectangle are those of the line fragments whose rects meet it (the fragments, made one by
    /// one, are the reference), over three containers — one with an exclusion, one padded — for random rectangles.
    @Test func charactersInRectsAreThoseOfTheFragmentsThere() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 13)
        let text = try Corpus.lines("en_Latn.txt").prefix(12).joined(separator: "\n")
        let storage = TextStorage(string: text, attributes: [.font: font])
        var padded = TextContainer(size: CGSize(width: 220, height: 400))
        padded.lineFragmentPadding = 9
        let manager = LayoutManager(textStorage: storage, textContainers: [
            TextContainer(size: CGSize(width: 260, height: 300), exclusionPaths: [Path(ellipseIn: CGRect(x: 90, y: 60, width: 90, height: 90))]),
            padded, TextContainer(size: CGSize(width: 300, height: 2000)),
        ])
        manager.ensureLayoutForAllText()
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        var generator = SeededLCG(seed: 3)
        for _ in 0..<300 {
            let container = Int(generator.next() % 3)
            let rect = CGRect(x: Double(generator.next() % 300) - 20, y: Double(generator.next() % 500) - 20,
                              width: Double(generator.next() % 200), height: Double(generator.next() % 150))
            let meeting = fragments.filter { $0.containerIndex == container && $0.rect.intersects(rect) }
            let expected = meeting.isEmpty ? 0..<0 : meeting[0].characterRange.lowerBound..<meeting[meeting.count - 1].characterRange.upperBound
            #expect(manager.characterRange(forBoundingRect: rect, inContainerAt: container) == expected, "\(rect) in container \(container)")
        }
    }

    @Test func queriesOverContainers() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        let text = try Corpus.lines("en_Latn.txt").prefix(6).joined(separator: "\n")
        let storage = TextStorage(string: text, attributes: [.font: font])
        let page = TextContainer(size: CGSize(width: 200, height: 150))
        let manager = LayoutManager(textStorage: storage, textContainers: [page, page, page, page, page, page])
        let first = manager.characterRange(forContainerAt: 0)
        let second = manager.characterRange(forContainerAt: 1)
        #expect(first.lowerBound == 0 && first.upperBound == second.lowerBound && !second.isEmpty)
        #expect(manager.textContainerIndex(forCharacterAt: second.lowerBound) == 1)
        #expect(manager.usedRect(forContainerAt: 0).maxY <= 150)
        // The range in the top half of the second page starts the page's text.
        let top = manager.characterRange(forBoundingRect: CGRect(x: 0, y: 0, width: 200, height: 40), inContainerAt: 1)
        #expect(top.lowerBound == second.lowerBound && top.upperBound < second.upperBound)
        let bounding = manager.boundingRect(forCharacterRange: second, inContainerAt: 1)
        #expect(bounding.minY >= 0 && bounding.maxY <= 150)
        let firstRect = try #require(manager.firstRect(for: second.lowerBound..<(second.lowerBound + 5)))
        #expect(firstRect.width > 0 && firstRect.height > 0)
    }
}

/// Goldens of the editor geometry (GALLEY_RECORD=1 rewrites Text/Golden/geometry.txt): caret rects at every
/// grapheme boundary, selection rects of three ranges, and where movement goes, for each case.
extension LayoutGeometryTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/geometry.txt")

    @Test func geometryGolden() throws {
        func fixed(_ value: CGFloat) -> String { String(format: "%.3f", value) }
        func rect(_ rect: CGRect) -> String { "(\(fixed(rect.minX)) \(fixed(rect.minY)) \(fixed(rect.width))×\(fixed(rect.height)))" }
        var dump = ""
        for (name, text) in Self.cases {
            let manager = try Self.manager(text)
            let bounds = Self.boundaries(text)
            dump += "== \(name)\ncarets:"
            for index in bounds {
                dump += " \(index)" + (manager.caretRect(for: index).map { rect($0) } ?? "-")
            }
            dump += "\n"
            for range in [bounds[2]..<bounds[9], bounds[5]..<bounds[bounds.count / 2], bounds[0]..<bounds[bounds.count - 1]] {
                dump += "selection \(range):"
                for piece in manager.selectionRects(for: range) {
                    dump += " \(rect(piece.rect))\(piece.isRightToLeft ? "r" : "l")\(piece.containsStart ? "S" : "")\(piece.containsEnd ? "E" : "")"
                }
                dump += "\n"
            }
            dump += "right from 0:"
            var position = 0
            for _ in 0..<12 {
                guard let next = manager.position(from: position, in: .right) else { break }
                dump += " \(next)"
                position = next
            }
            dump += "\ndown from 2: \(manager.position(from: 2, in: .down).map(String.init) ?? "-")\n"
        }
        Golden.compare(dump, to: Self.golden)
    }
}

extension LayoutGeometryTests {
    @Test(arguments: cases)
    func glyphAndCharacterIndicesMapBothWays(name: String, text: String) throws {
        let manager = try Self.manager(text)
        var total = 0
        manager.enumerateLineFragments { fragment, _ in total += fragment.line.glyphCount }
        #expect(manager.numberOfGlyphs == total)
        let bounds = Self.boundaries(text)
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let glyphs = try #require(manager.glyphRange(forCharacterRange: start..<end), "\(name): no glyph for \(start)")
            // The glyphs of a cluster show that cluster (or a ligature starting before it), never a later one.
            let shown = try #require(manager.characterRange(forGlyphRange: glyphs))
            #expect(shown.lowerBound <= start && shown.upperBound >= end, "\(name) \(start)..<\(end): \(shown)")
            let first = try #require(manager.characterIndex(forGlyphAt: glyphs.lowerBound))
            #expect(first <= start)
            #expect(manager.glyphIndex(forCharacterAt: start) == glyphs.lowerBound)
        }
        #expect(manager.characterIndex(forGlyphAt: total) == nil)
        #expect(manager.characterRange(forGlyphRange: 0..<total)?.lowerBound == 0)
    }
}
