import ArgumentParser
import Foundation
import Galley

/// `galley shape`: one line through the public API, printed as hb-shape prints it.
struct ShapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shape",
        abstract: "Shape text into a line with one font and print its glyphs.",
        discussion: """
            Like hb-shape, only the given font is used (no fallback: missing glyphs are .notdef), and --direction, \
            --script and --language apply to the whole text. Without --font-size the output is hb-shape's \
            (--no-glyph-names): glyph=cluster@dx,dy+advance in font units, clusters as Unicode scalar indices, \
            runs in visual order. With --font-size or --json, JSON with positions and advances in points and \
            UTF-16 string indices.
            """
    )

    @Argument(help: "A font file (.ttf, .otf, .ttc).") var fontFile: String
    @Argument(help: "The text to shape.") var text: String
    @Option(help: "Features in hb-shape's syntax, comma-separated (kern=0,+smcp,-liga).") var features: String?
    @Option(help: "ltr or rtl for the whole text (default: bidi analysis).") var direction: String?
    @Option(help: "ISO 15924 script for the whole text (default: from the characters).") var script: String?
    @Option(help: "BCP 47 language for the whole text.") var language: String?
    @Option(name: .customLong("font-size"), help: "Point size (default: units per em, so points are font units).")
    var fontSize: Double?
    @Option(help: "Variations, comma-separated (wght=700,wdth=75).") var variations: String?
    @Option(name: .customLong("face-index"), help: "Face index in a collection.") var faceIndex = 0
    @Flag(help: "Print JSON: glyphs, positions and advances in points, UTF-16 string indices.") var json = false

    func run() throws {
        let url = URL(fileURLWithPath: fontFile)
        var font = try Font(url: url, faceIndex: faceIndex, catalog: FontCatalog(directories: []))
        let size = fontSize.map { CGFloat($0) } ?? CGFloat(font.unitsPerEm)
        var attributes = FontDescriptor()
        for entry in (variations ?? "").split(separator: ",") {
            let parts = entry.split(separator: "=")
            guard parts.count == 2, let tag = OpenTypeTag(string: String(parts[0])), let value = Double(parts[1]) else {
                throw ValidationError("variation \"\(entry)\" is not TAG=VALUE")
            }
            attributes.variation[tag] = value
        }
        font = try font.withAttributes(attributes, size: size)

        var settings: [FontFeatureSetting] = []
        for entry in (features ?? "").split(separator: ",") {
            guard let setting = FontFeatureSetting(string: String(entry)) else {
                throw ValidationError("feature \"\(entry)\" is not in hb-shape's syntax (ranges are not supported)")
            }
            settings.append(setting)
        }
        var options = TypesetterOptions(script: script)
        switch direction?.lowercased() {
        case nil: break
        case "ltr": options.forcedEmbeddingLevel = 0
        case "rtl": options.forcedEmbeddingLevel = 1
        default: throw ValidationError("direction must be ltr or rtl")
        }
        var dictionary: [NSAttributedString.Key: Any] = [.font: font]
        if !settings.isEmpty { dictionary[.fontFeatureSettings] = settings }
        if let language { dictionary[NSAttributedString.Key.language] = language }
        let string = NSAttributedString(string: text, attributes: dictionary)
        let line = Line(attributedString: string, options: options, defaultFont: font)
        print(json || fontSize != nil ? LineDump.json(line) : LineDump.harfBuzzText(line, string: text))
    }
}

/// Text forms of a line for the command line.
enum LineDump {
    /// hb-shape's `--no-glyph-names` format: runs in visual order, clusters as Unicode scalar indices, values
    /// in points (font units when the size is the units per em).
    static func harfBuzzText(_ line: Line, string: String) -> String {
        var scalarIndex: [Int: Int] = [:]
        var utf16 = 0
        for (index, scalar) in string.unicodeScalars.enumerated() {
            scalarIndex[utf16] = index
            utf16 += scalar.utf16.count
        }
        var entries: [String] = []
        for run in line.runs {
            let positions = run.positions
            let (advances, origins) = run.baseAdvancesAndOrigins()
            for (index, glyph) in run.glyphs.enumerated() {
                let cluster = scalarIndex[run.stringIndices[index]] ?? run.stringIndices[index]
                var entry = "\(glyph)=\(cluster)"
                let origin = origins[index]
                if origin.x != 0 || origin.y != 0 { entry += "@\(number(origin.x)),\(number(origin.y))" }
                entry += "+\(number(advances[index].width))"
                _ = positions
                entries.append(entry)
            }
        }
        return "[" + entries.joined(separator: "|") + "]"
    }

    /// JSON: per run the font, direction, string range, and per glyph id, position, advance and string index.
    static func json(_ line: Line) -> String {
        let bounds = line.typographicBounds
        var runs: [String] = []
        for run in line.runs {
            let glyphs = run.glyphs
            let positions = run.positions
            let advances = run.advances
            let indices = run.stringIndices
            let entries = glyphs.indices.map { index in
                "{\"glyph\":\(glyphs[index]),\"x\":\(number(positions[index].x)),\"y\":\(number(positions[index].y)),"
                    + "\"advance\":\(number(advances[index].width)),\"index\":\(indices[index])}"
            }
            runs.append(
                "{\"font\":\"\(run.font.postScriptName)\",\"size\":\(number(run.font.size)),"
                    + "\"rightToLeft\":\(run.status.contains(.rightToLeft)),"
                    + "\"stringRange\":[\(run.stringRange.lowerBound),\(run.stringRange.upperBound)],"
                    + "\"glyphs\":[\(entries.joined(separator: ","))]}")
        }
        return "{\"width\":\(number(bounds.width)),\"ascent\":\(number(bounds.ascent)),"
            + "\"descent\":\(number(bounds.descent)),\"leading\":\(number(bounds.leading)),"
            + "\"runs\":[\(runs.joined(separator: ","))]}"
    }

    /// Integers without a decimal point, other values with up to 4 decimals.
    static func number(_ value: CGFloat) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.4f", Double(value))
    }
}
