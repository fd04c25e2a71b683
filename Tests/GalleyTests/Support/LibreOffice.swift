import Foundation
import Galley

#if canImport(FoundationXML)
import FoundationXML
#endif

/// LibreOffice (Debian's libreoffice-writer-nogui), run headless: the referee for documents. It converts between
/// formats with its own readers and writers, and its flat ODT output (`FlatODT`) says what it read.
enum LibreOffice {
    static let path = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { path != nil }

    /// Converts documents (name with extension → bytes) to `format` ("rtf", "fodt", "txt:Text (encoded):UTF8") in
    /// one LibreOffice run, returning the converted documents by their names' stems.
    static func convert(_ documents: [String: Data], to format: String, inputFilter: String? = nil) throws -> [String: Data] {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-lo-\(UUID().uuidString)")
        let output = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = ["--headless", "--norestore", "-env:UserInstallation=file://\(directory.path)/profile"]
        if let inputFilter { arguments.append("--infilter=\(inputFilter)") }
        arguments += ["--convert-to", format, "--outdir", output.path]
        for (name, data) in documents {
            let file = directory.appendingPathComponent(name)
            try data.write(to: file)
            arguments.append(file.path)
        }
        _ = try runProgram(path, arguments)
        var results: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil) {
            results[file.deletingPathExtension().lastPathComponent] = try Data(contentsOf: file)
        }
        return results
    }
}

/// The formatting of one character, as both sides can say it: LibreOffice's flat ODT and Galley's attributes.
struct CharacterFormatting: Equatable, CustomStringConvertible {
    var bold = false
    var italic = false
    var underline = false
    var strikethrough = false
    /// "#rrggbb", nil for the automatic colour (black counts as automatic).
    var color: String?
    /// 1 raised (superscript), -1 lowered, 0 on the baseline.
    var position = 0
    /// Points, rounded to a half point.
    var size: Double?
    var link: String?

    var description: String {
        var parts: [String] = []
        if bold { parts.append("bold") }
        if italic { parts.append("italic") }
        if underline { parts.append("underline") }
        if strikethrough { parts.append("strike") }
        if let color { parts.append(color) }
        if position != 0 { parts.append(position > 0 ? "raised" : "lowered") }
        if let size { parts.append("\(size)pt") }
        if let link { parts.append("→\(link)") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }

    static func hex(_ color: Color?) -> String? {
        guard let color, !(color.red == 0 && color.green == 0 && color.blue == 0) else { return nil }
        func channel(_ value: CGFloat) -> String { String(format: "%02x", Int((value * 255).rounded())) }
        return "#" + channel(color.red) + channel(color.green) + channel(color.blue)
    }

    /// Galley's reading: the font's traits and size, the decorations, colour, position and link.
    init(_ dictionary: [NSAttributedString.Key: Any]) {
        let attributes = StringAttributes(dictionary)
        if let font = attributes.font {
            bold = font.symbolicTraits.contains(.bold)
            italic = font.symbolicTraits.contains(.italic)
            size = (Double(font.size) * 2).rounded() / 2
        }
        underline = !attributes.underlineStyle.isEmpty
        strikethrough = !attributes.strikethroughStyle.isEmpty
        color = Self.hex(attributes.foregroundColor)
        let shift = attributes.superscript != 0 ? CGFloat(attributes.superscript) : attributes.baselineOffset
        position = shift > 0 ? 1 : shift < 0 ? -1 : 0
        link = (dictionary[.link] as? URL)?.absoluteString ?? dictionary[.link] as? String
    }

    init() {}

    /// Every character's formatting in an attributed string.
    static func of(_ text: NSAttributedString) -> [CharacterFormatting] {
        var result: [CharacterFormatting] = []
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: .longestEffectiveRangeNotRequired) {
            dictionary, range, _ in
            result += Array(repeating: CharacterFormatting(dictionary), count: range.length)
        }
        return result
    }
}

/// What LibreOffice read, from its flat ODT (`.fodt`): the text (paragraphs joined by line feeds, tabs, line breaks
/// as U+2028, list labels left out as ODF keeps them outside the text), each character's formatting from the
/// styles that apply (default, paragraph style chain, spans from outer to inner), and each paragraph's alignment.
struct FlatODT {
    var text: [UInt16] = []
    var formatting: [CharacterFormatting] = []
    var alignments: [String] = []

