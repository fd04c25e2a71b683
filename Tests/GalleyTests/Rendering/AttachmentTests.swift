import Foundation
import Galley
import GalleyRendering
import Testing

/// Images in text (`TextAttachment` on U+FFFC): one cluster as wide as the image, lines as tall as it needs,
/// breaks on both sides, carets and hit testing around it, the image drawn upright into its bounds, and embedded
/// once in a PDF however often it is drawn.
@Suite struct AttachmentTests {
    /// PNG bytes of a `width` × `height` pixel image: one colour, or noise (which compresses badly).
    static func png(width: Int, height: Int, color: Color = Color(red: 1, green: 0, blue: 0), noise: Bool = false) throws -> Data {
        let canvas = try Canvas(width: CGFloat(width), height: CGFloat(height), scale: 1)
        if noise {
            var generator = SeededLCG(seed: 5)
            for y in 0..<height {
                for x in 0..<width {
                    let value = generator.next()
                    canvas.fill(CGRect(x: x, y: y, width: 1, height: 1),
                                with: Color(red: Double(value & 255) / 255, green: Double(value >> 8 & 255) / 255, blue: Double(value >> 16 & 255) / 255))
                }
            }
        } else {
            canvas.fill(CGRect(x: 0, y: 0, width: width, height: height), with: color)
        }
        return try pngData(of: canvas)
    }

