import Foundation
import Galley
import GalleyText
import Testing

/// A font falls back within its own catalog. Two fonts of the same face and size from different catalogs (one with
/// fallback fonts, one without) draw a character neither has in their own catalog's way, in whatever order they are
/// met, in a line, a frame and a layout manager.
@Suite struct FallbackCatalogTests {
    static func fonts() throws -> (withFallback: Font, alone: Font) {
        let url = TestFonts.url("DejaVuSans.ttf")
        return (try Font(url: url, size: 14, catalog: TestFonts.catalog),
                try Font(url: url, size: 14, catalog: FontCatalog(directories: [])))
    }

    /// The run drawing the ideograph at `index`: its font must cover it with fallback, and be the catalog-less font
    /// drawing .notdef without.
    static func check(_ runs: [Run], at index: Int, withFallback: Bool, _ label: String) throws {
        let run = try #require(runs.first { $0.stringRange.contains(index) }, "\(label)")
        if withFallback {
            #expect(run.font.characterSet.contains(0x4E2D), "\(label): \(run.font)")
            #expect(!run.glyphs.contains(0), "\(label)")
        } else {
            #expect(run.font.postScriptName == "DejaVuSans", "\(label): \(run.font)")
            #expect(run.glyphs == [0], "\(label)")
        }
    }

    static func text(_ first: Font, _ second: Font) -> NSAttributedString {
        let text = NSMutableAttributedString(string: "a中b\n", attributes: [.font: first])
        text.append(NSAttributedString(string: "a中b", attributes: [.font: second]))
        return text
    }

    @Test(arguments: [false, true]) func eachFontFallsBackInItsOwnCatalog(aloneFirst: Bool) throws {
        let (withFallback, alone) = try Self.fonts()
        let (first, second) = aloneFirst ? (alone, withFallback) : (withFallback, alone)
        for font in [first, second] {
            let line = Line(attributedString: NSAttributedString(string: "a中b", attributes: [.font: font]))
            try Self.check(line.runs, at: 1, withFallback: font === withFallback, "line")
        }
        let text = Self.text(first, second)
        let frame = Framesetter(attributedString: text).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 400, height: 400)))
        try #require(frame.lines.count == 2)
        try Self.check(frame.lines[0].runs, at: 1, withFallback: first === withFallback, "frame, first")
        try Self.check(frame.lines[1].runs, at: 5, withFallback: second === withFallback, "frame, second")
        let manager = LayoutManager(textStorage: TextStorage(attributedString: text),
                                    textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
        var lines: [Line] = []
        manager.enumerateLineFragments { fragment, _ in lines.append(fragment.line) }
        try #require(lines.count == 2)
        try Self.check(lines[0].runs, at: lines[0].stringRange.lowerBound + 1, withFallback: first === withFallback, "layout manager, first")
        try Self.check(lines[1].runs, at: lines[1].stringRange.lowerBound + 1, withFallback: second === withFallback, "layout manager, second")
    }
}
