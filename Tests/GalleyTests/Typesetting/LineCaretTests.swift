import Foundation
import Testing

@testable import Galley

/// Caret geometry properties on every line of the corpus (38 texts, 30 scripts), with fallback from DejaVu Serif
/// through the bundled fonts. No reference exists for carets, so these are properties that any correct answer
/// has, plus hand-checkable cases.
@Suite struct LineCaretTests {
    static let font = try! TestFonts.font("DejaVuSerif.ttf", size: 16)

    static func line(_ text: String, font: Font = font) -> Line {
        Line(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
    }

    /// Caret stops (grapheme starts, as the line reports them) and the segment edges of each.
    struct Stop {
        var index: Int
        var left: CGFloat
        var right: CGFloat
        var isRightToLeft: Bool
    }

    static func stops(_ line: Line) -> [Stop] {
        var edges: [Int: (CGFloat, CGFloat, Bool)] = [:]
        var pending: (CGFloat, Int, Bool)?
        line.enumerateCaretOffsets { offset, index, leading, _ in
            if let first = pending, first.1 == index {
                // Left edge first: a leading left edge means left to right.
                edges[index] = (first.0, offset, first.2)
                pending = nil
            } else {
                pending = (offset, index, leading)
            }
        }
        return edges.keys.sorted().map { Stop(index: $0, left: edges[$0]!.0, right: edges[$0]!.1, isRightToLeft: !edges[$0]!.2) }
    }

    @Test(arguments: Corpus.files)
    func caretPropertiesHoldOnEveryLine(file: String) throws {
        var checkedRoundTrips = 0
        for text in try Corpus.lines(file) {
            let line = Self.line(text)
            let length = text.utf16.count
            #expect(line.stringRange == 0..<length)
            // Runs cover the string exactly once.
            var covered = [Int](repeating: 0, count: length)
            for run in line.runs { for index in run.stringRange { covered[index] += 1 } }
            #expect(covered.allSatisfy { $0 == 1 }, "\(file): runs do not cover \"\(text.prefix(40))\" once")

            let stops = Self.stops(line)
            #expect(stops.first?.index == 0)
            // Every UTF-16 index has a finite caret inside the line.
            for index in 0...length {
                let offset = line.offset(forStringIndex: index)
                #expect(offset.primary.isFinite && offset.primary >= -0.001 && offset.primary <= line.typographicBounds.width + 0.001)
            }
            // Offsets are monotonic within each direction run: left to right rising, right to left falling.
            for run in line.runs {
                let inRun = stops.filter { run.stringRange.contains($0.index) }
                let offsets = inRun.map { line.offset(forStringIndex: $0.index).primary }
                let rightToLeft = run.status.contains(.rightToLeft)
                for (a, b) in zip(offsets, offsets.dropFirst()) {
                    #expect(rightToLeft ? b <= a + 0.001 : b >= a - 0.001, "\(file): carets not monotonic in run \(run.stringRange)")
                }
            }
            // The caret of a boundary between two characters of one direction with width hits that boundary.
            for (previous, next) in zip(stops, stops.dropFirst())
            where previous.isRightToLeft == next.isRightToLeft && previous.right > previous.left && next.right > next.left {
                let x = line.offset(forStringIndex: next.index).primary
                let found = line.stringIndex(forPosition: CGPoint(x: x, y: 0))
                #expect(found == next.index, "\(file): caret \(next.index) at x \(x) gives \(found) in \"\(text.prefix(40))\"")
                checkedRoundTrips += 1
            }
        }
        #expect(checkedRoundTrips > 0)
    }

    @Test func latinCaretsAndHitTesting() throws {
        let line = Self.line("office AV")
        let bounds = line.typographicBounds
        #expect(line.offset(forStringIndex: 0) == (0, 0))
        #expect(line.offset(forStringIndex: 9).primary == bounds.width)
        // "ffi" is one ligature glyph in DejaVu Serif? Whatever the font does, carets stay ordered and distinct.
        let xs = (0...9).map { line.offset(forStringIndex: $0).primary }
        #expect(xs == xs.sorted())
        #expect(Set(xs).count == 10)
        // Left half of a character gives its start, right half its end; outside gives the ends.
        let oStart = xs[0], oEnd = xs[1]
        #expect(line.stringIndex(forPosition: CGPoint(x: oStart + (oEnd - oStart) * 0.25, y: 0)) == 0)
        #expect(line.stringIndex(forPosition: CGPoint(x: oStart + (oEnd - oStart) * 0.75, y: 0)) == 1)
        #expect(line.stringIndex(forPosition: CGPoint(x: -50, y: 0)) == 0)
        #expect(line.stringIndex(forPosition: CGPoint(x: 5000, y: 0)) == 9)
        #expect(line.stringIndex(forPosition: CGPoint(x: CGFloat.nan, y: 0)) == 0)
        // The character under a point, not the nearest caret.
        #expect(line.characterRange(at: CGPoint(x: oStart + (oEnd - oStart) * 0.75, y: 0)) == 0..<1)
        #expect(line.characterRange(at: CGPoint(x: -1, y: 0)) == nil)
        #expect(line.characterRange(at: CGPoint(x: bounds.width + 1, y: 0)) == nil)
    }

    @Test func ligatureCaretsComeFromTheFont() throws {
        // Linux Libertine has GDEF ligature carets for "ffi" (checked against fontTools in the font tests).
        let font = try TestFonts.font("LinLibertine_R.otf", size: 20)
        let line = Self.line("ffi", font: font)
        #expect(line.glyphCount == 1)
        let ligature = try #require(line.runs.first?.glyphs.first)
        let carets = font.ligatureCaretPositions(for: ligature)
        #expect(carets.count == 2)
        #expect(line.offset(forStringIndex: 1).primary == carets[0])
        #expect(line.offset(forStringIndex: 2).primary == carets[1])
        var visited: [Int] = []
        line.enumerateCaretOffsets { _, index, leading, _ in if leading { visited.append(index) } }
        #expect(visited == [0, 1, 2])
    }

    @Test func surrogatesAndClustersAreNeverSplit() throws {
        let line = Self.line("a😀e\u{301}b")  // a, emoji (2 units), e + combining acute, b
        var indices: [Int] = []
        line.enumerateCaretOffsets { _, index, leading, _ in if leading { indices.append(index) } }
        #expect(indices == [0, 1, 3, 5])
        // An index inside a cluster gives the cluster's leading edge.
        #expect(line.offset(forStringIndex: 2).primary == line.offset(forStringIndex: 1).primary)
        #expect(line.offset(forStringIndex: 4).primary == line.offset(forStringIndex: 3).primary)
    }

    @Test func bidiBoundariesHaveSecondaryOffsets() throws {
        // "abc " then Hebrew: index 4 starts the right-to-left run.
        let line = Self.line("abc \u{5D0}\u{5D1}\u{5D2} def")
        let runs = line.runs
        // The Hebrew falls back to another font; the space after it stays in that font at level 0.
        #expect(runs.map(\.bidiLevel).prefix(2) == [0, 1])
        #expect(runs[1].stringRange == 4..<7)
        let (primary, secondary) = line.offset(forStringIndex: 4)
        // Leading edge of alef is the right edge of the Hebrew run; the secondary is after "abc ".
        let hebrew = runs[1]
        let hebrewRight = hebrew.positions.first!.x + hebrew.typographicBounds().width
        #expect(abs(primary - hebrewRight) < 0.001)
        #expect(abs(secondary - runs[0].typographicBounds().width) < 0.001)
        // Inside the right-to-left run, carets fall from right to left.
        let xs = (4...6).map { line.offset(forStringIndex: $0).primary }
        #expect(xs == xs.sorted(by: >))
    }

    @Test func longLineCaretQueriesAreNotQuadratic() throws {
        // 100,000 characters: building the line and asking every caret is one pass plus binary searches.
        let text = String(repeating: "word \u{5E9}\u{5DC}\u{5D5}\u{5DD} ", count: 8_334)
        let line = Self.line(text)
        #expect(line.stringRange.count == text.utf16.count)
        var total: CGFloat = 0
        for index in stride(from: 0, to: text.utf16.count, by: 1) { total += line.offset(forStringIndex: index).primary }
        #expect(total.isFinite)
    }
}
