import Foundation
import Testing

@testable import Galley
import GalleyRendering

/// Drawing vertical frames against Chromium's drawing of the same text (`writing-mode: vertical-rl`): Galley's PNG
/// and Chromium's screenshot of the same box, compared in blocks of 4 × 4 pixels, so that a glyph drawn turned the
/// wrong way, set upright where it should lie sideways, or put in the wrong place shows, while the two rasterizers'
/// anti-aliasing and hinting do not.
@Suite struct VerticalDrawingTests {
    static let block = 4

    /// Each block's share of ink (0 white … 1 black), row by row.
    static func blocks(_ canvas: Canvas, width: Int, height: Int) -> [[Double]] {
        (0..<(height / block)).map { row in
            (0..<(width / block)).map { column in
                var ink = 0.0
                for y in (row * block)..<((row + 1) * block) {
                    for x in (column * block)..<((column + 1) * block) {
                        guard let pixel = canvas.pixel(x: x, y: y) else { continue }
                        let grey = (Double(pixel.red) + Double(pixel.green) + Double(pixel.blue)) / (3 * 255)
                        ink += (1 - grey) * Double(pixel.alpha) / 255
                    }
                }
                return ink / Double(block * block)
            }
        }
    }

    @Test(arguments: [0, 1, 6])
    func verticalFrameDrawsAsChromiumDraws(sample index: Int) throws {
        let sample = VerticalFrameTests.samples[index]
        let box = VerticalFrameTests.box
        let (width, height) = (Int(box.width), Int(box.height))
        let ours = try Canvas(width: box.width, height: box.height, scale: 1)
        ours.fill(CGRect(origin: .zero, size: box), with: .white)
        ours.draw(try VerticalFrameTests.frame(sample.text))
        let shot = try Chromium.screenshot(of: VerticalFrameTests.page([sample.text]), width: width, height: height)
        let image = try #require(CanvasImage(data: shot), "Chromium wrote no screenshot")
        let theirs = try Canvas(width: box.width, height: box.height, scale: 1)
        theirs.draw(image, in: CGRect(origin: .zero, size: box))
        let (a, b) = (Self.blocks(ours, width: width, height: height), Self.blocks(theirs, width: width, height: height))
        var inked = 0, differing = 0
        for (rowA, rowB) in zip(a, b) {
            for (inkA, inkB) in zip(rowA, rowB) where max(inkA, inkB) > 0.1 {
                inked += 1
                if abs(inkA - inkB) > 0.3 { differing += 1 }
            }
        }
        print("vertical drawing, \(sample.name): \(differing) of \(inked) inked blocks differ from Chromium's")
        if differing * 50 > inked, let directory = ProcessInfo.processInfo.environment["GALLEY_TEST_OUTPUT"] {
            try? ours.writePNG(to: URL(fileURLWithPath: directory).appendingPathComponent("vertical-\(index)-galley.png"))
            try? shot.write(to: URL(fileURLWithPath: directory).appendingPathComponent("vertical-\(index)-chromium.png"))
        }
        #expect(inked > 500 && differing * 50 <= inked, "\(differing) of \(inked) blocks differ")
    }

    /// A vertical frame's PDF holds its text in column order (right to left, each column top to bottom), as poppler
    /// reads the content stream back (`pdftotext -raw`), so that it can be selected and copied in reading order.
    @Test func verticalPDFTextIsInColumnOrder() throws {
        let sample = VerticalFrameTests.samples[6]
        let frame = try VerticalFrameTests.frame(sample.text)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("vertical.pdf")
        let canvas = try Canvas(pdfURL: url, width: VerticalFrameTests.box.width, height: VerticalFrameTests.box.height)
        canvas.draw(frame)
        try canvas.finish()
        let extracted = try runProgram("/usr/bin/pdftotext", ["-raw", url.path, "-"]).filter { !$0.isWhitespace }
        let shown = (sample.text as NSString).substring(with: NSRange(location: 0, length: frame.visibleStringRange.upperBound))
            .filter { !$0.isWhitespace }
        #expect(frame.lines.count > 5 && extracted == shown, "\(extracted.prefix(80)) vs \(shown.prefix(80))")
    }
}
