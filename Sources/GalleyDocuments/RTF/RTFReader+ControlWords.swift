import Foundation
import Galley

extension RTFReader {
    /// Destinations whose contents are not body text (RTF 1.9.1's list, and Cocoa's): skipped whole, whether or not
    /// they carry `\*`.
    static let skippedDestinations: Set<String> = [
        "stylesheet", "info", "listtable", "listoverridetable", "revtbl", "rsidtbl", "generator", "xmlnstbl",
        "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf", "footnote",
        "annotation", "atnid", "atnauthor", "object", "nonshppict", "themedata", "colorschememapping",
        "latentstyles", "datastore", "expandedcolortbl", "pntext", "pntxta", "pntxtb", "NeXTGraphic", "bkmkstart",
        "bkmkend", "fldtype", "xe", "tc", "template", "userprops", "mmathPr", "pgdsctbl", "filetbl", "aftncn",
        "aftnsep", "aftnsepc", "ftncn", "ftnsep", "ftnsepc", "docvar", "pict_blipuid", "blipuid", "picprop",
        "listpicture", "wgrffmtfilter", "ud",
    ]

    /// Characters that control words stand for.
    static let characterWords: [String: [UInt16]] = [
        "tab": [0x09], "line": [0x2028], "cell": [0x09], "nestcell": [0x09], "emdash": [0x2014], "endash": [0x2013],
        "emspace": [0x2003], "enspace": [0x2002], "qmspace": [0x2005], "bullet": [0x2022], "lquote": [0x2018],
        "rquote": [0x2019], "ldblquote": [0x201C], "rdblquote": [0x201D], "zwj": [0x200D], "zwnj": [0x200C],
        "ltrmark": [0x200E], "rtlmark": [0x200F], "zwbo": [0x200B], "zwnbo": [0xFEFF],
    ]

