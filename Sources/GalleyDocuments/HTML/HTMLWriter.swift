import Foundation
import Galley

/// Writes an attributed string as clean HTML5 with inline styles: one `<p>` per paragraph with its alignment,
/// indents, spacing, line height and direction; one `<span>` per stretch that looks the same, with its font (family,
/// size, weight, style), colours and decorations, and `<sup>`/`<sub>` for raised and lowered text; links as
/// `<a href>`, line separators as `<br>`, tabs and runs of spaces kept (`&#9;`, `white-space: pre-wrap`), PNG
/// attachments as `<img>` with a `data:` URL at their size in CSS pixels.
struct HTMLWriter {
    private(set) var html = ""

    init(_ text: NSAttributedString) {
        html = "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n</head>\n<body>\n"
        let units = Array(text.string.utf16)
        // The paragraphs: the text between line feeds (a final line feed is followed by an empty one).
        var paragraphs: [Range<Int>] = []
        var start = 0
        for (index, unit) in units.enumerated() where unit == 0x0A {
            paragraphs.append(start..<index)
            start = index + 1
        }
        if !units.isEmpty { paragraphs.append(start..<units.count) }
        for paragraph in paragraphs {
            let style = StringAttributes(text.attributes(at: min(paragraph.lowerBound, units.count - 1), effectiveRange: nil)).paragraphStyle
            html += "<p" + Self.paragraphAttributes(style ?? .default) + ">"
            // An empty paragraph keeps its line as a line break, as Cocoa writes it (and reads it back as empty).
            if paragraph.isEmpty { html += "<br>" }
            var openLink: String?
            // Runs that look the same in HTML are one span.
            var span: (style: SpanStyle, text: String)?
            func flushSpan() {
                if let (style, text) = span { html += Self.span(text, style: style) }
                span = nil
            }
            if !paragraph.isEmpty {
                let paragraphRange = NSRange(location: paragraph.lowerBound, length: paragraph.count)
                text.enumerateAttributes(in: paragraphRange, options: .longestEffectiveRangeNotRequired) { dictionary, whole, _ in
                    // (Foundation on Linux gives the stored run's whole range, not clipped to the one asked for.)
                    let range = NSIntersectionRange(whole, paragraphRange)
                    let link = (dictionary[.link] as? URL)?.absoluteString ?? dictionary[.link] as? String
                    if link != openLink {
                        flushSpan()
                        if openLink != nil { html += "</a>" }
                        if let link { html += "<a href=\"" + Self.escaped(link, quotes: true) + "\">" }
                        openLink = link
                    }
                    let piece = units[range.location..<(range.location + range.length)]
                    if let attachment = dictionary[.attachment] as? TextAttachment, piece.count == 1, piece.first == 0xFFFC,
                        let image = Self.image(attachment)
                    {
                        flushSpan()
                        html += image
                    } else {
                        let style = SpanStyle(StringAttributes(dictionary))
                        let body = String(decoding: piece, as: UTF16.self)
                        if let open = span, open.style == style {
                            span = (style, open.text + body)
                        } else {
                            flushSpan()
                            span = (style, body)
                        }
                    }
                }
            }
            flushSpan()
            if openLink != nil { html += "</a>" }
            html += "</p>\n"
        }
        html += "</body>\n</html>\n"
    }

    var data: Data { Data(html.utf8) }

