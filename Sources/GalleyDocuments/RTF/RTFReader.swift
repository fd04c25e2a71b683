import Foundation
import Galley

/// Reads RTF (RTF 1.9.1 as Word, LibreOffice and Cocoa write it) into text and runs of Galley attributes.
///
/// One pass over the tokens with a stack of groups (no recursion, so any depth costs only memory in proportion to
/// it). Each group carries its character and paragraph formatting and its destination: body text, the font or colour
/// table, a field's instruction, a picture's data, or something skipped (`{\*\…}` destinations the reader does not
/// know, and the known ones that hold no body text: the style sheet, the information group, list tables, headers
/// and footers). Text bytes go through ICU's converter for the code page of the current font's charset, else the
/// document's (`\ansicpgN`, `\mac`); `\uN` gives UTF-16 units directly and skips its `\ucN` fallback bytes.
///
/// Paragraph formatting applies to a whole paragraph as it stands at its `\par` (Word's rule). A hyperlink field's
/// result carries the link. `\listtext` is kept: it holds the marker Cocoa and Word show before a list item.
/// Malformed input is read as far as it goes: unbalanced braces close at the end, a truncated `\bin` takes what is
/// left, a malformed `\'` reads as "?", unknown control words are ignored, as RTF readers must.
struct RTFReader {
    /// Where a group's text goes.
    enum Destination: Equatable {
        case text, skip, fontTable, colorTable, fieldInstruction, picture
    }

    struct Group {
        var character = RTFCharacterFormatting()
        var paragraph = RTFParagraphFormatting()
        var destination = Destination.text
        /// The field (index into `fields`) this group belongs to.
        var field: Int?
    }

    struct FontEntry {
        var name = ""
        var codePage: RTFCodePage?
    }

    /// A picture's data and size while its group is read.
    struct Picture {
        var format: String?
        var data: [UInt8] = []
        var highNibble: UInt8?
        var widthTwips = 0, heightTwips = 0
        var widthPixels = 0, heightPixels = 0
        var scaleX = 100, scaleY = 100
    }

    /// What a run's attributes depend on.
    struct RunKey: Hashable {
        var character: RTFCharacterFormatting
        var paragraph: RTFParagraphFormatting
        var attachment: TextAttachment?
    }

    typealias Run = (range: Range<Int>, key: RunKey)

    let style: MarkdownStyle
    var tokenizer: RTFTokenizer
    var group = Group()
    var stack: [Group] = []

    // The document's settings.
    var documentCodePage = RTFCodePage.windowsLatin1
    var defaultFont: Int?
    var defaultTabTwips = 720
    var documentAttributes = DocumentAttributes()

    // Tables.
    var fonts: [Int: FontEntry] = [:]
    var fontBeingRead: Int?
    var fontName: [UInt16] = []
    var colors: [Color?] = []
    var colorComponents: (red: Int, green: Int, blue: Int)?
    var fields: [[UInt16]] = []
    var picture = Picture()

    // Text.
    var pendingBytes: [UInt8] = []
    var pendingCodePage = RTFCodePage.windowsLatin1
    /// Fallback bytes still to skip after a `\uN`.
    var fallbackToSkip = 0
    /// Set by `\*`: the next control word names a destination to skip unless the reader knows it.
    var ignorableDestination = false
    var units: [UInt16] = []
    var runs: [Run] = []
    var paragraphFirstRun = 0

    init(_ bytes: [UInt8], style: MarkdownStyle) {
        self.style = style
        tokenizer = RTFTokenizer(bytes)
    }

    /// Whether the bytes begin like RTF (`{\rtf`, after white space), and the offset where that opening is or was due.
    static func header(_ bytes: [UInt8]) -> (found: Bool, offset: Int) {
        let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? bytes.count
        return (bytes[start...].starts(with: Array("{\\rtf".utf8)), start)
    }

    /// Reads the whole document.
    mutating func read() -> (text: NSAttributedString, attributes: DocumentAttributes) {
        while let token = tokenizer.next() {
            handle(token)
        }
        flush()
        while !stack.isEmpty { endGroup() }  // unbalanced: the groups still open end with the document
        finishParagraph()
        documentAttributes.defaultTabInterval = RTFUnits.points(twips: defaultTabTwips)
        return (attributedString(), documentAttributes)
    }

    // MARK: Tokens

