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
        let frame = Framesetter(typesetter: typesetter).frame(path: HostileAttributes.path(&input))
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
            if let run = line.runs.first { canvas.draw(run, in: line, range: 0..<input.int(0...4)) }
            canvas.fill(HostileAttributes.path(&input), with: .black, rule: input.bool() ? .evenOdd : .winding)
            canvas.stroke(HostileAttributes.path(&input), with: .black, lineWidth: input.length(ordinary: 0...10))
            if canvas.kind == .png {
                try canvas.writePNG(to: directory.appendingPathComponent("f.png"))
            } else {
                try canvas.finish()
            }
        }
    }
}
