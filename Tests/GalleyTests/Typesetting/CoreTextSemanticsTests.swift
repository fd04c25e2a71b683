import Foundation
import Galley
import GalleyRendering
import Testing

/// Where Galley's API used to differ from Core Text for no reason (issue 22): runs split at every attribute change
/// and keep every attribute, Core Text's raw key strings are read, wrong-typed values are reported, a line may cross
/// paragraphs, frames fill by even-odd, and collections keep duplicates unless asked. The expectations are Core
/// Text's documented behaviour.
@Suite struct CoreTextSemanticsTests {
    static let mediaKey = NSAttributedString.Key("com.example.mediaID")

    /// `CTRunGetAttributes` gives back every attribute, and a run ends wherever any attribute changes: an app finds
    /// the link or its own id under a tap.
    @Test func runsSplitAtEveryAttributeAndKeepThem() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let text = NSMutableAttributedString(string: "tap here now", attributes: [.font: font])
        text.addAttribute(Self.mediaKey, value: "42", range: NSRange(location: 4, length: 4))
        let url = try #require(URL(string: "https://example.com/now"))
        text.addAttribute(.link, value: url, range: NSRange(location: 9, length: 3))
        let line = Line(attributedString: text)
        #expect(line.runs.map(\.stringRange) == [0..<4, 4..<8, 8..<9, 9..<12])
        let tapped = try #require(line.runs.first { $0.stringRange.contains(5) })
        #expect(tapped.attributes.otherAttributes[Self.mediaKey] as? String == "42")
        #expect(tapped.attributes.dictionary[Self.mediaKey] as? String == "42")
        let link = try #require(line.runs.last)
        #expect(link.attributes.dictionary[.link] as? URL == url)
        #expect(line.runs.first?.attributes.otherAttributes.isEmpty == true)
        // Glyphs are unchanged by the split (the same text shaped in pieces: no kerning across these edges here).
        #expect(abs(line.typographicBounds.width - Line(attributedString: NSAttributedString(string: "tap here now", attributes: [.font: font])).typographicBounds.width) < 0.01)
    }

    /// Core Text's own key strings — `kCTForegroundColorAttributeName` is "CTForegroundColor", not AppKit's
    /// "NSColor" — are read as the keys they stand for; where both are given, the NS key wins.
    @Test func coreTextKeyStringsAreRead() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 24)
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let attributes = StringAttributes([.font: font, NSAttributedString.Key("CTForegroundColor"): red,
                                           NSAttributedString.Key("CTSuperscript"): 1, NSAttributedString.Key("CTBaselineOffset"): 3.0,
                                           NSAttributedString.Key("CTUnderlineColor"): blue])
        #expect(attributes.foregroundColor == red && attributes.superscript == 1 && attributes.baselineOffset == 3 && attributes.underlineColor == blue)
        #expect(attributes.otherAttributes.isEmpty)
        let both = StringAttributes([NSAttributedString.Key("CTForegroundColor"): red, .foregroundColor: blue])
        #expect(both.foregroundColor == blue)
        // Drawn red.
        let line = Line(attributedString: NSAttributedString(string: "H", attributes: [.font: font, NSAttributedString.Key("CTForegroundColor"): red]))
        let canvas = try Canvas(width: 40, height: 40, scale: 1)
        canvas.textPosition = CGPoint(x: 5, y: 10)
        canvas.draw(line)
        var inked = 0
        for y in 0..<40 { for x in 0..<40 { if let p = canvas.pixel(x: x, y: y), p.alpha > 200 { inked += 1; #expect(p.red > 200 && p.blue < 60) } } }
        #expect(inked > 20)
    }

    /// A value of the wrong type (a colour name for a colour, a string for a number) is ignored, and recorded (in
    /// debug builds also said on standard error) once per key and type.
    @Test func wrongTypedValuesAreReported() {
        let attributes = StringAttributes([.foregroundColor: "red", .kern: "wide", .font: 12])
        #expect(attributes.foregroundColor == nil && attributes.kern == nil && attributes.font == nil)
        let reported = StringAttributes.wrongTypes.withLock { $0 }
        #expect(reported.isSuperset(of: ["NSColor: String", "NSKern: String", "NSFont: Int"]), "\(reported)")
        // NaN is a number: absent, not reported.
        _ = StringAttributes([.baselineOffset: Double.nan])
        #expect(!StringAttributes.wrongTypes.withLock { $0 }.contains("NSBaselineOffset: Double"))
    }

    /// `CTTypesetterCreateLine` over a range with a paragraph separator inside makes one line of it all, each
    /// paragraph's direction resolved on its own; the same as `CTLineCreateWithAttributedString` of that text.
    @Test func aLineMayCrossParagraphs() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let text = NSAttributedString(string: "one two\nשלום עולם\nend", attributes: [.font: font])
        let typesetter = Typesetter(attributedString: text)
        let line = typesetter.line(stringRange: 0..<text.length)
        #expect(line.stringRange == 0..<text.length)
        let whole = Line(attributedString: text)
        #expect(line.glyphCount == whole.glyphCount && abs(line.typographicBounds.width - whole.typographicBounds.width) < 0.01)
        let hebrew = try #require(line.runs.first { $0.stringRange.contains(9) })
        #expect(hebrew.status.contains(.rightToLeft))
        // Inside one paragraph, as before; an empty range still runs to its paragraph's end.
        #expect(typesetter.line(stringRange: 0..<3).stringRange == 0..<3)
        #expect(typesetter.line(stringRange: 8..<8).stringRange == 8..<18)
        // Every character of the string is in the one line.
        let shown = Set(line.runs.flatMap { Array($0.stringRange) })
        #expect(shown.isSuperset(of: Set(0..<text.length).subtracting([7, 17])))
    }

    /// Frames fill their path by even-odd unless told otherwise (`kCTFramePathFillEvenOdd` is Core Text's default):
    /// a square inside a square, both drawn the same way round, is a hole.
    @Test func framesFillByEvenOddByDefault() throws {
        #expect(FrameAttributes().pathFillRule == .evenOdd && ClippingPath(Path()).fillRule == .evenOdd)
        let font = try TestFonts.font("DejaVuSans.ttf", size: 10)
        var ring = Path(rect: CGRect(x: 0, y: 0, width: 200, height: 200))
        ring.addRect(CGRect(x: 50, y: 50, width: 100, height: 100))
        let text = NSAttributedString(string: String(repeating: "word ", count: 400), attributes: [.font: font])
        let frame = Framesetter(attributedString: text).frame(path: ring)
        let inHole = zip(frame.lines, frame.lineFragments).filter { _, fragment in
            fragment.minY > 55 && fragment.maxY < 145 && fragment.minX < 100 && fragment.maxX > 100
        }
        #expect(inHole.isEmpty)
        var winding = FrameAttributes()
        winding.pathFillRule = .winding
        let filled = Framesetter(attributedString: text).frame(path: ring, attributes: winding)
        #expect(filled.lineFragments.contains { $0.minY > 55 && $0.maxY < 145 && $0.minX < 100 && $0.maxX > 100 })
    }

    /// A face in two files is listed twice unless duplicates are removed on request
    /// (`kCTFontCollectionRemoveDuplicatesOption`).
    @Test func collectionsKeepDuplicatesUnlessAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-duplicates-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = TestFonts.directory.appendingPathComponent("DejaVuSans.ttf")
        for name in ["a.ttf", "b.ttf"] { try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name)) }
        let catalog = try FontCatalog(directories: [folder])
        #expect(FontCollection.availableFonts(in: catalog).matchingDescriptors().count == 2)
        #expect(FontCollection.availableFonts(in: catalog, removeDuplicates: true).matchingDescriptors().count == 1)
    }
}
