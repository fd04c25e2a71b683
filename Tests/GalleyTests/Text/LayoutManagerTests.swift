import Foundation
import Galley
import GalleyText
import Testing

/// The layout manager against the framesetter (the same lines for the whole text), and incremental layout against
/// a full layout after random edits.
@Suite struct LayoutManagerTests {
    static let font = try! TestFonts.font("DejaVuSerif.ttf", size: 12)

    /// Corpus paragraphs in several scripts, with paragraph styles that exercise spacing.
    static func sampleText(paragraphs count: Int = 24) throws -> NSAttributedString {
        let text = NSMutableAttributedString(string: "")
        var styles: [ParagraphStyle] = []
        var spaced = ParagraphStyle()
        spaced.paragraphSpacing = 6
        spaced.paragraphSpacingBefore = 3
        spaced.lineSpacingAdjustment = 2
        var justified = ParagraphStyle()
        justified.alignment = .justified
        justified.firstLineHeadIndent = 18
        styles = [ParagraphStyle(), spaced, justified]
        var lines: [String] = []
        for file in ["en_Latn.txt", "he_Hebr.txt", "ar_Arab.txt", "hi_Deva.txt", "ja_Jpan.txt", "ru_Cyrl.txt"] {
            lines += try Corpus.lines(file).prefix(count / 6 + 1)
        }
        for (index, line) in lines.prefix(count).enumerated() {
            text.append(NSAttributedString(string: line + (index % 5 == 4 ? "\r\n" : "\n"),
                                           attributes: [.font: font, .paragraphStyle: styles[index % styles.count]]))
        }
        return text
    }

    /// Every line fragment: range, container, baseline origin, width.
    struct Dump: CustomStringConvertible {
        var lines: [(range: Range<Int>, container: Int, origin: CGPoint, width: CGFloat)] = []

        /// Equal ranges and containers, positions within 1e-5 pt (a growing container's coordinates are large:
        /// the last digits round differently when a paragraph was moved rather than laid out again).
        static func == (a: Dump, b: Dump) -> Bool {
            a.lines.count == b.lines.count && zip(a.lines, b.lines).allSatisfy { x, y in
                x.range == y.range && x.container == y.container && abs(x.origin.x - y.origin.x) < 1e-5
                    && abs(x.origin.y - y.origin.y) < 1e-5 && abs(x.width - y.width) < 1e-5
            }
        }

        static func != (a: Dump, b: Dump) -> Bool { !(a == b) }

        var description: String {
            lines.map { "\($0.range) c\($0.container) " + String(format: "%.6f %.6f w%.4f", $0.origin.x, $0.origin.y, $0.width) }
                .joined(separator: "\n")
        }
    }

    static func dump(_ manager: LayoutManager) -> Dump {
        var result = Dump()
        manager.enumerateLineFragments { fragment, _ in
            result.lines.append((fragment.characterRange, fragment.containerIndex, fragment.baselineOrigin, fragment.line.typographicBounds.width))
        }
        return result
    }

