import CCairo
import Foundation
import FoundationXML
import Testing

@testable import Galley
import GalleyRendering

/// Drawing: PNG goldens compared with a tolerance (anti-aliasing may move by a shade between Cairo or
/// FreeType builds), PDF text read back with poppler's pdftotext, SVG parsed as XML, and pixel checks that
/// need no golden (where ink, colour and decorations land).
@Suite struct CanvasTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func attributed(_ pieces: [(String, [NSAttributedString.Key: Any])], font: Font) -> NSAttributedString {
        let string = NSMutableAttributedString(string: "")
        for (text, attributes) in pieces {
            var merged: [NSAttributedString.Key: Any] = [.font: font]
            merged.merge(attributes) { $1 }
            string.append(NSAttributedString(string: text, attributes: merged))
        }
        return string
    }

    /// The lines of the PNG goldens.
    static func goldenLines() throws -> [(name: String, line: Line)] {
        let libertine = try TestFonts.font("LinLibertine_R.otf", size: 28)
        let underlines = attributed([
            ("single ", [.underlineStyle: UnderlineStyle.single]),
            ("thick ", [.underlineStyle: UnderlineStyle.thick, .foregroundColor: Color(hex: "#1f5fbf")!]),
            ("double ", [.underlineStyle: UnderlineStyle.double, .underlineColor: Color(hex: "#c02020")!]),
            ("dotted ", [.underlineStyle: UnderlineStyle([.single, .patternDot])]),
            ("dashed words", [.underlineStyle: UnderlineStyle([.single, .patternDash, .byWord])]),
            (" struck", [.strikethroughStyle: UnderlineStyle.single, .backgroundColor: Color(hex: "#ffe680")!]),
            (" outline", [.strokeWidth: 3]),
        ], font: libertine)
        let amiri = try TestFonts.font("Amiri-Regular.ttf", size: 30)
        let arabic = attributed([("بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ — ١٢٣", [:])], font: amiri)
        let serif = try TestFonts.font("DejaVuSerif.ttf", size: 26)
        let emoji = attributed([("Emoji 👋🏽 ❤️\u{200D}🔥 🏳️\u{200D}🌈 #️⃣ 🇯🇵 ok", [:])], font: serif)
        return [("underlines", Line(attributedString: underlines)), ("arabic", Line(attributedString: arabic)),
                ("emoji", Line(attributedString: emoji))]
    }

    static func render(_ line: Line, to url: URL) throws -> Canvas {
        let bounds = line.typographicBounds
        let canvas = try Canvas(width: bounds.width + 16, height: bounds.ascent + bounds.descent + 16, scale: 1)
        canvas.fill(CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height), with: .white)
        canvas.textPosition = CGPoint(x: 8, y: 8 + bounds.descent)
        canvas.draw(line)
        try canvas.writePNG(to: url)
        return canvas
    }

    /// Pixels differing by more than 48 in a channel, over all pixels; the sizes must match.
    static func difference(_ a: URL, _ b: URL) -> Double? {
        guard let first = cairo_image_surface_create_from_png(a.path), let second = cairo_image_surface_create_from_png(b.path)
        else { return nil }
        defer {
            cairo_surface_destroy(first)
            cairo_surface_destroy(second)
        }
        guard cairo_surface_status(first) == CAIRO_STATUS_SUCCESS, cairo_surface_status(second) == CAIRO_STATUS_SUCCESS else { return nil }
        let width = Int(cairo_image_surface_get_width(first))
        let height = Int(cairo_image_surface_get_height(first))
        guard width == Int(cairo_image_surface_get_width(second)), height == Int(cairo_image_surface_get_height(second)),
            let p = cairo_image_surface_get_data(first), let q = cairo_image_surface_get_data(second)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(first))
        var differing = 0
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<4 {
                    let offset = y * stride + x * 4 + channel
                    if abs(Int(p[offset]) - Int(q[offset])) > 48 {
                        differing += 1
                        break
                    }
                }
            }
        }
        return Double(differing) / Double(max(width * height, 1))
    }

    @Test func pngGoldensMatchWithinTolerance() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, line) in try Self.goldenLines() {
            let actual = directory.appendingPathComponent("\(name).png")
            _ = try Self.render(line, to: actual)
            try Golden.comparePNG(actual, to: Self.goldenDirectory.appendingPathComponent("\(name).png"))
        }
    }

    @Test func inkLandsWhereTheLineSaysAndInItsColours() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 40)
        let red = Color(red: 1, green: 0, blue: 0)
        let line = Line(attributedString: Self.attributed([("HH", [.foregroundColor: red])], font: font))
        let canvas = try Canvas(width: 200, height: 80, scale: 2)
        canvas.textPosition = CGPoint(x: 20, y: 20)
        canvas.draw(line)
        // The middle of the first H's left stem: ink bounds say where, y up from the bottom.
        let ink = line.runs[0].imageBounds(in: 0..<1)
        let stemX = Int(((20 + ink.minX + 2) * 2).rounded())
        let middleY = Int(((80 - (20 + ink.midY)) * 2).rounded())
        let pixel = try #require(canvas.pixel(x: stemX, y: middleY))
        #expect(pixel.red > 200 && pixel.green < 60 && pixel.alpha > 200)
        // Above the cap height there is nothing.
        let above = try #require(canvas.pixel(x: stemX, y: Int(((80 - (20 + ink.maxY + 4)) * 2).rounded())))
        #expect(above.alpha == 0)
    }

    @Test func contextColourAndStroke() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 60)
        let line = Line(attributedString: Self.attributed([("H", [.foregroundColorFromContext: true]),
                                                           ("H", [.strokeWidth: 4, .foregroundColor: Color(red: 0, green: 0, blue: 1)])], font: font))
        let canvas = try Canvas(width: 200, height: 100, scale: 1)
        canvas.fillColor = Color(red: 0, green: 0.5, blue: 0)
        canvas.textPosition = CGPoint(x: 10, y: 20)
        canvas.draw(line)
        let first = line.runs[0].imageBounds(in: 0..<1)
        // Inside the first H's left stem: the context's green.
        let stem = try #require(canvas.pixel(x: Int(10 + first.minX + 3), y: Int(100 - (20 + first.midY))))
        #expect(stem.green > 100 && stem.red < 40 && stem.blue < 40)
        // The second H is only outlined: the middle of its stem is empty, its edge is blue.
        let secondRun = line.runs.count > 1 ? line.runs[1] : line.runs[0]
        let glyphIndex = line.runs.count > 1 ? 0 : 1
        let second = secondRun.imageBounds(in: glyphIndex..<(glyphIndex + 1))
        let stemWidth = font.advances(for: [font.glyph(forCodePoint: 0x49)!]).total / 3
        let middle = canvas.pixel(x: Int(10 + second.minX + stemWidth / 2), y: Int(100 - (20 + second.midY)))
        #expect((middle?.alpha ?? 255) < 60)
        let edge = try #require(canvas.pixel(x: Int((10 + second.minX).rounded()), y: Int(100 - (20 + second.midY))))
        #expect(edge.blue > 150 && edge.alpha > 100)
    }

    @Test func underlineSitsAtTheFontsPositionAndSkipsSpacesByWord() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 40)
        let style = UnderlineStyle([.single, .byWord])
        let line = Line(attributedString: Self.attributed([("ab  cd", [.underlineStyle: style])], font: font))
        let canvas = try Canvas(width: 300, height: 100, scale: 1)
        canvas.textPosition = CGPoint(x: 10, y: 40)
        canvas.draw(line)
        let y = Int((100 - (40 + font.underlinePosition - font.underlineThickness / 2)).rounded())
        let under = line.offset(forStringIndex: 1).primary + 10  // under "b"
        let gap = line.offset(forStringIndex: 3).primary + 10  // under the spaces
        // The stroke is about two pixels thick: look one pixel either side for full coverage.
        let covered = (y - 1...y + 1).map { canvas.pixel(x: Int(under), y: $0)?.alpha ?? 0 }.max() ?? 0
        #expect(covered > 200)
        #expect((y - 2...y + 2).allSatisfy { (canvas.pixel(x: Int(gap), y: $0)?.alpha ?? 255) == 0 })
    }

    @Test func underlineRunsOnAcrossRunsOfOneStyle() throws {
        // Two runs (different text colours, one underline colour): one unbroken underline under both.
        let font = try TestFonts.font("DejaVuSans.ttf", size: 40)
        let black = Color.black
        let line = Line(attributedString: Self.attributed([
            ("ab", [.foregroundColor: Color(red: 1, green: 0, blue: 0), .underlineStyle: UnderlineStyle.single, .underlineColor: black]),
            ("cd", [.foregroundColor: Color(red: 0, green: 0, blue: 1), .underlineStyle: UnderlineStyle.single, .underlineColor: black]),
        ], font: font))
        #expect(line.runs.count == 2)
        let canvas = try Canvas(width: 200, height: 100, scale: 1)
        canvas.textPosition = CGPoint(x: 10, y: 40)
        canvas.draw(line)
        let y = Int((100 - (40 + font.underlinePosition - font.underlineThickness / 2)).rounded())
        let joint = line.offset(forStringIndex: 2).primary + 10
        for x in stride(from: Int(joint) - 3, through: Int(joint) + 3, by: 1) {
            let covered = (y - 1...y + 1).map { canvas.pixel(x: x, y: $0)?.alpha ?? 0 }.max() ?? 0
            #expect(covered > 200, "gap in the underline at x \(x)")
        }
    }

    @Test func drawingARunRangeDrawsOnlyThoseGlyphs() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 40)
        let line = Line(attributedString: NSAttributedString(string: "HHH", attributes: [.font: font]))
        let run = try #require(line.runs.first)
        let canvas = try Canvas(width: 200, height: 80, scale: 1)
        canvas.textPosition = CGPoint(x: 10, y: 20)
        canvas.draw(run, in: line, range: 1..<2)
        func inked(_ glyph: Int) -> Bool {
            let ink = run.imageBounds(in: glyph..<(glyph + 1))
            return (canvas.pixel(x: Int(10 + ink.minX + 2), y: Int(80 - (20 + ink.midY)))?.alpha ?? 0) > 200
        }
        #expect(!inked(0))
        #expect(inked(1))
        #expect(!inked(2))
    }

    @Test func pdfKeepsTextSelectable() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("line.pdf")
        let text = "office fjord Wave שלום मराठी"
        let font = try TestFonts.font("LinLibertine_R.otf", size: 20)
        let line = Line(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
        let canvas = try Canvas(pdfURL: url, width: line.typographicBounds.width + 20, height: 60)
        canvas.textPosition = CGPoint(x: 10, y: 20)
        canvas.draw(line)
        try canvas.finish()
        // pdftotext marks direction changes with U+202A…U+202E; leave those out.
        let extracted = String(try runProgram("/usr/bin/pdftotext", [url.path, "-"]).unicodeScalars
            .filter { !(0x202A...0x202E).contains($0.value) })
        // Ligatures ("ffi", "fj") copy back as their letters.
        #expect(extracted.contains("office fjord Wave"), "\(extracted)")
        #expect(extracted.contains("שלום"), "\(extracted)")
        #expect(extracted.contains("मराठी"), "\(extracted)")
    }

    /// Text Cairo refuses as UTF-8 (noncharacters, U+0000) or cannot keep (colour emoji, drawn as Type 3 fonts) still
    /// makes a document: the drawable text around it copies back, the rest draws without text (rendering fuzzer).
    @Test func pdfOfTextCairoRefusesStillFinishes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("refused.pdf")
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let emoji = try TestFonts.font("NotoColorEmoji-subset-retaingids.ttf", size: 14)
        func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }
        let text = NSMutableAttributedString(string: "one" + scalar(0xFDD0) + "two" + scalar(0xFFFE) + "three\u{0}four ",
                                             attributes: [.font: font])
        text.append(NSAttributedString(string: "\u{1F44B}\u{1F3FD}\u{0B}\u{1F44B}", attributes: [.font: emoji]))
        let line = Line(attributedString: text)
        let canvas = try Canvas(pdfURL: url, width: line.typographicBounds.width + 20, height: 60)
        canvas.textPosition = CGPoint(x: 10, y: 20)
        canvas.draw(line)
        try canvas.finish()
        let extracted = try runProgram("/usr/bin/pdftotext", [url.path, "-"])
        #expect(extracted.contains("one") && extracted.contains("three") && extracted.contains("four"), "\(extracted)")
    }

    @Test func pdfTextShowsTruncationTokensAndHyphens() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("inserted.pdf")
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 14)
        let line = Line(attributedString: NSAttributedString(string: "Truncated typography", attributes: [.font: font]))
        let truncated = try #require(line.truncated(width: 90, type: .end, token: nil))
        #expect(truncated.runs.contains { $0.insertedText == "\u{2026}" })
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        let typesetter = Typesetter(attributedString: NSAttributedString(
            string: "typography", attributes: [.font: font, .paragraphStyle: style, NSAttributedString.Key.language: "en-US"]))
        let count = typesetter.suggestLineBreak(startingAt: 0, width: 60)
        let hyphenated = typesetter.line(0..<count, offset: 0, hyphenated: true)
        #expect(hyphenated.runs.contains { $0.isInsertedHyphen && $0.insertedText == "\u{2010}" })
        let canvas = try Canvas(pdfURL: url, width: 200, height: 60)
        canvas.textPosition = CGPoint(x: 10, y: 35)
        canvas.draw(truncated)
        canvas.textPosition = CGPoint(x: 10, y: 10)
        canvas.draw(hyphenated)
        try canvas.finish()
        // The inserted runs copy back as their own text, not as the source text at the cut.
        let extracted = try runProgram("/usr/bin/pdftotext", [url.path, "-"])
        #expect(extracted.contains("Truncated typ\u{2026}") || extracted.contains("Truncated ty\u{2026}") || extracted.contains("Truncated\u{2026}"), "\(extracted)")
        #expect(extracted.contains("\(String("typography".prefix(count)))\u{2010}"), "\(extracted)")
    }

    @Test func svgIsWellFormed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("line.svg")
        let line = Line(attributedString: NSAttributedString(string: "SVG text", attributes: [.font: try TestFonts.font("DejaVuSerif.ttf", size: 20)]))
        let canvas = try Canvas(svgURL: url, width: 200, height: 50)
        canvas.textPosition = CGPoint(x: 10, y: 15)
        canvas.draw(line)
        try canvas.finish()
        let document = try XMLDocument(contentsOf: url)
        #expect(document.rootElement()?.name == "svg")
        #expect(try document.nodes(forXPath: "//*[local-name()='use']").count >= 8)
    }

    @Test func paintCoversTheLastPartlyInsidePixelsWhereFillOfThePointsDoesNot() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let font = try TestFonts.font("DejaVuSans.ttf", size: 18)
        let line = Line(attributedString: Self.attributed([("Hello office AVATAR", [:])], font: font))
        // 4/3 pixels per point (pango-view's 96 dpi) and a size of no whole number of pixels: the last column and the
        // bottom row (the canvas's origin is its bottom left) are only partly inside the canvas's points.
        let size = CGSize(width: line.typographicBounds.width + 16.3, height: 40.1)
        var headers: [UInt8] = []
        var canvases: [Canvas] = []
        for painted in [false, true] {
            let canvas = try Canvas(width: size.width, height: size.height, scale: 4.0 / 3)
            if painted { canvas.paint(.white) } else { canvas.fill(CGRect(origin: .zero, size: size), with: .white) }
            canvas.textPosition = CGPoint(x: 8, y: 12)
            canvas.draw(line)
            let url = directory.appendingPathComponent("painted-\(painted).png")
            try canvas.writePNG(to: url)
            headers.append(try Data(contentsOf: url)[25])  // the PNG's IHDR colour type: 6 RGBA, 2 RGB
            canvases.append(canvas)
        }
        let (width, height) = canvases[1].pixelSize
        var inked = 0
        for y in 0..<height {
            for x in 0..<width {
                let filled = try #require(canvases[0].pixel(x: x, y: y)), painted = try #require(canvases[1].pixel(x: x, y: y))
                #expect(painted.alpha == 255, "painted to the last pixel at \(x), \(y)")
                if x < width - 1, y < height - 1 {
                    #expect(filled.alpha == 255 && filled.red == painted.red && filled.green == painted.green)
                } else {
                    #expect(filled.alpha < 255)
                }
                if painted.red < 128 { inked += 1 }
            }
        }
        #expect(inked > 200)
        // Cairo writes a canvas with no transparent pixel as RGB: what pango-view's images are.
        #expect(headers == [6, 2])
    }

    @Test func badSizesThrow() {
        for (width, height, scale) in [(0.0, 10.0, 1.0), (10, -1, 1), (.nan, 10, 1), (10, 10, 0), (10, .infinity, 1), (40_000, 10, 1)] {
            #expect(throws: RenderingError.self) { try Canvas(width: width, height: height, scale: scale) }
        }
        #expect(throws: RenderingError.self) {
            try Canvas(width: 10, height: 10).finish()
            try Canvas(width: 10, height: 10).writePNG(to: URL(fileURLWithPath: "/nonexistent-dir/x.png"))
        }
    }
}