    private mutating func handle(_ token: RTFToken) {
        switch token {
        case .groupStart:
            flush()
            fallbackToSkip = 0
            stack.append(group)
        case .groupEnd:
            flush()
            fallbackToSkip = 0
            endGroup()
        case _ where group.destination == .skip:
            break
        case .controlWord(let word, let parameter):
            if fallbackToSkip > 0, word != "u" {
                fallbackToSkip -= 1
                return
            }
            let wasIgnorable = ignorableDestination
            ignorableDestination = false
            if !controlWord(word, parameter), wasIgnorable {
                group.destination = .skip
            }
        case .controlSymbol(let symbol):
            if symbol == 0x2A {  // \*
                ignorableDestination = true
                return
            }
            if fallbackToSkip > 0 {
                fallbackToSkip -= 1
                return
            }
            controlSymbol(symbol)
        case .hexByte(let byte):
            if fallbackToSkip > 0 {
                fallbackToSkip -= 1
                return
            }
            bytes(CollectionOfOne(byte))
        case .text(var slice):
            if fallbackToSkip > 0 {
                let skipped = min(fallbackToSkip, slice.count)
                fallbackToSkip -= skipped
                slice = slice.dropFirst(skipped)
            }
            bytes(slice)
        }
    }

    private mutating func endGroup() {
        guard let outer = stack.popLast() else { return }  // a stray closing brace
        // The document's own group ends: its last paragraph (no \par after it) keeps the formatting it has.
        if stack.isEmpty { finishParagraph() }
        let inner = group
        group = outer
        switch inner.destination {
        case .picture where outer.destination != .picture:
            finishPicture()
        case .fontTable where outer.destination == .fontTable:
            finishFontEntry()  // a font's own group ({\f0\fswiss Helvetica;}) without its semicolon
        default:
            break
        }
    }

