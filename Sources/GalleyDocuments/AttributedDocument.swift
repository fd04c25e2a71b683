internal import CUnicode
import Foundation
import Galley

/// The formats `AttributedDocument` reads. TextKit: `NSAttributedString.DocumentType` (with `.markdown` as
/// `AttributedString(markdown:)` reads it).
public enum DocumentType: String, Sendable, CaseIterable {
    /// UTF-8 text: one font, paragraphs at line feeds.
    case plainText
    /// CommonMark with GitHub's tables, strikethrough and autolinks (read only).
    case markdown
    /// Rich Text Format 1.9.1 as Word, LibreOffice and Cocoa write it (read and written).
    case rtf
    /// HTML as browsers read it, through libxml2's parser: the subset NSAttributedString carries (read and written).
    case html
    /// Galley's archive: JSON that keeps every Galley attribute exactly (read and written).
    case galleyArchive

    /// The type a file's extension names (txt, text; md, markdown; json), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "txt", "text": self = .plainText
        case "md", "markdown": self = .markdown
        case "rtf": self = .rtf
        case "html", "htm", "xhtml": self = .html
        case "json": self = .galleyArchive
        default: return nil
        }
    }
}

/// What can go wrong reading a document.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not UTF-8; `offset` is the first byte that is not.
    case invalidUTF8(offset: Int)
    /// An archive that is not Galley's JSON, with what the JSON reader said.
    case invalidArchive(String)
    /// The type is read only (Markdown).
    case writingUnsupported(DocumentType)
    /// The bytes are not RTF: they do not begin with `{\rtf` (`offset` is where RTF's opening was expected).
    case invalidRTF(offset: Int)

    /// A sentence naming the problem and where it is.
    public var description: String {
        switch self {
        case .invalidUTF8(let offset): "the document is not UTF-8 at byte \(offset)"
        case .invalidArchive(let reason): "the document is not a Galley archive: \(reason)"
        case .writingUnsupported(let type): "Galley does not write \(type.rawValue) documents"
        case .invalidRTF(let offset): "the document is not RTF: no {\\rtf at byte \(offset)"
        }
    }
}

