import Foundation
import Galley

/// Writes an attributed string as RTF that Word, LibreOffice, TextEdit and Galley's reader read back the same: a
/// font table (family names, with `\b` and `\i` for the faces), a colour table, the page settings, then each
/// paragraph's formatting (`\pard…`) and each run as a group of its formatting (`{\plain…`) and text. Text is ASCII: everything else is a
/// `\uN` escape (with `\uc0`, as Cocoa writes), so no code page is involved; links are `HYPERLINK` fields around
/// their text, PNG and JPEG attachments `\pict` groups.
struct RTFWriter {
    private var output = ""
    private var fonts: [String] = []
    private var colors: [Color] = []

    init(_ text: NSAttributedString, documentAttributes: DocumentAttributes = DocumentAttributes()) {
        var body = ""
        let units = Array(text.string.utf16)
        var paragraphStart = true
        var openLink: String?
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: .longestEffectiveRangeNotRequired) {
            dictionary, range, _ in
            let attributes = StringAttributes(dictionary)
            let link = (dictionary[.link] as? URL)?.absoluteString ?? dictionary[.link] as? String
            if link != openLink {
                if openLink != nil { body += "}}" }
                if let link { body += "{\\field{\\*\\fldinst{HYPERLINK \"\(Self.escapedInstruction(link))\"}}{\\fldrslt " }
                openLink = link
            }
            let characterFormatting = characterWords(attributes)
            var start = range.location
            let end = range.location + range.length
            while start < end {
                if paragraphStart {
                    body += Self.paragraphWords(attributes.paragraphStyle ?? .default)
                    paragraphStart = false
                }
                // Up to the paragraph's end or the run's, in a group of its own (so that no reader carries a run's
                // formatting on: LibreOffice keeps \super after \plain).
                var stop = start
                while stop < end, units[stop] != 0x0A { stop += 1 }
                let endsParagraph = stop < end
                if stop > start {
                    body += "{" + characterFormatting
                    if let attachment = dictionary[.attachment] as? TextAttachment, stop - start == 1, units[start] == 0xFFFC {
                        body += Self.picture(attachment) ?? "\\u65532 "
                    } else {
                        body += Self.escaped(units[start..<stop])
                    }
                    body += "}"
                }
                if endsParagraph {
                    body += "\\par\n"
                    paragraphStart = true
                    stop += 1
                }
                start = stop
            }
        }
        if openLink != nil { body += "}}" }

