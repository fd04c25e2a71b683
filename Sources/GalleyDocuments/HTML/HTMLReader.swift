internal import CHTMLParser
import Foundation
import Galley

/// Reads HTML into text and runs of Galley attributes: libxml2's HTML parser builds the tree (entities, encodings,
/// unclosed and misnested elements), and the reader walks it without recursion.
///
/// The subset NSAttributedString's HTML import carries: blocks (`p`, `div`, `h1`–`h6`, `li`, `blockquote`, `pre`,
/// table rows, …) are paragraphs, `br` a line break (U+2028); `b`/`strong`, `i`/`em`, `u`, `s`/`del`, `sup`/`sub`,
/// `a href`, `code`/`pre` (monospace), `font` (face, size, color), `small`/`big`, `mark`; inline CSS (`font-family`,
/// `font-size`, `font-weight`, `font-style`, `color`, `background-color`, `text-decoration`, `vertical-align`,
/// `text-align`, `line-height`, margins, `text-indent`, `direction`) on any element; `img` (a PNG from a `data:` URL
/// or a file beside the document) as an attachment; list items with their markers (`•`, `1.`) as text under
/// `MarkdownReader.listMarkerKey`, hanging. White space collapses as CSS's `normal` does, except in `pre`.
/// `head`, `script`, `style` and `template` show nothing.
struct HTMLReader {
    struct CharacterFormat: Hashable {
        var family: String?
        var monospace = false
        var size: CGFloat
        var bold = false
        var italic = false
        var underline = false
        var strikethrough = false
        /// 1 raised (`sup`), -1 lowered (`sub`).
        var position = 0
        var color: Color?
        var background: Color?
        var link: String?
    }

    struct ParagraphFormat: Hashable {
        var alignment = TextAlignment.natural
        var left: CGFloat = 0
        var right: CGFloat = 0
        var firstLine: CGFloat = 0
        var before: CGFloat = 0
        var after: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var lineHeight: CGFloat = 0
        var rightToLeft: Bool?
        var preformatted = false
    }

    /// One open element's formatting.
    struct Scope {
        var character: CharacterFormat
        var paragraph: ParagraphFormat
        /// The numbering of the list this element is (ordered: the next number), for its items.
        var list: (ordered: Bool, next: Int)?
        var listDepth = 0
        var hidden = false
    }

    /// What a run's attributes depend on.
    struct RunKey: Hashable {
        var character: CharacterFormat
        var paragraph: ParagraphFormat
        var attachment: TextAttachment?
        var isListMarker = false
    }

    typealias Run = (range: Range<Int>, key: RunKey)

    let style: MarkdownStyle
    var units: [UInt16] = []
    var runs: [Run] = []
    var paragraphFirstRun = 0
    var paragraphFirstUnit = 0
    /// Whether the open paragraph has text.
    var paragraphHasText = false
    var scopes: [Scope] = []

    init(style: MarkdownStyle) {
        self.style = style
    }

