import Foundation
import Galley
import Testing

@testable import GalleyDocuments

/// HTML read through libxml2 against LibreOffice's reading of the same bytes (its own HTML import, headless), HTML
/// written and read back by LibreOffice, round trips, and hostile HTML.
@Suite struct HTMLDocumentTests {
    static func read(_ html: String) throws -> NSAttributedString {
        try read(Data(html.utf8))
    }

    static func read(_ data: Data) throws -> NSAttributedString {
        try AttributedDocument.read(data, type: .html, style: RTFReadingTests.style())
    }

    /// The text and formatting without Galley's list markers (ODF keeps list labels out of the text).
    static func withoutMarkers(_ text: NSAttributedString) -> (units: [UInt16], formatting: [CharacterFormatting]) {
        var units: [UInt16] = []
        var formatting: [CharacterFormatting] = []
        let all = Array(text.string.utf16)
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: .longestEffectiveRangeNotRequired) { dictionary, range, _ in
            guard dictionary[MarkdownReader.listMarkerKey] == nil else { return }
            units += all[range.location..<(range.location + range.length)]
            formatting += Array(repeating: CharacterFormatting(dictionary), count: range.length)
        }
        return (units, formatting)
    }

    static func compare(_ ours: (units: [UInt16], formatting: [CharacterFormatting]), _ reference: FlatODT,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(String(decoding: ours.units, as: UTF16.self) == String(decoding: reference.text, as: UTF16.self), sourceLocation: sourceLocation)
        guard ours.units == reference.text else { return }
        var disagreements: [String] = []
        for (index, unit) in reference.text.enumerated() where unit != 0x0A && ours.formatting[index] != reference.formatting[index] {
            disagreements.append("\(index) \(Character(Unicode.Scalar(unit) ?? "?")): ours \(ours.formatting[index]), LibreOffice \(reference.formatting[index])")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(ours.units.count) characters: \(disagreements.prefix(12))",
                sourceLocation: sourceLocation)
    }

    /// The RTF tests' source in seven scripts, with a list and a line break added.
    static let source = RTFReadingTests.sourceHTML.replacingOccurrences(of: "</body>", with: """
        <ul><li>first <b>item</b></li><li>second<br>line</li></ul>
        <p style="text-align: center; color: #208020">green <span style="font-size: 9pt; text-decoration: underline">small</span></p>
        </body>
        """)

    @Test(.enabled(if: LibreOffice.isAvailable)) func htmlReadsAsLibreOfficeReadsIt() throws {
        let reference = try FlatODT(#require(LibreOffice.convert(["source.html": Data(Self.source.utf8)], to: "fodt",
                                                                 inputFilter: "HTML (StarWriter)")["source"]))
        let text = try Self.read(Self.source)
        Self.compare(Self.withoutMarkers(text), reference)
        let paragraphs = text.string.components(separatedBy: "\n")
        var offset = 0
        var alignments: [String] = []
        for paragraph in paragraphs {
            alignments.append(RTFReadingTests.odfAlignment(StringAttributes(text.attributes(at: min(offset, text.length - 1), effectiveRange: nil)).paragraphStyle?.alignment))
            offset += paragraph.utf16.count + 1
        }
        #expect(alignments == reference.alignments.map(RTFReadingTests.normalizedODFAlignment))
    }

    @Test(.enabled(if: LibreOffice.isAvailable)) func libreOfficeReadsWhatGalleyWrites() throws {
        let source = try RTFWritingTests.source()
        let html = try AttributedDocument.write(source, type: .html)
        let reference = try FlatODT(#require(LibreOffice.convert(["written.html": html], to: "fodt", inputFilter: "HTML (StarWriter)")["written"]))
        Self.compare(Self.withoutMarkers(source), reference)
        #expect(reference.alignments.map(RTFReadingTests.normalizedODFAlignment) == ["center", "justify", "end"])
    }

    /// string → HTML → string: the text, and every attribute HTML holds (fonts by family, size and traits; colours;
    /// underline and strikethrough as present or not; raised or lowered; links; paragraph alignment, indents,
    /// spacing, line height and direction); the second HTML equals the first.
    @Test func roundTrip() throws {
        let source = try RTFWritingTests.source()
        let html = try AttributedDocument.write(source, type: .html)
        let read = try Self.read(html)
        #expect(read.string == source.string)
        #expect(CharacterFormatting.of(read) == CharacterFormatting.of(source))
        for index in 0..<source.length {
            let expected = StringAttributes(source.attributes(at: index, effectiveRange: nil))
            let actual = StringAttributes(read.attributes(at: index, effectiveRange: nil))
            #expect(actual.font?.familyName == expected.font?.familyName, "font at \(index)")
            #expect(actual.backgroundColor.map(RTFWritingTests.rounded) == expected.backgroundColor.map(RTFWritingTests.rounded), "background at \(index)")
            let (a, e) = (actual.paragraphStyle ?? .default, expected.paragraphStyle ?? .default)
            #expect(a.alignment == e.alignment && a.headIndent == e.headIndent && a.firstLineHeadIndent == e.firstLineHeadIndent
                    && a.tailIndent == e.tailIndent && a.paragraphSpacing == e.paragraphSpacing
                    && a.paragraphSpacingBefore == e.paragraphSpacingBefore && a.lineHeightMultiple == e.lineHeightMultiple
                    && a.baseWritingDirection == e.baseWritingDirection, "paragraph at \(index)")
        }
        #expect(try AttributedDocument.write(read, type: .html) == html)
        for text in ["", "a", "a\n", "a\n\nb", "\n", "one  two\tthree\u{2028}four"] {
            let written = try AttributedDocument.write(NSAttributedString(string: text), type: .html)
            #expect(try Self.read(written).string == text, "\(text.debugDescription)")
        }
    }

    @Test func constructs() throws {
        let text = try Self.read("""
            <html><head><title>Not shown</title><style>p { color: red }</style><script>alert(1)</script></head>
            <body><h2>Title &amp; <em>more</em></h2><p>a   b
            c&nbsp;d &lt;e&gt; &#x1F44B;</p><ol start="3"><li>x</li><li>y</li></ol><pre>
              kept  spaces
            line</pre><table><tr><th>H</th><td>cell</td></tr></table><p>img: <img src="data:image/png;base64,\(Self.pixel)" width="20"> <img src="missing.png" alt="[alt]"></p>
            """)
        #expect(text.string == "Title & more\na b c\u{A0}d <e> 👋\n3.\tx\n4.\ty\n  kept  spaces\u{2028}line\nH\tcell\nimg: \u{FFFC} [alt]")
        let heading = StringAttributes(text.attributes(at: 0, effectiveRange: nil))
        #expect(heading.font?.size == 18 && heading.font?.symbolicTraits.contains(.bold) == true)
        let image = (text.string as NSString).range(of: "\u{FFFC}")
        let attachment = try #require(text.attribute(.attachment, at: image.location, effectiveRange: nil) as? TextAttachment)
        #expect(attachment.bounds.size == CGSize(width: 15, height: 15))
        let pre = (text.string as NSString).range(of: "kept")
        #expect(StringAttributes(text.attributes(at: pre.location, effectiveRange: nil)).font?.symbolicTraits.contains(.monoSpace) == true)
    }

    /// CSS's lengths (CSS Values 3): `rem` is the root's size (16 px = 12 pt), `em` and `%` the parent's, `px` 3/4 pt.
    @Test func lengthsInEveryUnit() throws {
        let text = try Self.read("""
            <p style="font-size: 16pt"><span style="font-size: 2rem">a</span><span style="font-size: 1.5em">b</span>\
            <span style="font-size: 16px">c</span><span style="font-size: 50%">d</span><span style="font-size: 1pc">e</span></p>
            """)
        let sizes = (0..<text.length).map { StringAttributes(text.attributes(at: $0, effectiveRange: nil)).font?.size }
        #expect(text.string == "abcde")
        #expect(sizes == [24, 24, 12, 8, 12])
    }

    /// A JPEG in a data: URL (made by libjpeg-turbo's cjpeg) becomes a JPEG attachment at its natural size.
    @Test func jpegImagesBecomeAttachments() throws {
        let jpeg = try JPEGAttachmentTests.jpeg(width: 40, height: 30) { _, _ in (0, 128, 255) }
        let text = try Self.read("<p>photo <img src=\"data:image/jpeg;base64,\(jpeg.base64EncodedString())\"></p>")
        #expect(text.string == "photo \u{FFFC}")
        let attachment = try #require(text.attribute(.attachment, at: 6, effectiveRange: nil) as? TextAttachment)
        #expect(attachment.fileType == "public.jpeg" && attachment.bounds.size == CGSize(width: 40, height: 30) && attachment.contents == jpeg)
        // Written back as a JPEG, read again the same.
        let again = try Self.read(try AttributedDocument.write(text, type: .html))
        let second = try #require(again.attribute(.attachment, at: 6, effectiveRange: nil) as? TextAttachment)
        // (Sizes go through CSS pixels written to two decimals.)
        #expect(second.fileType == "public.jpeg" && second.contents == jpeg)
        #expect(abs(second.bounds.width - 40) < 0.01 && abs(second.bounds.height - 30) < 0.01, "\(second.bounds)")
    }

    /// A 1×1 red PNG, made with Python's zlib and struct (any PNG does).
    static let pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="

    @Test func hostileHTML() throws {
        // Bytes that are not UTF-8 read as U+FFFD; a declared Latin-1 document is Latin-1.
        #expect(try Self.read(Data([0x3C, 0x70, 0x3E, 0x61, 0xFF, 0x62, 0x3C, 0x2F, 0x70, 0x3E])).string == "a\u{FFFD}b")
        #expect(try Self.read(Data("<meta charset=\"iso-8859-1\"><p>caf".utf8) + Data([0xE9]) + Data("</p>".utf8)).string == "café")
        // Unclosed and misnested elements, stray closing tags (ignored, as browsers do: "end" goes on the paragraph).
        #expect(try Self.read("<p><b>bold <i>both</b> italic</i></span></div>end").string == "bold both italicend")
        // Deep nesting: every word kept.
        let deep = String(repeating: "<div><span>", count: 20_000) + "deep" + String(repeating: "</span></div>", count: 20_000) + "<p>after</p>"
        #expect(try Self.read(deep).string == "deep\nafter")
        // A huge attribute and a huge style.
        let huge = "<p style=\"" + String(repeating: "color: red; ", count: 100_000) + "\" title=\"" + String(repeating: "x", count: 1_000_000) + "\">t</p>"
        #expect(try Self.read(huge).string == "t")
        // Nothing but markup, and nothing at all.
        #expect(try Self.read("<html><head></head><body></body></html>").string == "")
        #expect(try Self.read(Data()).string == "")
        // CSS that is not CSS.
        #expect(try Self.read("<p style=\"font-size: -5pt; font-size: NaNpt; color: rgb(999, -1, x); margin: 1e308pt; line-height: 1e400\">ok</p>").string == "ok")
    }

    /// A large document reads in one pass: 1 MB of formatted paragraphs, every word kept.
    @Test func largeDocument() throws {
        let paragraph = "<p>Plain <b>bold</b> <i>italic &amp; more</i> <a href=\"https://x.org\">link</a> été</p>\n"
        let count = 1_000_000 / paragraph.utf8.count
        let text = try Self.read("<html><body>" + String(repeating: paragraph, count: count) + "</body></html>")
        #expect(text.length == count * "Plain bold italic & more link été\n".utf16.count - 1)
    }
}
