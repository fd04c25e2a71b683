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
        let golden = goldenDirectory.appendingPathComponent(name)
        if Golden.isRecording {
            Golden.record(try Data(contentsOf: actual), to: golden)
            return
        }
        let difference = try #require(CanvasTests.difference(actual, golden), "\(name): missing golden or size changed")
        #expect(difference < 0.005, "\(name): \(difference * 100)% of pixels differ")
        if difference >= 0.005 { Golden.writeFailure(try Data(contentsOf: actual), besides: golden) }
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
}