    init(_ data: Data) throws {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        text = reader.text
        formatting = reader.formatting
        alignments = reader.alignments
        if text.last == 0x0A {
            text.removeLast()
            formatting.removeLast()
        }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        struct Style {
            var parent: String?
            var text: [String: String] = [:]
            var paragraph: [String: String] = [:]
        }

        var styles: [String: Style] = [:]
        var defaultText: [String: String] = [:]
        var currentStyle: String?
        var inDefaultStyle = false
        /// The style names that apply at the current point, outermost first, and the links.
        var styleStack: [String?] = []
        var linkStack: [String?] = []
        var inBody = false
        var paragraphDepth = 0
        var text: [UInt16] = []
        var formatting: [CharacterFormatting] = []
        var alignments: [String] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "style:style":
                currentStyle = attributes["style:name"]
                if let currentStyle { styles[currentStyle] = Style(parent: attributes["style:parent-style-name"]) }
            case "style:default-style":
                inDefaultStyle = attributes["style:family"] == "paragraph"
            case "style:text-properties":
                if let currentStyle { styles[currentStyle]?.text.merge(attributes) { $1 } }
                if inDefaultStyle { defaultText.merge(attributes) { $1 } }
            case "style:paragraph-properties":
                if let currentStyle { styles[currentStyle]?.paragraph.merge(attributes) { $1 } }
            case "office:text":
                inBody = true
            case "text:p" where inBody, "text:h" where inBody:
                paragraphDepth += 1
                styleStack.append(attributes["text:style-name"])
                alignments.append(paragraphProperty("fo:text-align", attributes["text:style-name"]) ?? "start")
            case "text:span" where inBody:
                styleStack.append(attributes["text:style-name"])
            case "text:a" where inBody:
                linkStack.append(attributes["xlink:href"])
            case "text:s" where paragraphDepth > 0:
                add(String(repeating: " ", count: Int(attributes["text:c"] ?? "1") ?? 1))
            case "text:tab" where paragraphDepth > 0:
                add("\t")
            case "text:line-break" where paragraphDepth > 0:
                add("\u{2028}")
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "style:style": currentStyle = nil
            case "style:default-style": inDefaultStyle = false
            case "text:p" where inBody, "text:h" where inBody:
                add("\n")
                styleStack.removeLast()
                paragraphDepth -= 1
            case "text:span" where inBody: styleStack.removeLast()
            case "text:a" where inBody: linkStack.removeLast()
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if paragraphDepth > 0 { add(string) }
        }

        private func chain(_ name: String?) -> [Style] {
            var result: [Style] = []
            var next = name
            var seen: Set<String> = []
            while let current = next, !seen.contains(current), let style = styles[current] {
                seen.insert(current)
                result.insert(style, at: 0)
                next = style.parent
            }
            return result
        }

        private func paragraphProperty(_ key: String, _ style: String?) -> String? {
            chain(style).reversed().lazy.compactMap { $0.paragraph[key] }.first
        }

        private func add(_ string: String) {
            var properties = defaultText
            for name in styleStack {
                for style in chain(name) { properties.merge(style.text) { $1 } }
            }
            var value = CharacterFormatting()
            let weight = properties["fo:font-weight"] ?? "normal"
            value.bold = weight == "bold" || (Int(weight) ?? 400) >= 600
            value.italic = ["italic", "oblique"].contains(properties["fo:font-style"] ?? "normal")
            value.underline = (properties["style:text-underline-style"] ?? "none") != "none"
            value.strikethrough = (properties["style:text-line-through-style"] ?? "none") != "none"
            if let color = properties["fo:color"]?.lowercased(), color != "#000000" { value.color = color }
            if let position = properties["style:text-position"] {
                let first = position.split(separator: " ").first.map(String.init) ?? "0%"
                let percent = first == "super" ? 1 : first == "sub" ? -1 : Double(first.dropLast()) ?? 0
                value.position = percent > 0 ? 1 : percent < 0 ? -1 : 0
            }
            if let size = properties["fo:font-size"], size.hasSuffix("pt"), let points = Double(size.dropLast(2)) {
                value.size = (points * 2).rounded() / 2
            }
            value.link = linkStack.last ?? nil
            let units = Array(string.utf16)
            text += units
            formatting += Array(repeating: value, count: units.count)
        }
    }
}