    /// Handles a control word; returns whether it names a destination the reader knows (after `\*`, an unknown
    /// one makes the group skipped).
    mutating func controlWord(_ word: String, _ parameter: Int?) -> Bool {
        let value = parameter ?? 1
        if let text = Self.characterWords[word] {
            emit(text)
            return false
        }
        if Self.skippedDestinations.contains(word) {
            flush()
            group.destination = .skip
            return true
        }
        switch word {
        // Destinations
        case "fonttbl":
            flush()
            group.destination = .fontTable
        case "colortbl":
            flush()
            group.destination = .colorTable
            colors = []
        case "pict":
            flush()
            group.destination = .picture
            picture = Picture()
        case "shppict", "shp", "shpinst", "sp", "sv", "sn":
            // Word's shape containers: only the picture inside (\pict) is read; their property text is not body text.
            if word == "sn" || word == "sv" { group.destination = .skip }
        case "field":
            flush()
            fields.append([])
            group.field = fields.count - 1
        case "fldinst":
            flush()
            group.destination = group.field == nil ? .skip : .fieldInstruction
        case "fldrslt":
            flush()
            group.destination = .text
            if let field = group.field, let address = Self.hyperlinkAddress(fields[field]) { group.character.link = address }
        case "listtext":
            flush()  // the marker Cocoa and Word show: kept as text
        // Document
        case "ansi": documentCodePage = .windowsLatin1
        case "mac": documentCodePage = .macRoman
        case "pc": documentCodePage = RTFCodePage(number: 437)
        case "pca": documentCodePage = RTFCodePage(number: 850)
        case "ansicpg": if let parameter, parameter > 0 { documentCodePage = RTFCodePage(number: parameter) }
        case "deff": defaultFont = parameter
        case "deftab": if let parameter, parameter > 0 { defaultTabTwips = min(parameter, 100_000) }
        case "paperw": documentAttributes.paperSize.width = RTFUnits.points(twips: value)
        case "paperh": documentAttributes.paperSize.height = RTFUnits.points(twips: value)
        case "margl": documentAttributes.margins.left = RTFUnits.points(twips: value)
        case "margr": documentAttributes.margins.right = RTFUnits.points(twips: value)
        case "margt": documentAttributes.margins.top = RTFUnits.points(twips: value)
        case "margb": documentAttributes.margins.bottom = RTFUnits.points(twips: value)
        case "vieww": documentAttributes.viewSize.width = RTFUnits.points(twips: value)
        case "viewh": documentAttributes.viewSize.height = RTFUnits.points(twips: value)
        // Tables
        case "f":
            if group.destination == .fontTable {
                finishFontEntry()
                fontBeingRead = value
                fonts[value] = FontEntry()
            } else {
                flush()
                group.character.font = parameter
            }
        case "fcharset":
            if group.destination == .fontTable, let font = fontBeingRead, let codePage = RTFCodePage(charset: value) {
                fonts[font, default: FontEntry()].codePage = codePage
            }
        case "cpg":
            if group.destination == .fontTable, let font = fontBeingRead, let parameter, parameter > 0 {
                fonts[font, default: FontEntry()].codePage = RTFCodePage(number: parameter)
            }
        case "red": colorComponents = (value, colorComponents?.green ?? 0, colorComponents?.blue ?? 0)
        case "green": colorComponents = (colorComponents?.red ?? 0, value, colorComponents?.blue ?? 0)
        case "blue": colorComponents = (colorComponents?.red ?? 0, colorComponents?.green ?? 0, value)
        // Pictures
        case "pngblip": picture.format = "public.png"
        case "jpegblip": picture.format = "public.jpeg"
        case "picw": picture.widthPixels = value
        case "pich": picture.heightPixels = value
        case "picwgoal": picture.widthTwips = value
        case "pichgoal": picture.heightTwips = value
        case "picscalex": picture.scaleX = value
        case "picscaley": picture.scaleY = value
        case "bin":
            if let parameter { handleBinary(count: parameter) }
        // Text
        case "par", "sect", "page", "row", "nestrow":
            endParagraph()
        case "u":
            if let parameter {
                let unit = UInt16(truncatingIfNeeded: parameter < 0 ? parameter + 65_536 : parameter)
                emit([unit])
                fallbackToSkip = group.character.unicodeFallbackCount
            }
        case "uc": group.character.unicodeFallbackCount = min(max(value, 0), 16)
        default:
            characterFormatting(word, parameter)
            paragraphFormatting(word, parameter)
            return false
        }
        return true
    }

    /// Character formatting words (a change flushes the text before it).
    private mutating func characterFormatting(_ word: String, _ parameter: Int?) {
        let value = parameter ?? 1
        var character = group.character
        switch word {
        case "plain":
            let fallback = character.unicodeFallbackCount, link = character.link
            character = RTFCharacterFormatting()
            character.unicodeFallbackCount = fallback
            character.link = link
        case "fs": if value > 0 { character.halfPoints = min(value, 3_200) }
        case "b": character.bold = value != 0
        case "i": character.italic = value != 0
        case "ul": character.underline = value != 0 ? UnderlineStyle.single.rawValue : 0
        case "ulnone": character.underline = 0
        case "uldb": character.underline = UnderlineStyle.double.rawValue
        case "ulth": character.underline = UnderlineStyle.thick.rawValue
        case "uld": character.underline = UnderlineStyle([.single, .patternDot]).rawValue
        case "uldash": character.underline = UnderlineStyle([.single, .patternDash]).rawValue
        case "uldashd": character.underline = UnderlineStyle([.single, .patternDashDot]).rawValue
        case "uldashdd": character.underline = UnderlineStyle([.single, .patternDashDotDot]).rawValue
        case "ulw": character.underline = UnderlineStyle([.single, .byWord]).rawValue
        case "ulc": character.underlineColor = value
        case "strike": character.strikethrough = value != 0 ? UnderlineStyle.single.rawValue : 0
        case "striked": character.strikethrough = value != 0 ? UnderlineStyle.double.rawValue : 0
        case "strikec": character.strikethroughColor = value
        case "super": character.superscript = 1
        case "sub": character.superscript = -1
        case "nosupersub": character.superscript = 0
        case "up": character.baselineHalfPoints = min(max(value, -3_200), 3_200)
        case "dn": character.baselineHalfPoints = -min(max(value, -3_200), 3_200)
        case "cf": character.foreground = value
        case "cb", "highlight", "chcbpat": character.background = value
        case "expnd": character.expansionTwips = min(max(value, -20_000), 20_000) * 5  // quarter points
        case "expndtw": character.expansionTwips = min(max(value, -100_000), 100_000)
        case "CocoaLigature": character.ligatures = value != 0
        default: return
        }
        if character != group.character {
            flush()
            group.character = character
        }
    }