/// Simple string drawing: measure, then draw in a rectangle of that size.
@Suite struct StringDrawingTests {
    @Test func measuredSizeHoldsTheWholeString() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 14)
        let string = NSAttributedString(string: "Measure me, then draw me in that rectangle.\nTwo paragraphs.", attributes: [.font: font])
        let size = StringDrawing.boundingSize(string, width: 120)
        #expect(size.width <= 120 && size.height > 3 * font.ascent)
        let canvas = try Canvas(width: 200, height: 200)
        let drawn = canvas.draw(string, in: CGRect(origin: CGPoint(x: 10, y: 10), size: size))
        #expect(drawn == 0..<string.length)
        // draw(at:) puts the text's top-left corner at the point (UIKit's): ink just below y 180, none above it.
        let top = try Canvas(width: 200, height: 200)
        top.draw(string, at: CGPoint(x: 10, y: 180))
        let ink = try #require(CanvasGraphicsStateTests.ink(top))
        #expect(ink.minY >= 20 && ink.minY < 20 + Int(font.ascent) && ink.minX >= 10, "\(ink)")
    }

    /// A bundled font with its `hhea` table's line gap changed (HarfBuzz reads it as the font's leading).
    static func font(_ file: String, lineGap: Int16, size: CGFloat) throws -> Font {
        var bytes = [UInt8](try Data(contentsOf: TestFonts.url(file)))
        func number(_ offset: Int, _ count: Int) -> Int { bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) } }
        let tables = number(4, 2)
        let record = try #require((0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<($0 + 4)].elementsEqual(Array("hhea".utf8)) })
        let hhea = number(record + 8, 4)
        let gap = UInt16(bitPattern: lineGap)
        (bytes[hhea + 8], bytes[hhea + 9]) = (UInt8(gap >> 8), UInt8(gap & 0xFF))
        return try Font(data: Data(bytes), size: size, catalog: TestFonts.catalog)
    }

    /// UIKit's drawing options: the bounding rect with `.usesLineFragmentOrigin` is the drawn frame's used size;
    /// `.usesFontLeading` adds the fonts' leading between lines; `.truncatesLastVisibleLine` ends the last line that
    /// fits with an ellipsis; without `.usesLineFragmentOrigin` the string is one line around its baseline origin.
    @Test func drawingOptions() throws {
        // No bundled font has a line gap: DejaVu Sans with its hhea line gap set to 400 units, so that the leading
        // option changes the height.
        let font = try Self.font("DejaVuSans.ttf", lineGap: 400, size: 14)
        try #require(abs(font.leading - 400.0 / 2048 * 14) < 1e-6)
        let text = String(repeating: "Measure this text with UIKit's options and draw it. ", count: 6)
        let string = NSAttributedString(string: text, attributes: [.font: font])
        let wrapped = StringDrawing.boundingRect(string, size: CGSize(width: 150, height: 0), options: [.usesLineFragmentOrigin])
        let leaded = StringDrawing.boundingRect(string, size: CGSize(width: 150, height: 0), options: [.usesLineFragmentOrigin, .usesFontLeading])
        #expect(wrapped.origin == .zero && wrapped.width <= 150)
        let frame = Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 150, height: 10_000)))
        #expect(abs(leaded.height - frame.usedHeight) < 1e-6, "the frame's own used height, leading included")
        #expect(abs((leaded.height - wrapped.height) - CGFloat(frame.lines.count - 1) * font.leading) < 1e-6)

        // Two lines' height: two lines drawn, the second ending with the token.
        let twoLines = 2 * (font.ascent + font.descent) + 0.5
        let cut = StringDrawing.frame(string, size: CGSize(width: 150, height: twoLines), options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
                                      defaultFont: nil)
        #expect(cut.lines.count == 2 && cut.lines.last?.runs.contains { $0.isTruncationToken } == true)
        let uncut = StringDrawing.frame(string, size: CGSize(width: 150, height: twoLines), options: [.usesLineFragmentOrigin], defaultFont: nil)
        #expect(uncut.lines.count == 2 && uncut.lines.last?.runs.contains { $0.isTruncationToken } == false)
        let bounded = StringDrawing.boundingRect(string, size: CGSize(width: 150, height: twoLines), options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine])
        #expect(abs(bounded.height - cut.usedHeight) < 1e-6 && bounded.height <= twoLines)

        // One line around its baseline origin.
        let line = NSAttributedString(string: "One line", attributes: [.font: font])
        let single = StringDrawing.boundingRect(line, size: CGSize(width: 10, height: 10), options: [])
        #expect(abs(single.minY + font.descent) < 1e-6 && abs(single.height - font.ascent - font.descent) < 1e-6 && single.width > 10)
        let canvas = try Canvas(width: 120, height: 40)
        canvas.draw(line, with: CGRect(x: 5, y: 12, width: 10, height: 10), options: [])
        let ink = try #require(CanvasGraphicsStateTests.ink(canvas))
        #expect(ink.maxY <= 40 - 12 + Int(font.descent.rounded(.up)) && ink.minY >= 40 - 12 - Int(font.ascent.rounded(.up)) && ink.maxX > 5 + 10)
    }
}
