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

    /// The ink of each one-em cell of each column slot (from the right, `VerticalFrameTests.pitch` wide; cells
    /// `VerticalFrameTests.size` tall from the top): the first and last rows with ink, nil for an empty cell.
    static func cellInk(_ canvas: Canvas, width: Int, height: Int) -> [[ClosedRange<Int>?]] {
        let pitch = Int(VerticalFrameTests.pitch), em = Int(VerticalFrameTests.size)
        return (0..<(width / pitch)).map { column in
            let right = width - column * pitch
            return (0..<(height / em)).map { cell in
                let rows = (cell * em..<(cell + 1) * em).filter { y in
                    ((right - pitch)..<right).contains { x in
                        guard let pixel = canvas.pixel(x: x, y: y) else { return false }
                        return Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 3 * 255 - 150
                    }
                }
                return rows.first.map { $0...rows.last! }
            }
        }
    }

    /// A text with runs set horizontally in one em (tate-chu-yoko), as `<span style="text-combine-upright: all">`.
    static let combined = (text: "令和8年11月26日、午後3時。平成31年!?と2026年。", ranges: [NSRange(location: 2, length: 1),
        NSRange(location: 4, length: 2), NSRange(location: 7, length: 2), NSRange(location: 13, length: 1), NSRange(location: 18, length: 2),
        NSRange(location: 21, length: 2), NSRange(location: 24, length: 4)])

    @Test(arguments: [0, 1, 6, 8, -1])
    func verticalFrameDrawsAsChromiumDraws(sample index: Int) throws {
        // (-1: the tate-chu-yoko text.)
        var sample = index >= 0 ? VerticalFrameTests.samples[index] : (name: "tate-chu-yoko", text: Self.combined.text)
        let box = VerticalFrameTests.box
        let (width, height) = (Int(box.width), Int(box.height))
        let ours = try Canvas(width: box.width, height: box.height, scale: 1)
        ours.fill(CGRect(origin: .zero, size: box), with: .white)
        ours.draw(try VerticalFrameTests.frame(sample.text, combining: index >= 0 ? [] : Self.combined.ranges))
        if index < 0 {
            // The same text with the combined runs in spans, marked up back to front so the offsets hold.
            let text = NSMutableString(string: sample.text)
            for range in Self.combined.ranges.reversed() {
                text.replaceCharacters(in: range, with: "<span style=\"text-combine-upright: all\">\(text.substring(with: range))</span>")
            }
            sample.text = text as String
        }
        let shot = try Chromium.screenshot(of: VerticalFrameTests.page([sample.text], markup: index < 0), width: width, height: height)
        let image = try #require(CanvasImage(data: shot), "Chromium wrote no screenshot")
        let theirs = try Canvas(width: box.width, height: box.height, scale: 1)
        theirs.draw(image, in: CGRect(origin: .zero, size: box))
        var inked = 0, differing = 0
        if index >= 0 {
            let (a, b) = (Self.blocks(ours, width: width, height: height), Self.blocks(theirs, width: width, height: height))
            for (rowA, rowB) in zip(a, b) {
                for (inkA, inkB) in zip(rowA, rowB) where max(inkA, inkB) > 0.1 {
                    inked += 1
                    if abs(inkA - inkB) > 0.3 { differing += 1 }
                }
            }
        } else {
            // Tate-chu-yoko down the columns only, cell by cell (every character of this text takes one em): the rows
            // each cell's ink spans, each end within 2 px. Chromium 156 sets a combined run 2–4 px right of the
            // column's centre line (CSS centres it in the em square, as Galley does; `TateChuYokoTests` checks that)
            // and a pixel higher (it centres the font's ideographic em box, Galley its ascent and descent). Without
            // combining, 6 of the 23 cells differ.
            let (a, b) = (Self.cellInk(ours, width: width, height: height), Self.cellInk(theirs, width: width, height: height))
            for (columnA, columnB) in zip(a, b) {
                for (cellA, cellB) in zip(columnA, columnB) where cellA != nil || cellB != nil {
                    inked += 1
                    guard let cellA, let cellB, abs(cellA.lowerBound - cellB.lowerBound) <= 2, abs(cellA.upperBound - cellB.upperBound) <= 2
                    else {
                        differing += 1
                        continue
                    }
                }
            }
        }
        print("vertical drawing, \(sample.name): \(differing) of \(inked) inked blocks differ from Chromium's")
        if differing * 50 > inked, let directory = ProcessInfo.processInfo.environment["GALLEY_TEST_OUTPUT"] {
            try? ours.writePNG(to: URL(fileURLWithPath: directory).appendingPathComponent("vertical-\(index)-galley.png"))
            try? shot.write(to: URL(fileURLWithPath: directory).appendingPathComponent("vertical-\(index)-chromium.png"))
        }
        #expect(inked > (index >= 0 ? 500 : 20) && differing * 50 <= inked, "\(differing) of \(inked) blocks differ")
    }

    /// A vertical frame drawn to SVG: Chromium shows Galley's SVG (its points shown as CSS pixels) as it draws the
    /// same text laid out itself, block by block (as the PNG comparison above), so the SVG's turned columns and upright
    /// forms are where they belong.
    @Test func verticalSVGDrawsAsChromiumDraws() throws {
        let sample = VerticalFrameTests.samples[0]
        let box = VerticalFrameTests.box
        let (width, height) = (Int(box.width), Int(box.height))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("vertical.svg")
        let svg = try Canvas(svgURL: url, width: box.width, height: box.height)
        svg.fill(CGRect(origin: .zero, size: box), with: .white)
        svg.draw(try VerticalFrameTests.frame(sample.text))
        try svg.finish()
        func shot(_ page: String) throws -> Canvas {
            let data = try Chromium.screenshot(of: page, width: width, height: height)
            let image = try #require(CanvasImage(data: data), "Chromium wrote no screenshot")
            let canvas = try Canvas(width: box.width, height: box.height, scale: 1)
            canvas.draw(image, in: CGRect(origin: .zero, size: box))
            return canvas
        }
        let ours = try shot("<!doctype html><body style=\"margin: 0\"><img src=\"\(url.absoluteString)\" style=\"position: absolute; left: 0; top: 0; width: \(width)px; height: \(height)px\"></body>")
        let theirs = try shot(VerticalFrameTests.page([sample.text]))
        var inked = 0, differing = 0
        for (rowA, rowB) in zip(Self.blocks(ours, width: width, height: height), Self.blocks(theirs, width: width, height: height)) {
            for (inkA, inkB) in zip(rowA, rowB) where max(inkA, inkB) > 0.1 {
                inked += 1
                if abs(inkA - inkB) > 0.3 { differing += 1 }
            }
        }
        print("vertical SVG drawing, \(sample.name): \(differing) of \(inked) inked blocks differ from Chromium's")
        if differing * 50 > inked, let output = ProcessInfo.processInfo.environment["GALLEY_TEST_OUTPUT"] {
            let folder = URL(fileURLWithPath: output)
            try? ours.writePNG(to: folder.appendingPathComponent("vertical-svg-galley.png"))
            try? theirs.writePNG(to: folder.appendingPathComponent("vertical-svg-chromium.png"))
            try? FileManager.default.copyItem(at: url, to: folder.appendingPathComponent("vertical.svg"))
        }
        #expect(inked > 500 && differing * 50 <= inked, "\(differing) of \(inked) blocks differ")
    }

    /// A vertical frame's PDF holds its text in column order (right to left, each column top to bottom), as poppler
    /// reads the content stream back (`pdftotext -raw`), so that it can be selected and copied in reading order.
    @Test func verticalPDFTextIsInColumnOrder() throws {
        let sample = VerticalFrameTests.samples[8]
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
