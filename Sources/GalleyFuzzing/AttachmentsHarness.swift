import Foundation
import Galley
import GalleyRendering

/// Image attachments, whole or damaged (PNG through Cairo, JPEG through libjpeg-turbo), fitting their line fragment
/// or not, in frames of hostile shapes drawn to PNG, PDF and SVG: every character in exactly one line or the unshown
/// remainder, an attachment fitted to its fragment no wider than the fragment when nothing else shares its line,
/// and decoders that take whatever the fuzzer wrote.
enum AttachmentsHarness {
    /// A 2 × 2 PNG (written with Python's zlib and struct) and an 8 × 8 JPEG (libjpeg-turbo's `cjpeg -quality 50
    /// -optimize` of a gradient): images that decode, for the fuzzer to damage.
    static let images = [
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DA8B+MgBgAHfAD/dPQfSYAAAAASUVORK5CYII=",
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAbEAEAAgMBAQAAAAAAAAAAAAABAAIREiIDMf/EABUBAQEAAAAAAAAAAAAAAAAAAAID/8QAGxEAAgEFAAAAAAAAAAAAAAAAAAECAyExQfD/2gAMAwEAAhEDEQA/AJYNbU1PKoIlccA9Bj7pcLBnALERKU1oLk4q3YP/2Q==",
    ].map { Data(base64Encoded: $0)! }

    static func run(_ input: inout FuzzInput) throws {
        var units = HostileText.units(&input, maximum: 120)
        var runs = HostileAttributes.runs(&input, length: units.count)
        // Attachments on U+FFFC at chosen places (after the other runs, so they win there).
        for _ in 0..<input.int(0...4) where !units.isEmpty {
            let index = input.int(0...(units.count - 1))
            units[index] = 0xFFFC
            runs.append((index..<(index + input.int(1...2)), [.attachment: attachment(&input)]))
        }
        let typesetter = Typesetter(units: units, runs: runs, defaultFont: FuzzFonts.base)
        let frame = Framesetter(typesetter: typesetter).frame(path: HostileAttributes.path(&input))
        try FramesHarness.checkFrame(frame)
        for (line, fragment) in zip(frame.lines, frame.lineFragments) {
            let attachments = line.runs.compactMap { $0.attributes.runDelegate as? TextAttachment }
            guard attachments.count == 1, line.runs.count == 1, attachments[0].fitsLineFragment else { continue }
            let width = line.typographicBounds.width - line.trailingWhitespaceWidth
            try check(width <= fragment.width + 1e-6 * max(1, fragment.width), "a fitted attachment \(width) wide in a \(fragment.width) fragment")
        }
        let canvas: Canvas?
        switch input.int(0...2) {
        case 0: canvas = try? Canvas(width: input.length(ordinary: 1...200), height: input.length(ordinary: 1...200), scale: 1)
        case 1: canvas = try? Canvas(pdfURL: RenderingHarness.directory.appendingPathComponent("a.pdf"), width: 300, height: 300)
        default: canvas = try? Canvas(svgURL: RenderingHarness.directory.appendingPathComponent("a.svg"), width: 300, height: 300)
        }
        guard let canvas else { return }
        canvas.textPosition = CGPoint(x: input.length(ordinary: -20...200), y: input.length(ordinary: -20...200))
        canvas.draw(frame)
        if canvas.kind == .png {
            try canvas.writePNG(to: RenderingHarness.directory.appendingPathComponent("a.png"))
        } else {
            try canvas.finish()
        }
    }

    /// An image attachment: a PNG or JPEG that decodes, the same with bytes the fuzzer overwrote or cut short, or the
    /// fuzzer's bytes after an image's first bytes; at its natural size or hostile bounds, fitting its line or not.
    static func attachment(_ input: inout FuzzInput) -> TextAttachment {
        var contents = [UInt8](input.choose(images))
        switch input.int(0...3) {
        case 0: break
        case 1:
            for _ in 0..<input.int(1...8) { contents[input.int(0...(contents.count - 1))] = input.byte() }
        case 2: contents.removeLast(input.int(0...(contents.count - 1)))
        default: contents = Array(contents.prefix(input.bool() ? 8 : 3)) + (0..<input.int(0...600)).map { _ in input.byte() }
        }
        let bounds = input.bool() ? CGRect.zero
            : CGRect(x: input.length(ordinary: -10...10), y: input.length(ordinary: -20...20), width: input.length(ordinary: 0...300),
                     height: input.length(ordinary: 0...300))
        return TextAttachment(contents: Data(contents), bounds: bounds, fitsLineFragment: input.bool())
    }
}
