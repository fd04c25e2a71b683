import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyRendering

/// `galley-demos microtype`: the same justified, hyphenated paragraph set by optimal breaking twice, side by side —
/// plain, and with character protrusion and font expansion — with the column's edges drawn as thin lines, so that
/// the hanging punctuation and the evener spacing show.
struct MicrotypeDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "microtype",
        abstract: "Draw a paragraph without and with character protrusion and font expansion.",
        discussion: "Both columns: Linux Libertine 11 pt, justified, en-US hyphenation, Galley's default optimal breaking. "
            + "The right one adds ParagraphStyle.characterProtrusion = .standard and fontExpansion = .standard. Prints "
            + "each column's quality measures."
    )

    @OptionGroup var options: DemoOptions
    @Option(help: "Pixels per point for PNG.") var scale: Double = 2

    static let text = "\u{201C}Printers have always cared about the edge of a column,\u{201D} she wrote. \u{201C}A hyphen, a "
        + "full stop, a comma or a quotation mark at the end of a line carries little ink, so a column set flush to the "
        + "measure looks ragged to the eye: the small marks leave notches. Letting them hang a little into the margin "
        + "\u{2014} character protrusion \u{2014} makes the edge look straight. Widening or narrowing the letters of a "
        + "line by a percent or two \u{2014} font expansion \u{2014} lets the spaces between words stay even, so fewer "
        + "lines are loose, fewer words are broken, and the paragraph reads as one grey texture.\u{201D} Both come from "
        + "Hàn Thế Thành's work on pdfTeX; Galley's optimal line breaking measures every line with them."

    func run() throws {
        let catalog = try options.catalog()
        let font = try Font(name: "Linux Libertine O", size: 11, catalog: catalog)
        let small = try Font(name: "DejaVu Sans", size: 8, catalog: catalog)
        let column: CGFloat = 200, gap: CGFloat = 44, margin: CGFloat = 26
        let page = CGSize(width: 2 * column + gap + 2 * margin, height: 330)
        let top = page.height - margin - 16
        var report: [String] = []
        try OutputCanvas.draw(to: options.output, size: page, scale: CGFloat(scale)) { canvas in
            canvas.fill(CGRect(origin: .zero, size: page), with: .white)
            for (index, microtype) in [false, true].enumerated() {
                var style = ParagraphStyle()
                style.alignment = .justified
                style.hyphenationFactor = 1
                style.lineBreakStrategy = .optimal()
                if microtype {
                    style.characterProtrusion = .standard
                    style.fontExpansion = .standard
                }
                let setter = Framesetter(attributedString: NSAttributedString(
                    string: Self.text, attributes: [.font: font, .paragraphStyle: style, .language: "en-US"]))
                let x = margin + CGFloat(index) * (column + gap)
                let frame = setter.frame(path: Path(rect: CGRect(x: x, y: margin, width: column, height: top - margin)))
                // The column's edges.
                for edge in [x, x + column] {
                    var line = Path()
                    line.move(to: CGPoint(x: edge, y: margin - 6))
                    line.addLine(to: CGPoint(x: edge, y: top + 4))
                    canvas.stroke(line, with: Color(hex: "#b0c4de")!, lineWidth: 0.5)
                }
                // Frames draw at the text position plus their own coordinates.
                canvas.textPosition = .zero
                canvas.draw(frame)
                canvas.textPosition = CGPoint(x: x, y: top + 10)
                canvas.draw(Line(string: microtype ? "With protrusion and expansion" : "Without", font: small))
                let statistics = setter.statistics(of: frame)
                if report.count < 2 { report.append("\(microtype ? "with" : "without"): \(statistics)") }
            }
        }
        print("wrote \(options.output.joined(separator: ", "))")
        report.forEach { print($0) }
    }
}
