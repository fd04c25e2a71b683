import Foundation
import Galley
import GalleyRendering
import Testing

/// Core Graphics' model on a canvas: transforms that compose as Apple documents them (each call changes user space,
/// so the last one applies first to what is drawn), a graphics-state stack, clipping, the text matrix, and images
/// drawn into rectangles. The expected pixels are worked out by hand from Core Graphics' documentation.
@Suite struct CanvasGraphicsStateTests {
    /// The box around every pixel with ink (alpha > 0), pixel rows counted from the top; nil for a blank canvas.
    static func ink(_ canvas: Canvas) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = nil
        let size = canvas.pixelSize
        for y in 0..<size.height {
            for x in 0..<size.width where (canvas.pixel(x: x, y: y)?.alpha ?? 0) > 0 {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    /// Every pixel of two canvases, as bytes.
    static func pixels(_ canvas: Canvas) -> [UInt8] {
        let size = canvas.pixelSize
        var result: [UInt8] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                let pixel = canvas.pixel(x: x, y: y)!
                result += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
            }
        }
        return result
    }

    /// `translateBy(10, 0)` then `scaleBy(2, 2)`: the unit square at (1, 0) lands on x 12–14, y 0–2 (y up), as
    /// `CGContext` would draw it; `currentTransform` is the matrix (2, 0, 0, 2, 10, 0); rotating by π/2 turns +x into +y.
    @Test func transformsComposeAsCoreGraphicsDoes() throws {
        let canvas = try Canvas(width: 40, height: 40, scale: 1)
        canvas.translateBy(x: 10, y: 0)
        canvas.scaleBy(x: 2, y: 2)
        let ctm = canvas.currentTransform
        #expect([ctm.m11, ctm.m12, ctm.m21, ctm.m22, ctm.tX, ctm.tY] == [2, 0, 0, 2, 10, 0])
        canvas.fill(CGRect(x: 1, y: 0, width: 1, height: 1), with: .black)
        let box = try #require(Self.ink(canvas))
        // Pixel rows from the top: y 0–2 up is rows 38–39.
        #expect(box == (12, 38, 13, 39))

        let rotated = try Canvas(width: 40, height: 40, scale: 1)
        rotated.translateBy(x: 20, y: 10)
        rotated.rotate(by: .pi / 2)
        rotated.fill(CGRect(x: 0, y: 0, width: 10, height: 2), with: .black)
        // The 10 × 2 bar along +x now runs up from (20, 10), two points to the left: x 18–20, y 10–20 (rows 20–29).
        let turned = try #require(Self.ink(rotated))
        #expect(turned == (18, 20, 19, 29))

        // concatenate takes a matrix as Core Graphics does: points through it first, then through the CTM.
        let concatenated = try Canvas(width: 40, height: 40, scale: 1)
        concatenated.translateBy(x: 10, y: 0)
        concatenated.concatenate(AffineTransform(m11: 2, m12: 0, m21: 0, m22: 2, tX: 0, tY: 0))
        concatenated.fill(CGRect(x: 1, y: 0, width: 1, height: 1), with: .black)
        #expect(Self.pixels(concatenated) == Self.pixels(canvas))
        // Matrices that cannot be inverted, zero scales and NaN are refused: the canvas keeps drawing.
        concatenated.concatenate(AffineTransform(m11: 0, m12: 0, m21: 0, m22: 0, tX: 0, tY: 0))
        concatenated.scaleBy(x: 0, y: 1)
        concatenated.translateBy(x: .nan, y: 0)
        concatenated.rotate(by: .infinity)
        let after = concatenated.currentTransform
        #expect([after.m11, after.m22, after.tX] == [2, 2, 10])
    }