    /// Text bytes, routed by destination: body text and field instructions through the code page, font names
    /// up to their semicolons, colour entries at theirs, hex digits into a picture.
    private mutating func bytes<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        switch group.destination {
        case .text, .fieldInstruction:
            let codePage = currentCodePage
            if codePage != pendingCodePage {
                flush()
                pendingCodePage = codePage
            }
            pendingBytes.append(contentsOf: bytes)
        case .fontTable:
            for byte in bytes {
                if byte == 0x3B {
                    finishFontEntry()
                } else {
                    let codePage = fontBeingRead.flatMap { fonts[$0]?.codePage } ?? documentCodePage
                    if codePage != pendingCodePage {
                        flush()
                        pendingCodePage = codePage
                    }
                    pendingBytes.append(byte)
                }
            }
        case .colorTable:
            for byte in bytes where byte == 0x3B {
                if let (red, green, blue) = colorComponents {
                    func channel(_ value: Int) -> CGFloat { CGFloat(min(max(value, 0), 255)) / 255 }
                    colors.append(Color(red: channel(red), green: channel(green), blue: channel(blue)))
                } else {
                    colors.append(nil)
                }
                colorComponents = nil
            }
        case .picture:
            for byte in bytes {
                let nibble: UInt8
                switch byte {
                case 0x30...0x39: nibble = byte - 0x30
                case 0x61...0x66: nibble = byte - 0x61 + 10
                case 0x41...0x46: nibble = byte - 0x41 + 10
                default: continue
                }
                if let high = picture.highNibble {
                    picture.data.append(high << 4 | nibble)
                    picture.highNibble = nil
                } else {
                    picture.highNibble = nibble
                }
            }
        case .skip:
            break
        }
    }

    /// The code page of the current font's charset, else the document's.
    private var currentCodePage: RTFCodePage {
        group.character.font.flatMap { fonts[$0]?.codePage } ?? defaultFont.flatMap { fonts[$0]?.codePage } ?? documentCodePage
    }

    /// Decodes the pending bytes and sends them on.
    mutating func flush() {
        guard !pendingBytes.isEmpty else { return }
        let decoded = pendingBytes.allSatisfy { $0 < 0x80 } ? pendingBytes.map { UInt16($0) } : pendingCodePage.decode(pendingBytes)
        pendingBytes.removeAll(keepingCapacity: true)
        route(decoded)
    }

    /// UTF-16 units to the group's destination.
    mutating func emit(_ text: [UInt16]) {
        flush()
        route(text)
    }

    private mutating func route(_ text: [UInt16]) {
        switch group.destination {
        case .text:
            append(text)
        case .fieldInstruction:
            if let field = group.field { fields[field].append(contentsOf: text) }
        case .fontTable:
            fontName.append(contentsOf: text)
        case .colorTable, .picture, .skip:
            break
        }
    }

    // MARK: Output

    /// Body text with the group's formatting.
    private mutating func append(_ text: [UInt16], attachment: TextAttachment? = nil) {
        guard !text.isEmpty else { return }
        let start = units.count
        units.append(contentsOf: text)
        let key = RunKey(character: group.character, paragraph: group.paragraph, attachment: attachment)
        if attachment == nil, let last = runs.last, last.range.upperBound == start, last.key == key {
            runs[runs.count - 1].range = last.range.lowerBound..<units.count
        } else {
            runs.append((start..<units.count, key))
        }
    }

    /// Ends a paragraph with a line feed; its formatting as it stands now applies to all of it.
    mutating func endParagraph() {
        emit([0x0A])
        finishParagraph()
    }

    private mutating func finishParagraph() {
        for index in paragraphFirstRun..<runs.count { runs[index].key.paragraph = group.paragraph }
        paragraphFirstRun = runs.count
    }

    // MARK: Tables and pictures

    mutating func finishFontEntry() {
        flush()
        if let index = fontBeingRead {
            var name = String(decoding: fontName, as: UTF16.self).trimmingCharacters(in: .whitespaces)
            if name.hasSuffix(";") { name.removeLast() }
            fonts[index, default: FontEntry()].name = name
        }
        fontBeingRead = nil
        fontName = []
    }

    /// A picture group ended: PNG and JPEG become an attachment on U+FFFC, sized by `\picwgoal`/`\pichgoal`
    /// (twips) and `\picscalex`/`\picscaley` (percent), else by its pixels at 72 dpi.
    private mutating func finishPicture() {
        defer { picture = Picture() }
        // Only data that is what it says (PNG's or JPEG's signature): anything else would draw nothing.
        let signatures: [String: [UInt8]] = ["public.png": [0x89, 0x50, 0x4E, 0x47], "public.jpeg": [0xFF, 0xD8, 0xFF]]
        guard let format = picture.format, let signature = signatures[format], picture.data.starts(with: signature) else { return }
        func size(_ twips: Int, _ pixels: Int, _ scale: Int) -> CGFloat {
            let points = twips > 0 ? RTFUnits.points(twips: twips) : CGFloat(min(max(pixels, 0), 100_000))
            return points * CGFloat(min(max(scale, 1), 10_000)) / 100
        }
        let width = size(picture.widthTwips, picture.widthPixels, picture.scaleX)
        let height = size(picture.heightTwips, picture.heightPixels, picture.scaleY)
        let attachment = TextAttachment(contents: Data(picture.data), fileType: format,
                                        bounds: CGRect(x: 0, y: 0, width: width, height: height))
        flush()
        if group.destination == .text { append([0xFFFC], attachment: attachment) }
    }

    // MARK: The attributed string

    private func attributedString() -> NSAttributedString {
        var fontCache: [FontKey: Font] = [:]
        var styleCache: [RTFParagraphFormatting: ParagraphStyle] = [:]
        let tabInterval = RTFUnits.points(twips: defaultTabTwips)
        return AttributedStringBuilder.build(units: units, runs: runs) { run in
            var attributes: [NSAttributedString.Key: Any] = [:]
            let character = run.character
            let key = FontKey(index: character.font ?? defaultFont, halfPoints: character.halfPoints, bold: character.bold,
                              italic: character.italic)
            if let font = fontCache[key] ?? font(key) {
                fontCache[key] = font
                attributes[.font] = font
            }
            let style = styleCache[run.paragraph] ?? run.paragraph.paragraphStyle(defaultTabInterval: tabInterval)
            styleCache[run.paragraph] = style
            attributes[.paragraphStyle] = style
            if let color = color(character.foreground) { attributes[.foregroundColor] = color }
            if let color = color(character.background) { attributes[.backgroundColor] = color }
            if character.underline != 0 { attributes[.underlineStyle] = character.underline }
            if let color = color(character.underlineColor) { attributes[.underlineColor] = color }
            if character.strikethrough != 0 { attributes[.strikethroughStyle] = character.strikethrough }
            if let color = color(character.strikethroughColor) { attributes[.strikethroughColor] = color }
            if character.superscript != 0 { attributes[.superscript] = character.superscript }
            // Lengths as Double (an NSNumber to Foundation, where a CGFloat is boxed: FoundationAttributeValue.swift).
            if character.baselineHalfPoints != 0 { attributes[.baselineOffset] = Double(character.baselineHalfPoints) / 2 }
            if character.expansionTwips != 0 { attributes[.kern] = Double(RTFUnits.points(twips: character.expansionTwips)) }
            if !character.ligatures { attributes[.ligature] = 0 }
            if let link = character.link { attributes[.link] = URL(string: link) ?? link as Any }
            if let attachment = run.attachment { attributes[.attachment] = attachment }
            return attributes
        }
    }

    private struct FontKey: Hashable {
        var index: Int?
        var halfPoints: Int
        var bold: Bool
        var italic: Bool
    }

    /// The font table's face (by name in the style's catalog; a name it does not know gets fontconfig's substitute),
    /// else the style's font, at the size and with the traits asked for.
    private func font(_ key: FontKey) -> Font? {
        let size = CGFloat(min(max(key.halfPoints, 2), 3_200)) / 2
        var font = style.font
        if let index = key.index, let name = fonts[index]?.name, !name.isEmpty,
            let named = try? Font(name: name, size: size, catalog: style.font.catalog)
        {
            font = named
        } else if let sized = try? font.withSize(size) {
            font = sized
        }
        return font.styled(bold: key.bold, italic: key.italic)
    }

    /// A colour table entry; nil for index 0, an automatic entry or an index past the table.
    private func color(_ index: Int) -> Color? {
        guard index > 0, index < colors.count else { return nil }
        return colors[index]
    }
}
