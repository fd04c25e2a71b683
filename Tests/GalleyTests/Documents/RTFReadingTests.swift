import Foundation
import Galley
import Testing

@testable import GalleyDocuments

/// RTF read against LibreOffice's reading of the same bytes (its own RTF reader, run headless): the same text, and
/// the same formatting on every character; Cocoa's dialect from fixtures written here in the way macOS apps write
/// it, and the real Credits files of ../shared/documents.
@Suite struct RTFReadingTests {
    static func style() throws -> MarkdownStyle {
        MarkdownStyle(font: try TestFonts.font("LinLibertine_R.otf", size: 12))
    }

    static func read(_ rtf: String) throws -> NSAttributedString {
        try read(Data(rtf.utf8))
    }

    static func read(_ data: Data) throws -> NSAttributedString {
        try AttributedDocument.read(data, type: .rtf, style: style())
    }

    /// Text as both sides show it, for comparing: lines trimmed, runs of white space one space (list labels are
    /// tabs in Cocoa's `\listtext` and spaces in LibreOffice's text export, which also writes runs of spaces as
    /// U+2006 and space in turn), no empty lines at the end.
    static func normalized(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\u{2028}", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// LibreOffice's plain text of RTF documents, by name.
    static func libreOfficeText(_ documents: [String: Data]) throws -> [String: String] {
        let converted = try LibreOffice.convert(documents, to: "txt:Text (encoded):UTF8")
        return converted.mapValues { data in
            var text = String(decoding: data, as: UTF8.self)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            return normalized(text)
        }
    }

    // A document in Cocoa's dialect, as TextEdit saves one: Mac Roman bytes (\'a5 is a bullet there), a second font
    // with GBK bytes, a list with \listtext markers, hyperlink fields, line spacing, tab stops, colours.
    static let cocoa = #"""
        {\rtf1\ansi\ansicpg1252\cocoartf2761
        \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fnil\fcharset0 Linux Libertine O;\f1\fnil\fcharset134 STHeitiSC-Light;
        \f2\fnil\fcharset77 Linux Libertine O;}
        {\colortbl;\red255\green255\blue255;\red127\green127\blue127;\red0\green0\blue238;}
        {\*\expandedcolortbl;;\csgray\c50000;\cssrgb\c0\c0\c93333;}
        {\*\listtable{\list\listtemplateid1\listhybrid{\listlevel\levelnfc23\levelnfcn23\leveljc0\leveljcn0\levelfollow0\levelstartat1\levelspace360\levelindent0{\*\levelmarker \{disc\}}{\leveltext\leveltemplateid1\'01\uc0\u8226 ;}{\levelnumbers;}\fi-360\li720\lin720 }{\listname ;}\listid1}}
        {\*\listoverridetable{\listoverride\listid1\listoverridecount0\ls1}}
        \paperw11900\paperh16840\margl1440\margr1440\vieww10800\viewh8400\viewkind0
        \pard\tx566\tx1133\tx1700\sl312\slmult1\pardirnatural\qc\partightenfactor0

        \f0\fs22 \cf2 Credits are produced under the GPL.\
        \
        Code by \cf0 Ren\'e9e M\'fcller\cf2  and \b Jos\'e9\b0 \i  Garc\'eda\i0 \
        Chinese: \f1 \'bc\'f2\'cc\'e5\'d6\'d0\'ce\'c4\f0 \
        \pard\tx220\tx720\li720\fi-720\pardirnatural\partightenfactor0
        \ls1\ilvl0\cf0 {\listtext	\uc0\u8226 	}{\field{\*\fldinst{HYPERLINK "https://example.org/one"}}{\fldrslt \cf3 \ul \ulc3 First}} tool,\
        {\listtext	\uc0\u8226 	}Second tool with \uc0\u324 \uc1 \u8212 ? a dash,\
        \pard\pardirnatural\partightenfactor0
        \f2 \cf0 Mac Roman: \'a5 \'d2quoted\'d3 \expnd0\expndtw20\kerning1 spaced\expnd0\expndtw0\kerning0  x\super 2\nosupersub  \strike gone\strike0  \CocoaLigature0 office}
        """#

    @Test func cocoaDialect() throws {
        var page = DocumentAttributes()
        let text = try AttributedDocument.read(Data(Self.cocoa.utf8), type: .rtf, style: Self.style(), documentAttributes: &page)
        let string = text.string
        #expect(string.hasPrefix("Credits are produced under the GPL.\n\nCode by Renée Müller and José García\nChinese: 简体中文\n"))
        #expect(string.contains("\t•\tFirst tool,\n\t•\tSecond tool with ń— a dash,\n"))
        #expect(string.hasSuffix("Mac Roman: • “quoted” spaced x2 gone office"))
        #expect(page.paperSize == CGSize(width: 595, height: 842))
        #expect(page.margins.left == 72 && page.margins.right == 72)
        #expect(page.viewSize == CGSize(width: 540, height: 420))

        func attributes(of piece: String) -> [NSAttributedString.Key: Any] {
            let range = (string as NSString).range(of: piece)
            return text.attributes(at: range.location, effectiveRange: nil)
        }
        let first = StringAttributes(attributes(of: "Credits"))
        #expect(first.font?.size == 11)
        #expect(first.foregroundColor == Color(red: 127.0 / 255, green: 127.0 / 255, blue: 127.0 / 255))
        #expect(first.paragraphStyle?.alignment == .center)
        #expect(first.paragraphStyle?.lineHeightMultiple == 1.3)
        #expect(first.paragraphStyle?.tabStops.map(\.location) == [28.3, 56.65, 85])
        #expect(StringAttributes(attributes(of: "Renée")).foregroundColor == nil)
        #expect(StringAttributes(attributes(of: "José")).font?.symbolicTraits.contains(.bold) == true)
        #expect(StringAttributes(attributes(of: "García")).font?.symbolicTraits.contains(.italic) == true)
        let link = attributes(of: "First")
        #expect((link[.link] as? URL)?.absoluteString == "https://example.org/one")
        #expect(StringAttributes(link).underlineStyle == .single)
        #expect(StringAttributes(link).underlineColor == Color(red: 0, green: 0, blue: 238.0 / 255))
        #expect(attributes(of: " tool,")[.link] == nil)
        let list = StringAttributes(attributes(of: "Second")).paragraphStyle
        #expect(list?.headIndent == 36 && list?.firstLineHeadIndent == 0)
        #expect(StringAttributes(attributes(of: "spaced")).kern == 1)
        #expect(StringAttributes(attributes(of: "2 gone")).superscript == 1)
        #expect(StringAttributes(attributes(of: "gone")).strikethroughStyle == .single)
        #expect(StringAttributes(attributes(of: "office")).ligature == 0)
    }

    @Test(.enabled(if: LibreOffice.isAvailable)) func cocoaDialectTextIsLibreOffices() throws {
        let libreOffice = try Self.libreOfficeText(["cocoa.rtf": Data(Self.cocoa.utf8)])
        #expect(Self.normalized(try Self.read(Self.cocoa).string) == libreOffice["cocoa"])
    }

    static let sharedDocuments = TestFonts.root.deletingLastPathComponent().appendingPathComponent("shared/documents/cocoa-rtf")

    /// The Credits files macOS apps shipped (read in place, not copied): every one's text is LibreOffice's.
    @Test(.enabled(if: LibreOffice.isAvailable && FileManager.default.fileExists(atPath: sharedDocuments.path)))
    func realCocoaDocumentsReadAsLibreOfficeReadsThem() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.sharedDocuments, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "rtf" }
        #expect(files.count >= 3)
        var documents: [String: Data] = [:]
        for file in files { documents[file.lastPathComponent] = try Data(contentsOf: file) }
        let libreOffice = try Self.libreOfficeText(documents)
        for (name, data) in documents {
            let stem = String(name.dropLast(4))
            #expect(Self.normalized(try Self.read(data).string) == libreOffice[stem], "\(name)")
        }
    }

    // MARK: LibreOffice as the referee, both ways

    /// A source in seven scripts with the formatting RTF carries, for LibreOffice to write as RTF. (No bold italic:
    /// Fonts/ has no such Linux Libertine face, and Galley, like Core Text, then takes the nearest face it has.)
    static let sourceHTML = #"""
        <html><head><meta charset="utf-8"></head><body style="font-family: 'Linux Libertine O'">
        <p>Plain <b>bold</b> <i>italic</i> <u>under</u> <s>struck</s> x<sup>2</sup> H<sub>2</sub>O <font color="#c00000">red</font> <a href="https://example.org/a?b=c">link</a></p>
        <p align="center"><span style="font-size:16pt">Большой</span> <i>Ελληνικά</i> <b>текст</b></p>
        <p align="right">مرحبا بالعالم <u>שלום</u> עולם</p>
        <p align="justify">中文字 <font color="#0000ff">日本語</font>のテキスト。Çà et là, «guillemets» — 3½ € ™</p>
        </body></html>
        """#

    @Test(.enabled(if: LibreOffice.isAvailable)) func rtfLibreOfficeWritesReadsAsLibreOfficeReadsIt() throws {
        let rtf = try #require(LibreOffice.convert(["source.html": Data(Self.sourceHTML.utf8)], to: "rtf",
                                                   inputFilter: "HTML (StarWriter)")["source"])
        let reference = try FlatODT(#require(LibreOffice.convert(["source.rtf": rtf], to: "fodt")["source"]))
        // LibreOffice ends its RTF with \par, which Galley reads as a final line feed (as Cocoa does); ODF has none.
        let read = try Self.read(rtf)
        let text = read.string.hasSuffix("\n") ? read.attributedSubstring(from: NSRange(location: 0, length: read.length - 1)) : read
        let ours = CharacterFormatting.of(text)
        #expect(String(decoding: reference.text, as: UTF16.self) == text.string)
        try #require(reference.text == Array(text.string.utf16))
        var disagreements: [String] = []
        for (index, unit) in reference.text.enumerated() where unit != 0x0A && ours[index] != reference.formatting[index] {
            disagreements.append("\(index) \(Character(Unicode.Scalar(unit) ?? "?")): ours \(ours[index]), LibreOffice \(reference.formatting[index])")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(ours.count) characters: \(disagreements.prefix(12))")
        let alignments = text.string.split(separator: "\n", omittingEmptySubsequences: false).indices.map { paragraph in
            let start = text.string.split(separator: "\n", omittingEmptySubsequences: false)[..<paragraph].map { $0.utf16.count + 1 }.reduce(0, +)
            return StringAttributes(text.attributes(at: min(start, text.length - 1), effectiveRange: nil)).paragraphStyle?.alignment
        }
        #expect(alignments.map(Self.odfAlignment) == reference.alignments.map(Self.normalizedODFAlignment))
    }

    /// Galley's alignment as ODF names it (start and left alike).
    static func odfAlignment(_ alignment: TextAlignment?) -> String {
        switch alignment {
        case .center: "center"
        case .right: "end"
        case .justified: "justify"
        default: "start"
        }
    }

    static func normalizedODFAlignment(_ alignment: String) -> String {
        switch alignment {
        case "left": "start"
        case "right": "end"
        default: alignment
        }
    }
}

/// RTF written by Galley: read back by LibreOffice with the source's text and formatting, and by Galley with every
/// attribute RTF can hold.
@Suite struct RTFWritingTests {
    /// A text in seven scripts with every attribute the writer carries.
    static func source() throws -> NSAttributedString {
        let regular = try TestFonts.font("LinLibertine_R.otf", size: 12)
        let bold = try TestFonts.font("LinLibertine_RB.otf", size: 12)
        let italic = try TestFonts.font("LinLibertine_RI.otf", size: 14)
        let text = NSMutableAttributedString(string: "")
        func add(_ string: String, _ attributes: [NSAttributedString.Key: Any] = [:]) {
            var merged: [NSAttributedString.Key: Any] = [.font: regular]
            merged.merge(attributes) { $1 }
            text.append(NSAttributedString(string: string, attributes: merged))
        }
        var centered = ParagraphStyle()
        centered.alignment = .center
        centered.paragraphSpacing = 6
        var indented = ParagraphStyle()
        indented.alignment = .justified
        indented.headIndent = 36
        indented.firstLineHeadIndent = 18
        indented.tailIndent = -24
        indented.paragraphSpacingBefore = 3
        indented.lineHeightMultiple = 1.5
        indented.tabStops = [TextTab(alignment: .right, location: 200), TextTab(alignment: .center, location: 100)]
        var rightToLeft = ParagraphStyle(baseWritingDirection: .rightToLeft)
        rightToLeft.alignment = .right
        rightToLeft.minimumLineHeight = 20
        add("Plain ", [.paragraphStyle: centered])
        add("bold", [.font: bold, .paragraphStyle: centered])
        add(" ", [.paragraphStyle: centered])
        add("italic", [.font: italic, .paragraphStyle: centered])
        add(" under", [.underlineStyle: UnderlineStyle.double.rawValue, .underlineColor: Color(red: 0, green: 0.5, blue: 0), .paragraphStyle: centered])
        add(" struck", [.strikethroughStyle: UnderlineStyle.single.rawValue, .paragraphStyle: centered])
        add(" x", [.paragraphStyle: centered])
        add("2", [.superscript: 1, .paragraphStyle: centered])
        add(" red", [.foregroundColor: Color(red: 0.8, green: 0, blue: 0), .paragraphStyle: centered])
        add(" link", [.link: URL(string: "https://example.org/a?b=c&d=\"e\"")!, .paragraphStyle: centered])
        add("\n", [.paragraphStyle: centered])
        add("Большой\tтекст Ελληνικά {braces} \\back\\ spaced", [.paragraphStyle: indented])
        add(" wide", [.kern: 2, .paragraphStyle: indented])
        add(" raised", [.baselineOffset: 3, .paragraphStyle: indented])
        add(" office", [.ligature: 0, .backgroundColor: Color(red: 1, green: 1, blue: 0.6), .paragraphStyle: indented])
        add("\n", [.paragraphStyle: indented])
        add("مرحبا بالعالم שלום 中文字 日本語のテキスト 😀 e\u{301}", [.paragraphStyle: rightToLeft])
        return text
    }

    @Test(.enabled(if: LibreOffice.isAvailable)) func libreOfficeReadsWhatGalleyWrites() throws {
        let source = try Self.source()
        let rtf = try AttributedDocument.write(source, type: .rtf)
        let reference = try FlatODT(#require(LibreOffice.convert(["written.rtf": rtf], to: "fodt")["written"]))
        #expect(String(decoding: reference.text, as: UTF16.self) == source.string)
        try #require(reference.text == Array(source.string.utf16))
        let ours = CharacterFormatting.of(source)
        var disagreements: [String] = []
        for (index, unit) in reference.text.enumerated() where unit != 0x0A && ours[index] != reference.formatting[index] {
            disagreements.append("\(index) \(Character(Unicode.Scalar(unit) ?? "?")): ours \(ours[index]), LibreOffice \(reference.formatting[index])")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(ours.count) characters: \(disagreements.prefix(12))")
        #expect(reference.alignments.map(RTFReadingTests.normalizedODFAlignment) == ["center", "justify", "end"])
    }

    /// Every attribute RTF holds survives string → RTF → string → RTF: the attributes read back equal the source's
    /// (fonts by family, size and traits), and the second RTF equals the first.
    @Test func roundTrip() throws {
        let source = try Self.source()
        let style = try RTFReadingTests.style()
        let rtf = try AttributedDocument.write(source, type: .rtf)
        let read = try AttributedDocument.read(rtf, type: .rtf, style: style)
        #expect(read.string == source.string)
        for index in 0..<source.length {
            let expected = StringAttributes(source.attributes(at: index, effectiveRange: nil))
            let actual = StringAttributes(read.attributes(at: index, effectiveRange: nil))
            #expect(actual.font?.familyName == expected.font?.familyName && actual.font?.size == expected.font?.size
                    && actual.font?.symbolicTraits == expected.font?.symbolicTraits, "font at \(index)")
            for (name, same) in [
                ("colour", actual.foregroundColor.map(Self.rounded) == expected.foregroundColor.map(Self.rounded)),
                ("background", actual.backgroundColor.map(Self.rounded) == expected.backgroundColor.map(Self.rounded)),
                ("underline", actual.underlineStyle == expected.underlineStyle),
                ("underline colour", actual.underlineColor.map(Self.rounded) == expected.underlineColor.map(Self.rounded)),
                ("strikethrough", actual.strikethroughStyle == expected.strikethroughStyle),
                ("superscript", actual.superscript == expected.superscript),
                ("baseline", actual.baselineOffset == expected.baselineOffset),
                ("kern", (actual.kern ?? 0) == (expected.kern ?? 0)),
                ("ligature", actual.ligature == expected.ligature),
                ("paragraph", Self.comparable(actual.paragraphStyle) == Self.comparable(expected.paragraphStyle)),
            ] where !same {
                Issue.record("\(name) differs at \(index)")
            }
            let link = { (text: NSAttributedString) in (text.attribute(.link, at: index, effectiveRange: nil) as? URL)?.absoluteString }
            #expect(link(read) == link(source), "link at \(index)")
        }
        #expect(try AttributedDocument.write(read, type: .rtf) == rtf)
    }

    /// A PNG and a JPEG (made by Cairo and by cjpeg) as `\pict` groups: Galley reads back the same bytes at the same
    /// size; LibreOffice reads both pictures at their sizes, and the RTF LibreOffice writes from them reads in Galley
    /// as two attachments of those sizes again.
    @Test func picturesRoundTrip() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 12)
        let png = try AttachmentTests.png(width: 60, height: 30)
        let jpeg = try JPEGAttachmentTests.jpeg(width: 40, height: 80) { x, _ in x < 20 ? (250, 200, 0) : (0, 90, 200) }
        let source = NSMutableAttributedString(string: "png \u{FFFC} jpeg \u{FFFC} end", attributes: [.font: font])
        source.addAttribute(.attachment, value: TextAttachment(contents: png, bounds: CGRect(x: 0, y: 0, width: 45, height: 22.5)),
                            range: NSRange(location: 4, length: 1))
        source.addAttribute(.attachment, value: TextAttachment(contents: jpeg), range: NSRange(location: 11, length: 1))
        let rtf = try AttributedDocument.write(source, type: .rtf)
        let read = try AttributedDocument.read(rtf, type: .rtf, style: try RTFReadingTests.style())
        #expect(read.string == source.string)
        for index in [4, 11] {
            let expected = try #require(source.attribute(.attachment, at: index, effectiveRange: nil) as? TextAttachment)
            let actual = try #require(read.attribute(.attachment, at: index, effectiveRange: nil) as? TextAttachment)
            #expect(actual.contents == expected.contents && actual.fileType == expected.fileType && actual.bounds == expected.bounds)
        }
        guard LibreOffice.isAvailable else { return }
        let converted = try LibreOffice.convert(["pictures.rtf": rtf], to: "fodt")
        let odt = String(decoding: try #require(converted["pictures"]), as: UTF8.self)
        // Each picture is a frame with its size in the flat ODF: 45 × 22.5 pt and 40 × 80 pt, in inches or cm.
        let frames = odt.components(separatedBy: "<draw:frame").dropFirst().map { frame in
            ["svg:width", "svg:height"].map { name -> Double in
                guard let start = frame.range(of: name + "=\"") else { return -1 }
                let value = frame[start.upperBound...].prefix { $0 != "\"" }
                let number = Double(value.prefix { $0.isNumber || $0 == "." }) ?? -1
                return value.hasSuffix("in") ? number * 72 : value.hasSuffix("cm") ? number * 72 / 2.54 : number
            }
        }
        #expect(frames.count == 2, "\(frames)")
        for (frame, expected) in zip(frames, [[45.0, 22.5], [40.0, 80.0]]) {
            #expect(zip(frame, expected).allSatisfy { abs($0 - $1) < 0.5 }, "\(frame) for \(expected)")
        }
        let flat = try #require(converted["pictures"])
        let back = try #require(LibreOffice.convert(["pictures.fodt": flat], to: "rtf")["pictures"])
        let again = try AttributedDocument.read(back, type: .rtf, style: try RTFReadingTests.style())
        let attachments = (0..<again.length).compactMap { again.attribute(.attachment, at: $0, effectiveRange: nil) as? TextAttachment }
        #expect(attachments.count == 2)
        for (attachment, expected) in zip(attachments, [CGSize(width: 45, height: 22.5), CGSize(width: 40, height: 80)]) {
            #expect(abs(attachment.bounds.width - expected.width) < 0.5 && abs(attachment.bounds.height - expected.height) < 0.5,
                    "\(attachment.bounds) for \(expected)")
            #expect(attachment.imageSize != nil, "LibreOffice's picture decodes: \(attachment.fileType ?? "none")")
        }
    }

    static func rounded(_ color: Color) -> [Int] {
        [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
    }

    /// A paragraph style without the default tab interval (RTF's document-wide \deftab).
    static func comparable(_ style: ParagraphStyle?) -> ParagraphStyle {
        var style = style ?? .default
        style.defaultTabInterval = 0
        style.tabStops = style.tabStops.sorted { $0.location < $1.location }
        return style
    }
}

/// Hostile RTF: a thrown error that names the position, or the text read as far as it goes; never a crash, a hang
/// or a lost character.
@Suite struct RTFBadInputTests {
    static func text(_ rtf: String) throws -> String {
        try RTFReadingTests.read(rtf).string
    }

    @Test func notRTF() throws {
        #expect(throws: DocumentError.invalidRTF(offset: 2)) { try RTFReadingTests.read("  hello") }
        #expect(throws: DocumentError.invalidRTF(offset: 0)) { try RTFReadingTests.read(Data()) }
        #expect(throws: DocumentError.invalidRTF(offset: 0)) { try RTFReadingTests.read("{\\rt") }
    }

    @Test func truncatedAndUnbalanced() throws {
        #expect(try Self.text("{\\rtf1 Hello {\\b wor") == "Hello wor")
        #expect(try Self.text("{\\rtf1 one}} two}}") == "one two")
        #expect(try Self.text("{\\rtf1 a\\") == "a\\")
        #expect(try Self.text("{\\rtf1 a\\'4") == "a?4")
        #expect(try Self.text("{\\rtf1 a\\'zz b}") == "a?zz b")
        #expect(try Self.text("{\\rtf1 {\\fonttbl\\f0 Broken") == "")
    }

    @Test func malformedEscapes() throws {
        #expect(try Self.text("{\\rtf1 \\u b}") == "b")
        #expect(try Self.text("{\\rtf1 \\u65\\'3f}") == "A")
        #expect(try Self.text("{\\rtf1 \\u-4064?}") == "\u{F020}")
        #expect(try Self.text("{\\rtf1 \\u99999999999999? x}").hasSuffix(" x"))
        #expect(try Self.text("{\\rtf1 \\uc5\\u66 ab}") == "B")
        #expect(try Self.text("{\\rtf1 \\uc99999\\u67 abc}") == "C")
        #expect(try Self.text("{\\rtf1 \\fs-5 \\fs999999999999 \\li-2147483648 \\sl99999999 big}") == "big")
        #expect(try Self.text("{\\rtf1 \\\(String(repeating: "a", count: 1_000)) word}") == "word")
    }

    @Test func hugeBinaryAndDeepNesting() throws {
        #expect(try Self.text("{\\rtf1 a{\\pict\\pngblip\\bin999999999 xyz}b}") == "a")
        #expect(try Self.text("{\\rtf1 a\\bin5 bcdefg}") == "ag")
        let deep = "{\\rtf1 " + String(repeating: "{\\b ", count: 100_000) + "deep" + String(repeating: "}", count: 100_000) + "}"
        #expect(try Self.text(deep) == "deep")
        let unclosed = "{\\rtf1 " + String(repeating: "{\\*\\unknown ", count: 50_000) + "hidden"
        #expect(try Self.text(unclosed) == "")
    }

    /// Unknown destinations are skipped, never shown; known non-text ones too; an unknown control word alone is
    /// ignored and its group's text kept.
    @Test func destinations() throws {
        #expect(try Self.text("{\\rtf1 {\\*\\generator Writer;}{\\info{\\title T}}{\\stylesheet{\\s0 Normal;}}a{\\*\\bkmkstart x}b{\\foo c}}") == "abc")
        #expect(try Self.text("{\\rtf1 {\\field{\\*\\fldinst PAGE}{\\fldrslt 7}}}") == "7")
        #expect(try Self.text("{\\rtf1 {\\header H}{\\footnote F}body}") == "body")
    }

    /// A large document reads in one pass: 5 MB of formatted text, every character kept.
    @Test func largeDocument() throws {
        let paragraph = "{\\b Bold} plain {\\i italic \\u8212?} \\'e9t\\'e9 {\\field{\\*\\fldinst HYPERLINK \"https://x.org\"}{\\fldrslt link}}\\par\n"
        let count = 5_000_000 / paragraph.utf8.count
        let text = try Self.text("{\\rtf1\\ansi " + String(repeating: paragraph, count: count) + "}")
        #expect(text.utf16.count == count * "Bold plain italic — été link\n".utf16.count)
    }
}

/// Every charset the issue names, its bytes made by Python's codecs (an encoder nobody here wrote): the text Galley
/// reads is the text encoded, and LibreOffice reads the same.
@Suite struct RTFCodePageTests {
    static let samples: [(charset: Int, codec: String, text: String)] = [
        (0, "cp1252", "Ça coûte 5 € – “quoted” ½"), (77, "mac_roman", "Café • ¶ ™ ﬁ"), (128, "cp932", "日本語のテキスト、カナ"),
        (129, "cp949", "한국어 텍스트"), (134, "gbk", "简体中文的文字"), (136, "cp950", "繁體中文的文字"),
        (161, "cp1253", "Ελληνικά κείμενα"), (162, "cp1254", "Türkçe ığşİ"), (177, "cp1255", "שלום עולם"),
        (178, "cp1256", "مرحبا بالعالم"), (186, "cp1257", "Lietuvių ąčęėįšųūž"), (204, "cp1251", "Привет, мир"),
        (222, "cp874", "ภาษาไทย"), (238, "cp1250", "Čeština żółć Ő"),
    ]

    /// One paragraph per sample, each in a font of its charset, as `\'hh` escapes.
    static func document() throws -> String {
        let script = "import sys\nfor line in sys.stdin.read().splitlines():\n    codec, text = line.split(' ', 1)\n"
            + "    print(text.encode(codec).hex())"
        let input = samples.map { "\($0.codec) \($0.text)" }.joined(separator: "\n")
        let hexes = try runProgram("/usr/bin/python3", ["-c", script], input: input).split(separator: "\n")
        #expect(hexes.count == samples.count)
        var rtf = "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl"
        for (index, sample) in samples.enumerated() { rtf += "{\\f\(index)\\fnil\\fcharset\(sample.charset) Linux Libertine O;}" }
        rtf += "}\n"
        for (index, hex) in hexes.enumerated() {
            let bytes = stride(from: 0, to: hex.count, by: 2).map { offset in
                hex.dropFirst(offset).prefix(2)
            }
            rtf += "\\pard\\f\(index) " + bytes.map { "\\'\($0)" }.joined() + "\\par\n"
        }
        return rtf + "}"
    }

    @Test func everyCharsetDecodes() throws {
        let text = try RTFReadingTests.read(Self.document()).string
        #expect(text.split(separator: "\n").map(String.init) == Self.samples.map(\.text))
    }

    @Test(.enabled(if: LibreOffice.isAvailable)) func libreOfficeDecodesTheSame() throws {
        let rtf = try Self.document()
        let libreOffice = try RTFReadingTests.libreOfficeText(["charsets.rtf": Data(rtf.utf8)])["charsets"]
        #expect(RTFReadingTests.normalized(try RTFReadingTests.read(rtf).string) == libreOffice)
    }
}
