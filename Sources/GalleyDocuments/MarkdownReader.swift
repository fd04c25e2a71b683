internal import CCmarkGFM
import Foundation
import Galley

/// Markdown to an attributed string: cmark-gfm parses (CommonMark, with GitHub's tables, strikethrough and
/// autolinks), and this walks its tree. Every character of the source's text lands in the result:
/// - paragraphs, headings (bold, sized by `MarkdownStyle.headingScales`), code blocks (monospace, lines kept apart
///   by U+2028 inside one paragraph) and table rows (cells apart by tabs, the header row bold) are paragraphs;
///   a thematic break is an empty one;
/// - list items start with their marker and a tab (the marker hangs in the indent; its run has
///   `MarkdownReader.listMarkerKey`), block quotes and lists indent by `MarkdownStyle.indent` a level;
/// - emphasis is the italic face, strong emphasis the bold one (the family's faces where it has them), code spans
///   monospace, strikethrough `.strikethroughStyle`, each also as an `InlinePresentationIntent`; links `.link` (a
///   `URL`) in `linkColor`; soft breaks are spaces, hard breaks U+2028;
/// - raw HTML is kept as text; an image is a `TextAttachment` when it is a PNG file that `MarkdownStyle.baseURL`
///   reaches (scaled down to `maximumImageWidth`), else its alternative text, linked to the image.
struct MarkdownReader {
    /// The key that marks a list item's marker (its value the marker text): text the document shows but that is
    /// not in its source's words.
    static let listMarkerKey = NSAttributedString.Key("GalleyListMarker")

    let style: MarkdownStyle
    /// The text so far and its runs: kept in Swift and made into an attributed string once, at the end (by
    /// `AttributedStringBuilder`, each distinct run's attributes made once).
    private var written = ""
    private var length = 0
    private var runs: [(range: Range<Int>, key: RunKey)] = []
    private var fonts: [FontKey: Font] = [:]
    private lazy var monospace: Font = style.monospaceFont ?? style.font.monospacedFace()

    // Inline state.
    private var strong = 0
    private var emphasis = 0
    private var struck = 0
    private var links: [URL?] = []
    private var headingLevel: Int? = nil
    private var inCode = false
    private var inCodeBlock = false
    private var inHeaderRow = false
    /// Inside an image shown as an attachment (nested images counted).
    private var imageDepth = 0

    // Block state: open containers (lists and quotes, outermost first), the marker waiting for an item's first
    // paragraph, where the open paragraph started.
    private enum Container {
        case quote
        case list(ordered: Bool, next: Int)
    }
    private var containers: [Container] = []
    /// How many of `containers` are lists, and how many of those tight (kept, not counted: a list can nest 20,000
    /// deep).
    private var listDepth = 0
    private var tightDepth = 0
    private var pendingMarker: String? = nil
    /// The first run of the open paragraph (nil: none is open).
    private var paragraphFirstRun: Int? = nil
    private var cellsInRow = 0

    private struct FontKey: Hashable {
        var bold: Bool, italic: Bool, monospace: Bool, size: CGFloat
    }

    /// What a run's attributes are made from (`attributes(of:)`).
    private struct RunKey: Hashable {
        var font: FontKey
        var struck = false
        var intent: InlinePresentationIntent.RawValue = 0
        var headingLevel: Int? = nil
        var link: URL? = nil
        var listMarker: String? = nil
        /// Equal only to itself (`RunDelegate` is an `NSObject` compared by identity).
        var attachment: TextAttachment? = nil
        var paragraphStyle: ParagraphStyle? = nil
    }

    /// A reader with `style`'s lengths made usable: NaN, infinite and negative ones become 0 (image widths: the
    /// default), heading scales that are not positive and finite become 1.
    init(style: MarkdownStyle) {
        var style = style
        func length(_ value: CGFloat, _ fallback: CGFloat = 0) -> CGFloat {
            value.isFinite && value >= 0 ? min(value, LayoutLimits.maximumExtent) : fallback
        }
        style.indent = length(style.indent)
        style.paragraphSpacing = length(style.paragraphSpacing)
        style.maximumImageWidth = length(style.maximumImageWidth, 468)
        style.headingScales = style.headingScales.map { $0.isFinite && $0 > 0 ? $0 : 1 }
        self.style = style
    }

