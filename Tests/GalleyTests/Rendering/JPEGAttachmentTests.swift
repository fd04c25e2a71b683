import Foundation
import Galley
import GalleyRendering
import Testing

/// JPEG attachments: sizes read from the header, pixels decoded as libjpeg-turbo's own `djpeg` decodes them (the
/// files are made by `cjpeg`, not by Galley), drawn upright, embedded in PDFs as the JPEG itself once for any
/// number of uses; damaged files draw what arrived and never crash or take time a header's numbers ask for.
@Suite struct JPEGAttachmentTests {
    /// A `width` × `height` RGB image as `cjpeg` encodes it: `color(x, y)` gives each pixel (0–255 channels).
    static func jpeg(width: Int, height: Int, grayscale: Bool = false, quality: Int = 95,
                     color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> Data {
        var ppm = Data("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = color(x, y)
                ppm.append(contentsOf: [red, green, blue])
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-jpeg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("in.ppm"), output = folder.appendingPathComponent("out.jpg")
        try ppm.write(to: source)
        _ = try runProgram("/usr/bin/cjpeg", ["-quality", "\(quality)"] + (grayscale ? ["-grayscale"] : []) + ["-outfile", output.path, source.path])
        return try Data(contentsOf: output)
    }

    /// The pixels `djpeg` decodes from `jpeg`: width, height and RGB triples row by row.
    static func djpeg(_ jpeg: Data) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-djpeg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("in.jpg"), output = folder.appendingPathComponent("out.ppm")
        try jpeg.write(to: source)
        // -ppm writes P6 for colour and, for a greyscale file, P5: ask for colour output always.
        _ = try runProgram("/usr/bin/djpeg", ["-rgb", "-ppm", "-outfile", output.path, source.path])
        let bytes = [UInt8](try Data(contentsOf: output))
        // The header: "P6", width, height, maximum, each after white space; one byte of white space ends it.
        var fields: [String] = [], current = "", offset = 0
        while fields.count < 4, offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        let width = try #require(Int(fields[1])), height = try #require(Int(fields[2]))
        return (width, height, Array(bytes[offset...]))
    }

    static func line(_ attachment: TextAttachment, font: Font) -> Line {
        let text = NSMutableAttributedString(string: "\u{FFFC}", attributes: [.font: font])
        text.addAttribute(.attachment, value: attachment, range: NSRange(location: 0, length: 1))
        return Line(attributedString: text)
    }

    static func stripes(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        y < 16 ? (220, 30, 30) : x < 24 ? (30, 30, 220) : (30, 200, 40)
    }

    @Test func aJPEGIsDecodedAsDjpegDecodesIt() throws {
        let jpeg = try Self.jpeg(width: 48, height: 32, color: Self.stripes)
        let attachment = TextAttachment(contents: jpeg)
        #expect(attachment.fileType == "public.jpeg")
        #expect(attachment.imageSize == CGSize(width: 48, height: 32) && attachment.bounds.size == CGSize(width: 48, height: 32))
        let reference = try Self.djpeg(jpeg)
        #expect(reference.width == 48 && reference.height == 32)
        // Drawn at its natural size on whole pixels: every pixel is djpeg's.
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let canvas = try Canvas(width: 48, height: 32, scale: 1)
        canvas.textPosition = .zero
        canvas.draw(Self.line(attachment, font: font))
        var largest = 0
        for y in 0..<32 {
            for x in 0..<48 {
                let pixel = try #require(canvas.pixel(x: x, y: y))
                let index = (y * 48 + x) * 3
                largest = max(largest, abs(Int(pixel.red) - Int(reference.pixels[index])), abs(Int(pixel.green) - Int(reference.pixels[index + 1])),
                              abs(Int(pixel.blue) - Int(reference.pixels[index + 2])))
            }
        }
        #expect(largest == 0, "largest channel difference from djpeg: \(largest)")
        // Upright: red on top (the source's first rows), blue bottom left, green bottom right.
        let top = try #require(canvas.pixel(x: 24, y: 4)), left = try #require(canvas.pixel(x: 6, y: 28)), right = try #require(canvas.pixel(x: 42, y: 28))
        #expect(top.red > 180 && top.blue < 80 && left.blue > 180 && left.red < 80 && right.green > 160 && right.red < 80)
    }

    @Test func aGreyscaleJPEGDrawsGrey() throws {
        let jpeg = try Self.jpeg(width: 16, height: 16, grayscale: true) { x, _ in x < 8 ? (0, 0, 0) : (255, 255, 255) }
        let attachment = TextAttachment(contents: jpeg)
        #expect(attachment.imageSize == CGSize(width: 16, height: 16))
        let reference = try Self.djpeg(jpeg)
        let canvas = try Canvas(width: 16, height: 16, scale: 1)
        canvas.draw(Self.line(attachment, font: try TestFonts.font("DejaVuSans.ttf", size: 12)))
        for (x, y) in [(2, 2), (13, 13), (7, 9), (8, 3)] {
            let pixel = try #require(canvas.pixel(x: x, y: y))
            let expected = reference.pixels[(y * 16 + x) * 3]
            #expect(pixel.red == expected && pixel.green == expected && pixel.blue == expected && pixel.alpha == 255)
        }
    }

    /// A hundred uses of one JPEG: the PDF holds one image, DCT-encoded (the file's own bytes), about its size; an SVG
    /// holds the JPEG's bytes once.
    @Test func aPDFEmbedsTheJPEGItselfOnce() throws {
        var generator = SeededLCG(seed: 9)
        let jpeg = try Self.jpeg(width: 160, height: 120, quality: 90) { _, _ in
            let value = generator.next()
            return (UInt8(value & 255), UInt8(value >> 8 & 255), UInt8(value >> 16 & 255))
        }
        let attachment = TextAttachment(contents: jpeg, bounds: CGRect(x: 0, y: 0, width: 16, height: 12))
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let url = try AttachmentTests.pdfDrawingHundredTimes(attachment, font: font)
        defer { try? FileManager.default.removeItem(at: url) }
        // poppler's pdfimages lists each image object once per use; the object numbers say how many there are.
        let listing = try runProgram("/usr/bin/pdfimages", ["-list", url.path])
        let images = listing.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(images.count == 100)
        #expect(Set(images.map { $0[10] }).count == 1, "one image object for 100 uses")
        #expect(images.allSatisfy { $0[5] == "rgb" && $0[8] == "jpeg" && $0[3] == "160" }, "\(listing)")
        let size = try Data(contentsOf: url).count
        #expect(size > jpeg.count && size < jpeg.count * 2, "\(size) bytes for 100 uses of a \(jpeg.count)-byte JPEG")
        // SVG: the JPEG itself, once, as a data: URL.
        let svgURL = url.deletingPathExtension().appendingPathExtension("svg")
        defer { try? FileManager.default.removeItem(at: svgURL) }
        let svg = try Canvas(svgURL: svgURL, width: 600, height: 600)
        for column in 0..<10 {
            svg.textPosition = CGPoint(x: 10 + CGFloat(column) * 50, y: 20)
            svg.draw(Self.line(attachment, font: font))
        }
        try svg.finish()
        let written = try String(contentsOf: svgURL, encoding: .utf8)
        #expect(written.components(separatedBy: "data:image/jpeg;base64,").count == 2)
        #expect(written.contains(jpeg.base64EncodedString().prefix(200)))
    }

    /// Damaged files: a truncated JPEG draws the rows that arrived; garbage after JPEG's signature is no image; a
    /// header that claims 65,000 × 65,000 pixels (more than Galley decodes) over a few bytes draws nothing.
    @Test func damagedJPEGsDrawWhatArrived() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        // Noise over blue, so that the scan (not the tables before it) is most of the file.
        var generator = SeededLCG(seed: 3)
        let jpeg = try Self.jpeg(width: 64, height: 64) { _, _ in
            let value = generator.next()
            return (UInt8(value & 31), UInt8(value >> 8 & 31), UInt8(200 + value >> 16 & 31))
        }
        let truncated = jpeg.prefix(jpeg.count * 2 / 3)
        let attachment = TextAttachment(contents: Data(truncated))
        #expect(attachment.imageSize == CGSize(width: 64, height: 64))
        let canvas = try Canvas(width: 64, height: 64, scale: 1)
        canvas.draw(Self.line(attachment, font: font))
        let first = try #require(canvas.pixel(x: 10, y: 2))
        #expect(first.blue > 150 && first.red < 60, "the first rows decode: \(first)")

        #expect(TextAttachment.jpegSize(Data([0xFF, 0xD8, 0xFF, 0x00, 0x13, 0x37])) == nil)
        #expect(TextAttachment(contents: Data([0xFF, 0xD8, 0xFF])).imageSize == nil)

        // The frame header's height and width (after SOF0's marker, length and precision) made 65,000 (more than
        // Galley decodes: nothing is drawn), and the height 20,000 (decoded until the data runs out, 64 rows in).
        let frame = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        func claiming(height: Int, width: Int) -> Data {
            var bytes = [UInt8](jpeg)
            for (offset, side) in [(frame + 5, height), (frame + 7, width)] { (bytes[offset], bytes[offset + 1]) = (UInt8(side >> 8), UInt8(side & 255)) }
            return Data(bytes)
        }
        let claimed = TextAttachment(contents: claiming(height: 65_000, width: 65_000), bounds: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(claimed.imageSize == CGSize(width: 65_000, height: 65_000))
        let small = try Canvas(width: 20, height: 20, scale: 1)
        small.draw(Self.line(claimed, font: font))
        #expect((small.pixel(x: 10, y: 10)?.alpha ?? 255) == 0)
        let large = TextAttachment(contents: claiming(height: 20_000, width: 64))
        #expect(large.imageSize == CGSize(width: 64, height: 20_000))
        let corner = try Canvas(width: 20, height: 20, scale: 1)
        corner.textPosition = CGPoint(x: 0, y: 20 - 20_000)
        corner.draw(Self.line(large, font: font))
        let decoded = try #require(corner.pixel(x: 5, y: 5))
        #expect(decoded.alpha == 255 && decoded.blue > 150, "the rows the data holds: \(decoded)")
    }
}
