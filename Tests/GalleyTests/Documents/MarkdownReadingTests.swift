import Foundation
import Galley
import Testing

@testable import GalleyDocuments

/// Markdown read through cmark-gfm against pandoc's reading of the same files (its own CommonMark parser): the same
/// paragraphs with the same text, and the same emphasis, strong emphasis and code on every character.
@Suite struct MarkdownReadingTests {
    static let pandocAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/pandoc")

    static func style() throws -> MarkdownStyle {
        // Linux Libertine: regular, bold and italic faces in Fonts/.
        MarkdownStyle(font: try TestFonts.font("LinLibertine_R.otf", size: 12))
    }

    /// A character with what it is set in.
    struct Styled: Equatable, CustomStringConvertible {
        var character: Character
        var bold: Bool, italic: Bool, code: Bool
        var description: String { "\(character)\(bold ? "b" : "")\(italic ? "i" : "")\(code ? "c" : "")" }
    }

    /// Galley's paragraphs, list markers left out, empty ones dropped.
    static func ours(_ markdown: String) throws -> [[Styled]] {
        let text = try AttributedDocument.read(Data(markdown.utf8), type: .markdown, style: try style())
        var paragraphs: [[Styled]] = [[]]
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length)) { attributes, range, _ in
            guard attributes[MarkdownReader.listMarkerKey] == nil else { return }
            // Bold: strong emphasis, a heading, or a table header's bold face; italic: emphasis; code: monospace.
            let traits = (attributes[.font] as? Font)?.traits.symbolic ?? []
            let intent = InlinePresentationIntent(attributeValue: attributes[.inlinePresentationIntent]) ?? []
            let piece = (text.string as NSString).substring(with: range)
            for character in piece {
                if character == "\n" {
                    paragraphs.append([])
                } else {
                    paragraphs[paragraphs.count - 1].append(Styled(character: character, bold: intent.contains(.stronglyEmphasized) || traits.contains(.bold) || attributes[.headingLevel] != nil,
                                                                   italic: intent.contains(.emphasized), code: traits.contains(.monoSpace)))
                }
            }
        }
        return paragraphs.filter { !$0.isEmpty }
    }

    /// pandoc's paragraphs from its JSON tree: headings and table headers bold, as Galley sets them.
    static func pandocs(_ markdown: String) throws -> [[Styled]] {
        // (pandoc reads all its input before it writes.)
        let json = try runProgram("/usr/bin/pandoc", ["-f", "gfm-emoji-task_lists", "-t", "json"], input: markdown)
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var paragraphs: [[Styled]] = []
        var current: [Styled] = []
        func flush() {
            if !current.isEmpty { paragraphs.append(current) }
            current = []
        }
        func add(_ text: String, _ bold: Bool, _ italic: Bool, _ code: Bool) {
            for character in text { current.append(Styled(character: character, bold: bold, italic: italic, code: code)) }
        }
        func inlines(_ list: Any?, bold: Bool, italic: Bool) {
            for case let inline as [String: Any] in (list as? [Any]) ?? [] {
                let content = inline["c"]
                switch inline["t"] as? String {
                case "Str": add(content as? String ?? "", bold, italic, false)
                case "Space", "SoftBreak": add(" ", bold, italic, false)
                case "LineBreak": add("\u{2028}", bold, italic, false)
                case "Emph": inlines(content, bold: bold, italic: true)
                case "Strong": inlines(content, bold: true, italic: italic)
                case "Strikeout", "Span", "Underline", "SmallCaps", "Superscript", "Subscript": 
                    let parts = content as? [Any]
                    inlines(inline["t"] as? String == "Span" ? parts?.last : content, bold: bold, italic: italic)
                case "Code": add(((content as? [Any])?.last as? String) ?? "", bold, italic, true)
                case "Link", "Image": inlines((content as? [Any])?[1], bold: bold, italic: italic)
                case "RawInline": add(((content as? [Any])?.last as? String) ?? "", bold, italic, false)
                default: break
                }
            }
        }
        func blocks(_ list: Any?, bold: Bool = false) {
            for case let block as [String: Any] in (list as? [Any]) ?? [] {
                let content = block["c"]
                switch block["t"] as? String {
                case "Para", "Plain":
                    inlines(content, bold: bold, italic: false)
                    flush()
                case "Header":
                    inlines((content as? [Any])?.last, bold: true, italic: false)
                    flush()
                case "CodeBlock":
                    add((((content as? [Any])?.last as? String) ?? "").replacingOccurrences(of: "\n", with: "\u{2028}"), false, false, true)
                    flush()
                case "RawBlock":
                    var raw = ((content as? [Any])?.last as? String) ?? ""
                    if raw.hasSuffix("\n") { raw.removeLast() }
                    add(raw.replacingOccurrences(of: "\n", with: "\u{2028}"), false, false, false)
                    flush()
                case "BlockQuote", "Div":
                    blocks(block["t"] as? String == "Div" ? (content as? [Any])?.last : content)
                case "BulletList":
                    for item in (content as? [Any]) ?? [] { blocks(item) }
                case "OrderedList":
                    for item in ((content as? [Any])?.last as? [Any]) ?? [] { blocks(item) }
                case "Table":
                    // [attr, caption, colspecs, head, bodies, foot]; a row is [attr, cells]; a cell [attr, align, rows, columns, blocks].
                    let parts = content as? [Any] ?? []
                    func rows(_ list: Any?, bold: Bool) {
                        for case let row as [Any] in (list as? [Any]) ?? [] {
                            for (index, cell) in ((row.last as? [Any]) ?? []).compactMap({ $0 as? [Any] }).enumerated() {
                                if index > 0 { add("\t", bold, false, false) }
                                for case let cellBlock as [String: Any] in (cell.last as? [Any]) ?? [] { inlines(cellBlock["c"], bold: bold, italic: false) }
                            }
                            flush()
                        }
                    }
                    if parts.count >= 6 {
                        rows((parts[3] as? [Any])?.last, bold: true)
                        for case let body as [Any] in (parts[4] as? [Any]) ?? [] { rows(body.last, bold: false) }
                    }
                default: break
                }
            }
        }
        blocks(tree["blocks"])
        return paragraphs
    }

    static let samples = [
        "# Title\n\nSome *emphasis*, **strong**, ***both***, `code` and a [link](https://example.com/a) here.\n",
        "Para one\nwith a soft break and a hard one  \nthere.\n\n> A quote with *style*\n> over two lines.\n\n---\n\nAfter the rule.\n",
        "- one\n- two with **bold**\n  - nested *item*\n- three\n\n1. first\n2. second\n\n   with a second paragraph\n",
        "```swift\nlet x = 1\nprint(x)\n```\n\n    indented code\n\nText with ~~strike~~ and <b>raw html</b> inline.\n",
        "| Name | Value |\n|---|---:|\n| a | **1** |\n| b *c* | `2` |\n\nAn autolink https://example.org and an ![image](pic.png).\n",
        "## Heading with `code`\n\nÜmlauts, emoji 👋🏽, عربى, 中文 and entities &amp; &copy;.\n",
    ]

    @Test(.enabled(if: pandocAvailable)) func samplesReadAsPandocReadsThem() throws {
        for (index, sample) in Self.samples.enumerated() {
            let ours = try Self.ours(sample), theirs = try Self.pandocs(sample)
            #expect(ours.map { String($0.map(\.character)) } == theirs.map { String($0.map(\.character)) }, "sample \(index)")
            #expect(ours == theirs, "sample \(index)")
        }
    }

    /// An image the base URL reaches is an attachment on U+FFFC, scaled down to the widest allowed, in place of its
    /// alternative text; one it does not reach stays its text.
    @Test func localImagesBecomeAttachments() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-markdown-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try AttachmentTests.png(width: 600, height: 300).write(to: directory.appendingPathComponent("wide.png"))
        var style = try Self.style()
        style.baseURL = directory
        style.maximumImageWidth = 300
        let text = try AttributedDocument.read(Data("Before ![a wide picture](wide.png) and ![missing](nowhere.png) after.".utf8),
                                               type: .markdown, style: style)
        #expect(text.string == "Before \u{FFFC} and missing after.")
        let attachment = try #require(text.attribute(.attachment, at: 7, effectiveRange: nil) as? TextAttachment)
        #expect(attachment.bounds.size == CGSize(width: 300, height: 150))
        #expect(attachment.imageSize == CGSize(width: 600, height: 300))
    }

    /// The project's own README (headings, lists, code blocks, tables, links, images): the same paragraphs and styles.
    @Test(.enabled(if: pandocAvailable)) func theReadmeReadsAsPandocReadsIt() throws {
        let readme = try String(contentsOf: Corpus.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8)
        let ours = try Self.ours(readme), theirs = try Self.pandocs(readme)
        #expect(ours.count == theirs.count)
        for (index, (mine, pandoc)) in zip(ours, theirs).enumerated() where mine != pandoc {
            Issue.record("paragraph \(index): \(String(mine.map(\.character)).prefix(80)) | \(String(pandoc.map(\.character)).prefix(80))")
            break
        }
    }
}