        output = "{\\rtf1\\ansi\\ansicpg1252\\uc0\\deff0\\deftab\(RTFUnits.twips(points: documentAttributes.defaultTabInterval))\n"
        output += "{\\fonttbl"
        for (index, family) in fonts.enumerated() { output += "\\f\(index)\\fnil\\fcharset0 \(Self.escaped(Array(family.utf16)));" }
        output += "}\n{\\colortbl;"
        for color in colors {
            func channel(_ value: CGFloat) -> Int { Int((min(max(value.isFinite ? value : 0, 0), 1) * 255).rounded()) }
            output += "\\red\(channel(color.red))\\green\(channel(color.green))\\blue\(channel(color.blue));"
        }
        output += "}\n"
        let page = documentAttributes
        output += "\\paperw\(RTFUnits.twips(points: page.paperSize.width))\\paperh\(RTFUnits.twips(points: page.paperSize.height))"
        output += "\\margl\(RTFUnits.twips(points: page.margins.left))\\margr\(RTFUnits.twips(points: page.margins.right))"
        output += "\\margt\(RTFUnits.twips(points: page.margins.top))\\margb\(RTFUnits.twips(points: page.margins.bottom))"
        if page.viewSize != .zero {
            output += "\\vieww\(RTFUnits.twips(points: page.viewSize.width))\\viewh\(RTFUnits.twips(points: page.viewSize.height))"
        }
        output += "\n" + body + "}\n"
    }

    /// The document's bytes (ASCII).
    var data: Data { Data(output.utf8) }

    // MARK: Formatting

    private mutating func characterWords(_ attributes: StringAttributes) -> String {
        var words = "\\plain"
        if let font = attributes.font {
            words += "\\f\(fontIndex(font.familyName))\\fs\(Int((font.size * 2).rounded()))"
            let traits = font.symbolicTraits
            if traits.contains(.bold) { words += "\\b" }
            if traits.contains(.italic) { words += "\\i" }
        }
        if let color = attributes.foregroundColor { words += "\\cf\(colorIndex(color))" }
        if let color = attributes.backgroundColor { words += "\\cb\(colorIndex(color))" }
        if !attributes.underlineStyle.isEmpty { words += Self.underlineWord(attributes.underlineStyle) }
        if let color = attributes.underlineColor { words += "\\ulc\(colorIndex(color))" }
        if !attributes.strikethroughStyle.isEmpty {
            words += attributes.strikethroughStyle.line == .double ? "\\striked1" : "\\strike"
        }
        if let color = attributes.strikethroughColor { words += "\\strikec\(colorIndex(color))" }
        if attributes.superscript > 0 { words += "\\super" }
        if attributes.superscript < 0 { words += "\\sub" }
        let shift = Int((attributes.baselineOffset * 2).rounded())
        if shift > 0 { words += "\\up\(shift)" }
        if shift < 0 { words += "\\dn\(-shift)" }
        if let kern = attributes.kern, kern != 0 { words += "\\expndtw\(RTFUnits.twips(points: kern))" }
        if attributes.ligature == 0 { words += "\\CocoaLigature0" }
        return words + " "
    }

    private static func underlineWord(_ style: UnderlineStyle) -> String {
        if style.isByWord { return "\\ulw" }
        switch style.pattern {
        case .dot: return "\\uld"
        case .dash: return "\\uldash"
        case .dashDot: return "\\uldashd"
        case .dashDotDot: return "\\uldashdd"
        default: break
        }
        switch style.line {
        case .double: return "\\uldb"
        case .thick: return "\\ulth"
        default: return "\\ul"
        }
    }

    private static func paragraphWords(_ style: ParagraphStyle) -> String {
        var words = "\\pard"
        switch style.alignment {
        case .left: words += "\\ql"
        case .right: words += "\\qr"
        case .center: words += "\\qc"
        case .justified: words += "\\qj"
        default: break
        }
        let left = RTFUnits.twips(points: style.headIndent)
        if left != 0 { words += "\\li\(left)" }
        let first = RTFUnits.twips(points: style.firstLineHeadIndent) - left
        if first != 0 { words += "\\fi\(first)" }
        if style.tailIndent < 0 { words += "\\ri\(RTFUnits.twips(points: -style.tailIndent))" }
        if style.paragraphSpacingBefore > 0 { words += "\\sb\(RTFUnits.twips(points: style.paragraphSpacingBefore))" }
        if style.paragraphSpacing > 0 { words += "\\sa\(RTFUnits.twips(points: style.paragraphSpacing))" }
        if style.lineHeightMultiple > 0 {
            words += "\\sl\(Int((style.lineHeightMultiple * 240).rounded()))\\slmult1"
        } else if style.minimumLineHeight > 0 {
            let twips = RTFUnits.twips(points: style.minimumLineHeight)
            words += style.maximumLineHeight == style.minimumLineHeight ? "\\sl-\(twips)\\slmult0" : "\\sl\(twips)\\slmult0"
        }
        for tab in style.tabStops.sorted(by: { $0.location < $1.location }) {
            if tab.columnTerminators != nil {
                words += "\\tqdec"
            } else {
                switch tab.alignment {
                case .right: words += "\\tqr"
                case .center: words += "\\tqc"
                default: break
                }
            }
            words += "\\tx\(RTFUnits.twips(points: tab.location))"
        }
        switch style.baseWritingDirection {
        case .rightToLeft: words += "\\rtlpar"
        case .leftToRight: words += "\\ltrpar"
        default: words += "\\pardirnatural"
        }
        return words + " "
    }

    private mutating func fontIndex(_ family: String) -> Int {
        if let index = fonts.firstIndex(of: family) { return index }
        fonts.append(family)
        return fonts.count - 1
    }

    private mutating func colorIndex(_ color: Color) -> Int {
        if let index = colors.firstIndex(of: color) { return index + 1 }
        colors.append(color)
        return colors.count
    }

    // MARK: Text

    /// Text as RTF: ASCII as it is (with `\`, `{` and `}` escaped), tabs, line separators and the special spaces
    /// and hyphens as their control words, everything else as `\uN` (signed, as RTF's numbers are).
    static func escaped<Units: Collection<UInt16>>(_ units: Units) -> String {
        var text = ""
        text.reserveCapacity(units.count)
        for unit in units {
            switch unit {
            case 0x5C: text += "\\\\"
            case 0x7B: text += "\\{"
            case 0x7D: text += "\\}"
            case 0x09: text += "\\tab "
            case 0x2028, 0x0D: text += "\\line "
            case 0x00A0: text += "\\~"
            case 0x00AD: text += "\\-"
            case 0x2011: text += "\\_"
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            case 0..<0x20: break  // other controls have no RTF form
            default: text += "\\u\(unit < 0x8000 ? Int(unit) : Int(unit) - 65_536) "
            }
        }
        return text
    }

    /// A field instruction's quoted address (quotes and backslashes escaped as Word does).
    private static func escapedInstruction(_ address: String) -> String {
        escaped(Array(address.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").utf16))
    }

    /// A PNG or JPEG attachment as a `\pict` group at its bounds' size, or nil for other contents.
    private static func picture(_ attachment: TextAttachment) -> String? {
        guard let contents = attachment.contents else { return nil }
        let blip: String
        switch attachment.fileType {
        case "public.png": blip = "\\pngblip"
        case "public.jpeg": blip = "\\jpegblip"
        default: return nil
        }
        let pixels = attachment.imageSize ?? attachment.bounds.size
        var text = "{\\pict\(blip)\\picw\(Int(pixels.width))\\pich\(Int(pixels.height))"
        text += "\\picwgoal\(RTFUnits.twips(points: attachment.bounds.width))\\pichgoal\(RTFUnits.twips(points: attachment.bounds.height))\n"
        let digits = Array("0123456789abcdef".utf8)
        var line: [UInt8] = []
        line.reserveCapacity(2 * contents.count + contents.count / 64 + 1)
        for (index, byte) in contents.enumerated() {
            line.append(digits[Int(byte >> 4)])
            line.append(digits[Int(byte & 0x0F)])
            if index % 64 == 63 { line.append(0x0A) }
        }
        text += String(decoding: line, as: UTF8.self)
        return text + "}"
    }
}
