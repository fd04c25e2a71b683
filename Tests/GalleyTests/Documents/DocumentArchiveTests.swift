import Foundation
import Galley
import Testing

@testable import GalleyDocuments

/// Galley's archive keeps every attribute: archive → string → archive is the same bytes, and the string read back
/// has the same text and, run for run, the same Galley attributes.
@Suite struct DocumentArchiveTests {
    /// A string with every attribute Galley reads set to something other than its default, over several runs and
    /// scripts.
    static func everything() throws -> NSAttributedString {
        let font = try TestFonts.font("LinLibertine_R.otf", size: 13)
        let slanted = try TestFonts.font("DejaVuSans.ttf", size: 9).withSize(9, matrix: AffineTransform(m11: 1, m12: 0, m21: 0.2, m22: 1, tX: 0, tY: 0))
        var paragraph = ParagraphStyle(baseWritingDirection: .rightToLeft)
        paragraph.alignment = .justified
        paragraph.firstLineHeadIndent = 12
        paragraph.headIndent = 6
        paragraph.tailIndent = -8
        paragraph.tabStops = [TextTab(alignment: .right, location: 100), .decimal(location: 200), TextTab(alignment: .center, location: 300, columnTerminators: [",", "·"])]
        paragraph.defaultTabInterval = 36
        paragraph.lineBreakMode = .byTruncatingMiddle
        paragraph.lineHeightMultiple = 1.2
        paragraph.minimumLineHeight = 10
        paragraph.maximumLineHeight = 30
        paragraph.lineSpacingAdjustment = 2
        paragraph.minimumLineSpacing = 1
        paragraph.maximumLineSpacing = 9
        paragraph.paragraphSpacing = 4
        paragraph.paragraphSpacingBefore = 3
        paragraph.lineHeightPolicy = .strut
        paragraph.hyphenationFactor = 0.7
        paragraph.lineBreakStrategy = .optimal(looseness: -1)
        paragraph.justification = .interCluster
        let picture = try AttachmentTests.png(width: 8, height: 6)
        let text = NSMutableAttributedString(string: "")
        text.append(NSAttributedString(string: "office ", attributes: [
            .font: font, .foregroundColor: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4), .backgroundColor: Color.black,
            .kern: 1.5, .tracking: 0.25, .ligature: 2, .paragraphStyle: paragraph, .strokeWidth: -3.0,
            .strokeColor: Color(red: 1, green: 0, blue: 0), .underlineStyle: UnderlineStyle([.double, .patternDash, .byWord]).rawValue,
            .underlineColor: Color(red: 0, green: 1, blue: 0), .language: "de-CH",
            .fontFeatureSettings: [FontFeatureSetting("smcp"), FontFeatureSetting("ss02", 3)],
            .shadow: Shadow(offset: CGSize(width: 1, height: -2), blurRadius: 3, color: Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
        ]))
        text.append(NSAttributedString(string: "עברית ", attributes: [
            .font: slanted, .strikethroughStyle: UnderlineStyle.thick.rawValue, .strikethroughColor: Color.black, .superscript: -1,
            .baselineOffset: 2.5, .writingDirection: [WritingDirectionEmbedding(.rightToLeft, isOverride: true).rawValue],
            .foregroundColorFromContext: true, .verticalForms: true, .horizontalInVerticalForms: 2,
            .rubyAnnotation: RubyAnnotation(text: [.before: "るび", .after: "ruby"], alignment: .center, overhang: .none, sizeFactor: 0.4,
                                            attributes: [.foregroundColor: Color(hex: "#c02020")!]), .paragraphStyle: paragraph, .obliqueness: 0.25,
        ]))
        text.append(NSAttributedString(string: "\u{FFFC}", attributes: [.font: font, .attachment: TextAttachment(contents: picture, bounds: CGRect(x: 0, y: -2, width: 16, height: 12)), .paragraphStyle: paragraph]))
        text.append(NSAttributedString(string: "\u{FFFC}", attributes: [.font: font, .runDelegate: RunDelegate(width: 20, ascent: 7, descent: 3), .paragraphStyle: paragraph]))
        text.append(NSAttributedString(string: " link 👋🏽\n", attributes: [
            .font: font, .link: URL(string: "https://example.com/a?b=c")!, .paragraphStyle: paragraph,
            .inlinePresentationIntent: InlinePresentationIntent([.emphasized, .code]).rawValue, .headingLevel: 2, MarkdownReader.listMarkerKey: "3.",
        ]))
        text.append(NSAttributedString(string: "plain", attributes: [:]))
        return text
    }