    @Test func linesEqualTheFramesettersForTheWholeText() throws {
        let text = try Self.sampleText()
        let storage = TextStorage(attributedString: text)
        let width: CGFloat = 280
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: width, height: CGFloat.infinity), lineFragmentPadding: 0)])
        let height: CGFloat = 1e9
        let frame = Framesetter(attributedString: text).frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: height)))
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        #expect(fragments.count == frame.lines.count)
        for (index, fragment) in fragments.enumerated() where index < frame.lines.count {
            #expect(fragment.characterRange == frame.lines[index].stringRange)
            #expect(abs(fragment.baselineOrigin.x - frame.lineOrigins[index].x) < 1e-4)
            #expect(abs(fragment.baselineOrigin.y - (height - frame.lineOrigins[index].y)) < 1e-4,
                    "line \(index): \(fragment.baselineOrigin.y) vs \(height - frame.lineOrigins[index].y)")
        }
    }

    @Test func aShapedContainerFillsLikeAFrameOfTheSameShape() throws {
        let text = try Self.sampleText(paragraphs: 12)
        let size = CGSize(width: 320, height: 320)
        // A circle with a square hole, in container coordinates (y down), even-odd.
        var shape = Path(ellipseIn: CGRect(x: 0, y: 0, width: 320, height: 320))
        shape.addRect(CGRect(x: 130, y: 130, width: 60, height: 60))
        var container = TextContainer(size: size, path: shape)
        container.fillRule = .evenOdd
        let manager = LayoutManager(textStorage: TextStorage(attributedString: text), textContainers: [container])
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }
        let flip = AffineTransform(m11: 1, m12: 0, m21: 0, m22: -1, tX: 0, tY: size.height)
        var attributes = FrameAttributes()
        attributes.pathFillRule = .evenOdd
        let frame = Framesetter(attributedString: text).frame(path: shape.applying(flip), attributes: attributes)
        #expect(fragments.count == frame.lines.count && fragments.count > 10)
        for (index, fragment) in fragments.enumerated() where index < frame.lines.count {
            #expect(fragment.characterRange == frame.lines[index].stringRange)
            #expect(abs(fragment.baselineOrigin.x - (frame.bounds.minX + frame.lineOrigins[index].x)) < 1e-6)
            #expect(abs(fragment.baselineOrigin.y - (size.height - frame.bounds.minY - frame.lineOrigins[index].y)) < 1e-6)
        }
        // Every line lies inside the circle.
        for fragment in fragments {
            let center = CGPoint(x: 160, y: 160)
            for corner in [CGPoint(x: fragment.rect.minX, y: fragment.rect.minY), CGPoint(x: fragment.rect.maxX, y: fragment.rect.maxY)] {
                #expect(hypot(corner.x - center.x, corner.y - center.y) <= 160.5)
            }
        }
    }

    /// Random edits: inserts (letters, spaces, paragraph breaks, CR before LF), deletions across paragraphs,
    /// attribute changes. After each, the incrementally updated layout must equal a fresh one.
    @Test(arguments: ["one growing container", "pages with an exclusion", "shapes", "separators remapped by a delegate",
                      "short lines", "long paragraphs", "undo and redo"])
    func incrementalLayoutEqualsFullLayout(configuration: String) throws {
        let remapped = configuration == "separators remapped by a delegate"
        let delegate = remapped ? ParagraphBreakActions() : nil
        let growing = ["one growing container", "short lines", "long paragraphs", "undo and redo"].contains(configuration)
        let containers: [TextContainer] = growing || remapped
            ? [TextContainer(size: CGSize(width: 260, height: CGFloat.infinity))]
            : configuration == "shapes"
            ? [TextContainer(size: CGSize(width: 300, height: 300), path: Path(ellipseIn: CGRect(x: 0, y: 0, width: 300, height: 300))),
               TextContainer(size: CGSize(width: 300, height: CGFloat.infinity), path: Path(roundedRect: CGRect(x: 10, y: 20, width: 260, height: 2000), cornerWidth: 80, cornerHeight: 80))]
            : [TextContainer(size: CGSize(width: 240, height: 300)),
               TextContainer(size: CGSize(width: 240, height: 300), exclusionPaths: [Path(ellipseIn: CGRect(x: 80, y: 60, width: 90, height: 90))]),
               TextContainer(size: CGSize(width: 200, height: 400), maximumNumberOfLines: 20, lineBreakMode: .byTruncatingTail),
               TextContainer(size: CGSize(width: 240, height: CGFloat.infinity))]
        let sample = NSMutableAttributedString(attributedString: try Self.sampleText(paragraphs: 18))
        if configuration == "short lines" {
            // Every fourth space a line break: a hundred-odd paragraphs of a few words, as code or a log has.
            var spaces = 0
            for index in 0..<sample.length where sample.attributedSubstring(from: NSRange(location: index, length: 1)).string == " " {
                spaces += 1
                if spaces % 4 == 0 { sample.replaceCharacters(in: NSRange(location: index, length: 1), with: "\n") }
            }
        } else if configuration == "long paragraphs" {
            // Two paragraphs of every script, bidi included.
            let string = sample.string as NSString
            for index in 0..<(sample.length - 1) where string.character(at: index) == 0x0A && index != sample.length / 2 {
                sample.replaceCharacters(in: NSRange(location: index, length: 1), with: " ")
            }
        }
        let storage = TextStorage(attributedString: sample)
        let undo = configuration == "undo and redo" ? UndoStack(textStorage: storage) : nil
        let manager = LayoutManager(textStorage: storage, textContainers: containers)
        manager.delegate = delegate
        manager.ensureLayoutForAllText()
        let lazy = LayoutManager(textStorage: storage, textContainers: containers)
        lazy.delegate = delegate
        var generator = SeededLCG(seed: configuration.count)
        let insertions = ["a", "word ", " ", "\n", "\r", "\u{2029}", "שלום ", "é", "😀", "mixed עברית text\n", "\u{000C}", "\u{1E}"]
        var compared = 0
        var log: [String] = []
        for step in 0..<150 {
            let length = storage.length
            if let undo, generator.next() % 3 == 0 {
                // Undo one to three steps, sometimes redo some of them.
                for _ in 0...Int(generator.next() % 3) { undo.undo() }
                if generator.next() % 2 == 0 { undo.redo() }
                log.append("undo/redo")
            } else { switch generator.next() % 4 {
            case 0, 1:
                let at = Int(generator.next() % UInt64(length + 1))
                let inserted = insertions[Int(generator.next() % UInt64(insertions.count))]
                log.append("insert \(at) \(inserted.debugDescription)")
                storage.replaceCharacters(in: at..<at, with: inserted)
            case 2:
                guard length > 0 else { continue }
                let at = Int(generator.next() % UInt64(length))
                let count = Int(generator.next() % 40)
                log.append("delete \(at) \(count) of \(length)")
                storage.replaceCharacters(in: at..<min(at + count, length), with: "")
            default:
                guard length > 0 else { continue }
                let at = Int(generator.next() % UInt64(length))
                let range = at..<min(at + Int(generator.next() % 30) + 1, length)
                log.append("attr \(range)")
                if generator.next() % 2 == 0 {
                    storage.addAttribute(.font, value: try TestFonts.font("DejaVuSans.ttf", size: 10 + CGFloat(generator.next() % 8)), range: range)
                } else {
                    storage.addAttribute(.kern, value: CGFloat(generator.next() % 3), range: range)
                }
            } }
            // A second manager sees the same edits but lays out only part of the text between comparisons.
            if step % 3 == 0 { lazy.ensureLayout(forCharacterRange: 0..<Int(generator.next() % UInt64(storage.length + 1))) }
            let full = LayoutManager(textStorage: storage.copy(), textContainers: containers)
            full.delegate = delegate
            let fresh = Self.dump(full)
            let incremental = Self.dump(manager)
            #expect(incremental == fresh, "step \(step), after \(log.suffix(3)):\n\(incremental)\nfull:\n\(fresh)")
            if step % 10 == 9 { #expect(Self.dump(lazy) == fresh, "step \(step), lazy layout, after \(log.suffix(3))") }
            if incremental != fresh { return }
            compared += 1
        }
        #expect(compared == 150)
    }

    @Test func anEditInTheMiddleReshapesOneParagraphAndMovesTheRest() throws {
        let storage = TextStorage(attributedString: try Self.sampleText(paragraphs: 30))
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        manager.ensureLayoutForAllText()
        let before = manager.statistics
        let middle = manager.paragraphRange(at: manager.numberOfParagraphs / 2)
        // A paragraph break in the middle of a paragraph: two paragraphs shaped, and every later one moved down.
        storage.replaceCharacters(in: (middle.lowerBound + 5)..<(middle.lowerBound + 5), with: "\n")
        manager.ensureLayoutForAllText()
        let after = manager.statistics
        #expect(after.paragraphsShaped - before.paragraphsShaped == 2)
        #expect(after.paragraphsLaidOut - before.paragraphsLaidOut == 2)
        #expect(after.paragraphsMoved - before.paragraphsMoved >= manager.numberOfParagraphs / 2 - 2)
        // A letter that does not change the paragraph's height: one paragraph laid out, nothing moves.
        let moved = manager.statistics.paragraphsMoved
        let laidOut = manager.statistics.paragraphsLaidOut
        let last = manager.paragraphRange(at: 3)
        storage.replaceCharacters(in: (last.upperBound - 2)..<(last.upperBound - 1), with: "x")
        manager.ensureLayoutForAllText()
        #expect(manager.statistics.paragraphsLaidOut - laidOut == 1)
        #expect(manager.statistics.paragraphsMoved == moved)
    }

    /// An edit near the end of a long paragraph re-breaks from the first line it can change: the lines before it
    /// keep their breaks (counted), and the result equals a full layout. An edit in the first line keeps none.
    @Test func anEditReBreaksFromTheFirstChangedLine() throws {
        let words = (0..<400).map { ["layout", "of", "text", "in", "lines", "typesetting", "a"][$0 % 7] }.joined(separator: " ")
        let storage = TextStorage(string: "Title\n" + words + "\nEnd.", attributes: [.font: Self.font])
        let container = TextContainer(size: CGSize(width: 240, height: CGFloat.infinity))
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        manager.ensureLayoutForAllText()
        let lines = Self.dump(manager).lines.count
        let kept = manager.statistics.linesKept
        storage.replaceCharacters(in: (6 + words.utf16.count - 30)..<(6 + words.utf16.count - 30), with: "inserted words ")
        manager.ensureLayoutForAllText()
        #expect(manager.statistics.linesKept - kept >= lines - 6, "all but the last lines of the long paragraph kept")
        #expect(Self.dump(manager) == Self.dump(LayoutManager(textStorage: storage.copy(), textContainers: [container])))
        let keptBefore = manager.statistics.linesKept
        storage.replaceCharacters(in: 8..<9, with: "")
        manager.ensureLayoutForAllText()
        #expect(manager.statistics.linesKept == keptBefore)
        #expect(Self.dump(manager) == Self.dump(LayoutManager(textStorage: storage.copy(), textContainers: [container])))
    }
}