    /// save and restore bring back the CTM, the clip and the fill colour; an unmatched restore does nothing.
    @Test func graphicsStatesNestAndClipsEnd() throws {
        let canvas = try Canvas(width: 30, height: 30, scale: 1)
        canvas.restoreGraphicsState()
        canvas.saveGraphicsState()
        canvas.fillColor = Color(red: 1, green: 0, blue: 0)
        canvas.translateBy(x: 5, y: 5)
        // A ring: even-odd leaves its middle out.
        var ring = Path(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        ring.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        canvas.clip(to: ring, rule: .evenOdd)
        canvas.fill(CGRect(x: -100, y: -100, width: 300, height: 300), with: .black)
        canvas.restoreGraphicsState()
        #expect(canvas.fillColor == .black && canvas.currentTransform == AffineTransform())
        #expect(Self.ink(canvas)! == (5, 5, 24, 24))
        #expect(canvas.pixel(x: 15, y: 15)!.alpha == 0, "the ring's hole")
        // The clip ended with the state: a fill anywhere draws again.
        canvas.fill(CGRect(x: 0, y: 0, width: 2, height: 2), with: .black)
        #expect(canvas.pixel(x: 0, y: 29)!.alpha == 255)
    }

    static func line(_ text: String = "Flip office", underline: Bool = false) throws -> Line {
        var attributes: [NSAttributedString.Key: Any] = [.font: try TestFonts.font("DejaVuSans.ttf", size: 14)]
        if underline { attributes[.underlineStyle] = 1 }
        return Line(attributedString: NSAttributedString(string: text, attributes: attributes))
    }

    /// UIKit's flip idiom undoes a y-down context: a canvas made y-down and flipped back draws a line exactly as a
    /// canvas never flipped; a text matrix that scales by 2 at a text position draws what a CTM translated there and
    /// scaled by 2 draws; a quarter-turn text matrix sets the line upwards.
    @Test func theTextMatrixAndTheFlipIdiom() throws {
        let line = try Self.line()
        let plain = try Canvas(width: 120, height: 60, scale: 1)
        plain.textPosition = CGPoint(x: 10, y: 20)
        plain.draw(line)

        let flipped = try Canvas(width: 120, height: 60, scale: 1)
        flipped.translateBy(x: 0, y: 60)
        flipped.scaleBy(x: 1, y: -1)  // now y down, as UIKit's contexts are
        flipped.textMatrix = AffineTransform()
        flipped.translateBy(x: 0, y: 60)
        flipped.scaleBy(x: 1, y: -1)  // Core Text code's idiom
        flipped.textPosition = CGPoint(x: 10, y: 20)
        flipped.draw(line)
        #expect(Self.pixels(flipped) == Self.pixels(plain))

        let matrix = try Canvas(width: 240, height: 120, scale: 1)
        matrix.textMatrix = AffineTransform(m11: 2, m12: 0, m21: 0, m22: 2, tX: 10, tY: 20)
        matrix.draw(line)
        let scaled = try Canvas(width: 240, height: 120, scale: 1)
        scaled.translateBy(x: 10, y: 20)
        scaled.scaleBy(x: 2, y: 2)
        scaled.draw(line)
        #expect(Self.pixels(matrix) == Self.pixels(scaled))
        let wide = try #require(Self.ink(plain)), doubled = try #require(Self.ink(matrix))
        #expect(abs((doubled.maxX - doubled.minX) - 2 * (wide.maxX - wide.minX)) <= 2)

        let upright = try Canvas(width: 60, height: 120, scale: 1)
        upright.textMatrix = AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: 40, tY: 10)
        upright.draw(line)
        let column = try #require(Self.ink(upright))
        #expect(column.maxY - column.minY > 3 * (column.maxX - column.minX), "\(column)")
        // A text matrix that cannot be inverted draws nothing, and the canvas goes on drawing.
        upright.textMatrix = AffineTransform(m11: 0, m12: 0, m21: 0, m22: 0, tX: 0, tY: 0)
        upright.draw(line)
        upright.textMatrix = AffineTransform()
        upright.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: .black)
        #expect(upright.pixel(x: 0, y: 119)!.alpha == 255)
    }

    /// An underline far to the right in user space, moved onto the canvas by the CTM, is still drawn (the stroke is
    /// limited to what the clip shows in the current space, not to the canvas's own width).
    @Test func decorationsFollowTheTransform() throws {
        let canvas = try Canvas(width: 120, height: 40, scale: 1)
        canvas.translateBy(x: -2000, y: 0)
        canvas.textPosition = CGPoint(x: 2010, y: 20)
        canvas.draw(try Self.line("____", underline: true))
        let reference = try Canvas(width: 120, height: 40, scale: 1)
        reference.textPosition = CGPoint(x: 10, y: 20)
        reference.draw(try Self.line("____", underline: true))
        #expect(Self.pixels(canvas) == Self.pixels(reference))
    }

    /// Images into rectangles: upright in y-up space (and upside down under a flip, as in Core Graphics), PNG and
    /// JPEG; a PDF holds one image for many draws.
    @Test func imagesAreDrawnIntoRectangles() throws {
        // Red over blue, through a PNG written by Cairo and a JPEG written by cjpeg.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-image-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try AttachmentTests.redOverBlue(width: 10, height: 10).write(to: url)
        let png = try #require(try CanvasImage(contentsOf: url))
        let jpeg = try #require(CanvasImage(data: try JPEGAttachmentTests.jpeg(width: 10, height: 10) { _, y in y < 5 ? (255, 0, 0) : (0, 0, 255) }))
        #expect(CanvasImage(data: Data("not an image".utf8)) == nil)
        for image in [png, jpeg] {
            #expect(image.width == 10 && image.height == 10)
            let canvas = try Canvas(width: 40, height: 40, scale: 1)
            canvas.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 40))
            // Flipped: the same image upside down on the right.
            canvas.saveGraphicsState()
            canvas.translateBy(x: 0, y: 40)
            canvas.scaleBy(x: 1, y: -1)
            canvas.draw(image, in: CGRect(x: 20, y: 0, width: 20, height: 40))
            canvas.restoreGraphicsState()
            let topLeft = canvas.pixel(x: 10, y: 5)!, bottomLeft = canvas.pixel(x: 10, y: 35)!
            let topRight = canvas.pixel(x: 30, y: 5)!, bottomRight = canvas.pixel(x: 30, y: 35)!
            #expect(topLeft.red > 200 && topLeft.blue < 60 && bottomLeft.blue > 200 && bottomLeft.red < 60)
            #expect(topRight.blue > 200 && topRight.red < 60 && bottomRight.red > 200 && bottomRight.blue < 60)
        }
        let pdfURL = FileManager.default.temporaryDirectory.appendingPathComponent("galley-images-\(UUID()).pdf")
        defer { try? FileManager.default.removeItem(at: pdfURL) }
        let pdf = try Canvas(pdfURL: pdfURL, width: 300, height: 300)
        for index in 0..<20 { pdf.draw(jpeg, in: CGRect(x: CGFloat(index) * 12, y: 10, width: 10, height: 10)) }
        try pdf.finish()
        let listing = try runProgram("/usr/bin/pdfimages", ["-list", pdfURL.path])
        let images = listing.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(images.count == 20 && Set(images.map { $0[10] }).count == 1 && images.allSatisfy { $0[8] == "jpeg" })
    }

    /// Obliqueness slants glyphs when drawn (UIKit's synthetic italic): an upright stem 40 pt tall, slanted by 0.25,
    /// has its top about 0.25 × its height to the right of its bottom; the line's layout does not change.
    @Test func obliquenessSlantsTheGlyphs() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 40)
        func draw(_ obliqueness: Double) throws -> (canvas: Canvas, line: Line) {
            let line = Line(attributedString: NSAttributedString(string: "l", attributes: [.font: font, .obliqueness: obliqueness]))
            let canvas = try Canvas(width: 60, height: 60, scale: 1)
            canvas.textPosition = CGPoint(x: 20, y: 10)
            canvas.draw(line)
            return (canvas, line)
        }
        let (upright, uprightLine) = try draw(0), (slanted, slantedLine) = try draw(0.25)
        #expect(uprightLine.typographicBounds.width == slantedLine.typographicBounds.width)
        func inkColumns(_ canvas: Canvas, row: Int) -> [Int] { (0..<60).filter { (canvas.pixel(x: $0, y: row)?.alpha ?? 0) > 128 } }
        let box = try #require(Self.ink(upright))
        let top = box.minY + 2, bottom = box.maxY - 2
        let uprightShift = Double(inkColumns(upright, row: top).first! - inkColumns(upright, row: bottom).first!)
        let slantedShift = Double(inkColumns(slanted, row: top).first! - inkColumns(slanted, row: bottom).first!)
        #expect(abs(uprightShift) <= 1)
        #expect(abs(slantedShift - 0.25 * Double(bottom - top)) <= 2, "\(slantedShift) for \(bottom - top) rows")
    }

    /// Shadows (UIKit's `NSShadow`): a sharp shadow is the glyphs again at the offset in the shadow's colour, under the
    /// glyphs; a blurred one spreads past the glyph's edges with falling alpha; neither changes the layout.
    @Test func shadowsFallUnderTheGlyphs() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 40)
        let red = Color(red: 1, green: 0, blue: 0)
        func draw(_ shadow: Shadow?) throws -> (canvas: Canvas, line: Line) {
            var attributes: [NSAttributedString.Key: Any] = [.font: font]
            if let shadow { attributes[.shadow] = shadow }
            let line = Line(attributedString: NSAttributedString(string: "l", attributes: attributes))
            let canvas = try Canvas(width: 80, height: 70, scale: 1)
            canvas.textPosition = CGPoint(x: 20, y: 15)
            canvas.draw(line)
            return (canvas, line)
        }
        let plain = try draw(nil)
        let sharp = try draw(Shadow(offset: CGSize(width: 8, height: -8), blurRadius: 0, color: red))
        let soft = try draw(Shadow(offset: CGSize(width: 8, height: -8), blurRadius: 6, color: red))
        #expect(sharp.line.typographicBounds.width == plain.line.typographicBounds.width)
        let stem = try #require(Self.ink(plain.canvas))
        let middleRow = (stem.minY + stem.maxY) / 2
        // Right of the stem by the offset, and down: red where the stem is not.
        let shifted = try #require(sharp.canvas.pixel(x: stem.maxX + 5, y: middleRow + 8))
        #expect(shifted.red > 200 && shifted.green < 60 && shifted.alpha > 200, "\(shifted)")
        // The glyph itself stays black on top.
        let glyph = try #require(sharp.canvas.pixel(x: (stem.minX + stem.maxX) / 2, y: middleRow))
        #expect(glyph.red < 60 && glyph.alpha > 200, "\(glyph)")
        // Blurred: reaches further than the sharp shadow, fading.
        let sharpInk = try #require(Self.ink(sharp.canvas)), softInk = try #require(Self.ink(soft.canvas))
        #expect(softInk.maxX > sharpInk.maxX + 2 && softInk.maxY > sharpInk.maxY + 2)
        let edge = try #require(soft.canvas.pixel(x: sharpInk.maxX + 2, y: middleRow + 8))
        #expect(edge.alpha > 0 && edge.alpha < 200, "\(edge)")
    }
}