    @Test func archivesKeepEveryAttribute() throws {
        let original = try Self.everything()
        let style = MarkdownStyle(font: try TestFonts.font("LinLibertine_R.otf", size: 13))
        let archive = try AttributedDocument.write(original, type: .galleyArchive)
        let read = try AttributedDocument.read(archive, type: .galleyArchive, style: style)
        #expect(read.string == original.string)
        #expect(try AttributedDocument.write(read, type: .galleyArchive) == archive)
        var runs = 0
        original.enumerateAttributes(in: NSRange(location: 0, length: original.length)) { attributes, range, _ in
            var effective = NSRange()
            let theirs = read.attributes(at: range.location, effectiveRange: &effective)
            #expect(effective == range)
            var ours = StringAttributes(attributes), back = StringAttributes(theirs)
            // Delegates and attachments are new objects with the same metrics and contents.
            #expect(ours.runDelegate?.width == back.runDelegate?.width && ours.runDelegate?.ascent == back.runDelegate?.ascent
                        && ours.runDelegate?.descent == back.runDelegate?.descent)
            #expect((ours.runDelegate as? TextAttachment)?.contents == (back.runDelegate as? TextAttachment)?.contents)
            #expect((ours.runDelegate as? TextAttachment)?.bounds == (back.runDelegate as? TextAttachment)?.bounds)
            ours.runDelegate = nil
            back.runDelegate = nil
            #expect(ours == back, "run \(range)")
            #expect((attributes[.link] as? URL) == (theirs[.link] as? URL))
            #expect(InlinePresentationIntent(attributeValue: attributes[.inlinePresentationIntent]) == InlinePresentationIntent(attributeValue: theirs[.inlinePresentationIntent]))
            #expect(attributes[.headingLevel] as? Int == theirs[.headingLevel] as? Int)
            #expect(attributes[MarkdownReader.listMarkerKey] as? String == theirs[MarkdownReader.listMarkerKey] as? String)
            runs += 1
        }
        #expect(runs == 6)
        // Markdown read, archived and read again: the same attributes.
        let markdown = try AttributedDocument.read(Data(MarkdownReadingTests.samples.joined(separator: "\n").utf8), type: .markdown, style: style)
        let again = try AttributedDocument.read(try AttributedDocument.write(markdown, type: .galleyArchive), type: .galleyArchive, style: style)
        #expect(try AttributedDocument.write(again, type: .galleyArchive) == (try AttributedDocument.write(markdown, type: .galleyArchive)))
    }

    /// Swift's `AttributedString` in Galley's scope: bridged to and from `NSAttributedString` with every Galley
    /// attribute (Foundation on Linux has no bridge), and `Codable` through the archive inside a model of the
    /// caller's, fonts found again in the catalog the decoder is given.
    @Test func swiftAttributedStringsBridgeAndEncode() throws {
        let original = try Self.everything()
        let swift = AttributedString(original, including: \.galley)
        #expect(String(swift.characters) == original.string)
        let back = NSAttributedString(swift, including: \.galley)
        #expect(back.string == original.string)
        for index in 0..<original.length {
            // Galley's scope only: a link and Markdown's keys are other scopes' (Foundation's, GalleyDocuments').
            var ours = StringAttributes(original.attributes(at: index, effectiveRange: nil))
            ours.otherAttributes = OtherAttributes()
            let theirs = StringAttributes(back.attributes(at: index, effectiveRange: nil))
            #expect(ours == theirs, "at \(index)")
        }
        // The scope's values are the typed ones: a font, a paragraph style, an underline style.
        let first = try #require(swift.runs.first)
        #expect(first.galley.font?.postScriptName == StringAttributes(original.attributes(at: 0, effectiveRange: nil)).font?.postScriptName)

        struct Note: Codable {
            var title: String
            var body: ArchivedAttributedString
        }
        let catalog = try TestFonts.font("LinLibertine_R.otf", size: 13).catalog
        let encoded = try JSONEncoder().encode(Note(title: "t", body: ArchivedAttributedString(swift)))
        let decoder = JSONDecoder()
        decoder.userInfo[ArchivedAttributedString.fontCatalogKey] = catalog
        let decoded = try decoder.decode(Note.self, from: encoded).body.value
        let again = NSAttributedString(decoded, including: \.galley)
        #expect(again.string == original.string)
        for index in 0..<original.length {
            var ours = StringAttributes(original.attributes(at: index, effectiveRange: nil))
            ours.otherAttributes = OtherAttributes()
            var theirs = StringAttributes(again.attributes(at: index, effectiveRange: nil))
            #expect(ours.runDelegate?.width == theirs.runDelegate?.width
                    && (ours.runDelegate as? TextAttachment)?.contents == (theirs.runDelegate as? TextAttachment)?.contents)
            ours.runDelegate = nil
            theirs.runDelegate = nil
            #expect(ours == theirs, "at \(index)")
        }
        // Another format's JSON is refused.
        let other = Data("{\"title\": \"t\", \"body\": {\"format\": \"other\", \"version\": 1, \"text\": \"a\", \"runs\": []}}".utf8)
        #expect(throws: DocumentError.self) { try decoder.decode(Note.self, from: other) }
    }

    @Test func archivesRefuseWhatIsNotOne() throws {
        let style = MarkdownStyle(font: try TestFonts.font("DejaVuSerif.ttf", size: 12))
        for bad in ["", "{}", "[1, 2]", "{\"format\": \"other\", \"version\": 1, \"text\": \"a\", \"runs\": []}", "{\"text\": 5}"] {
            #expect(throws: DocumentError.self) { try AttributedDocument.read(Data(bad.utf8), type: .galleyArchive, style: style) }
        }
        // Runs that do not add up to the text are cut to it.
        let short = "{\"format\": \"galley-archive\", \"version\": 1, \"text\": \"abc\", \"runs\": [{\"length\": 99, \"attributes\": {\"kern\": 1}}]}"
        let read = try AttributedDocument.read(Data(short.utf8), type: .galleyArchive, style: style)
        #expect(read.string == "abc" && StringAttributes(read.attributes(at: 2, effectiveRange: nil)).kern == 1)
        #expect(throws: DocumentError.writingUnsupported(.markdown)) { try AttributedDocument.write(read, type: .markdown) }
    }
}
