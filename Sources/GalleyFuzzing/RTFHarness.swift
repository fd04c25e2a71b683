import Foundation
import Galley
import GalleyDocuments

/// RTF from RTF's own syntax, hostile text and raw bytes: read (never a crash or a hang; only bytes that do not begin
/// like RTF refused), no more text than bytes, written and read again to the same text, then laid out in a frame
/// whose every line must be in order and in range.
enum RTFHarness {
    /// Pieces of syntax the fuzzer strings together with text.
    static let syntax = [
        "{", "}", "\\par ", "\\pard", "\\plain ", "\\b ", "\\b0 ", "\\i", "\\ul ", "\\ulnone ", "\\strike ", "\\super ", "\\sub ",
        "\\f0 ", "\\f1 ", "\\f9 ", "\\fs48 ", "\\fs0 ", "\\cf1 ", "\\cf99 ", "\\cb2 ", "\\qc ", "\\qj ", "\\li720 ", "\\fi-360 ",
        "\\sl-240 ", "\\sl360\\slmult1 ", "\\tx720 ", "\\tqr\\tx4000 ", "\\u8212?", "\\u-3913 ", "\\uc0 ", "\\uc2 ", "\\'e9",
        "\\'82\\'a0", "\\'zz", "\\tab ", "\\line ", "\\~", "\\-", "\\_", "\\\\", "\\{", "\\}", "\\*", "{\\*\\unknown x}",
        "{\\fonttbl{\\f0\\fcharset128 MS Mincho;}{\\f1\\fcharset204 Arial;}}", "{\\colortbl;\\red255\\green0\\blue0;}",
        "{\\field{\\*\\fldinst{HYPERLINK \"http://x.y\"}}{\\fldrslt ", "{\\pict\\pngblip\\picwgoal100 89504e47", "\\bin3 ",
        "\\expndtw40 ", "\\up6 ", "\\rtlpar ", "\\ansicpg932 ", "\\mac ", "{\\listtext\\'95\\tab}", "\\cell ", "\\row ", "\n",
    ]

    static func run(_ input: inout FuzzInput) throws {
        let data = HostileDocument.make(&input, start: "{\\rtf1\\ansi ", syntax: syntax, count: 0...80)
        let style = MarkdownStyle(font: FuzzFonts.base)
        let text: NSAttributedString
        do {
            text = try AttributedDocument.read(data, type: .rtf, style: style)
        } catch {
            try check(false, "RTF refused: \(error)")
            return
        }
        try check(text.length <= data.count, "\(text.length) UTF-16 units from \(data.count) bytes")
        // Written and read again: the same text (less the controls RTF cannot write).
        let written = try AttributedDocument.write(text, type: .rtf)
        let again = try AttributedDocument.read(written, type: .rtf, style: style).string
        let expected = String(decoding: text.string.utf16.compactMap { unit -> UInt16? in
            unit == 0x0D ? 0x2028 : (unit < 0x20 && unit != 0x09 && unit != 0x0A) ? nil : unit
        }, as: UTF16.self)
        try check(again == expected, "RTF written and read again changed the text")
        let frame = Framesetter(attributedString: text, defaultFont: FuzzFonts.base)
            .frame(path: Path(rect: CGRect(x: 0, y: 0, width: input.length(ordinary: 1...600), height: 100_000)))
        try FramesHarness.checkFrame(frame)
    }
}
