import Foundation
import Galley
import GalleyText
import Testing

/// The rest of UITextInput's geometry, as properties over left-to-right, right-to-left and wrapped text: positions
/// stay inside the ranges asked about, "farthest" follows the screen, extending agrees with the tokenizer's line and
/// paragraph edges, directions are the paragraphs' own, fractions run from a cluster's leading caret to its trailing.
@Suite struct TextInputGeometryTests {
    static func manager(_ text: String, width: CGFloat = 220) throws -> LayoutManager {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let storage = TextStorage(string: text, attributes: [.font: font])
        return LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: width, height: CGFloat.infinity))])
    }

    static let mixed = "Editors ask a layout engine for carets and selections.\nעורכים שואלים את מנוע הפריסה על סמנים."

    @Test func closestPositionsStayInsideTheirRange() throws {
        let manager = try Self.manager(Self.mixed)
        let length = Self.mixed.utf16.count
        var generator = SeededLCG(seed: 11)
        for _ in 0..<200 {
            let a = Int(generator.next() % UInt64(length + 1)), b = Int(generator.next() % UInt64(length + 1))
            let range = min(a, b)..<max(a, b)
            let point = CGPoint(x: CGFloat(generator.next() % 260) - 20, y: CGFloat(generator.next() % 140) - 20)
            let inside = manager.closestPosition(to: point, within: range)
            #expect(range.contains(inside) || inside == range.upperBound)
            let anywhere = manager.closestPosition(to: point)
            if range.contains(anywhere) { #expect(inside == anywhere) }
        }
    }

    @Test func farthestFollowsTheScreen() throws {
        let manager = try Self.manager(Self.mixed)
        // In the English line, left is the start; in the Hebrew paragraph, left is the end.
        #expect(manager.position(within: 0..<7, farthestIn: .left) == 0 && manager.position(within: 0..<7, farthestIn: .right) == 7)
        let hebrew = (Self.mixed as NSString).range(of: "עורכים")
        let word = hebrew.location..<(hebrew.location + hebrew.length)
        #expect(manager.position(within: word, farthestIn: .left) == word.upperBound && manager.position(within: word, farthestIn: .right) == word.lowerBound)
        // Across lines: up is the start, down the end.
        let all = 0..<Self.mixed.utf16.count
        #expect(manager.position(within: all, farthestIn: .up) == 0 && manager.position(within: all, farthestIn: .down) == all.upperBound)
    }

    @Test func extendingAgreesWithTheTokenizer() throws {
        let manager = try Self.manager(Self.mixed)
        let tokenizer = TextTokenizer(layoutManager: manager)
        let length = Self.mixed.utf16.count
        for position in stride(from: 0, through: length, by: 7) {
            let rightToLeft = manager.baseWritingDirection(for: position) == .rightToLeft
            for (direction, forward) in [(TextLayoutDirection.right, !rightToLeft), (.left, rightToLeft)] {
                let end = tokenizer.position(from: position, toBoundary: .line, inDirection: forward ? .forward : .backward) ?? position
                #expect(manager.characterRange(byExtending: position, in: direction) == min(position, end)..<max(position, end), "\(position) \(direction)")
            }
            let paragraphStart = tokenizer.position(from: position, toBoundary: .paragraph, inDirection: .backward) ?? position
            #expect(manager.characterRange(byExtending: position, in: .up) == min(position, paragraphStart)..<max(position, paragraphStart))
        }
    }

    @Test func writingDirectionsAreTheParagraphs() throws {
        let manager = try Self.manager(Self.mixed)
        let hebrewStart = (Self.mixed as NSString).range(of: "עורכים").location
        #expect(manager.baseWritingDirection(for: 3) == .leftToRight && manager.baseWritingDirection(for: hebrewStart + 2) == .rightToLeft)
        // At the Hebrew paragraph's start, backward is the English paragraph's separator.
        #expect(manager.baseWritingDirection(for: hebrewStart, in: .backward) == .leftToRight)
        let input = TextInput(textStorage: manager.textStorage)
        input.setBaseWritingDirection(.rightToLeft, for: 2..<3)
        #expect(manager.baseWritingDirection(for: 3) == .rightToLeft)
        #expect(manager.baseWritingDirection(for: hebrewStart + 2) == .rightToLeft)
        #expect(input.selectionAffinity == .downstream)
    }

    @Test func fractionsRunFromLeadingToTrailingCaret() throws {
        let manager = try Self.manager("WWW שלום")
        let first = try #require(manager.caretRect(for: 0)), second = try #require(manager.caretRect(for: 1))
        let y = first.midY
        let quarter = try #require(manager.characterIndex(for: CGPoint(x: first.minX + (second.minX - first.minX) / 4, y: y)))
        #expect(quarter.index == 0 && abs(quarter.fraction - 0.25) < 0.01)
        // In the Hebrew word the leading caret is on the right: near a letter's right edge is near 0.
        let shin = try #require(manager.caretRect(for: 4)), lamed = try #require(manager.caretRect(for: 5))
        let nearRight = try #require(manager.characterIndex(for: CGPoint(x: shin.minX - (shin.minX - lamed.minX) * 0.1, y: y)))
        #expect(nearRight.index == 4 && nearRight.fraction < 0.2, "\(nearRight)")
        #expect(manager.characterIndex(for: CGPoint(x: 5000, y: 5000)) == nil)
    }
}