/// A delegate that keeps "New York" together and adds 10 pt above every paragraph.
final class KeepTogether: LayoutManagerDelegate {
    let protected: [Range<Int>]
    var asked = 0
    init(protected: [Range<Int>]) { self.protected = protected }
    func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineBefore index: Int, hyphenating: Bool) -> Bool {
        asked += 1
        return !protected.contains { $0.lowerBound < index && index < $0.upperBound }
    }
    func layoutManager(_ layoutManager: LayoutManager, paragraphSpacingBeforeParagraphAt index: Int, proposed: CGFloat) -> CGFloat {
        proposed + 10
    }
}

extension LayoutManagerTests {
    @Test func delegateVetoesBreaksAndAddsSpacing() throws {
        let sentence = "They flew from London to New York and back to New York again, twice over. "
        let text = String(repeating: sentence, count: 6) + "\n" + String(repeating: sentence, count: 2)
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        let storage = TextStorage(string: text, attributes: [.font: font])
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 120, height: CGFloat.infinity))])
        func spaces() -> [Range<Int>] {
            var result: [Range<Int>] = []
            var search = storage.string.startIndex
            while let found = storage.string.range(of: "New York", range: search..<storage.string.endIndex) {
                let start = storage.string.utf16.distance(from: storage.string.utf16.startIndex, to: found.lowerBound)
                result.append(start..<(start + 8))
                search = found.upperBound
            }
            return result
        }
        func lineEnds() -> [Int] {
            var ends: [Int] = []
            manager.enumerateLineFragments { fragment, _ in ends.append(fragment.characterRange.upperBound) }
            return ends
        }
        let protected = spaces()
        func breaksInside(_ ranges: [Range<Int>]) -> Bool {
            lineEnds().contains { end in ranges.contains { $0.lowerBound < end && end < $0.upperBound } }
        }
        // Without the delegate some line breaks inside "New York" (at the first width where one does); with it none.
        for width in stride(from: 120.0, through: 300, by: 4) where !breaksInside(protected) {
            manager.setTextContainer(TextContainer(size: CGSize(width: width, height: CGFloat.infinity)), at: 0)
        }
        #expect(breaksInside(protected))
        let secondParagraphTop = try #require(manager.lineFragment(forCharacterAt: text.utf16.count - 3)).rect.minY
        let delegate = KeepTogether(protected: protected)
        manager.delegate = delegate
        #expect(!breaksInside(protected))
        #expect(delegate.asked > 0)
        let movedTop = try #require(manager.lineFragment(forCharacterAt: text.utf16.count - 3)).rect.minY
        #expect(movedTop > secondParagraphTop + 9.99, "10 pt more above the second paragraph (and its lines may differ)")
        // Edits keep asking the delegate with storage offsets: an insertion before shifts the protected ranges.
        storage.replaceCharacters(in: 0..<0, with: "Again: ")
        let shifted = KeepTogether(protected: protected.map { ($0.lowerBound + 7)..<($0.upperBound + 7) })
        manager.delegate = shifted
        #expect(!breaksInside(shifted.protected))
    }
}

