import ArgumentParser
import Foundation
import Galley
import GalleyRendering

/// Canvases for output files, of the kind the file's extension names.
package enum OutputCanvas {
    /// A canvas for `url` (.png, .pdf or .svg) of a size in points; PNG at `scale` pixels per point.
    package static func make(for url: URL, width: CGFloat, height: CGFloat, scale: CGFloat) throws -> Canvas {
        switch url.pathExtension.lowercased() {
        case "png": return try Canvas(width: width, height: height, scale: scale)
        case "pdf": return try Canvas(pdfURL: url, width: width, height: height)
        case "svg": return try Canvas(svgURL: url, width: width, height: height)
        default: throw ValidationError("the output must end in .png, .pdf or .svg: \(url.path)")
        }
    }

    /// Draws with `body` into a canvas for each file, then writes the PNG (if any) and finishes the file.
    package static func draw(to files: [String], size: CGSize, scale: CGFloat, _ body: (Canvas) throws -> Void) throws {
        for file in files {
            let url = URL(fileURLWithPath: file)
            let canvas = try make(for: url, width: size.width, height: size.height, scale: scale)
            try body(canvas)
            if canvas.kind == .png { try canvas.writePNG(to: url) }
            try canvas.finish()
        }
    }
}