    mutating func read(_ text: String) -> NSAttributedString {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return NSAttributedString(string: text) }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink"] {
            if let extensionPointer = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, extensionPointer) }
        }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return NSAttributedString(string: text) }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return NSAttributedString(string: text) }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, entering: event == CMARK_EVENT_ENTER)
        }
        // The last paragraph's separator: the text ends there.
        if written.utf16.last == 0x0A, let last = runs.last {
            // (By units: a CR before it would make one Character of the two.)
            written = String(decoding: written.utf16.dropLast(), as: UTF16.self)
            length -= 1
            if last.range.count > 1 { runs[runs.count - 1].range = last.range.lowerBound..<(last.range.upperBound - 1) } else { runs.removeLast() }
        }
        let runs = runs
        return AttributedStringBuilder.build(units: Array(written.utf16), runs: runs) { key in attributes(of: key) }
    }

    private mutating func visit(_ node: OpaquePointer, entering: Bool) {
        let kind = cmark_node_get_type(node)
        let name = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        switch (kind, name) {
        case (CMARK_NODE_PARAGRAPH, _), (CMARK_NODE_HEADING, _):
            if kind == CMARK_NODE_HEADING { headingLevel = entering ? Int(cmark_node_get_heading_level(node)) : nil }
            // A paragraph in a table cell is inline content of the row.
            if entering { beginParagraph() } else { endParagraph() }
        case (CMARK_NODE_CODE_BLOCK, _), (CMARK_NODE_HTML_BLOCK, _):
            beginParagraph()
            var literal = Self.literal(node)
            if literal.hasSuffix("\n") { literal.removeLast() }
            inCode = kind == CMARK_NODE_CODE_BLOCK
            inCodeBlock = inCode
            append(literal.replacingOccurrences(of: "\r\n", with: "\u{2028}").replacingOccurrences(of: "\n", with: "\u{2028}"))
            inCode = false
            inCodeBlock = false
            endParagraph()
        case (CMARK_NODE_THEMATIC_BREAK, _):
            beginParagraph()
            endParagraph()
        case (CMARK_NODE_BLOCK_QUOTE, _):
            if entering { containers.append(.quote) } else { containers.removeLast() }
        case (CMARK_NODE_LIST, _):
            let tight = cmark_node_get_list_tight(node) != 0
            if entering {
                containers.append(.list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                                        next: Int(cmark_node_get_list_start(node))))
            } else {
                containers.removeLast()
            }
            listDepth += entering ? 1 : -1
            if tight { tightDepth += entering ? 1 : -1 }
        case (CMARK_NODE_ITEM, _):
            guard entering, case .list(let ordered, let next)? = containers.last else { return }
            pendingMarker = ordered ? "\(next)." : style.bullets.isEmpty ? "•" : style.bullets[(listDepth - 1) % style.bullets.count]
            containers[containers.count - 1] = .list(ordered: ordered, next: next + 1)
        case (_, "table_row"), (_, "table_header"):
            if entering {
                inHeaderRow = cmark_gfm_extensions_get_table_row_is_header(node) != 0
                cellsInRow = 0
                beginParagraph()
            } else {
                endParagraph()
                inHeaderRow = false
            }
        case (_, "table_cell"):
            if entering, cellsInRow > 0 { append("\t") }
            if entering { cellsInRow += 1 }
        case (CMARK_NODE_TEXT, _), (CMARK_NODE_HTML_INLINE, _):
            append(Self.literal(node))
        case (CMARK_NODE_CODE, _):
            inCode = true
            append(Self.literal(node))
            inCode = false
        case (CMARK_NODE_SOFTBREAK, _):
            append(" ")
        case (CMARK_NODE_LINEBREAK, _):
            append("\u{2028}")
        case (CMARK_NODE_EMPH, _):
            emphasis += entering ? 1 : -1
        case (CMARK_NODE_STRONG, _):
            strong += entering ? 1 : -1
        case (_, "strikethrough"):
            struck += entering ? 1 : -1
        case (CMARK_NODE_IMAGE, _) where entering && imageDepth == 0:
            // A PNG the base URL reaches is an attachment in place of its alternative text; anything else is the text.
            let source = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let url = URL(string: source)
            if let attachment = DocumentImage.attachment(source: source, baseURL: style.baseURL, maximumWidth: style.maximumImageWidth) {
                var key = runKey()
                key.attachment = attachment
                beginParagraph()
                appendRun("\u{FFFC}", key)
                imageDepth = 1
            } else {
                links.append(url)
            }
        case (CMARK_NODE_IMAGE, _) where imageDepth > 0:
            if entering { imageDepth += 1 } else { imageDepth -= 1 }
        case (CMARK_NODE_LINK, _), (CMARK_NODE_IMAGE, _):
            if entering {
                links.append(cmark_node_get_url(node).flatMap { URL(string: String(cString: $0)) })
            } else {
                links.removeLast()
            }
        default:
            break
        }
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    // MARK: Paragraphs

    private mutating func beginParagraph() {
        guard paragraphFirstRun == nil else { return }
        paragraphFirstRun = runs.count
        if let marker = pendingMarker {
            pendingMarker = nil
            var key = runKey()
            key.listMarker = marker
            appendRun(marker + "\t", key)
        }
    }

    private mutating func endParagraph() {
        guard let first = paragraphFirstRun else { return }
        paragraphFirstRun = nil
        appendRun("\n", runKey())
        let style = paragraphStyle(hasMarker: runs[first].key.listMarker != nil)
        for index in first..<runs.count { runs[index].key.paragraphStyle = style }
    }

    private func paragraphStyle(hasMarker: Bool) -> ParagraphStyle {
        var paragraph = ParagraphStyle()
        let lead = CGFloat(containers.count) * style.indent
        paragraph.headIndent = lead
        paragraph.firstLineHeadIndent = hasMarker ? max(lead - style.indent, 0) : lead
        paragraph.tabStops = hasMarker ? [TextTab(alignment: .natural, location: lead)] : []
        paragraph.defaultTabInterval = style.indent * 3
        paragraph.paragraphSpacing = tightDepth > 0 ? 0 : style.paragraphSpacing
        if headingLevel != nil { paragraph.paragraphSpacingBefore = style.paragraphSpacing }
        return paragraph
    }

    // MARK: Text

    private mutating func append(_ text: String) {
        // (Inside an image shown as an attachment: its alternative text is not shown.)
        guard !text.isEmpty, imageDepth == 0 else { return }
        beginParagraph()
        appendRun(text, runKey())
    }

    private mutating func appendRun(_ string: String, _ key: RunKey) {
        let count = string.utf16.count
        guard count > 0 else { return }
        written += string
        runs.append((length..<(length + count), key))
        length += count
    }

    /// The key of text appended now, from the inline state (without a paragraph style: its paragraph adds it).
    private func runKey() -> RunKey {
        var size = style.font.size
        if let level = headingLevel, !style.headingScales.isEmpty {
            size *= style.headingScales[min(level, style.headingScales.count) - 1]
        }
        var key = RunKey(font: FontKey(bold: strong > 0 || headingLevel != nil || inHeaderRow, italic: emphasis > 0, monospace: inCode, size: size))
        key.struck = struck > 0
        var intent: InlinePresentationIntent = []
        if emphasis > 0 { intent.insert(.emphasized) }
        if strong > 0 { intent.insert(.stronglyEmphasized) }
        if inCode && !inCodeBlock { intent.insert(.code) }
        if struck > 0 { intent.insert(.strikethrough) }
        key.intent = intent.rawValue
        key.headingLevel = headingLevel
        key.link = links.last ?? nil
        return key
    }

    /// A run's attributes.
    private mutating func attributes(of key: RunKey) -> [NSAttributedString.Key: Any] {
        var attributes: [NSAttributedString.Key: Any] = [.font: font(key.font)]
        if key.struck { attributes[.strikethroughStyle] = UnderlineStyle.single.rawValue }
        // (As a number, as Foundation keeps it in attributed strings: see `InlinePresentationIntent`.)
        if key.intent != 0 { attributes[.inlinePresentationIntent] = key.intent }
        if let headingLevel = key.headingLevel { attributes[.headingLevel] = headingLevel }
        if let link = key.link {
            attributes[.link] = link
            if let color = style.linkColor { attributes[.foregroundColor] = color }
        }
        if let marker = key.listMarker { attributes[Self.listMarkerKey] = marker }
        if let attachment = key.attachment { attributes[.attachment] = attachment }
        if let paragraphStyle = key.paragraphStyle { attributes[.paragraphStyle] = paragraphStyle }
        return attributes
    }

    private mutating func font(_ key: FontKey) -> Font {
        if let known = fonts[key] { return known }
        var font = key.monospace ? monospace : style.font
        if font.size != key.size, let sized = try? font.withSize(key.size) { font = sized }
        font = font.styled(bold: key.bold, italic: key.italic)
        fonts[key] = font
        return font
    }

}