    /// Reads the document; invalid UTF-8 (without a declared charset) is read with U+FFFD in its place.
    mutating func read(_ data: Data) -> NSAttributedString {
        var bytes = [UInt8](data)
        let declaresCharset = Self.declaresCharset(bytes)
        if !declaresCharset, String(validating: bytes, as: UTF8.self) == nil {
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                galley_html_parse(characters.baseAddress, Int32(clamping: characters.count), declaresCharset ? nil : "UTF-8")
            }
        }
        guard let document else { return NSAttributedString(string: "") }
        defer { galley_html_free_document(document) }
        scopes = [Scope(character: CharacterFormat(size: style.font.size), paragraph: ParagraphFormat())]
        if let root = galley_html_root(document) { walk(root, document: document) }
        endParagraph(final: true)
        // Every block ends with a line feed but the document's last (so `<p>a</p>` is "a", and an empty last paragraph,
        // `<p><br></p>`, is a final line feed: what the writer writes for one).
        if units.last == 0x0A { removeLastUnit() }
        return attributedString()
    }

    /// Whether the first kilobyte declares an encoding (`<meta charset=…>` or `content="…; charset=…"`).
    static func declaresCharset(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased().contains("charset=")
    }

    // MARK: The tree

    private mutating func walk(_ root: UnsafeMutableRawPointer, document: UnsafeMutableRawPointer) {
        var stack: [(node: UnsafeMutableRawPointer, entering: Bool)] = [(root, true)]
        while let (node, entering) = stack.popLast() {
            switch galley_html_node_type(node) {
            case 1:  // an element
                let name = galley_html_node_name(node).map { String(cString: $0).lowercased() } ?? ""
                if entering {
                    enter(name, Self.attributes(node, document: document))
                    stack.append((node, false))
                    var children: [UnsafeMutableRawPointer] = []
                    var child = galley_html_first_child(node)
                    while let current = child {
                        children.append(current)
                        child = galley_html_next_sibling(current)
                    }
                    for child in children.reversed() { stack.append((child, true)) }
                } else {
                    leave(name)
                }
            case 3, 4:  // text, CDATA
                if let content = galley_html_node_content(node), !(scopes.last?.hidden ?? false) { text(String(cString: content)) }
            default:
                break
            }
        }
    }

    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre", "tr", "table", "ul", "ol", "dl", "dt",
        "dd", "section", "article", "header", "footer", "nav", "aside", "figure", "figcaption", "address", "main",
        "center", "hr", "body", "html", "caption", "form", "fieldset", "details", "summary",
    ]
    static let hidden: Set<String> = ["head", "script", "style", "template", "title", "noscript", "iframe", "object"]
    static let headingScales: [String: CGFloat] = ["h1": 2, "h2": 1.5, "h3": 1.17, "h4": 1, "h5": 0.83, "h6": 0.67]

    private mutating func enter(_ name: String, _ attributes: [String: String]) {
        var scope = scopes[scopes.count - 1]
        scope.list = nil
        if Self.hidden.contains(name) { scope.hidden = true }
        let isBlock = Self.blocks.contains(name)
        if isBlock { endParagraph() }
        var character = scope.character
        var paragraph = scope.paragraph
        // A block's space before and after and its first-line indent are its own; its side margins add to its parent's.
        if isBlock {
            paragraph.before = 0
            paragraph.after = 0
            paragraph.firstLine = 0
        }
        switch name {
        case "p": paragraph.after = character.size
        case "b", "strong", "th": character.bold = true
        case "i", "em", "cite", "var", "dfn", "address": character.italic = true
        case "u", "ins": character.underline = true
        case "s", "strike", "del": character.strikethrough = true
        case "sup": character.position = 1
        case "sub": character.position = -1
        case "code", "tt", "kbd", "samp": character.monospace = true
        case "pre":
            character.monospace = true
            paragraph.preformatted = true
        case "small": character.size /= 1.2
        case "big": character.size *= 1.2
        case "mark": character.background = Color(red: 1, green: 1, blue: 0)
        case "a": if let href = attributes["href"] { character.link = href }
        case "center": paragraph.alignment = .center
        case "blockquote":
            paragraph.left += 30
            paragraph.right += 30
        case "ul", "ol":
            scope.list = (name == "ol", Int(attributes["start"] ?? "") ?? 1)
            scope.listDepth += 1
            paragraph.left += 27
        case "font":
            if let face = attributes["face"].flatMap(CSSValues.firstFamily) { character.family = face }
            if let color = attributes["color"].flatMap(CSSValues.color) { character.color = color }
            if let size = attributes["size"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                let sizes: [CGFloat] = [7.5, 10, 12, 13.5, 18, 24, 36]
                character.size = sizes[min(max(size, 1), 7) - 1]
            }
        default:
            if let scale = Self.headingScales[name] {
                character.bold = true
                character.size = scope.character.size * scale
                paragraph.before = character.size * 0.5
                paragraph.after = character.size * 0.5
            }
        }
        if let align = attributes["align"] { paragraph.alignment = Self.alignment(align) ?? paragraph.alignment }
        if let direction = attributes["dir"]?.lowercased() { paragraph.rightToLeft = direction == "rtl" ? true : direction == "ltr" ? false : nil }
        if let css = attributes["style"] { apply(CSSValues.declarations(css), to: &character, &paragraph, parentSize: scope.character.size) }
        scope.character = character
        scope.paragraph = paragraph
        scopes.append(scope)

        switch name {
        case "br":
            emit("\u{2028}")
        case "img":
            // HTML's width and height are CSS pixels.
            func pixels(_ value: String?) -> CGFloat {
                guard let value, let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite, number > 0 else { return 0 }
                return CGFloat(min(number, 100_000)) * 0.75
            }
            let size = CGSize(width: pixels(attributes["width"]), height: pixels(attributes["height"]))
            if let source = attributes["src"],
                let attachment = DocumentImage.attachment(source: source, baseURL: style.baseURL, size: size, maximumWidth: style.maximumImageWidth)
            {
                emit("\u{FFFC}", attachment: attachment)
            } else if let alternative = attributes["alt"], !alternative.isEmpty {
                text(alternative)
            }
        case "li":
            // The marker of the list this item is in (the scope below the item's own).
            let parent = scopes.count >= 2 ? scopes.count - 2 : 0
            if let list = scopes[parent].list {
                let marker = list.ordered ? "\(list.next).\t" : style.bullets[(scopes[parent].listDepth - 1) % max(style.bullets.count, 1)] + "\t"
                if list.ordered { scopes[parent].list?.next += 1 }
                scopes[scopes.count - 1].paragraph.firstLine = -min(27, scopes[scopes.count - 1].paragraph.left)
                emit(marker, listMarker: true)
            }
        case "td", "th":
            if paragraphHasText { emit("\t") }
        default:
            break
        }
    }

    private mutating func leave(_ name: String) {
        if Self.blocks.contains(name) { endParagraph() }
        if scopes.count > 1 { scopes.removeLast() }
    }

    /// Inline CSS onto the formatting.
    private func apply(_ css: [String: String], to character: inout CharacterFormat, _ paragraph: inout ParagraphFormat, parentSize: CGFloat) {
        for (property, value) in css {
            let lower = value.lowercased()
            switch property {
            case "font-family": character.family = CSSValues.firstFamily(value) ?? character.family
            case "font-size": character.size = CSSValues.fontSize(value, parent: parentSize) ?? character.size
            case "font-weight": character.bold = lower == "bold" || lower == "bolder" || (Int(lower) ?? 400) >= 600
            case "font-style": character.italic = lower == "italic" || lower == "oblique"
            case "color": character.color = CSSValues.color(value) ?? character.color
            case "background-color", "background": character.background = CSSValues.color(value) ?? character.background
            case "text-decoration", "text-decoration-line":
                if lower.contains("none") {
                    character.underline = false
                    character.strikethrough = false
                }
                if lower.contains("underline") { character.underline = true }
                if lower.contains("line-through") { character.strikethrough = true }
            case "vertical-align":
                character.position = lower == "super" ? 1 : lower == "sub" ? -1 : lower == "baseline" ? 0 : character.position
            case "text-align": paragraph.alignment = Self.alignment(value) ?? paragraph.alignment
            case "direction": paragraph.rightToLeft = lower == "rtl" ? true : lower == "ltr" ? false : paragraph.rightToLeft
            case "line-height":
                if let number = Double(lower), number.isFinite, number > 0 {
                    paragraph.lineHeightMultiple = CGFloat(min(number, 100))
                } else if lower.hasSuffix("%"), let percent = Double(lower.dropLast()), percent.isFinite, percent > 0 {
                    paragraph.lineHeightMultiple = CGFloat(min(percent, 10_000)) / 100
                } else if let points = CSSValues.length(value, relativeTo: character.size), points > 0 {
                    paragraph.lineHeight = points
                }
            case "margin-left", "padding-left": paragraph.left += CSSValues.length(value, relativeTo: character.size) ?? 0
            case "margin-right", "padding-right": paragraph.right += CSSValues.length(value, relativeTo: character.size) ?? 0
            case "margin-top": paragraph.before = CSSValues.length(value, relativeTo: character.size) ?? paragraph.before
            case "margin-bottom": paragraph.after = CSSValues.length(value, relativeTo: character.size) ?? paragraph.after
            case "margin":
                let parts = value.split(separator: " ").map { CSSValues.length(String($0), relativeTo: character.size) ?? 0 }
                guard !parts.isEmpty else { continue }
                let (top, right, bottom, left) = switch parts.count {
                case 1: (parts[0], parts[0], parts[0], parts[0])
                case 2: (parts[0], parts[1], parts[0], parts[1])
                case 3: (parts[0], parts[1], parts[2], parts[1])
                default: (parts[0], parts[1], parts[2], parts[3])
                }
                paragraph.before = top
                paragraph.after = bottom
                paragraph.left += left
                paragraph.right += right
            case "text-indent": paragraph.firstLine = CSSValues.length(value, relativeTo: character.size) ?? paragraph.firstLine
            case "white-space": paragraph.preformatted = lower.hasPrefix("pre")
            default: break
            }
        }
    }

    static func alignment(_ value: String) -> TextAlignment? {
        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
        case "left": .left
        case "right": .right
        case "center", "middle": .center
        case "justify": .justified
        case "start": .natural
        default: nil
        }
    }

    /// An element's attributes by lower-cased name (their values as libxml2 decoded them).
    static func attributes(_ node: UnsafeMutableRawPointer, document: UnsafeMutableRawPointer) -> [String: String] {
        var result: [String: String] = [:]
        var attribute = galley_html_first_attribute(node)
        while let current = attribute {
            let value = galley_html_attribute_value(document, current)
            defer { galley_html_free(value) }
            result[String(cString: galley_html_attribute_name(current)).lowercased()] = value.map { String(cString: $0) } ?? ""
            attribute = galley_html_next_attribute(current)
        }
        return result
    }

    // MARK: Text

    /// A text node: white space collapsed as CSS's `white-space: normal` does, except in `pre`.
    private mutating func text(_ string: String) {
        let scope = scopes[scopes.count - 1]
        if scope.paragraph.preformatted {
            var pieces = string.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            // A line feed right after <pre> is not content (HTML's rule).
            if !paragraphHasText, pieces.first?.isEmpty == true, pieces.count > 1 { pieces.removeFirst() }
            emit(pieces.joined(separator: "\u{2028}"))
            return
        }
        // Each stretch of white space is one space, set with the text it follows (as browsers do); none at a line's
        // start, and the one at a line's end goes when the line ends (`trimTrailingSpace`).
        var collapsed = ""
        for character in string {
            if character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n" || character == "\u{C}" {
                let atLineStart = collapsed.isEmpty && (!paragraphHasText || units.last == 0x2028 || units.last == 0x20)
                if !atLineStart, collapsed.last != " " { collapsed.append(" ") }
            } else {
                collapsed.append(character)
            }
        }
        append(collapsed)
    }

    /// Removes the space that ends the open line (a paragraph's end, or before a line break).
    private mutating func trimTrailingSpace() {
        guard units.count > paragraphFirstUnit, units.last == 0x20, runs.last?.key.paragraph.preformatted == false else { return }
        removeLastUnit()
        paragraphHasText = units.count > paragraphFirstUnit
    }

    /// Takes the last unit out of the text and out of its run.
    private mutating func removeLastUnit() {
        units.removeLast()
        guard let last = runs.last else { return }
        if last.range.count == 1 { runs.removeLast() } else { runs[runs.count - 1].range = last.range.lowerBound..<units.count }
    }

    /// A line break (the space before it goes), a picture or a list marker.
    private mutating func emit(_ string: String, attachment: TextAttachment? = nil, listMarker: Bool = false) {
        if string == "\u{2028}" { trimTrailingSpace() }
        append(string, attachment: attachment, listMarker: listMarker)
    }

    private mutating func append(_ string: String, attachment: TextAttachment? = nil, listMarker: Bool = false) {
        guard !string.isEmpty else { return }
        let scope = scopes[scopes.count - 1]
        let start = units.count
        units.append(contentsOf: string.utf16)
        paragraphHasText = true
        let key = RunKey(character: scope.character, paragraph: scope.paragraph, attachment: attachment, isListMarker: listMarker)
        if attachment == nil, !listMarker, let last = runs.last, last.range.upperBound == start, last.key == key {
            runs[runs.count - 1].range = last.range.lowerBound..<units.count
        } else {
            runs.append((start..<units.count, key))
        }
    }

    /// Ends the open paragraph (if it has text) with a line feed; all of it takes its first run's paragraph format.
    private mutating func endParagraph(final: Bool = false) {
        trimTrailingSpace()
        guard paragraphHasText else { return }
        // A paragraph of one line break is an empty paragraph (`<p><br></p>`, as Cocoa and editors write one).
        if units.count == paragraphFirstUnit + 1, units.last == 0x2028, let last = runs.last {
            removeLastUnit()
            if final { return }
            // Its line feed takes the formatting the line break had.
            runs.append((units.count..<(units.count + 1), RunKey(character: last.key.character, paragraph: last.key.paragraph)))
            units.append(0x0A)
        } else if !final {
            append("\n")
        }
        if paragraphFirstRun < runs.count {
            let paragraph = runs[paragraphFirstRun].key.paragraph
            for index in paragraphFirstRun..<runs.count { runs[index].key.paragraph = paragraph }
        }
        paragraphFirstRun = runs.count
        paragraphFirstUnit = units.count
        paragraphHasText = false
    }

    // MARK: The attributed string

    private func attributedString() -> NSAttributedString {
        var fonts: [FontKey: Font] = [:]
        var monospace: Font?  // the catalog's monospaced face, looked for once
        var styles: [ParagraphFormat: ParagraphStyle] = [:]
        return AttributedStringBuilder.build(units: units, runs: runs) { run in
            var attributes: [NSAttributedString.Key: Any] = [:]
            let character = run.character
            let key = FontKey(family: character.family, monospace: character.monospace, size: character.size,
                              bold: character.bold, italic: character.italic)
            let font = fonts[key] ?? font(key, monospace: &monospace)
            fonts[key] = font
            attributes[.font] = font
            let style = styles[run.paragraph] ?? Self.paragraphStyle(run.paragraph)
            styles[run.paragraph] = style
            attributes[.paragraphStyle] = style
            if let color = character.color { attributes[.foregroundColor] = color }
            if let color = character.background { attributes[.backgroundColor] = color }
            if character.underline { attributes[.underlineStyle] = UnderlineStyle.single.rawValue }
            if character.strikethrough { attributes[.strikethroughStyle] = UnderlineStyle.single.rawValue }
            if character.position != 0 { attributes[.superscript] = character.position }
            if let link = character.link { attributes[.link] = URL(string: link) ?? link as Any }
            if let attachment = run.attachment { attributes[.attachment] = attachment }
            if run.isListMarker { attributes[MarkdownReader.listMarkerKey] = true }
            return attributes
        }
    }

    private struct FontKey: Hashable {
        var family: String?
        var monospace: Bool
        var size: CGFloat
        var bold: Bool
        var italic: Bool
    }

    /// The family named (the catalog's match: a generic name such as `serif` or `monospace` goes to fontconfig's
    /// alias), else the style's font (or its monospaced one), at the size and with the traits asked for.
    private func font(_ key: FontKey, monospace: inout Font?) -> Font {
        let size = min(max(key.size, 1), 1_600)
        var font = style.font
        if key.monospace {
            font = monospace ?? style.monospaceFont ?? style.font.monospacedFace()
            monospace = font
        }
        if !key.monospace, let family = key.family, let named = try? Font(name: family, size: size, catalog: style.font.catalog) {
            font = named
        } else if let sized = try? font.withSize(size) {
            font = sized
        }
        return font.styled(bold: key.bold, italic: key.italic)
    }

    static func paragraphStyle(_ paragraph: ParagraphFormat) -> ParagraphStyle {
        var style = ParagraphStyle(baseWritingDirection: paragraph.rightToLeft.map { $0 ? .rightToLeft : .leftToRight } ?? .natural)
        style.alignment = paragraph.alignment
        style.headIndent = max(paragraph.left, 0)
        style.firstLineHeadIndent = max(paragraph.left + paragraph.firstLine, 0)
        style.tailIndent = -max(paragraph.right, 0)
        style.paragraphSpacingBefore = max(paragraph.before, 0)
        style.paragraphSpacing = max(paragraph.after, 0)
        style.lineHeightMultiple = paragraph.lineHeightMultiple
        if paragraph.lineHeight > 0 {
            style.minimumLineHeight = paragraph.lineHeight
            style.maximumLineHeight = paragraph.lineHeight
        }
        return style
    }
}