extension LayoutManagerTests {
    @Test func viewportsLayOutOnlyWhatTheyShow() throws {
        let text = try Self.sampleText(paragraphs: 60)
        let manager = LayoutManager(textStorage: TextStorage(attributedString: text),
                                    textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        // The top of the document: a few paragraphs, not sixty.
        let top = manager.characterRange(forBoundingRect: CGRect(x: 0, y: 0, width: 300, height: 120))
        #expect(top.lowerBound == 0 && !top.isEmpty)
        #expect(manager.statistics.paragraphsLaidOut < 12, "\(manager.statistics.paragraphsLaidOut) paragraphs laid out for one screen")
        let estimate = manager.estimatedUsedHeight(forContainerAt: 0)
        manager.ensureLayoutForAllText()
        let exact = manager.usedRect(forContainerAt: 0).maxY
        #expect(abs(estimate - exact) < 0.35 * exact, "estimate \(estimate), exact \(exact)")
        #expect(manager.estimatedUsedHeight(forContainerAt: 0) == exact)
        // A tap far down lays out as far as the tap, and finds its line.
        let fresh = LayoutManager(textStorage: TextStorage(attributedString: text),
                                  textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        let tapped = fresh.closestPosition(to: CGPoint(x: 50, y: exact / 2))
        #expect(fresh.statistics.paragraphsLaidOut < 50)
        #expect(tapped == manager.closestPosition(to: CGPoint(x: 50, y: exact / 2)))
    }
}

extension LayoutManagerTests {
    @Test func severalLayoutManagersShowOneStorage() throws {
        let storage = TextStorage(attributedString: try Self.sampleText(paragraphs: 12))
        let narrow = [TextContainer(size: CGSize(width: 180, height: CGFloat.infinity))]
        let pages = [TextContainer(size: CGSize(width: 320, height: 200)), TextContainer(size: CGSize(width: 320, height: 200)),
                     TextContainer(size: CGSize(width: 320, height: CGFloat.infinity))]
        let first = LayoutManager(textStorage: storage, textContainers: narrow)
        let second = LayoutManager(textStorage: storage, textContainers: pages)
        first.ensureLayoutForAllText()
        second.ensureLayout(forCharacterRange: 0..<100)
        storage.beginEditing()
        storage.replaceCharacters(in: 40..<60, with: "a new sentence\nand a new paragraph ")
        storage.addAttribute(.kern, value: 1.5, range: 200..<260)
        storage.endEditing()
        storage.replaceCharacters(in: storage.length..<storage.length, with: "\nThe end.")
        #expect(Self.dump(first) == Self.dump(LayoutManager(textStorage: storage.copy(), textContainers: narrow)))
        #expect(Self.dump(second) == Self.dump(LayoutManager(textStorage: storage.copy(), textContainers: pages)))
        #expect(Set(Self.dump(second).lines.map(\.container)) == [0, 1, 2])
    }
}

final class LineSpacer: LayoutManagerDelegate {
    func layoutManager(_ layoutManager: LayoutManager, lineSpacingAfterLineEndingAt index: Int) -> CGFloat { 4 }
}

extension LayoutManagerTests {
    @Test func delegateAddsSpaceAfterEveryLine() throws {
        let storage = TextStorage(string: try Corpus.lines("en_Latn.txt").prefix(3).joined(separator: "\n"),
                                  attributes: [.font: try TestFonts.font("DejaVuSerif.ttf", size: 12)])
        let containers = [TextContainer(size: CGSize(width: 250, height: CGFloat.infinity))]
        let manager = LayoutManager(textStorage: storage, textContainers: containers)
        let plain = Self.dump(manager).lines.map(\.origin.y)
        let spacer = LineSpacer()
        manager.delegate = spacer
        let spaced = Self.dump(manager).lines.map(\.origin.y)
        #expect(plain.count == spaced.count && plain.count > 6)
        for index in 1..<min(plain.count, spaced.count) {
            #expect(abs((spaced[index] - spaced[index - 1]) - (plain[index] - plain[index - 1]) - 4) < 1e-6)
        }
        // Edits keep the spacing: incremental equals a fresh layout with the same delegate.
        storage.replaceCharacters(in: 30..<30, with: "inserted words ")
        let fresh = LayoutManager(textStorage: storage.copy(), textContainers: containers)
        fresh.delegate = spacer
        #expect(Self.dump(manager) == Self.dump(fresh))
    }
}

final class NoContainerBreaks: LayoutManagerDelegate {
    func layoutManager(_ layoutManager: LayoutManager, shouldUse action: ControlCharacterAction, forControlCharacterAt index: Int)
        -> ControlCharacterAction { action == .containerBreak ? .lineBreak : action }
}

/// Tabs as plain spaces, and a control character (U+0001) as a line break.
final class ControlActions: LayoutManagerDelegate {
    func layoutManager(_ layoutManager: LayoutManager, shouldUse action: ControlCharacterAction, forControlCharacterAt index: Int)
        -> ControlCharacterAction {
        switch action {
        case .horizontalTab: return .whitespace
        case .zeroAdvancement: return .lineBreak
        default: return action
        }
    }
}

extension LayoutManagerTests {
    @Test func delegateChoosesControlCharacterActions() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        var style = ParagraphStyle()
        style.defaultTabInterval = 100
        let storage = TextStorage(string: "a\tb and c\u{0001}d", attributes: [.font: font, .paragraphStyle: style])
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity), lineFragmentPadding: 0)])
        let tabbed = try #require(manager.caretRect(for: 2)).minX
        #expect(tabbed >= 100 - 1e-6, "b at the tab stop")
        #expect(Self.dump(manager).lines.count == 1)
        let delegate = ControlActions()
        manager.delegate = delegate
        let spaced = try #require(manager.caretRect(for: 2)).minX
        #expect(spaced < 30, "b after a space's width, not at the tab stop")
        #expect(Self.dump(manager).lines.map(\.range) == [0..<10, 10..<11])
        #expect(manager.textStorage.string.contains("\t"), "the storage keeps its characters")
    }
}

