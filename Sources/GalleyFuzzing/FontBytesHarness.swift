import Foundation
import Galley

/// Font files as bytes: a damaged font is refused with `FontError` or loads and answers every question with
/// finite numbers.
enum FontBytesHarness {
    static func run(_ bytes: [UInt8]) throws {
        guard let font = try? Font(data: Data(bytes), size: 12, catalog: FuzzFonts.catalog) else { return }
        for value in [font.ascent, font.descent, font.leading, font.capHeight, font.xHeight, font.underlinePosition,
                      font.underlineThickness, font.slantAngle] {
            try check(value.isFinite, "a metric of \(font) is \(value)")
        }
        let (glyphs, _) = font.glyphs(forCharacters: Array("office Ωм مر 漢 👋".utf16))
        let advances = font.advances(for: glyphs)
        try check(advances.total.isFinite, "advances total \(advances.total)")
        for glyph in glyphs.prefix(8) { _ = font.path(for: glyph) }
        _ = font.postScriptName
        _ = font.familyName
        var text = AttributedString("office fjord AVATAR مرحبا 漢字\nsecond")
        text.galley.font = font
        let line = Line(attributedString: text)
        try LinesHarness.checkLine(line, within: 0..<line.stringRange.upperBound)
        let frame = Framesetter(attributedString: text).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 120, height: 400)))
        try FramesHarness.checkFrame(frame)
    }
}
