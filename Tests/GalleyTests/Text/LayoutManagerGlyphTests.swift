import Foundation
import Galley
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