extension LayoutManagerTests {
    @Test func formFeedsBreakContainers() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        let storage = TextStorage(string: "Page one.\u{000C}Page two starts here.\nStill page two.", attributes: [.font: font])
        let page = TextContainer(size: CGSize(width: 300, height: 200))
        let manager = LayoutManager(textStorage: storage, textContainers: [page, page, page])
        let second = manager.characterRange(forContainerAt: 1)
        #expect(manager.characterRange(forContainerAt: 0) == 0..<10)
        #expect(second == 10..<storage.length)
        let top = try #require(manager.lineFragment(forCharacterAt: 10))
        #expect(top.containerIndex == 1 && top.rect.minY < 1e-9)
        // Declined by the delegate, a form feed only ends its line.
        let delegate = NoContainerBreaks()
        manager.delegate = delegate
        #expect(manager.characterRange(forContainerAt: 0) == 0..<storage.length)
        #expect(manager.lineFragment(forCharacterAt: 10)?.containerIndex == 0)
    }
}

/// A small seeded generator (Knuth's MMIX linear congruential generator, high bits), so random edits repeat run
/// after run.
struct SeededLCG: RandomNumberGenerator {
    var state: UInt64
    init(seed: Int) { state = UInt64(truncatingIfNeeded: seed) }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let high = state >> 32
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return high << 32 | state >> 32
    }
}

