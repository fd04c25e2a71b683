import ArgumentParser
import Foundation
import Galley

/// Options shared by the commands that lay out text: the font, size, features, language and paragraph style.
struct TextOptions: ParsableArguments {
    @Option(help: "A font name: PostScript, full or family name (default: sans-serif).") var font: String?
    @Option(name: .customLong("font-file"), help: "A font file instead of a name.") var fontFile: String?
    @Option(name: .customLong("font-dir"), help: "Use only the fonts under this directory (repeatable).")
    var fontDirectories: [String] = []
    @Option(help: "Point size.") var size: Double = 12
    @Option(help: "Features in hb-shape's syntax, comma-separated (+smcp,-liga).") var features: String?
    @Option(help: "BCP 47 language of the text.") var language: String?
    @Option(help: "Alignment: left, right, center, justified or natural.") var align = "natural"
    @Option(help: "Base direction: natural, ltr or rtl.") var direction = "natural"
    @Option(name: .customLong("line-height"), help: "Line height multiple (0: the font's).") var lineHeight: Double = 0
    @Option(name: .customLong("paragraph-spacing"), help: "Points after each paragraph.") var paragraphSpacing: Double = 0
    @Option(help: "Tab stops in points, comma-separated; a trailing r, c or d makes a right, centre or decimal stop (100,200r,300d).")
    var tabs: String?
    @Option(name: .customLong("line-break"), help: "word, char, clip, head, tail or middle.") var lineBreak = "word"
    @Option(help: "Text colour as #rrggbb or #rrggbbaa.") var color = "#000000"
    @Option(help: "Hyphenate with the dictionary of this language (en-US, de, fr); sets the text's language.")
    var hyphenate: String?
    @Option(name: .customLong("hyphenation-factor"), help: "Hyphenate lines filled less than this (0…1; default 1 with --hyphenate).")
    var hyphenationFactor: Double?
    @Flag(help: "Justify (the same as --align justified).") var justify = false
    @Option(name: .customLong("line-breaking"), help: "greedy or optimal (Knuth–Plass).") var lineBreaking = "greedy"
    @Option(help: "How justified lines stretch: automatic (spaces; clusters in lines without spaces), inter-word (Core Text's) or inter-cluster (spaces to 150 %, then clusters).")
    var justification = "automatic"

    /// The catalog the options name.
    func catalog() throws -> FontCatalog {
        fontDirectories.isEmpty ? .system : try FontCatalog(directories: fontDirectories.map { URL(fileURLWithPath: $0) })
    }

    func primaryFont(_ catalog: FontCatalog) throws -> Font {
        if let fontFile { return try Font(url: URL(fileURLWithPath: fontFile), size: CGFloat(size), catalog: catalog) }
        return try Font(name: font ?? "sans-serif", size: CGFloat(size), catalog: catalog)
    }

    func paragraphStyle() throws -> ParagraphStyle {
        var style = ParagraphStyle()
        switch align.lowercased() {
        case "left": style.alignment = .left
        case "right": style.alignment = .right
        case "center", "centre": style.alignment = .center
        case "justified", "justify": style.alignment = .justified
        case "natural": style.alignment = .natural
        default: throw ValidationError("--align must be left, right, center, justified or natural")
        }
        switch direction.lowercased() {
        case "natural": style.baseWritingDirection = .natural
        case "ltr": style.baseWritingDirection = .leftToRight
        case "rtl": style.baseWritingDirection = .rightToLeft
        default: throw ValidationError("--direction must be natural, ltr or rtl")
        }
        switch lineBreak.lowercased() {
        case "word": style.lineBreakMode = .byWordWrapping
        case "char": style.lineBreakMode = .byCharWrapping
        case "clip": style.lineBreakMode = .byClipping
        case "head": style.lineBreakMode = .byTruncatingHead
        case "tail": style.lineBreakMode = .byTruncatingTail
        case "middle": style.lineBreakMode = .byTruncatingMiddle
        default: throw ValidationError("--line-break must be word, char, clip, head, tail or middle")
        }
        if justify { style.alignment = .justified }
        if hyphenate != nil || hyphenationFactor != nil { style.hyphenationFactor = Float(hyphenationFactor ?? 1) }
        switch lineBreaking.lowercased() {
        case "greedy": style.lineBreakStrategy = .greedy
        case "optimal": style.lineBreakStrategy = .optimal()
        default: throw ValidationError("--line-breaking must be greedy or optimal")
        }
        switch justification.lowercased() {
        case "automatic": style.justification = .automatic
        case "inter-word": style.justification = .interWord
        case "inter-cluster": style.justification = .interCluster
        default: throw ValidationError("--justification must be automatic, inter-word or inter-cluster")
        }
        style.lineHeightMultiple = CGFloat(lineHeight)
        style.paragraphSpacing = CGFloat(paragraphSpacing)
        for entry in (tabs ?? "").split(separator: ",") {
            var text = String(entry)
            var alignment = TextAlignment.left
            var decimal = false
            if let last = text.last, "rcd".contains(last) {
                text.removeLast()
                alignment = last == "c" ? .center : .right
                decimal = last == "d"
            }
            guard let location = Double(text) else { throw ValidationError("tab stop \"\(entry)\" is not a number") }
            style.tabStops.append(decimal ? .decimal(location: CGFloat(location)) : TextTab(alignment: alignment, location: CGFloat(location)))
        }
        return style
    }

    /// The attributed string for a text with these options.
    func attributedString(_ text: String, font: Font) throws -> NSAttributedString {
        guard let foreground = Color(hex: color) else { throw ValidationError("colour \(color) is not #rrggbb") }
        var attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: foreground, .paragraphStyle: try paragraphStyle()]
        if let features {
            attributes[.fontFeatureSettings] = try features.split(separator: ",").map { entry in
                guard let setting = FontFeatureSetting(string: String(entry)) else {
                    throw ValidationError("feature \"\(entry)\" is not in hb-shape's syntax")
                }
                return setting
            }
        }
        if let language = language ?? hyphenate { attributes[NSAttributedString.Key.language] = language }
        return NSAttributedString(string: text, attributes: attributes)
    }

    /// A file's text, or the argument itself when no such file exists.
    static func text(_ argument: String) throws -> (text: String, isFile: Bool) {
        guard FileManager.default.fileExists(atPath: argument) else { return (argument, false) }
        return (try String(contentsOfFile: argument, encoding: .utf8), true)
    }
}
