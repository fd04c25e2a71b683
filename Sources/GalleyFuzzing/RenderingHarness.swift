import Foundation
import Galley
import GalleyRendering

/// Lines and frames of hostile text drawn to PNG, PDF and SVG, at hostile positions; canvases of hostile sizes are
/// refused with `RenderingError`.
enum RenderingHarness {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Removed when the process exits (a fuzzing run writes there once an input, each over the last).
        atexit { try? FileManager.default.removeItem(at: RenderingHarness.directory) }
        return url
    }()

    static func run(_ input: inout FuzzInput) throws {
        let units = HostileText.units(&input, maximum: 200)
        let runs = HostileAttributes.runs(&input, length: units.count)
        let typesetter = Typesetter(units: units, runs: runs, defaultFont: FuzzFonts.base)
        let path = HostileAttributes.path(&input)
        var attributes = FrameAttributes()
        attributes.progression = input.choose([.topToBottom, .topToBottom, .rightToLeft, .leftToRight])
        let frame = Framesetter(typesetter: typesetter).frame(path: path, attributes: attributes)
        let line = typesetter.line(stringRange: 0..<0)
        // A hostile size must throw, never allocate without bound or crash.
        let width = input.length(ordinary: 1...300), height = input.length(ordinary: 1...300)
        let scale = input.choose([1, 2, 0.5, 0, -1, CGFloat.nan, 1e6])
        let canvases: [Canvas]
        switch input.int(0...2) {
        case 0:
            guard width * max(scale, 0) <= 1000, height * max(scale, 0) <= 1000 || !(height * scale).isFinite else {
                _ = try? Canvas(width: min(width, 4), height: min(height, 4), scale: 1)
                return
            }
            canvases = [(try? Canvas(width: width, height: height, scale: scale))].compactMap { $0 }
        case 1:
            canvases = [(try? Canvas(pdfURL: directory.appendingPathComponent("f.pdf"), width: width, height: height))].compactMap { $0 }
        default:
            canvases = [(try? Canvas(svgURL: directory.appendingPathComponent("f.svg"), width: width, height: height))].compactMap { $0 }
        }
        for canvas in canvases {
            canvas.textPosition = CGPoint(x: input.length(ordinary: -20...200), y: input.length(ordinary: -20...200))
            canvas.draw(line)
            canvas.draw(frame)
            try checkDrawing(canvas, "a line and a frame")
            if let run = line.runs.first { canvas.draw(run, in: line, range: 0..<input.int(0...4)) }
            canvas.fill(HostileAttributes.path(&input), with: .black, rule: input.bool() ? .evenOdd : .winding)
            canvas.stroke(HostileAttributes.path(&input), with: .black, lineWidth: input.length(ordinary: 0...10))
            try checkDrawing(canvas, "a run, a filled and a stroked path")
            // Core Graphics' model (read after everything above, so older inputs keep their meaning): hostile
            // transforms, text matrices and clips, the lines and frame drawn again, an image into a hostile rect.
            canvas.saveGraphicsState()
            for _ in 0..<input.int(0...4) {
                switch input.int(0...4) {
                case 0: canvas.translateBy(x: input.length(ordinary: -300...300), y: input.length(ordinary: -300...300))
                case 1: canvas.scaleBy(x: input.length(ordinary: -3...3), y: input.length(ordinary: -3...3))
                case 2: canvas.rotate(by: input.length(ordinary: -7...7))
                case 3: canvas.concatenate(hostileTransform(&input))
                default: canvas.clip(to: HostileAttributes.path(&input), rule: input.bool() ? .evenOdd : .winding)
                }
            }
            try checkDrawing(canvas, "transforms and clips")
            canvas.textMatrix = hostileTransform(&input)
            canvas.draw(line)
            canvas.draw(frame)
            try checkDrawing(canvas, "a line and a frame under a text matrix")
            if let image = CanvasImage(data: input.choose(AttachmentsHarness.images)) {
                canvas.draw(image, in: CGRect(x: input.length(ordinary: -50...300), y: input.length(ordinary: -50...300),
                                              width: input.length(ordinary: -50...300), height: input.length(ordinary: -50...300)))
            }
            // A line with a hostile shadow (blurred at the canvas's density), after everything older inputs read.
            let shadow = Shadow(offset: CGSize(width: input.length(ordinary: -50...50), height: input.length(ordinary: -50...50)),
                                blurRadius: input.length(ordinary: 0...30), color: .black)
            canvas.draw(Line(attributedString: NSAttributedString(string: "Shadow", attributes: [.font: input.choose(FuzzFonts.fonts), .shadow: shadow])))
            canvas.restoreGraphicsState()
            canvas.restoreGraphicsState()
            try checkDrawing(canvas, "an image and a shadow")
            if canvas.kind == .png {
                try canvas.writePNG(to: directory.appendingPathComponent("f.png"))
            } else {
                try canvas.finish()
            }
        }
    }

    /// Throws when the canvas has stopped drawing: a hostile value reached Cairo and put it in an error state that
    /// every later call on the canvas would keep.
    static func checkDrawing(_ canvas: Canvas, _ what: String) throws {
        try check(canvas.cairoFailure == nil, "drawing \(what) left Cairo failing: \(canvas.cairoFailure ?? "")")
    }

    /// An affine transform of hostile fields: ordinary, huge, NaN, zero (not invertible).
    static func hostileTransform(_ input: inout FuzzInput) -> AffineTransform {
        AffineTransform(m11: input.length(ordinary: -3...3), m12: input.length(ordinary: -3...3), m21: input.length(ordinary: -3...3),
                        m22: input.length(ordinary: -3...3), tX: input.length(ordinary: -300...300), tY: input.length(ordinary: -300...300))
    }
}
