import Foundation
import Testing

@testable import Galley

/// Layout dumps (Frame.layoutDescription) as goldens: every paragraph-style knob and a set of shapes. The dumps
/// are Galley's own, recorded with GALLEY_RECORD=1; the independent checks are in the property and Pango tests.
@Suite struct FramesetterGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let serif = try! TestFonts.font("DejaVuSerif.ttf", size: 12)
    static let text = "Typography in Galley: office AVATAR, שלום עולם and 123.45 — a paragraph long enough to wrap over "
        + "several lines in most of the frames below.\nA second paragraph.\u{2028}After a line separator."

    static func string(_ style: ParagraphStyle, text: String = text, font: Font = serif) -> NSAttributedString {
        NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style])
    }

    static func dump(_ cases: [(String, Frame)]) -> String {
        cases.map { name, frame in "== \(name)\n" + frame.layoutDescription }.joined(separator: "\n")
    }

    static func compare(_ name: String, _ actual: String) {
        Golden.compare(actual, to: directory.appendingPathComponent(name))
    }

    static let rect = Path(rect: CGRect(x: 0, y: 0, width: 220, height: 400))

    @Test func alignmentDirectionAndBreakModes() {
        var cases: [(String, Frame)] = []
        for direction in [WritingDirection.leftToRight, .rightToLeft] {
            for alignment in [TextAlignment.left, .right, .center, .justified, .natural] {
                var style = ParagraphStyle(baseWritingDirection: direction)
                style.alignment = alignment
                cases.append(("\(alignment) \(direction)", Framesetter(attributedString: Self.string(style)).frame(path: Self.rect)))
            }
        }
        for mode in [LineBreakMode.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle] {
            var style = ParagraphStyle()
            style.lineBreakMode = mode
            cases.append(("\(mode)", Framesetter(attributedString: Self.string(style)).frame(path: Self.rect)))
        }
        Self.compare("alignment.txt", Self.dump(cases))
    }

    @Test func indentsTabsAndSpacing() {
        var cases: [(String, Frame)] = []
        var indents = ParagraphStyle()
        indents.firstLineHeadIndent = 24
        indents.headIndent = 10
        indents.tailIndent = -30
        cases.append(("indents, inset tail", Framesetter(attributedString: Self.string(indents)).frame(path: Self.rect)))
        indents.tailIndent = 150
        cases.append(("indents, absolute tail", Framesetter(attributedString: Self.string(indents)).frame(path: Self.rect)))
        var tabs = ParagraphStyle()
        tabs.tabStops = [TextTab(alignment: .left, location: 40), TextTab(alignment: .right, location: 120),
                         TextTab(alignment: .center, location: 160), .decimal(location: 200)]
        let table = "a\tleft\tright\tmid\t3.14\nbb\tx\tlonger\tc\t1234.5\ncc\ty\tz\tw\t.5\n\tdefault\tgrid\t28\tpoints\tpast\tthe\tstops"
        cases.append(("tab stops", Framesetter(attributedString: Self.string(tabs, text: table)).frame(path: Self.rect)))
        var heights = ParagraphStyle()
        heights.lineHeightMultiple = 1.5
        heights.paragraphSpacing = 6
        heights.paragraphSpacingBefore = 10
        cases.append(("line height multiple 1.5, spacing", Framesetter(attributedString: Self.string(heights)).frame(path: Self.rect)))
        var clamped = ParagraphStyle()
        clamped.minimumLineHeight = 30
        clamped.lineSpacingAdjustment = 4
        cases.append(("minimum line height 30, adjustment 4", Framesetter(attributedString: Self.string(clamped)).frame(path: Self.rect)))
        clamped = ParagraphStyle()
        clamped.maximumLineHeight = 10
        clamped.maximumLineSpacing = 1
        cases.append(("maximum line height 10, spacing 1", Framesetter(attributedString: Self.string(clamped)).frame(path: Self.rect)))
        var strut = ParagraphStyle()
        strut.lineHeightPolicy = .strut
        let emoji = "Emoji 👋🏽 and नमस्ते grow lines under Core Text's rule but not under the strut policy."
        cases.append(("strut", Framesetter(attributedString: Self.string(strut, text: emoji)).frame(path: Self.rect)))
        cases.append(("font maximum", Framesetter(attributedString: Self.string(ParagraphStyle(), text: emoji)).frame(path: Self.rect)))
        var limited = FrameAttributes()
        limited.maximumNumberOfLines = 2
        cases.append(("two lines, tail truncated", Framesetter(attributedString: Self.string(ParagraphStyle())).frame(path: Self.rect, attributes: limited)))
        limited.lastLineTruncation = .middle
        limited.truncationToken = " [more]"
        cases.append(("two lines, middle with a token", Framesetter(attributedString: Self.string(ParagraphStyle())).frame(path: Self.rect, attributes: limited)))
        Self.compare("styles.txt", Self.dump(cases))
    }

    @Test func shapes() {
        let framesetter = Framesetter(attributedString: Self.string(ParagraphStyle(), text: Self.text + " " + Self.text))
        var lShape = Path()
        lShape.move(to: CGPoint(x: 0, y: 0))
        lShape.addLine(to: CGPoint(x: 240, y: 0))
        lShape.addLine(to: CGPoint(x: 240, y: 80))
        lShape.addLine(to: CGPoint(x: 80, y: 80))
        lShape.addLine(to: CGPoint(x: 80, y: 240))
        lShape.addLine(to: CGPoint(x: 0, y: 240))
        lShape.closeSubpath()
        var ring = Path(ellipseIn: CGRect(x: 0, y: 0, width: 260, height: 260))
        ring.addEllipse(in: CGRect(x: 80, y: 80, width: 100, height: 100))
        var evenOdd = FrameAttributes()
        evenOdd.pathFillRule = .evenOdd
        var one = FrameAttributes()
        one.clippingPaths = [ClippingPath(Path(ellipseIn: CGRect(x: 60, y: 120, width: 100, height: 100)))]
        var two = FrameAttributes()
        two.clippingPaths = [ClippingPath(Path(rect: CGRect(x: 0, y: 200, width: 80, height: 60))),
                             ClippingPath(Path(rect: CGRect(x: 150, y: 60, width: 70, height: 120)))]
        var everything = FrameAttributes()
        everything.clippingPaths = [ClippingPath(Path(rect: CGRect(x: -10, y: -10, width: 300, height: 500)))]
        let cases: [(String, Frame)] = [
            ("circle", framesetter.frame(path: Path(ellipseIn: CGRect(x: 0, y: 0, width: 260, height: 260)))),
            ("L shape", framesetter.frame(path: lShape)),
            ("ring, even-odd", framesetter.frame(path: ring, attributes: evenOdd)),
            ("rectangle with a circular exclusion", framesetter.frame(path: Self.rect, attributes: one)),
            ("rectangle with two exclusions", framesetter.frame(path: Self.rect, attributes: two)),
            ("narrower than any word", framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 14, height: 200)))),
            ("shorter than one line", framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 200, height: 8)))),
            ("exclusion covering everything", framesetter.frame(path: Self.rect, attributes: everything)),
        ]
        Self.compare("shapes.txt", Self.dump(cases))
    }
}
