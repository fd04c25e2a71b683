import ArgumentParser
import Foundation
import Galley
import GalleyRendering

/// `galley render`: one line of text into a PNG, PDF or SVG file.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one line of text to PNG, PDF or SVG.",
        discussion: """
            The argument is the text, or a file whose text is drawn as one line (newlines become spaces until \
            paragraphs arrive with the typesetter). Characters the font lacks fall back to other fonts of the \
            catalog (the system's, or --font-dir's). The output kind follows the file extension.
            """
    )

    @Argument(help: "The text, or a file holding it.") var textOrFile: String
    @Option(help: "A font name: PostScript, full or family name (default: sans-serif).") var font: String?
    @Option(name: .customLong("font-file"), help: "A font file instead of a name.") var fontFile: String?
    @Option(name: .customLong("font-dir"), help: "Use only the fonts under this directory (repeatable).")
    var fontDirectories: [String] = []
    @Option(help: "Point size.") var size: Double = 24
    @Option(name: .shortAndLong, help: "Output file: .png, .pdf or .svg.") var output: String
    @Option(help: "Pixels per point for PNG.") var scale: Double = 2
    @Option(help: "Margin around the line, in points.") var margin: Double = 8
    @Option(help: "Text colour as #rrggbb or #rrggbbaa.") var color = "#000000"
    @Option(help: "Background colour as #rrggbb or #rrggbbaa (PNG default white; 'none' for transparent).")
    var background = "#ffffff"
    @Option(help: "Features in hb-shape's syntax, comma-separated (+smcp,-liga).") var features: String?
    @Option(help: "BCP 47 language of the text.") var language: String?

    func run() throws {
        var text = textOrFile
        if FileManager.default.fileExists(atPath: textOrFile) {
            text = try String(contentsOfFile: textOrFile, encoding: .utf8)
                .trimmingCharacters(in: .newlines).replacingOccurrences(of: "\n", with: " ")
        }
        let catalog = fontDirectories.isEmpty
            ? FontCatalog.system : try FontCatalog(directories: fontDirectories.map { URL(fileURLWithPath: $0) })
        let primary: Font
        if let fontFile {
            primary = try Font(url: URL(fileURLWithPath: fontFile), size: CGFloat(size), catalog: catalog)
        } else {
            primary = try Font(name: font ?? "sans-serif", size: CGFloat(size), catalog: catalog)
        }
        guard let foreground = Color(hex: color) else { throw ValidationError("colour \(color) is not #rrggbb") }
        var attributes: [NSAttributedString.Key: Any] = [.font: primary, .foregroundColor: foreground]
        if let features {
            attributes[.fontFeatureSettings] = try features.split(separator: ",").map { entry in
                guard let setting = FontFeatureSetting(string: String(entry)) else {
                    throw ValidationError("feature \"\(entry)\" is not in hb-shape's syntax")
                }
                return setting
            }
        }
        if let language { attributes[NSAttributedString.Key.language] = language }
        let line = Line(attributedString: NSAttributedString(string: text, attributes: attributes), defaultFont: primary)
        try LineRendering.write(line, to: URL(fileURLWithPath: output), margin: CGFloat(margin), scale: CGFloat(scale),
                                background: background == "none" ? nil : Color(hex: background))
        print("wrote \(output): \(line.runs.count) runs, \(line.glyphCount) glyphs, "
            + "\(String(format: "%.1f", Double(line.typographicBounds.width))) pt wide")
    }
}

/// Writes a line into a file whose kind follows its extension, sized to the line plus a margin.
enum LineRendering {
    static func write(_ line: Line, to url: URL, margin: CGFloat, scale: CGFloat, background: Color?) throws {
        let bounds = line.typographicBounds
        let width = max(bounds.width, 1) + 2 * margin
        let height = bounds.ascent + bounds.descent + 2 * margin
        let canvas: Canvas
        switch url.pathExtension.lowercased() {
        case "png": canvas = try Canvas(width: width, height: height, scale: scale)
        case "pdf": canvas = try Canvas(pdfURL: url, width: width, height: height)
        case "svg": canvas = try Canvas(svgURL: url, width: width, height: height)
        default: throw ValidationError("the output must end in .png, .pdf or .svg: \(url.path)")
        }
        if let background { canvas.fill(CGRect(x: 0, y: 0, width: width, height: height), with: background) }
        canvas.textPosition = CGPoint(x: margin, y: margin + bounds.descent)
        canvas.draw(line)
        if canvas.kind == .png { try canvas.writePNG(to: url) }
        try canvas.finish()
    }
}
