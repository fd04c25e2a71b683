import Foundation
import Galley
import GalleyDocuments

/// HTML from HTML's own syntax, inline CSS, hostile text and raw bytes: read (never a crash or a hang, whatever the
/// nesting or the bytes), written and read again to the same text, then laid out in a frame whose every line must
/// be in order and in range.
enum HTMLHarness {
    /// Pieces of markup the fuzzer strings together with text.
    static let syntax = [
        "<p>", "</p>", "<div>", "</div>", "<b>", "</b>", "<i>", "</i>", "<u>", "<s>", "<sup>", "<sub>", "</sup>", "<br>",
        "<h1>", "</h1>", "<ul><li>", "<ol start=\"-5\"><li>", "</li>", "</ul>", "<pre>", "</pre>", "<code>", "<table><tr><td>",
        "</td><td>", "</tr></table>", "<a href=\"http://x.y/?a&amp;b\">", "</a>", "<font size=\"9\" color=\"#f00\" face=\"Mono\">",
        "<span style=\"", "\">", "</span>", "font-size: 1e9pt; ", "font-size: -3em; ", "color: rgb(1,2", "margin: 4pt 1e308pt; ",
        "line-height: 0; ", "text-align: center; ", "direction: rtl; ", "white-space: pre; ", "text-indent: -50pt; ",
        "<img src=\"data:image/png;base64,iVBORw0KGgo\" width=\"-1\" alt=\"x\">", "<script>", "</script>", "<style>",
        "<!--", "-->", "<![CDATA[", "]]>", "&amp;", "&#0;", "&#x10FFFF;", "&bogus;", "<", ">", "\"", "\n", "   ", "\t",
    ]

    static func run(_ input: inout FuzzInput) throws {
        let data = HostileDocument.make(&input, start: "", syntax: syntax, count: 0...80)
        let style = MarkdownStyle(font: FuzzFonts.base)
        let text = try AttributedDocument.read(data, type: .html, style: style)
        // Written and read again: the same text, less what HTML cannot tell apart (line breaks at a paragraph's end,
        // `<p><br></p>` being an empty paragraph) and the controls libxml2 drops.
        let written = try AttributedDocument.write(text, type: .html)
        let again = try AttributedDocument.read(written, type: .html, style: style).string
        func comparable(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{2028}" || $0 == "\t" || $0 == "\n" }))
        }
        try check(comparable(again) == comparable(text.string), "HTML written and read again changed the text")
        let frame = Framesetter(attributedString: text, defaultFont: FuzzFonts.base)
            .frame(path: Path(rect: CGRect(x: 0, y: 0, width: input.length(ordinary: 1...600), height: 100_000)))
        try FramesHarness.checkFrame(frame)
    }
}
