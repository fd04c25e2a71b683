import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyRendering

/// `galley-demos showcase`: the page `make demo` draws — two columns around a circle, mixed scripts, tab stops,
/// justified text, colour emoji and a truncated last line — written through the public API.
struct ShowcaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "showcase",
        abstract: "Draw the showcase page (PDF, PNG or SVG) with the fonts of a directory.",
        discussion: "The page: a title, then two justified columns flowing around a circle, with Arabic, Hebrew, "
            + "Devanagari, Chinese and emoji, a table on tab stops (left, right, decimal), and a last paragraph "
            + "truncated to one line."
    )

    @OptionGroup var options: DemoOptions
    @Option(help: "Pixels per point for PNG.") var scale: Double = 1.5

    func run() throws {
        let catalog = try options.catalog()
        let serif = try Font(name: "DejaVu Serif", size: 10.5, catalog: catalog)
        let title = try Font(name: "Linux Libertine O", size: 26, catalog: catalog)
        let sans = try Font(name: "DejaVu Sans", size: 9.5, catalog: catalog)
        let page = CGSize(width: 595, height: 842)
        let margin: CGFloat = 48

        // Title, centred across the page.
        var centred = ParagraphStyle()
        centred.alignment = .center
        centred.paragraphSpacing = 4
        let heading = NSMutableAttributedString(
            string: "Galley — office AVATAR مرحبا नमस्ते 排版 👋🏽\n",
            attributes: [.font: title, .paragraphStyle: centred])
        heading.append(NSAttributedString(
            string: "Core Text's model on Linux: HarfBuzz shapes, ICU breaks, fontconfig finds fonts, Cairo draws.",
            attributes: [.font: try serif.withSize(11), .paragraphStyle: centred, .foregroundColor: Color(hex: "#555555")!]))
        let headingSetter = Framesetter(attributedString: heading)
        let headingSize = headingSetter.suggestFrameSize(constraints: CGSize(width: page.width - 2 * margin, height: 200)).size
        let headingRect = CGRect(x: margin, y: page.height - margin - headingSize.height, width: page.width - 2 * margin,
                                 height: headingSize.height)
        let headingFrame = headingSetter.frame(path: Path(rect: headingRect))

        // The body: justified paragraphs in several scripts, a tab table, a truncated last paragraph.
        var justified = ParagraphStyle()
        justified.alignment = .justified
        justified.paragraphSpacing = 6
        justified.firstLineHeadIndent = 12
        var rightToLeft = justified
        rightToLeft.baseWritingDirection = .rightToLeft
        var table = ParagraphStyle()
        table.tabStops = [TextTab(alignment: .left, location: 8), TextTab(alignment: .right, location: 120), .decimal(location: 190)]
        var truncated = ParagraphStyle()
        truncated.lineBreakMode = .byTruncatingTail
        truncated.paragraphSpacing = 6
        let body = NSMutableAttributedString(string: "")
        func add(_ text: String, _ style: ParagraphStyle, _ font: Font = serif, _ extra: [NSAttributedString.Key: Any] = [:]) {
            var attributes: [NSAttributedString.Key: Any] = [.font: font, .paragraphStyle: style]
            attributes.merge(extra) { $1 }
            body.append(NSAttributedString(string: text + "\n", attributes: attributes))
        }
        let english = "Text flows through two columns and around the circle between them: for every line the framesetter asks "
            + "the page for the usable spans of the band the line will occupy, inside the column and outside the circle, "
            + "and every span wide enough takes a line fragment. Columns, exclusions and odd shapes are one mechanism. "
            + "Lines break at Unicode's break opportunities and are justified by stretching the spaces between words; "
            + "the last line of each paragraph keeps its natural spacing, and office, affine and fjord keep their "
            + "ligatures while AVATAR and Wave keep their kerning."
        add(english, justified)
        add("النص العربي يتدفق من اليمين إلى اليسار، وتتصل حروفه بعضها ببعض كما يرسمها الخط، ويأخذ السطر اتجاهه من "
            + "أول حرف قوي فيه. الأرقام مثل 2026 تبقى من اليسار إلى اليمين داخل السطر.", rightToLeft)
        add("עברית נכתבת מימין לשמאל, עם ניקוד: בְּרֵאשִׁית בָּרָא אֱלֹהִים.", rightToLeft)
        add("हिन्दी देवनागरी लिपि में लिखी जाती है: संयुक्ताक्षर जैसे क्ष, त्र और ज्ञ एक ही ग्लिफ़ में बनते हैं।", justified)
        add("中文排版不需要空格，断行由字典决定。日本語の文章も同じように折り返されます。", justified)
        add("Emoji keep one font per sequence: 👋🏽 ❤️‍🔥 🏳️‍🌈 🇯🇵 #️⃣, and a line with them stays as tall as its neighbours "
            + "when the paragraph asks for the strut line height.", justified)
        add("\tItem\tQuantity\tPrice", table, sans, [.foregroundColor: Color(hex: "#1f4e8c")!])
        add("\tApples\t12\t3.50", table, sans)
        add("\tPears\t7\t12.25", table, sans)
        add("\tFigs\t150\t0.8", table, sans)
        add("Le texte français garde ses espaces insécables avant les deux-points : les lignes ne se coupent pas là où "
            + "la typographie l'interdit, et les guillemets « restent » avec leurs mots.", justified)
        add("Русский текст переносится по границам слов; буквы и знаки остаются в одном шрифте, а недостающие символы "
            + "берутся из запасных шрифтов.", justified)
        add(english, justified)
        add("A last paragraph set to truncate at its tail: it keeps one line and ends with an ellipsis where the text "
            + "no longer fits, the cut falling between grapheme clusters.", truncated, serif, [.foregroundColor: Color(hex: "#8c1f1f")!])
        add(english, justified)
        add(english, justified)

        let top = headingRect.minY - 14
        let gap: CGFloat = 22
        let columnWidth = (page.width - 2 * margin - gap) / 2
        let columns = [CGRect(x: margin, y: margin, width: columnWidth, height: top - margin),
                       CGRect(x: margin + columnWidth + gap, y: margin, width: columnWidth, height: top - margin)]
        let circle = Path(ellipseIn: CGRect(x: page.width / 2 - 70, y: top - 330, width: 140, height: 140))
        var attributes = FrameAttributes()
        // The exclusion is the circle plus a margin: text keeps 8 points away from it.
        attributes.clippingPaths = [ClippingPath(Path(ellipseIn: CGRect(x: page.width / 2 - 78, y: top - 338, width: 156, height: 156)))]
        let frames = Framesetter(attributedString: body).frames(paths: columns.map { Path(rect: $0) }, attributes: attributes)

        try OutputCanvas.draw(to: options.output, size: page, scale: CGFloat(scale)) { canvas in
            canvas.fill(CGRect(origin: .zero, size: page), with: .white)
            canvas.fill(circle, with: Color(hex: "#e8eef7")!)
            canvas.stroke(circle, with: Color(hex: "#1f4e8c")!, lineWidth: 1.5)
            canvas.draw(headingFrame)
            for frame in frames { canvas.draw(frame) }
        }
        let lines = frames.reduce(0) { $0 + $1.lines.count } + headingFrame.lines.count
        print("wrote \(options.output.joined(separator: ", ")): one page, \(lines) lines in \(frames.count + 1) frames")
    }
}