    /// The PNG file a canvas writes.
    static func pngData(of canvas: Canvas) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-canvas-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try canvas.writePNG(to: url)
        return try Data(contentsOf: url)
    }

    /// A PNG whose top half is red and bottom half blue: which way up it is drawn shows.
    static func redOverBlue(width: Int, height: Int) throws -> Data {
        let canvas = try Canvas(width: CGFloat(width), height: CGFloat(height), scale: 1)
        let half = CGFloat(height) / 2
        canvas.fill(CGRect(x: 0, y: half, width: CGFloat(width), height: half), with: Color(red: 1, green: 0, blue: 0))
        canvas.fill(CGRect(x: 0, y: 0, width: CGFloat(width), height: half), with: Color(red: 0, green: 0, blue: 1))
        return try pngData(of: canvas)
    }

    static func line(_ attachment: TextAttachment, font: Font) -> Line {
        let text = NSMutableAttributedString(string: "A\u{FFFC}B", attributes: [.font: font])
        text.addAttribute(.attachment, value: attachment, range: NSRange(location: 1, length: 1))
        return Line(attributedString: text)
    }

    /// A 600 × 600 pt PDF page with a line showing `attachment` drawn 100 times (10 × 10); the caller removes it.
    static func pdfDrawingHundredTimes(_ attachment: TextAttachment, font: Font) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-attachments-\(UUID()).pdf")
        let canvas = try Canvas(pdfURL: url, width: 600, height: 600)
        for row in 0..<10 {
            for column in 0..<10 {
                canvas.textPosition = CGPoint(x: 10 + CGFloat(column) * 50, y: 20 + CGFloat(row) * 50)
                canvas.draw(line(attachment, font: font))
            }
        }
        try canvas.finish()
        return url
    }

    @Test func anAttachmentIsOneClusterAsWideAsItsImage() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let attachment = TextAttachment(contents: try Self.png(width: 30, height: 40))
        #expect(attachment.imageSize == CGSize(width: 30, height: 40) && attachment.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        let line = Self.line(attachment, font: font)
        #expect(abs((line.offset(forStringIndex: 2).primary - line.offset(forStringIndex: 1).primary) - 30) < 1e-6)
        // The line holds the image: its ascent is at least the image's height.
        #expect(line.typographicBounds.ascent >= 40 - 1e-6)
        // Tapping the image's middle finds its one character.
        let middle = line.offset(forStringIndex: 1).primary + 15
        #expect(line.characterRange(at: CGPoint(x: middle, y: 10)) == 1..<2)
        // Lowered by 10 points: 10 of descent.
        let lowered = Self.line(TextAttachment(contents: attachment.contents, bounds: CGRect(x: 0, y: -10, width: 30, height: 40)), font: font)
        #expect(lowered.typographicBounds.descent >= 10 - 1e-6)
        // Lines break before and after an attachment (UAX #14 CB), as around an ideograph.
        let text = NSMutableAttributedString(string: "word\u{FFFC}word", attributes: [.font: font])
        text.addAttribute(.attachment, value: attachment, range: NSRange(location: 4, length: 1))
        let typesetter = Typesetter(attributedString: text)
        #expect(typesetter.suggestLineBreak(startingAt: 0, width: 40) == 4)
        #expect(typesetter.suggestLineBreak(startingAt: 4, width: 35) == 1)
    }

    @Test func theImageIsDrawnUprightInItsBounds() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        // Red above, blue below: the picture's top half must land on top.
        let attachment = TextAttachment(contents: try Self.redOverBlue(width: 20, height: 20), bounds: CGRect(x: 0, y: -5, width: 40, height: 40))
        let line = Self.line(attachment, font: font)
        let page = try Canvas(width: 120, height: 80, scale: 1)
        page.textPosition = CGPoint(x: 10, y: 30)
        page.draw(line)
        let x = Int(10 + line.offset(forStringIndex: 1).primary + 20)
        // Canvas pixels are y down from the top: the baseline is at 80 - 30 = 50; the image spans 35 above to 5 below.
        let upper = try #require(page.pixel(x: x, y: 50 - 30)), lower = try #require(page.pixel(x: x, y: 50 - 2))
        #expect(upper.red > 200 && upper.blue < 50, "\(upper)")
        #expect(lower.blue > 200 && lower.red < 50, "\(lower)")
        #expect((page.pixel(x: x, y: 50 - 40)?.alpha ?? 255) == 0)  // above the bounds
        #expect((page.pixel(x: x, y: 50 + 8)?.alpha ?? 255) == 0)  // below them
    }

    /// A hundred uses of one image in a PDF cost about one image: Cairo embeds the one decoded surface once.
    @Test func aPDFEmbedsAnImageOnce() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let image = try Self.png(width: 120, height: 120, noise: true)
        let attachment = TextAttachment(contents: image, bounds: CGRect(x: 0, y: 0, width: 12, height: 12))
        let url = try Self.pdfDrawingHundredTimes(attachment, font: font)
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try Data(contentsOf: url).count
        #expect(size > image.count / 2)
        #expect(size < image.count * 3, "\(size) bytes for 100 uses of a \(image.count)-byte image")
    }

    /// An image three times as wide as its frame: asked to fit, it is scaled to the fragment's width with its
    /// proportions (and its line is as tall as the scaled image); not asked, it keeps its size and is drawn clipped to
    /// the fragment. Either way its character is in exactly one line.
    @Test func anAttachmentWiderThanItsFragmentFitsOrIsClipped() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let image = try Self.png(width: 300, height: 150)
        let rect = CGRect(x: 10, y: 10, width: 100, height: 380)
        for fits in [true, false] {
            let text = NSMutableAttributedString(string: "Before \u{FFFC} after", attributes: [.font: font])
            text.addAttribute(.attachment, value: TextAttachment(contents: image, fitsLineFragment: fits), range: NSRange(location: 7, length: 1))
            let frame = Framesetter(attributedString: text).frame(path: Path(rect: rect))
            #expect(frame.visibleStringRange == 0..<text.length)
            #expect(frame.lines.map(\.stringRange.count).reduce(0, +) == text.length)
            let index = try #require(frame.lines.firstIndex { $0.stringRange.contains(7) })
            let line = frame.lines[index]
            let run = try #require(line.runs.first { $0.isRunDelegate })
            let shown = try #require(run.attributes.runDelegate as? TextAttachment)
            let expected = fits ? CGSize(width: 100, height: 50) : CGSize(width: 300, height: 150)
            #expect(abs(shown.bounds.width - expected.width) < 1e-6 && abs(shown.bounds.height - expected.height) < 1e-6, "\(shown.bounds)")
            #expect(abs(line.typographicBounds.ascent - expected.height) < 1e-6)
            #expect(abs(frame.lineFragments[index].height - expected.height - line.typographicBounds.descent) < 2)

            let canvas = try Canvas(width: 400, height: 400, scale: 1)
            canvas.draw(frame)
            // Pixel rows are y down from the canvas's top; the frame's box starts at x 10.
            let baseline = 400 - Int(rect.minY + frame.lineOrigins[index].y)
            let inside = try #require(canvas.pixel(x: 100, y: baseline - 10)), outside = try #require(canvas.pixel(x: 150, y: baseline - 10))
            #expect(inside.red > 200 && inside.alpha == 255, "\(inside)")
            #expect(outside.alpha == 0, "clipped at the fragment's edge: \(outside)")
        }
    }

    /// In a justified line the image is drawn where the justified line puts its character, not at its natural pen
    /// position; an image that ends a line is drawn whole at the line's end, inside its fragment.
    @Test func imagesInJustifiedLinesAndAtLineEnds() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let blue = try Self.png(width: 20, height: 20, color: Color(red: 0, green: 0, blue: 1))
        var justified = ParagraphStyle()
        justified.alignment = .justified
        let cases: [(text: String, image: Int, style: ParagraphStyle)] = [
            ("aa bb \u{FFFC} cc dd ee ff gg hh ii jj kk ll mm nn oo pp", 6, justified),
            ("xx \u{FFFC} wordthatwraps more words", 3, ParagraphStyle()),
        ]
        for (index, item) in cases.enumerated() {
            let text = NSMutableAttributedString(string: item.text, attributes: [.font: font, .paragraphStyle: item.style])
            text.addAttribute(.attachment, value: TextAttachment(contents: blue), range: NSRange(location: item.image, length: 1))
            let rect = CGRect(x: 0, y: 0, width: index == 0 ? 150 : 60, height: 200)
            let frame = Framesetter(attributedString: text).frame(path: Path(rect: rect))
            let lineIndex = try #require(frame.lines.firstIndex { $0.stringRange.contains(item.image) })
            let line = frame.lines[lineIndex], origin = frame.lineOrigins[lineIndex]
            if index == 0 {
                // Justified: the line fills its width, and the image moved right with the stretched spaces.
                #expect(abs(line.typographicBounds.width - line.trailingWhitespaceWidth - 150) < 0.01)
                let natural = Line(attributedString: text.attributedSubstring(from: NSRange(location: 0, length: item.image)))
                #expect(line.offset(forStringIndex: item.image).primary > natural.typographicBounds.width + 1)
            } else {
                // The image is the last thing the line shows.
                #expect(line.stringRange.upperBound - line.trailingWhitespaceCount(in: text) == item.image + 1)
            }
            let canvas = try Canvas(width: 200, height: 200, scale: 1)
            canvas.draw(frame)
            let left = origin.x + line.offset(forStringIndex: item.image).primary
            let baselineRow = 200 - origin.y
            for x in [left + 1, left + 10, left + 19] {
                let pixel = try #require(canvas.pixel(x: Int(x), y: Int(baselineRow - 10)))
                #expect(pixel.blue > 200 && pixel.red < 50 && pixel.alpha == 255, "case \(index) at \(x): \(pixel)")
            }
            let outside = try #require(canvas.pixel(x: Int(left + 21), y: Int(baselineRow - 10)))
            #expect(outside.blue < 200 || outside.alpha < 255, "case \(index): the image ends at its width")
        }
    }
}

extension Line {
    /// How many characters at the line's end are white space (what `trailingWhitespaceWidth` measures).
    func trailingWhitespaceCount(in text: NSAttributedString) -> Int {
        let units = Array(text.string.utf16)[stringRange]
        return units.reversed().prefix { $0 == 0x20 || $0 == 0x0A }.count
    }
}