/// Reading styled text from documents into attributed strings with Galley's attributes, ready for a
/// `Framesetter` or a `TextStorage`. Foundation on Linux reads none of these formats
/// (`NSAttributedString(data:options:documentAttributes:)`, `AttributedString(markdown:)`); this does, with real
/// parsers: cmark-gfm for Markdown, libxml2 for HTML, ICU's converters for RTF's legacy code pages.
///
/// AppKit and UIKit: `NSAttributedString(data:options:documentAttributes:)`.
public enum AttributedDocument {
    /// Plain text with its lines hard-wrapped (as most plain-text books are) as paragraphs: a line break inside a
    /// paragraph becomes a space, or nothing between two Chinese or Japanese characters (East Asian wide, fullwidth
    /// or halfwidth, not Hangul: CSS's rule for segment breaks); a blank line (spaces and tabs allowed on it) ends the
    /// paragraph, as does a line that starts with an ideographic space (U+3000, how Chinese and Japanese plain text
    /// indents a paragraph's first line, which is kept); the blank lines between paragraphs go. CR LF and CR count as
    /// line breaks. Galley only (for `galley render --reflow`).
    public static func reflowed(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        var paragraphs: [String] = []
        var current = ""
        for line in lines {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !current.isEmpty { paragraphs.append(current) }
                current = ""
                continue
            }
            if line.unicodeScalars.first == "\u{3000}", !current.isEmpty {
                paragraphs.append(current)
                current = ""
            }
            let content = line.drop(while: { $0 == " " || $0 == "\t" })
            if let last = current.unicodeScalars.last, let first = content.unicodeScalars.first,
                !(galley_joins_lines_without_space(Int32(last.value)) != 0 && galley_joins_lines_without_space(Int32(first.value)) != 0)
            {
                current += " "
            }
            current += content
        }
        if !current.isEmpty { paragraphs.append(current) }
        return paragraphs.joined(separator: "\n")
    }

    /// Reads a document of `type`.
    ///
    /// - Parameters:
    ///   - data: the document's bytes (UTF-8).
    ///   - type: its format.
    ///   - style: the fonts, sizes and indents text gets (Markdown's headings, code, quotes and lists; the body font
    ///     alone for plain text).
    /// - Returns: the text with its attributes: fonts, paragraph styles, links (`.link`), strikethrough.
    /// - Throws: `DocumentError.invalidUTF8` naming the first byte that is not UTF-8; `.invalidArchive` for JSON that is
    ///   not Galley's archive.
    public static func read(_ data: Data, type: DocumentType, style: MarkdownStyle) throws(DocumentError)
        -> NSAttributedString
    {
        var attributes = DocumentAttributes()
        return try read(data, type: type, style: style, documentAttributes: &attributes)
    }

    /// Reads a document of `type` and its page and view settings (RTF's; other types leave the defaults).
    ///
    /// RTF is read as Word, LibreOffice and Cocoa write it: fonts (by name, with their charsets' code pages), sizes,
    /// bold and italic, underline and strikethrough styles and colours, colours, super- and subscript, baseline
    /// shifts, character spacing, ligatures off, paragraph alignment, indents, spacing, line spacing, tab stops and
    /// direction, hyperlink fields (`.link` over their result), PNG and JPEG pictures (attachments on U+FFFC) and list
    /// markers as text. Malformed RTF is read as far as it goes (see `DocumentError` for what is refused).
    ///
    /// HTML is read through libxml2's parser (as browsers recover from malformed markup), in the subset
    /// NSAttributedString carries: see `HTMLReader`'s list. Bytes that are not UTF-8, in a document that declares no
    /// other encoding, read as U+FFFD.
    ///
    /// AppKit and UIKit: `NSAttributedString(data:options:documentAttributes:)`.
    public static func read(_ data: Data, type: DocumentType, style: MarkdownStyle,
                            documentAttributes: inout DocumentAttributes) throws(DocumentError) -> NSAttributedString
    {
        switch type {
        case .html:
            var reader = HTMLReader(style: style)
            return reader.read(data)
        case .rtf:
            let bytes = [UInt8](data)
            let header = RTFReader.header(bytes)
            guard header.found else { throw .invalidRTF(offset: header.offset) }
            var reader = RTFReader(bytes, style: style)
            let (text, attributes) = reader.read()
            documentAttributes = attributes
            return text
        case .plainText:
            var paragraph = ParagraphStyle()
            paragraph.paragraphSpacing = style.paragraphSpacing
            return NSAttributedString(string: try utf8(data), attributes: [.font: style.font, .paragraphStyle: paragraph])
        case .markdown:
            var reader = MarkdownReader(style: style)
            return reader.read(try utf8(data))
        case .galleyArchive:
            _ = try utf8(data)  // the first byte that is not UTF-8 named, before JSON's own complaint
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            do {
                let archive = try decoder.decode(DocumentArchive.self, from: data)
                guard archive.format == "galley-archive" else { throw DocumentError.invalidArchive("format \(archive.format)") }
                return archive.attributedString(catalog: style.font.catalog)
            } catch let error as DocumentError {
                throw error
            } catch {
                throw .invalidArchive("\(error)")
            }
        }
    }

    /// Writes a document of `type`: plain text (UTF-8, the attributes dropped), RTF (fonts, sizes, bold and italic,
    /// colours, underline and strikethrough, super- and subscript, baseline shifts, kerning, ligatures off, paragraph
    /// styles, links and PNG or JPEG attachments, with `documentAttributes`' page settings; text as ASCII and `\uN`
    /// escapes), HTML (UTF-8 HTML5 with inline styles: paragraphs with their styles, spans with fonts, colours,
    /// decorations and vertical position, links, line breaks and PNG attachments as `data:` images) or Galley's
    /// archive (every Galley attribute kept; see `DocumentType.galleyArchive`).
    ///
    /// - Throws: `DocumentError.writingUnsupported` for Markdown.
    ///
    /// AppKit and UIKit: `NSAttributedString.data(from:documentAttributes:)`.
    public static func write(_ text: NSAttributedString, type: DocumentType,
                             documentAttributes: DocumentAttributes = DocumentAttributes()) throws(DocumentError) -> Data {
        switch type {
        case .plainText:
            return Data(text.string.utf8)
        case .markdown:
            throw .writingUnsupported(type)
        case .rtf:
            return RTFWriter(text, documentAttributes: documentAttributes).data
        case .html:
            return HTMLWriter(text).data
        case .galleyArchive:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            do {
                return try encoder.encode(DocumentArchive(text))
            } catch {
                throw .invalidArchive("\(error)")
            }
        }
    }

    /// The bytes as a string, or the offset of the first byte that is not UTF-8.
    static func utf8(_ data: Data) throws(DocumentError) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        var scalarStart = 0
        // The offset of the first byte of the scalar that failed.
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                scalarStart = offset
            case .emptyInput:
                return String(decoding: data, as: UTF8.self)
            case .error:
                throw .invalidUTF8(offset: scalarStart)
            }
        }
    }
}