    /// Paragraph formatting words.
    private mutating func paragraphFormatting(_ word: String, _ parameter: Int?) {
        let value = parameter ?? 0
        var paragraph = group.paragraph
        switch word {
        case "pard": paragraph = RTFParagraphFormatting()
        case "ql": paragraph.alignment = .left
        case "qr": paragraph.alignment = .right
        case "qc": paragraph.alignment = .center
        case "qj", "qd": paragraph.alignment = .justified
        case "li": paragraph.leftTwips = value
        case "ri": paragraph.rightTwips = value
        case "fi": paragraph.firstLineTwips = value
        case "sb": paragraph.spaceBeforeTwips = value
        case "sa": paragraph.spaceAfterTwips = value
        case "sl": paragraph.lineSpacing = min(max(value, -100_000), 100_000)
        case "slmult": paragraph.lineSpacingIsMultiple = value != 0
        case "tqr": paragraph.pendingTabKind = .right
        case "tqc": paragraph.pendingTabKind = .center
        case "tqdec": paragraph.pendingTabKind = .decimal
        case "tx", "tb":
            // Bounded: a hostile document's thousands of stops would make every paragraph style heavy.
            if paragraph.tabs.count < 256 { paragraph.tabs.append(RTFTab(kind: paragraph.pendingTabKind, twips: value)) }
            paragraph.pendingTabKind = .left
        case "rtlpar": paragraph.rightToLeft = true
        case "ltrpar": paragraph.rightToLeft = false
        case "pardirnatural": paragraph.rightToLeft = nil
        default: return
        }
        if paragraph != group.paragraph {
            flush()
            group.paragraph = paragraph
        }
    }

    /// Control symbols: escaped braces and backslashes, and the special characters.
    mutating func controlSymbol(_ symbol: UInt8) {
        switch symbol {
        case 0x5C, 0x7B, 0x7D: emit([UInt16(symbol)])
        case 0x7E: emit([0x00A0])  // \~ no-break space
        case 0x2D: emit([0x00AD])  // \- optional hyphen
        case 0x5F: emit([0x2011])  // \_ non-breaking hyphen
        case 0x3F: emit([0x3F])  // a malformed \' (the tokenizer's stand-in)
        default: break  // \| \: and others index and formula marks
        }
    }

    private mutating func handleBinary(count: Int) {
        let bytes = tokenizer.binary(count: count)
        if group.destination == .picture { picture.data.append(contentsOf: bytes) }
    }

    /// The address of a `HYPERLINK "address"` field instruction (with `\l "anchor"` as a fragment), or nil.
    static func hyperlinkAddress(_ instruction: [UInt16]) -> String? {
        let text = String(decoding: instruction, as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.uppercased().hasPrefix("HYPERLINK") else { return nil }
        var rest = Substring(text.dropFirst("HYPERLINK".count))
        var address: String?
        var anchor: String?
        var nextIsAnchor = false
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            let piece: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                piece = body[..<end]
                rest = end < body.endIndex ? body[body.index(after: end)...] : ""
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                piece = rest[..<end]
                rest = rest[end...]
            }
            if piece.hasPrefix("\\") {
                nextIsAnchor = piece == "\\l"
                continue
            }
            if nextIsAnchor { anchor = String(piece) } else if address == nil { address = String(piece) }
            nextIsAnchor = false
        }
        if let anchor { return (address ?? "") + "#" + anchor }
        return address
    }
}
