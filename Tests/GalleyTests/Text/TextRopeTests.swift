import Foundation
import Galley
import Testing

@testable import GalleyText

/// The rope against a flat array: random replacements of every size, with separators, surrogates and CR LF.
@Suite struct TextRopeTests {
    private static let alphabet: [UInt16] = [0x61, 0x62, 0x20, 0x0A, 0x0D, 0x2029, 0x85, 0xD83D, 0xDE00, 0x0627, 0x3042]

    private static func check(_ rope: TextRope, _ model: [UInt16]) {
        rope.chunks._checkInvariants(summariesEqual: ==)
        #expect(rope.count == model.count)
        #expect(rope.units == model)
        let separators = model.filter(CharacterClasses.endsParagraph).count
        #expect(rope.chunks.summary.separators == separators)
        // Paragraphs by number, as ParagraphBoundaries finds them in the flat array.
        let paragraphs = ParagraphBoundaries.ranges(model)
        #expect(rope.paragraphCount == paragraphs.count)
        for (number, range) in paragraphs.enumerated() where number % 7 == 0 || number == paragraphs.count - 1 {
            #expect(rope.startOfParagraph(number: number) == range.lowerBound)
            #expect(rope.paragraphsEnded(before: range.lowerBound) == number)
            #expect(rope.paragraphsEnded(before: range.upperBound) == number + (range.upperBound == model.count && !(model.last.map(CharacterClasses.endsParagraph) ?? false) ? 0 : 1))
        }
        for chunk in rope.chunks.allElements {
            // (A chunk edited in place keeps its summary up to date without counting it again.)
            #expect(chunk.summary == TextRope.TextSpan(chunk.units[...]))
            #expect(chunk.units.count <= TextRope.maximumChunk)
            #expect(!chunk.units.isEmpty || rope.chunks.count == 1)
        }
    }

    /// Typing between a CR and an LF parts the pair (two paragraph breaks), and deleting it joins them again.
    @Test func editsBetweenCRAndLFCountTheBreaks() {
        var rope = TextRope(Array("ab\r\ncd".utf16))
        #expect(rope.chunks.summary.breaks == 1)
        rope.replaceSubrange(3..<3, with: [0x78])
        #expect(rope.chunks.summary.breaks == 2 && rope.paragraphCount == 3)
        rope.replaceSubrange(3..<4, with: [])
        #expect(rope.chunks.summary.breaks == 1 && rope.paragraphCount == 2)
        Self.check(rope, Array("ab\r\ncd".utf16))
    }

    /// A text read in whole leaves room in every chunk: typing into any of them edits it in place (no chunk is cut).
    @Test func chunksLeaveRoomToType() {
        let model = (0..<1_000_003).map { UInt16(0x61 + $0 % 26) }
        var rope = TextRope(model)
        let sizes = rope.chunks.allElements.map(\.units.count)
        #expect(sizes.allSatisfy { $0 >= TextRope.maximumChunk / 2 && $0 <= TextRope.maximumChunk * 3 / 4 + 1 })
        let chunks = rope.chunks.count
        for position in stride(from: 17, to: model.count, by: 40_009) { rope.replaceSubrange(position..<position, with: [0x20]) }
        #expect(rope.chunks.count == chunks)
    }

    @Test func randomReplacementsEqualAnArray() {
        var generator = SeededLCG(seed: 5)
        var model: [UInt16] = []
        var rope = TextRope()
        func text(_ count: Int) -> [UInt16] { (0..<count).map { _ in Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))] } }
        for step in 0..<1500 {
            let lower = Int(generator.next() % UInt64(model.count + 1))
            let sizes = [0, 1, 3, 40, 900, 5000]
            let removed = min(sizes[Int(generator.next() % 6)], model.count - lower)
            let inserted = text(step % 50 == 0 ? 20_000 : sizes[Int(generator.next() % 5)])
            rope.replaceSubrange(lower..<(lower + removed), with: inserted)
            model.replaceSubrange(lower..<(lower + removed), with: inserted)
            if step % 25 == 0 { Self.check(rope, model) }
            if !model.isEmpty {
                let index = Int(generator.next() % UInt64(model.count))
                #expect(rope[index] == model[index])
                let upper = min(model.count, index + Int(generator.next() % 3000))
                #expect(rope[index..<upper] == Array(model[index..<upper]))
                // The separator before and after an offset, as a walk over the array finds them.
                let start = (model[..<index].lastIndex(where: CharacterClasses.endsParagraph)).map { $0 + 1 } ?? 0
                #expect(rope.startOfParagraph(before: index) == start)
                #expect(rope.firstSeparator(from: index) == model[index...].firstIndex(where: CharacterClasses.endsParagraph))
            }
        }
        Self.check(rope, model)
        rope.replaceSubrange(0..<model.count, with: [])
        Self.check(rope, [])
    }
}