/// Line feeds that only end their line, and a record separator (U+001E) that breaks the paragraph.
final class ParagraphBreakActions: LayoutManagerDelegate {
    func layoutManager(_ layoutManager: LayoutManager, shouldUse action: ControlCharacterAction, forControlCharacterAt index: Int)
        -> ControlCharacterAction {
        let unit = layoutManager.textStorage.units(in: index..<(index + 1))[0]
        if unit == 0x0A { return .lineBreak }
        if unit == 0x1E { return .paragraphBreak }
        return action
    }
}

extension LayoutManagerTests {
    /// The delegate decides which characters end paragraphs: the layout equals that of the same text with the
    /// characters those actions stand for (U+2028 for a line break, U+2029 for a paragraph break), before and after
    /// edits, while the storage keeps its own characters.
    @Test func delegateRemapsParagraphSeparators() throws {
        var style = ParagraphStyle()
        style.paragraphSpacing = 9
        style.firstLineHeadIndent = 14
        let attributes: [NSAttributedString.Key: Any] = [.font: Self.font, .paragraphStyle: style]
        func text(_ lineFeed: String, _ record: String) -> String {
            "First line\(lineFeed)second line of one paragraph\(lineFeed)third.\(record)A new paragraph after a record "
                + "separator, long enough to wrap at this width.\r\nA CR LF paragraph."
        }
        let container = TextContainer(size: CGSize(width: 220, height: CGFloat.infinity))
        let storage = TextStorage(string: text("\n", "\u{1E}"), attributes: attributes)
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        let delegate = ParagraphBreakActions()
        manager.delegate = delegate
        let reference = LayoutManager(
            textStorage: TextStorage(string: text("\u{2028}", "\u{2029}"), attributes: attributes), textContainers: [container])
        #expect(manager.numberOfParagraphs == 3)
        #expect(manager.paragraphContentRange(at: 0) == 0..<"First line\nsecond line of one paragraph\nthird.".utf16.count)
        #expect(Self.dump(manager) == Self.dump(reference))
        // Paragraph spacing and the first-line indent apply to layout paragraphs, not to the storage's lines.
        let second = try #require(manager.lineFragment(forCharacterAt: 11))
        #expect(second.rect.minY < 20, "no paragraph spacing after a line feed that only breaks the line")
        #expect(storage.string.contains("\n") && storage.string.contains("\u{1E}"), "the storage keeps its characters")
        // Edits next to and on the remapped characters relay out the same way as the reference text.
        for (position, insert) in [(10, "x"), (11, "\n"), (5, "\u{1E}"), (0, "\r\n")] {
            storage.replaceCharacters(in: position..<position, with: insert)
            // A lone LF only breaks its line; a CR LF breaks the paragraph at its CR, as it does in the reference.
            let mirrored = insert == "\n" ? "\u{2028}" : insert == "\u{1E}" ? "\u{2029}" : insert
            reference.textStorage.replaceCharacters(in: position..<position, with: mirrored)
            #expect(Self.dump(manager) == Self.dump(reference), "after inserting \(insert.debugDescription) at \(position)")
        }
        storage.replaceCharacters(in: 0..<12, with: "")
        reference.textStorage.replaceCharacters(in: 0..<12, with: "")
        #expect(Self.dump(manager) == Self.dump(reference))
        #expect(manager.numberOfParagraphs == reference.numberOfParagraphs)
    }
}

