import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport

/// `galley shape`: one line through the public API, printed as hb-shape prints it.
struct ShapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shape",
        abstract: "Shape text into a line with one font and print its glyphs.",
        discussion: """
            Like hb-shape, only the given font is used (no fallback: missing glyphs are .notdef), and --direction, \
            --script and --language apply to the whole text. Without --font-size the output is hb-shape's \
            (--no-glyph-names): glyph=cluster@dx,dy+advance in font units, clusters as Unicode scalar indices, \
            runs in visual order; it equals hb-shape's whenever the text needs no bidi reordering and has no \
            control characters (Galley draws tabs and line ends as blank space, as Core Text does). --direction ttb \
            sets the text with vertical forms: upright text prints what hb-shape --direction=ttb prints, and what \
            Unicode sets sideways in vertical text (Latin letters, digits) is shaped left to right in runs of its own. \
            With --font-size or --json, JSON with positions and advances in points and UTF-16 string indices.
            """
    )

    @Argument(help: "A font file (.ttf, .otf, .ttc).") var fontFile: String
    @Argument(help: "The text to shape.") var text: String
    @Option(help: "Features in hb-shape's syntax, comma-separated (kern=0,+smcp,-liga).") var features: String?
    @Option(help: "ltr, rtl or ttb (vertical forms, top to bottom) for the whole text (default: bidi analysis, horizontal).")
    var direction: ForcedDirection?
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
        if let direction { options.forcedEmbeddingLevel = direction == .rtl ? 1 : 0 }
        var dictionary: [NSAttributedString.Key: Any] = [.font: font]
        if direction == .ttb { dictionary[.verticalForms] = true }
        if !settings.isEmpty { dictionary[.fontFeatureSettings] = settings }
        if let language { dictionary[NSAttributedString.Key.language] = language }
        let string = NSAttributedString(string: text, attributes: dictionary)
        let line = Line(attributedString: string, options: options, defaultFont: font)
        print(json || fontSize != nil ? line.jsonDescription : line.harfBuzzDescription)
    }
}

/// `shape --direction`: one direction for the whole text, as hb-shape's `--direction` (ttb: the vertical-forms
/// attribute on left-to-right text).
enum ForcedDirection: String, ChoiceArgument {
    case ltr, rtl, ttb
}
