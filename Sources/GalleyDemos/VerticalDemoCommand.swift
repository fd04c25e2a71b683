import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyDocuments
import GalleyRendering

/// `galley-demos vertical`: a page of Japanese set vertically — columns from the right, justified, kinsoku — with
/// ruby over some words, a date whose numbers stand horizontally in one em (tate-chu-yoko), and a Latin word lying
/// sideways: the opening of a passage of Akutagawa's Rashomon (docs/vertical-sample.txt) and a colophon.
struct VerticalDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vertical",
        abstract: "Draw a page of Japanese set vertically, with ruby, tate-chu-yoko and a Latin word sideways.",
        discussion: "Noto Serif CJK JP (the bundled subset) 12 pt, columns 282 pt long from the right, justified, strict "
            + "kinsoku; ruby over the first 下人, 雨, 主人, 京都, 衰微, 余波 and 平安朝; the colophon's date in tate-chu-yoko."
    )

    @OptionGroup var options: DemoOptions
    @Option(help: "Pixels per point for PNG.") var scale: Double = 2
    @Option(help: "The text (hard-wrapped plain text, reflowed).") var text = "docs/vertical-sample.txt"

    /// Words that get ruby the first time they appear, with their readings.
    static let readings = [("下人", "げにん"), ("雨", "あめ"), ("主人", "しゅじん"), ("京都", "きょうと"), ("衰微", "すいび"),
                           ("余波", "よは"), ("平安朝", "へいあんちょう")]

    func run() throws {
        let catalog = try options.catalog()
        let font = try Font(name: "Noto Serif CJK JP", size: 12, catalog: catalog)
        let body = AttributedDocument.reflowed(try String(contentsOfFile: text, encoding: .utf8))
        let colophon = "\n（2026年11月26日、Galley で組む）"
        let full = body + colophon
        var style = ParagraphStyle()
        style.alignment = .justified
        style.lineBreakStrictness = .strict
        style.lineHeightMultiple = 1.25
        let string = NSMutableAttributedString(string: full, attributes: [.font: font, .verticalForms: true, .paragraphStyle: style,
                                                                           .language: "ja"])
        let whole = full as NSString
        for (word, reading) in Self.readings {
            let found = whole.range(of: word)
            if found.location != NSNotFound { string.addAttribute(.rubyAnnotation, value: RubyAnnotation(reading), range: found) }
        }
        // The colophon's numbers: each stands horizontally in one em of its column.
        let colophonStart = (body as NSString).length
        let numbers = try NSRegularExpression(pattern: "[0-9]+")
        for match in numbers.matches(in: full, range: NSRange(location: colophonStart, length: whole.length - colophonStart)) {
            string.addAttribute(.horizontalInVerticalForms, value: 4, range: match.range)
        }
        let page = CGSize(width: 560, height: 330), margin: CGFloat = 24
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        let frame = Framesetter(attributedString: string).frame(
            path: Path(rect: CGRect(x: margin, y: margin, width: page.width - 2 * margin, height: page.height - 2 * margin)), attributes: attributes)
        try OutputCanvas.draw(to: options.output, size: page, scale: CGFloat(scale)) { canvas in
            canvas.fill(CGRect(origin: .zero, size: page), with: .white)
            canvas.draw(frame)
        }
        print("vertical: \(frame.lines.count) columns, \(frame.visibleStringRange.count) of \(whole.length) UTF-16 units shown")
    }
}
