import Foundation
import Galley
import GalleyCoreText
import GalleyRendering
import Testing

/// Core Text programs compiled unchanged against GalleyCoreText (issue 22): each draws into a bitmap context, and
/// the picture is compared with a golden (GALLEY_RECORD=1 rewrites it); what the program's own Core Text calls
/// report is checked against Galley's native answers for the same text.
@Suite(.serialized) struct CoreTextPortTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    init() {
        CoreTextEnvironment.fontCatalog = TestFonts.catalog
        CoreTextEnvironment.defaultFont = try? TestFonts.font("DejaVuSans.ttf")
    }

    /// Compares a context's picture with a golden PNG (at most 0.5% of pixels differing).
    static func compare(_ context: CGContext, golden name: String) throws {
        let actual = FileManager.default.temporaryDirectory.appendingPathComponent("galley-port-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: actual) }
        try context.canvas.writePNG(to: actual)
        try Golden.comparePNG(actual, to: goldenDirectory.appendingPathComponent(name))
    }

    static let story = """
        Core Text lays out text on Apple platforms: an attributed string and a path go into a framesetter, which \
        asks a typesetter to turn characters into glyphs and fit them into lines. Galley brings the same model to \
        Linux, so this label's code runs on a server unchanged.
        """

    @Test func theTruncatingLabel() throws {
        let label = TruncatingLabel(text: Self.story, fontName: "DejaVu Sans", fontSize: 13, maximumLines: 3)
        // Measuring: the suggested size holds every line of a frame of that size, and the same text in Galley's own
        // API needs the same.
        let measured = label.measure(width: 260)
        let native = Framesetter(attributedString: label.attributedString(), defaultFont: nil)
            .suggestFrameSize(constraints: CGSize(width: 260, height: CGFloat.greatestFiniteMagnitude))
        #expect(measured.size == native.size && measured.lines > 3)

        let context = try #require(CGContext(data: nil, width: 300, height: 90, bitsPerComponent: 8, bytesPerRow: 0,
                                                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let lines = label.draw(in: context, rect: CGRect(x: 20, y: 10, width: 260, height: 70))
        #expect(lines.count == 3)
        // The last line ends with the token, in the link colour, and fits the width.
        let last = try #require(lines.last)
        let runs = CTLineGetGlyphRuns(last) as! [CTRun]
        let tokenRun = try #require(runs.last)
        let colour = CTRunGetAttributes(tokenRun)[kCTForegroundColorAttributeName as String]
        #expect((colour as? CGColor)?.components == [0, 0.35, 0.85, 1], "\(String(describing: colour))")
        #expect(tokenRun.run.isTruncationToken)
        #expect(CTLineGetTypographicBounds(last, nil, nil, nil) <= 260 + 0.01)
        try Self.compare(context, golden: "truncating-label.png")
    }

    /// Outlines as SVG: the text of three scripts (kerned Latin, joined Arabic, a Devanagari conjunct) as one path;
    /// its box is the line's ink box flipped into SVG's space, and the document equals its golden.
    @Test func textAsOutlines() throws {
        let string = NSMutableAttributedString(string: "AVATAR ", attributes: [.font: try TestFonts.font("DejaVuSans.ttf", size: 24)])
        string.append(NSAttributedString(string: "سلام ", attributes: [.font: try TestFonts.font("Amiri-Regular.ttf", size: 24)]))
        string.append(NSAttributedString(string: "क्ष", attributes: [.font: try TestFonts.font("NotoSansDevanagari-Regular.ttf", size: 24)]))
        let (document, bounds) = OutlineWriter().svg(for: string)
        let line = Line(attributedString: string)
        let ink = line.imageBounds, ascent = line.typographicBounds.ascent
        // Flipped: SVG's y = margin + ascent - y.
        let expected = CGRect(x: 4 + ink.minX, y: 4 + ascent - ink.maxY, width: ink.width, height: ink.height)
        #expect(abs(bounds.minX - expected.minX) < 0.05 && abs(bounds.minY - expected.minY) < 0.05
                && abs(bounds.width - expected.width) < 0.05 && abs(bounds.height - expected.height) < 0.05, "\(bounds) vs \(expected)")
        #expect(document.components(separatedBy: "Z").count > 10)
        Golden.compare(document, to: Self.goldenDirectory.appendingPathComponent("outlines.svg"))
    }

    /// The magazine page: a headline, two justified columns the text flows through, two pictures set inline by run
    /// delegates and drawn from their reference constants; the pictures land on the lines the frames gave their
    /// characters, and the page equals its golden.
    @Test func theMagazinePage() throws {
        let warm = try #require(CanvasImage(data: try AttachmentTests.png(width: 60, height: 40, color: Color(red: 0.9, green: 0.5, blue: 0.1))))
        let cool = try #require(CanvasImage(data: try JPEGAttachmentTests.jpeg(width: 60, height: 40) { x, y in (UInt8(40 + x), UInt8(90 + y), 200) }))
        let paragraphs = Array(try Corpus.lines("en_Latn.txt").prefix(9))
        let page = MagazinePage(headline: "Core Text on Linux", paragraphs: paragraphs,
                                pictures: [.init(image: warm, size: CGSize(width: 120, height: 60)), .init(image: cool, size: CGSize(width: 90, height: 60))])
        let context = try #require(CGContext(data: nil, width: 420, height: 560, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let rest = page.draw(in: context, bounds: CGRect(x: 0, y: 0, width: 420, height: 560))
        #expect(rest.length >= 0)
        // The first picture: find its character's line in Galley's own frame of the first column and check the pixels.
        let body = page.body()
        let columnWidth = (420 - 40 - 14) / 2.0
        let frame = Framesetter(attributedString: body).frame(path: Path(rect: CGRect(x: 20, y: 20, width: columnWidth, height: 560 - 40 - 34)))
        let picture = (body.string as NSString).range(of: "\u{FFFC}").location
        let index = try #require(frame.lines.firstIndex { $0.stringRange.contains(picture) })
        let origin = frame.lineOrigins[index]
        let x = 20 + origin.x + frame.lines[index].offset(forStringIndex: picture).primary
        let pixel = try #require(context.canvas.pixel(x: Int(x + 60), y: Int(560 - (20 + origin.y + 30))))
        #expect(pixel.red > 200 && pixel.green > 100 && pixel.green < 160 && pixel.blue < 60, "\(pixel)")
        try Self.compare(context, golden: "magazine-page.png")
    }
}