/// The standard action for every control: what a layout manager without a delegate does.
final class StandardControlActions: LayoutManagerDelegate {}

/// Every control a delegate can remap becomes a tab stop.
final class EveryControlATab: LayoutManagerDelegate {
    func layoutManager(_ layoutManager: LayoutManager, shouldUse action: ControlCharacterAction, forControlCharacterAt index: Int)
        -> ControlCharacterAction { action == .paragraphBreak ? action : .horizontalTab }
}

extension LayoutManagerTests {
    /// A delegate that keeps every standard action changes nothing: the typesetter takes a role as the option it is,
    /// so the layout with it equals the layout without a delegate (C0 controls between letters used to become break
    /// opportunities once a delegate was set).
    @Test func standardActionsEqualNoDelegate() throws {
        let piece = "ab\u{0001}cd\u{001F}ef gh\u{0085}ij\u{000B}kl\tmn\u{2028}op\r\nqr st "
        let storage = TextStorage(string: String(repeating: piece, count: 12), attributes: [.font: Self.font])
        let container = TextContainer(size: CGSize(width: 47, height: CGFloat.infinity), lineFragmentPadding: 0)
        let plain = LayoutManager(textStorage: storage, textContainers: [container])
        let delegated = LayoutManager(textStorage: storage.copy(), textContainers: [container])
        let delegate = StandardControlActions()
        delegated.delegate = delegate
        let expected = Self.dump(plain)
        #expect(expected.lines.count > 30)
        #expect(Self.dump(delegated) == expected)
    }

