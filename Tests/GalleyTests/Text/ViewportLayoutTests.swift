import Foundation
import Galley
import Testing

@testable import GalleyText

/// Non-contiguous layout: the lines a viewport shows are a full layout's lines (the same breaks and widths, and the
/// same distances between them), estimates never move text that was shown, and edits anywhere keep both true.
@Suite struct ViewportLayoutTests {
    static let container = TextContainer(size: CGSize(width: 260, height: CGFloat.infinity))

    /// The fragments a viewport shows, as a full layout would place them: every one with the full layout's range,
    /// x and width, all moved by one vertical offset. Returns how many it compared.
    @discardableResult
    static func expectViewportEqualsFullLayout(_ manager: LayoutManager, viewport: CGRect, full: LayoutManager,
                                               _ context: @autoclosure () -> String) -> Int {
        let range = manager.characterRange(forBoundingRect: viewport)
        var offset: CGFloat? = nil
        var compared = 0
        manager.enumerateLineFragments(in: range) { fragment, _ in
            guard let expected = full.lineFragment(forCharacterAt: fragment.characterRange.lowerBound),
                expected.characterRange == fragment.characterRange
            else {
                Issue.record("no full-layout line \(fragment.characterRange): \(context())")
                return
            }
            #expect(abs(expected.baselineOrigin.x - fragment.baselineOrigin.x) < 1e-6, "\(context())")
            #expect(abs(expected.line.typographicBounds.width - fragment.line.typographicBounds.width) < 1e-6, "\(context())")
            let dy = fragment.baselineOrigin.y - expected.baselineOrigin.y
            if let offset { #expect(abs(dy - offset) < 1e-6, "line \(fragment.characterRange) moved \(dy), not \(offset): \(context())") }
            offset = offset ?? dy
            compared += 1
        }
        return compared
    }

    static func managers(_ text: NSAttributedString) -> (estimating: LayoutManager, full: LayoutManager) {
        let manager = LayoutManager(textStorage: TextStorage(attributedString: text), textContainers: [container])
        manager.allowsNonContiguousLayout = true
        let full = LayoutManager(textStorage: TextStorage(attributedString: text), textContainers: [container])
        full.ensureLayoutForAllText()
        return (manager, full)
    }

    @Test func viewportsShowAFullLayoutsLines() throws {
        let (manager, full) = Self.managers(try LayoutManagerTests.sampleText(paragraphs: 120))
        var generator = SeededLCG(seed: 11)
        // The last screen first: nothing above it is laid out.
        let height = manager.estimatedUsedHeight(forContainerAt: 0)
        var viewport = manager.layoutViewport(CGRect(x: 0, y: max(height - 400, 0), width: 260, height: 400))
        #expect(manager.hasNonContiguousLayout)
        #expect(manager.statistics.paragraphsLaidOut < 30)
        #expect(Self.expectViewportEqualsFullLayout(manager, viewport: viewport, full: full, "last screen") > 5)
        for step in 0..<40 {
            let height = manager.estimatedUsedHeight(forContainerAt: 0)
            let y = CGFloat(generator.next() % UInt64(max(Int(height), 1)))
            viewport = manager.layoutViewport(CGRect(x: 0, y: y, width: 260, height: 300))
            Self.expectViewportEqualsFullLayout(manager, viewport: viewport, full: full, "step \(step), viewport \(viewport)")
        }
        // Laid out everywhere, the layout is the full one, to the point.
        manager.ensureLayoutForAllText()
        #expect(!manager.hasNonContiguousLayout)
        #expect(LayoutManagerTests.dump(manager) == LayoutManagerTests.dump(full))
        // (To the point, but for the last bits: the layouts got there by shifts, added in another order.)
        #expect(abs(manager.estimatedUsedHeight(forContainerAt: 0) - (full.layouts.last?.bottom ?? 0)) < 1e-6)
    }

    @Test func jumpsShowTheirOffset() throws {
        let text = try LayoutManagerTests.sampleText(paragraphs: 120)
        let (manager, full) = Self.managers(text)
        let screen = CGRect(x: 0, y: 0, width: 260, height: 300)
        // The end: the last line at the bottom, above it a full layout's lines.
        let end = manager.relocateViewport(screen, toCharacterAt: text.length)
        #expect(manager.characterRange(forBoundingRect: end).upperBound == text.length)
        let caret = try #require(manager.caretRect(for: text.length))
        #expect(abs(caret.maxY - end.maxY) < 1e-6)
        Self.expectViewportEqualsFullLayout(manager, viewport: end, full: full, "end")
        // Offsets in the middle: their line at the top.
        var generator = SeededLCG(seed: 5)
        for _ in 0..<10 {
            let index = Int(generator.next() % UInt64(text.length))
            let viewport = manager.relocateViewport(screen, toCharacterAt: index)
            let line = try #require(manager.lineFragment(forCharacterAt: index))
            #expect(abs(line.rect.minY - viewport.minY) < 1e-6, "offset \(index)")
            Self.expectViewportEqualsFullLayout(manager, viewport: viewport, full: full, "offset \(index)")
        }
    }

    @Test func shownTextNeverMoves() throws {
        let (manager, _) = Self.managers(try LayoutManagerTests.sampleText(paragraphs: 120))
        var generator = SeededLCG(seed: 3)
        let height = manager.estimatedUsedHeight(forContainerAt: 0)
        var viewport = manager.layoutViewport(CGRect(x: 0, y: height * 0.6, width: 260, height: 300))
        var moves = 0
        for step in 0..<60 {
            // What is on screen, relative to the viewport's top.
            var shown: [Int: CGFloat] = [:]
            manager.enumerateLineFragments(in: manager.characterRange(forBoundingRect: viewport)) { fragment, _ in
                shown[fragment.characterRange.lowerBound] = fragment.rect.minY - viewport.minY
            }
            // Scroll a little, mostly up (into estimated text), sometimes down.
            let scroll = CGFloat(Int(generator.next() % 160)) - (generator.next() % 4 == 0 ? 0 : 200)
            let asked = viewport.offsetBy(dx: 0, dy: scroll)
            let next = manager.layoutViewport(asked)
            if next != asked { moves += 1 }
            for (start, offset) in shown {
                guard let fragment = manager.lineFragment(forCharacterAt: start) else { continue }
                let expected = offset - scroll
                #expect(abs((fragment.rect.minY - next.minY) - expected) < 1e-6, "step \(step): line at \(start) moved on screen")
            }
            viewport = next
        }
        // Estimates above the first viewport were replaced: the viewport had to follow the text.
        #expect(moves > 0)
    }

    @Test func editsAnywhereKeepViewportsRight() throws {
        let text = try LayoutManagerTests.sampleText(paragraphs: 90)
        let storage = TextStorage(attributedString: text)
        let manager = LayoutManager(textStorage: storage, textContainers: [Self.container])
        manager.allowsNonContiguousLayout = true
        var generator = SeededLCG(seed: 7)
        let insertions = ["a", "word ", "\n", "\r", "שלום ", "😀", "mixed עברית text\n", "\r\n", "\u{0C}"]
        var viewport = CGRect(x: 0, y: 0, width: 260, height: 300)
        for step in 0..<80 {
            let length = storage.length
            let at = Int(generator.next() % UInt64(length + 1))
            if generator.next() % 3 == 0, length > 0 {
                storage.replaceCharacters(in: at..<min(at + Int(generator.next() % 60), length), with: "")
            } else {
                storage.replaceCharacters(in: at..<at, with: insertions[Int(generator.next() % UInt64(insertions.count))])
            }
            if step % 4 == 0 {
                let height = manager.estimatedUsedHeight(forContainerAt: 0)
                viewport.origin.y = CGFloat(generator.next() % UInt64(max(Int(height), 1)))
            }
            viewport = manager.layoutViewport(viewport)
            let full = LayoutManager(textStorage: storage.copy(), textContainers: [Self.container])
            #expect(manager.numberOfParagraphs == full.numberOfParagraphs, "step \(step)")
            Self.expectViewportEqualsFullLayout(manager, viewport: viewport, full: full, "step \(step)")
        }
        let full = LayoutManager(textStorage: storage.copy(), textContainers: [Self.container])
        #expect(LayoutManagerTests.dump(manager) == LayoutManagerTests.dump(full))
        #expect((0..<full.numberOfParagraphs).allSatisfy { manager.paragraphRange(at: $0) == full.paragraphRange(at: $0) })
    }

    /// Long paragraphs (9,000 units and more, laid out in pieces) are laid out only as far as a viewport, a character
    /// or a point asked about reaches; what is shown is a full layout's lines all the same — scrolling down through
    /// them, jumping into them, hit testing and editing them — and laying out everything gives the full layout.
    @Test func longParagraphsAreLaidOutAsFarAsAsked() throws {
        let text = try PieceLayoutTests.longText()
        let storage = TextStorage(attributedString: text)
        let manager = LayoutManager(textStorage: storage, textContainers: [PieceLayoutTests.container()])
        manager.allowsNonContiguousLayout = true
        var full = LayoutManager(textStorage: TextStorage(attributedString: text), textContainers: [PieceLayoutTests.container()])
        full.ensureLayoutForAllText()
        var viewport = manager.layoutViewport(CGRect(x: 0, y: 0, width: PieceLayoutTests.width, height: 400))
        // The first screen: the first paragraph's first pieces, at a full layout's places (nothing above them).
        #expect(manager.layouts[0].isPartial)
        #expect(manager.layouts[0].placements.count <= 2)
        #expect(manager.statistics.paragraphsShaped <= 3)
        #expect(Self.expectViewportEqualsFullLayout(manager, viewport: viewport, full: full, "first screen") > 20)
        #expect(manager.lineFragment(forCharacterAt: 500)?.rect == full.lineFragment(forCharacterAt: 500)?.rect)
        #expect(manager.characterIndex(for: CGPoint(x: 100, y: 300))?.index == full.characterIndex(for: CGPoint(x: 100, y: 300))?.index)
        #expect(manager.layouts[0].isPartial)
        // Scrolling down through the first two paragraphs, a screen at a time.
        for step in 0..<12 {
            viewport = manager.layoutViewport(viewport.offsetBy(dx: 0, dy: 350))
            #expect(Self.expectViewportEqualsFullLayout(manager, viewport: viewport, full: full, "scroll \(step)") > 20)
        }
        // Jumps into the middle of paragraphs, and edits where they show.
        var generator = SeededLCG(seed: 19)
        let insertions = ["a", "word ", "\n", " two words ", ""]
        for step in 0..<24 {
            let at = Int(generator.next() % UInt64(storage.length))
            viewport = manager.relocateViewport(viewport, toCharacterAt: at)
            #expect(manager.characterRange(forBoundingRect: viewport).contains(at) || at == storage.length, "jump \(step) to \(at)")
            if step % 2 == 1 {
                let inserted = insertions[Int(generator.next() % UInt64(insertions.count))]
                storage.replaceCharacters(in: at..<(inserted.isEmpty ? min(at + 7, storage.length) : at), with: inserted)
                full = LayoutManager(textStorage: storage.copy(), textContainers: [PieceLayoutTests.container()])
                viewport = manager.layoutViewport(viewport)
            }
            Self.expectViewportEqualsFullLayout(manager, viewport: viewport, full: full, "jump \(step) to \(at)")
        }
        #expect(manager.layouts.partialCount > 0)
        manager.ensureLayoutForAllText()
        #expect(!manager.hasNonContiguousLayout)
        #expect(LayoutManagerTests.dump(manager) == LayoutManagerTests.dump(full))
    }

    /// Reading the layouts one after another (as a page's character range does) gives each paragraph's layout and
    /// shift as looking it up does, in estimates (each paragraph its share) and laid-out paragraphs alike.
    @Test func layoutsReadInTurnAreTheLayoutsLookedUp() throws {
        let (manager, _) = Self.managers(try LayoutManagerTests.sampleText(paragraphs: 120))
        let height = manager.estimatedUsedHeight(forContainerAt: 0)
        _ = manager.layoutViewport(CGRect(x: 0, y: height / 2, width: 260, height: 300))
        let layouts = manager.layouts
        #expect(layouts.estimatedCount > 0 && layouts.estimatedCount < layouts.count)
        for start in [0, 1, 17, layouts.count / 2, layouts.count - 1] {
            var paragraph = start
            layouts.forEachStoredLayout(from: start) { index, layout, shift in
                let looked = layouts.storedLayout(index)
                #expect(index == paragraph)
                #expect(layout.start == looked.layout.start && layout.end == looked.layout.end && shift == looked.shift)
                #expect(layout.placements.count == looked.layout.placements.count && layout.isEstimated == looked.layout.isEstimated)
                paragraph += 1
                return true
            }
            #expect(paragraph == layouts.count)
        }
        // Searching by where the paragraphs start: as a scan over the layouts looked up one by one.
        for y in stride(from: -10, through: height + 10, by: height / 37) {
            func isAfter(_ layout: LayoutManager.ParagraphLayout, _ shift: ParagraphLayouts.Shift) -> Bool {
                layout.start.depth + shift.depth > y
            }
            let scan = (0..<layouts.count).first { isAfter(layouts.storedLayout($0).layout, layouts.storedLayout($0).shift) } ?? layouts.count
            #expect(layouts.partitioningIndex(where: isAfter) == scan, "y \(y)")
        }
    }

    @Test func paragraphsAreFoundWithoutReadingTheText() throws {
        // A document of many paragraphs: opening it splits none out; asking for one splits out that one.
        let line = "A line of a log, with a number 12345 and a few more words.\n"
        let storage = TextStorage(string: String(repeating: line, count: 20_000))
        let manager = LayoutManager(textStorage: storage, textContainers: [Self.container])
        #expect(manager.numberOfParagraphs == 20_000)
        #expect(manager.paragraphs.count == 1)
        let length = (line as NSString).length
        #expect(manager.paragraphRange(at: 12_345) == (12_345 * length)..<(12_346 * length))
        #expect(manager.paragraphIndex(containing: 777 * length + 5) == 777)
        #expect(manager.paragraphs.count <= 5)
    }
}