    static func number(_ value: CGFloat) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(Double(rounded))
    }

    static func hex(_ color: Color) -> String {
        func channel(_ value: CGFloat) -> String { String(format: "%02x", Int((min(max(value, 0), 1) * 255).rounded())) }
        let rgb = "#" + channel(color.red) + channel(color.green) + channel(color.blue)
        return color.alpha < 1 ? "rgba(\(Int((color.red * 255).rounded())), \(Int((color.green * 255).rounded())), \(Int((color.blue * 255).rounded())), \(number(color.alpha)))" : rgb
    }

    private static func paragraphAttributes(_ style: ParagraphStyle) -> String {
        var css = ["margin: \(number(style.paragraphSpacingBefore))pt \(number(max(-style.tailIndent, 0)))pt \(number(style.paragraphSpacing))pt \(number(style.headIndent))pt",
                   "white-space: pre-wrap"]
        switch style.alignment {
        case .left: css.append("text-align: left")
        case .right: css.append("text-align: right")
        case .center: css.append("text-align: center")
        case .justified: css.append("text-align: justify")
        default: break
        }
        if style.firstLineHeadIndent != style.headIndent { css.append("text-indent: \(number(style.firstLineHeadIndent - style.headIndent))pt") }
        if style.lineHeightMultiple > 0 {
            css.append("line-height: \(number(style.lineHeightMultiple))")
        } else if style.minimumLineHeight > 0, style.minimumLineHeight == style.maximumLineHeight {
            css.append("line-height: \(number(style.minimumLineHeight))pt")
        }
        var attributes = " style=\"" + css.joined(separator: "; ") + "\""
        switch style.baseWritingDirection {
        case .rightToLeft: attributes += " dir=\"rtl\""
        case .leftToRight: attributes += " dir=\"ltr\""
        default: break
        }
        return attributes
    }

    /// How a run looks in HTML: its inline CSS, and whether it is raised (`<sup>`) or lowered (`<sub>`), which
    /// LibreOffice reads where it ignores CSS's vertical-align.
    struct SpanStyle: Equatable {
        var css: String
        var position: Int

        init(_ attributes: StringAttributes) {
            var declarations: [String] = []
            if let font = attributes.font {
                declarations.append("font-family: '\(font.familyName.replacingOccurrences(of: "'", with: ""))'")
                declarations.append("font-size: \(HTMLWriter.number(font.size))pt")
                if font.symbolicTraits.contains(.bold) { declarations.append("font-weight: bold") }
                if font.symbolicTraits.contains(.italic) { declarations.append("font-style: italic") }
            }
            if let color = attributes.foregroundColor { declarations.append("color: \(HTMLWriter.hex(color))") }
            if let color = attributes.backgroundColor { declarations.append("background-color: \(HTMLWriter.hex(color))") }
            var decorations: [String] = []
            if !attributes.underlineStyle.isEmpty { decorations.append("underline") }
            if !attributes.strikethroughStyle.isEmpty { decorations.append("line-through") }
            if !decorations.isEmpty { declarations.append("text-decoration: " + decorations.joined(separator: " ")) }
            css = declarations.joined(separator: "; ")
            let shift = attributes.superscript != 0 ? CGFloat(attributes.superscript) : attributes.baselineOffset
            position = shift > 0 ? 1 : shift < 0 ? -1 : 0
        }
    }

    /// A span of text with its style, line separators as `<br>`.
    private static func span(_ text: String, style: SpanStyle) -> String {
        var body = escaped(text, quotes: false).replacingOccurrences(of: "\u{2028}", with: "<br>")
        if style.position > 0 { body = "<sup>" + body + "</sup>" }
        if style.position < 0 { body = "<sub>" + body + "</sub>" }
        return style.css.isEmpty ? body : "<span style=\"" + style.css + "\">" + body + "</span>"
    }

    /// `&`, `<`, `>` (and `"` in attributes) as entities, tabs in text as `&#9;`.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "\t" where !quotes: result += "&#9;"  // a character reference: LibreOffice keeps it, and a tab it collapses
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A PNG or JPEG attachment as an image with a `data:` URL, at its bounds' size in CSS pixels.
    private static func image(_ attachment: TextAttachment) -> String? {
        let mediaTypes = ["public.png": "image/png", "public.jpeg": "image/jpeg"]
        guard let contents = attachment.contents, let mediaType = attachment.fileType.flatMap({ mediaTypes[$0] }) else { return nil }
        return "<img src=\"data:" + mediaType + ";base64," + contents.base64EncodedString() + "\" width=\""
            + number(attachment.bounds.width / 0.75) + "\" height=\"" + number(attachment.bounds.height / 0.75) + "\">"
    }
}