/// Reading's edges: bytes that are not UTF-8 (an error naming the byte), plain text, and hostile Markdown — deep
/// nesting, runs of delimiters, a megabyte in one paragraph — read in time, every character of its text kept.
@Suite struct DocumentReadingEdgeTests {
    @Test func invalidUTF8NamesItsByte() throws {
        let style = try MarkdownReadingTests.style()
        var bytes = Array("café ok".utf8)
        bytes.insert(0xFF, at: 3)
        #expect(throws: DocumentError.invalidUTF8(offset: 3)) { try AttributedDocument.read(Data(bytes), type: .markdown, style: style) }
        #expect(throws: DocumentError.invalidUTF8(offset: 3)) { try AttributedDocument.read(Data(bytes), type: .plainText, style: style) }
        let plain = try AttributedDocument.read(Data("one\ntwo *not emphasis*".utf8), type: .plainText, style: style)
        #expect(plain.string == "one\ntwo *not emphasis*")
        #expect((plain.attribute(.font, at: 5, effectiveRange: nil) as? Font) === style.font)
        #expect(DocumentType(pathExtension: "MD") == .markdown && DocumentType(pathExtension: "txt") == .plainText)
    }

    /// Hard-wrapped plain text reflows into paragraphs: lines joined by spaces, blank lines between paragraphs gone.
    @Test func hardWrappedTextReflows() throws {
        #expect(AttributedDocument.reflowed("It was the best\nof times,\r\n  it was\n\n \t\nthe worst\rof times.\n") ==
                "It was the best of times, it was\nthe worst of times.")
        #expect(AttributedDocument.reflowed("") == "" && AttributedDocument.reflowed("\n\n\n") == "")
        // A Project Gutenberg text: as many paragraphs as blank-line-separated blocks, every word kept.
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("candide.txt"), encoding: .utf8)
        let reflowed = AttributedDocument.reflowed(text)
        #expect(reflowed.split(separator: "\n").count < text.split(separator: "\n").count / 2)
        #expect(reflowed.split(whereSeparator: \.isWhitespace) == text.split(whereSeparator: \.isWhitespace))
    }

    /// Chinese and Japanese hard-wrapped text reflows without spaces where CSS removes a segment break (both sides
    /// East Asian wide, fullwidth or halfwidth, neither Hangul); a line opening with an ideographic space starts a
    /// paragraph; Latin next to kana and Korean keep their space.
    @Test func eastAsianTextReflowsWithoutSpaces() throws {
        #expect(AttributedDocument.reflowed("　或日の暮方の事である。広い門\nの下には、\n　作者はさっき、平安朝の下人の\nSentimentalismeに影響した。")
                == "　或日の暮方の事である。広い門の下には、\n　作者はさっき、平安朝の下人の Sentimentalismeに影響した。")
        #expect(AttributedDocument.reflowed("모든 인류\n구성원의") == "모든 인류 구성원의")
        #expect(AttributedDocument.reflowed("ｱｲｳ\nｴｵ") == "ｱｲｳｴｵ")  // halfwidth katakana
        // Rashomon from Project Gutenberg: every paragraph opens with an ideographic space, and reflowing removes the
        // line breaks and adds no space between Japanese characters.
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("rashomon.txt"), encoding: .utf8)
        let body = text.components(separatedBy: "--------\n")[1]
        let reflowed = AttributedDocument.reflowed(body)
        let paragraphs = reflowed.split(separator: "\n")
        #expect(paragraphs.count > 10 && paragraphs.dropFirst(2).allSatisfy { $0.hasPrefix("\u{3000}") })
        #expect(reflowed.filter { $0 != "\n" && $0 != " " } == body.filter { $0 != "\n" && $0 != " " })
        let added = reflowed.unicodeScalars.filter { $0 == " " }.count - body.unicodeScalars.filter { $0 == " " }.count
        #expect(added >= 0 && added < 10)  // only next to the few Latin words
    }

    /// A style with NaN, infinite and negative lengths reads as one with none: nothing non-finite reaches the text.
    @Test func hostileStylesAreMadeUsable() throws {
        var style = try MarkdownReadingTests.style()
        style.indent = .nan
        style.paragraphSpacing = -.infinity
        style.maximumImageWidth = .nan
        style.headingScales = [.infinity, -2, .nan]
        let text = try AttributedDocument.read(Data("# Big\n\n> quoted\n\n- item\n".utf8), type: .markdown, style: style)
        var lengths: [CGFloat] = []
        text.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: text.length)) { value, _, _ in
            guard let paragraph = value as? ParagraphStyle else { return }
            lengths += [paragraph.headIndent, paragraph.firstLineHeadIndent, paragraph.paragraphSpacing, paragraph.paragraphSpacingBefore,
                        paragraph.defaultTabInterval]
        }
        #expect(!lengths.isEmpty && lengths.allSatisfy { $0.isFinite })
        #expect((text.attribute(.font, at: 0, effectiveRange: nil) as? Font)?.size == style.font.size)
    }

    /// Neighbouring runs with different intents and styles survive CoreFoundation comparing their attributes (an
    /// attribute change over the whole text compares every pair): the values are numbers, not small Swift structs,
    /// which crash it on Linux (found by the fuzzer).
    @Test func documentsSurviveAttributeChanges() throws {
        let style = try MarkdownReadingTests.style()
        let text = NSMutableAttributedString(attributedString: try AttributedDocument.read(
            Data("*a* **b** ***c*** `d` ~~e~~ *f*\n\n# g *h*".utf8), type: .markdown, style: style))
        for _ in 0..<3 {
            text.addAttribute(.foregroundColor, value: Color.black, range: NSRange(location: 0, length: text.length))
            text.addAttribute(.kern, value: 1, range: NSRange(location: 1, length: text.length - 2))
        }
        var runs = NSMutableAttributedString(string: "abcd")
        for (index, attributes) in [StringAttributes(), { var value = StringAttributes(); value.underlineStyle = .double; value.writingDirection = [.init(.rightToLeft)]; return value }()].enumerated() {
            runs.setAttributes(attributes.dictionary, range: NSRange(location: index * 2, length: 2))
        }
        runs.addAttribute(.kern, value: 2, range: NSRange(location: 0, length: 4))
        runs = NSMutableAttributedString(attributedString: runs)
        #expect(StringAttributes(runs.attributes(at: 3, effectiveRange: nil)).underlineStyle == .double)
    }

    @Test func hostileMarkdownReadsInTime() throws {
        let style = try MarkdownReadingTests.style()
        let cases = [String(repeating: ">", count: 100_000) + " deep", String(repeating: "- ", count: 20_000) + "item",
                     String(repeating: "*a ", count: 50_000), String(repeating: "[", count: 50_000) + "x",
                     String(repeating: "word ", count: 200_000), "x " + String(repeating: "`", count: 30_000)]
        for source in cases {
            let start = Date()
            let text = try AttributedDocument.read(Data(source.utf8), type: .markdown, style: style)
            #expect(Date().timeIntervalSince(start) < 10, "\(source.prefix(10))…")
            // The words of the source are all there.
            let words = source.split(whereSeparator: { !$0.isLetter }).count
            #expect(text.string.split(whereSeparator: { !$0.isLetter }).count == words, "\(source.prefix(10))…")
        }
    }
}
