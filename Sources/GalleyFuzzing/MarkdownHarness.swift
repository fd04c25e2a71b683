import Foundation
import Galley
import GalleyDocuments

/// Markdown from Markdown's own syntax and hostile text mixed: read (never a crash or a hang; invalid UTF-8 only
/// as the error naming its byte), then laid out in a frame whose every line must be in order and in range.
enum MarkdownHarness {
    /// Pieces of syntax the fuzzer strings together with text.
    static let syntax = ["*", "**", "_", "__", "`", "```", "~~", "#", "## ", "> ", "- ", "* ", "1. ", "  ", "\n", "\n\n", "    ",
                         "[", "](", ")", "![", "|", "|---|", "---", "<b>", "</b>", "&amp;", "&#x1F44B;", "\\", "<", "http://x.y/z", "\t"]

    static func run(_ input: inout FuzzInput) throws {
        var source = ""
        for _ in 0..<input.int(0...60) {
            if input.bool() {
                source += input.choose(syntax)
            } else {
                source += String(decoding: HostileText.units(&input).prefix(40), as: UTF16.self)
            }
        }
        // Now and then the raw bytes, which need not be UTF-8.
        let data = input.int(0...7) == 0 ? Data(input.remaining) : Data(source.utf8)
        var style = MarkdownStyle(font: FuzzFonts.base)
        style.headingScales = input.choose([style.headingScales, [], [1e9], [0.001, -1]])
        style.indent = input.length(ordinary: 0...40)
        let result = Result { () throws(DocumentError) in try AttributedDocument.read(data, type: .markdown, style: style) }
        guard case .success(let text) = result else {
            if case .failure(.invalidUTF8(let offset)) = result {
                try check(offset >= 0 && offset < data.count && String(validating: data, as: UTF8.self) == nil,
                          "invalid UTF-8 reported at \(offset) of \(data.count) bytes")
            } else {
                try check(false, "Markdown refused: \(result)")
            }
            return
        }
        let frame = Framesetter(attributedString: text, defaultFont: FuzzFonts.base)
            .frame(path: Path(rect: CGRect(x: 0, y: 0, width: input.length(ordinary: 1...600), height: 100_000)))
        try FramesHarness.checkFrame(frame)
    }
}
