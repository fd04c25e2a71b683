import ArgumentParser
import Foundation
import Galley

/// `galley fonts`: list faces (like fc-list), match a pattern (like fc-match), show a face's metrics.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List, match and inspect fonts.",
        discussion: """
            With no option, lists every face (family, style, PostScript name, file). --match prints the best \
            face for a family and traits, as fc-match does; --info prints a face's metrics, features and axes.
            --font-dir (repeatable) limits everything to the fonts under those directories.
            """
    )

    @Option(name: .customLong("font-dir"), help: "Use only the fonts under this directory (repeatable).")
    var fontDirectories: [String] = []

    @Option(help: "Print the best match for a family name (with --bold, --italic, --weight, --width, --language).")
    var match: String?

    @Flag(help: "Ask for bold.") var bold = false
    @Flag(help: "Ask for italic.") var italic = false
    @Flag(help: "Ask for monospace.") var monospace = false
    @Option(help: "Weight on Core Text's −1…1 scale (0.4 = bold).") var weight: Double?
    @Option(help: "Width on Core Text's −1…1 scale (−0.5 = condensed).") var width: Double?
    @Option(help: "A language the face must support (BCP 47, e.g. ja, ar).") var language: String?

    @Option(help: "Print metrics, features and axes of a face: a PostScript, full or family name.")
    var info: String?

    @Option(help: "Print metrics of a font file instead (with --index).") var file: String?
    @Option(help: "Face index in a collection file.") var index: Int = 0
    @Option(help: "Point size for --info metrics.") var size: Double = 12

    @Flag(help: "Print every matching face, best first, instead of only the best.") var all = false

    func run() throws {
        let catalog = fontDirectories.isEmpty
            ? FontCatalog.system
            : try FontCatalog(directories: fontDirectories.map { URL(fileURLWithPath: $0) })
        if let file {
            try printInfo(Font(url: URL(fileURLWithPath: file), faceIndex: index, size: CGFloat(size), catalog: catalog))
        } else if let info {
            try printInfo(Font(name: info, size: CGFloat(size), catalog: catalog))
        } else if let match {
            var query = FontDescriptor(family: match)
            var symbolic: SymbolicTraits = []
            if bold { symbolic.insert(.bold) }
            if italic { symbolic.insert(.italic) }
            if monospace { symbolic.insert(.monoSpace) }
            if !symbolic.isEmpty || weight != nil || width != nil {
                query.traits = FontTraits(symbolic: symbolic, weight: weight.map { CGFloat($0) }, width: width.map { CGFloat($0) })
            }
            if let language { query.languages = [language] }
            let results = all
                ? query.matchingDescriptors(mandatoryKeys: [], in: catalog)
                : [query.matchingDescriptor(mandatoryKeys: [], in: catalog)].compactMap { $0 }
            if results.isEmpty { throw ValidationError("no fonts available") }
            for descriptor in results { print(line(for: descriptor)) }
        } else {
            for descriptor in FontCollection.availableFonts(in: catalog, removeDuplicates: true).matchingDescriptors() {
                print(line(for: descriptor))
            }
        }
    }

    private func line(for descriptor: FontDescriptor) -> String {
        let traits = descriptor.traits ?? FontTraits()
        let file = descriptor.url.map { $0.path + (descriptor.faceIndex.map { $0 > 0 ? ":\($0)" : "" } ?? "") } ?? "-"
        return [
            descriptor.family ?? "-", descriptor.styleName ?? "-", descriptor.postScriptName ?? "-",
            String(format: "weight %.2f width %.2f slant %.2f", Double(traits.weight ?? 0), Double(traits.width ?? 0),
                   Double(traits.slant ?? 0)),
            file,
        ].joined(separator: "\t")
    }

    private func printInfo(_ font: Font) {
        func number(_ value: CGFloat) -> String { String(format: "%.3f", Double(value)) }
        print("PostScript name:  \(font.postScriptName)")
        print("Family:           \(font.familyName)")
        print("Full name:        \(font.fullName)")
        print("File:             \(font.url?.path ?? "-")")
        print("Size:             \(number(font.size)) pt, \(font.unitsPerEm) units per em, \(font.glyphCount) glyphs")
        print("Ascent/descent:   \(number(font.ascent)) / \(number(font.descent)), leading \(number(font.leading))")
        print("Cap/x height:     \(number(font.capHeight)) / \(number(font.xHeight))")
        print("Underline:        position \(number(font.underlinePosition)), thickness \(number(font.underlineThickness))")
        print("Slant angle:      \(number(font.slantAngle))°")
        let box = font.boundingBox
        print("Bounding box:     \(number(box.minX)) \(number(box.minY)) \(number(box.maxX)) \(number(box.maxY))")
        let traits = font.traits
        print("Traits:           weight \(number(traits.weight ?? 0)), width \(number(traits.width ?? 0)), slant \(number(traits.slant ?? 0)), symbolic 0x\(String(traits.symbolic.rawValue, radix: 16))")
        print("Features:         \(font.openTypeFeatures.map(\.description).joined(separator: " "))")
        for axis in font.variationAxes {
            print("Axis \(axis.tag):        \(axis.name) \(axis.minimum)…\(axis.maximum), default \(axis.defaultValue)")
        }
        print("Tables:           \(font.availableTables.map(\.description).joined(separator: " "))")
        print("Characters:       \(font.characterSet.count)")
    }
}