    /// A role set through the delegate is what the typesetter does at that offset: the layout equals that of the
    /// text with a real tab there, and the storage keeps its characters.
    @Test func controlRolesActAsTheirCharacters() throws {
        var style = ParagraphStyle()
        style.defaultTabInterval = 40
        let attributes: [NSAttributedString.Key: Any] = [.font: Self.font, .paragraphStyle: style]
        let remapped = "a\u{0001}b\u{000B}c\u{2028}d e"
        let storage = TextStorage(string: remapped, attributes: attributes)
        let container = TextContainer(size: CGSize(width: 400, height: CGFloat.infinity), lineFragmentPadding: 0)
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        let delegate = EveryControlATab()
        manager.delegate = delegate
        let tabbed = LayoutManager(textStorage: TextStorage(string: "a\tb\tc\td e", attributes: attributes), textContainers: [container])
        #expect(Self.dump(manager) == Self.dump(tabbed))
        #expect(manager.textStorage.string == remapped)
        let caret = try #require(manager.caretRect(for: 2)).minX
        #expect(abs(caret - 40) < 1e-6)
    }
}

extension LayoutManagerTests {
    /// A container changed after layout (narrower, then a shape, then wider again) lays the text out in its new
    /// shape, as a layout manager made with that container does — the frames' path follows the container, for
    /// paragraphs laid out whole and for a long paragraph laid out in pieces.
    @Test func aChangedContainerLaysOutInItsNewShape() throws {
        let long: String = try Self.sampleText(paragraphs: 3).string.split(separator: "\n").joined(separator: " ")
        let text: String = try Self.sampleText(paragraphs: 8).string + "\n" + String(repeating: long + " ", count: 3)
        let attributes: [NSAttributedString.Key: Any] = [.font: Self.font]
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 300, height: CGFloat.infinity))])
        manager.ensureLayoutForAllText()
        let containers = [TextContainer(size: CGSize(width: 180, height: CGFloat.infinity), lineFragmentPadding: 2),
                          TextContainer(size: CGSize(width: 240, height: 4_000), path: Path(ellipseIn: CGRect(x: 0, y: 0, width: 240, height: 4_000))),
                          TextContainer(size: CGSize(width: 420, height: CGFloat.infinity))]
        for container in containers {
            manager.setTextContainer(container, at: 0)
            manager.ensureLayoutForAllText()
            let fresh = LayoutManager(textStorage: TextStorage(string: text, attributes: attributes), textContainers: [container])
            fresh.ensureLayoutForAllText()
            let changed = Self.dump(manager), reference = Self.dump(fresh)
            #expect(!reference.lines.isEmpty && changed == reference, "container \(container.size): \(changed.lines.count) lines, a fresh layout \(reference.lines.count)")
        }
    }
}
