import ArgumentParser
import Foundation
import Galley
import GalleyDocuments
import GalleyCommandSupport
import GalleyRendering

/// `galley render`: one line, or a whole text on pages, into PNG, PDF or SVG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a line, or a text laid out on pages, to PNG, PDF or SVG.",
        discussion: """
            Literal text without page options is drawn as one line on a canvas of its size. A file, or any of \
            --page-size, --margins, --columns, --exclusion, is laid out on pages: one frame per column and page, \
            text flowing from each to the next; exclusions (circle:x,y,r or rect:x,y,w,h, in points from the page's \
            bottom left, repeatable) are cut out of every page. PDF output has one page per page; PNG and SVG write \
            NAME-2.png … for pages after the first. Characters the font lacks fall back to other fonts of the catalog.
            """
    )

    @Argument(help: "The text, or a file holding it.") var textOrFile: String
    @OptionGroup var text: TextOptions
    @Option(name: .shortAndLong, help: "Output file: .png, .pdf or .svg.") var output: String
    @Option(help: "Pixels per point for PNG.") var scale: Double = 2
    @Option(help: "Margin around a single line, in points.") var margin: Double = 8
    @Option(help: "Background colour as #rrggbb or #rrggbbaa ('none' for transparent).") var background = "#ffffff"
    @Option(name: .customLong("page-size"), help: "Page size: a4, letter or WIDTHxHEIGHT in points.") var pageSize: String?
    @Option(help: "Page margins in points.") var margins: Double?
    @Option(help: "Columns per page.") var columns: Int?
    @Option(help: "Gap between columns in points.") var gap: Double = 18
    @Option(help: "An exclusion on every page: circle:x,y,r or rect:x,y,w,h (repeatable).") var exclusion: [String] = []
    @Option(name: .customLong("max-lines"), help: "At most this many lines per frame, the last truncated.") var maxLines = 0
    @Option(help: "With --max-lines: where the last line is cut (end, middle or start).") var truncate = TruncationArgument.end
    @Flag(help: "Plain text with hard-wrapped lines: single line breaks become spaces, blank lines end paragraphs.")
    var reflow = false

    func run() throws {
        // A document file (by its extension) is read as bytes: RTF's and HTML's text may be in a legacy encoding.
        let fileType = FileManager.default.fileExists(atPath: textOrFile)
            ? DocumentType(pathExtension: URL(fileURLWithPath: textOrFile).pathExtension) : nil
        let documentType = fileType == .plainText ? nil : fileType
        let bytes = try documentType.map { _ in try Data(contentsOf: URL(fileURLWithPath: textOrFile)) }
        let (content, isFile) = bytes != nil ? ("", true) : try TextOptions.text(textOrFile)
        let url = URL(fileURLWithPath: output)
        let backgroundColor = background == "none" ? nil : Color(hex: background)
        let paged = isFile || pageSize != nil || margins != nil || columns != nil || !exclusion.isEmpty || text.vertical
        // A single line's string is made before its font is asked for: with the system's catalog, fontconfig may still
        // be reading its configuration on the helper thread (GalleyCommand.main), and Foundation's first attributed
        // string (0.2 ms of a fresh process) needs no font.
        let single = paged ? nil : NSMutableAttributedString(string: content, attributes: try text.attributesButTheFont())
        let catalog = try text.catalog()
        let font = try text.primaryFont(catalog)
        if let single {
            single.addAttribute(.font, value: font, range: NSRange(location: 0, length: single.length))
            let line = Line(attributedString: single, defaultFont: font)
            try LineRendering.write(line, to: url, margin: CGFloat(margin), scale: CGFloat(scale), background: backgroundColor)
            print("wrote \(output): \(line.runs.count) runs, \(line.glyphCount) glyphs, "
                + "\((Double(line.typographicBounds.width) * 10).rounded() / 10) pt wide")  // (not String(format:): Foundation's formatter costs a fresh process 0.1 ms)
            return
        }
        let truncation = truncate.type
        // An RTF, HTML, Markdown or archive file is read as a document, with its own styles (and Markdown's and
        // HTML's images from its folder); anything else is plain text. RTF brings its own paper and margins (unless
        // given here), so it is read before the pages are laid out; the others after, so that images fit the column.
        var page = DocumentAttributes()
        var document: NSAttributedString?
        var style = MarkdownStyle(font: font)
        style.baseURL = URL(fileURLWithPath: textOrFile).deletingLastPathComponent()
        if documentType == .rtf, let bytes {
            document = try AttributedDocument.read(bytes, type: .rtf, style: style, documentAttributes: &page)
        }
        let ownPage = documentType == .rtf
        let pages = try PageLayout(
            pageSize: pageSize ?? (ownPage ? "\(page.paperSize.width)x\(page.paperSize.height)" : "a4"),
            margins: CGFloat(margins ?? (ownPage ? Double(page.margins.left) : 54)), columns: max(columns ?? 1, 1),
            gap: CGFloat(gap), exclusions: exclusion, maximumNumberOfLines: maxLines, truncation: truncation,
            vertical: text.vertical)
        if let documentType, documentType != .rtf, let bytes {
            style.maximumImageWidth = pages.columnWidth
            document = try AttributedDocument.read(bytes, type: documentType, style: style)
        }
        let attributed = try document ?? text.attributedString(reflow ? AttributedDocument.reflowed(content) : content, font: font)
        let framesetter = Framesetter(attributedString: attributed, defaultFont: font)
        let written = try pages.render(framesetter, to: url, scale: CGFloat(scale), background: backgroundColor)
        print("wrote \(written.files.joined(separator: ", ")): \(written.pages) pages, \(written.lines) lines")
    }
}

/// Pages with columns and exclusions, filled frame by frame.
struct PageLayout {
    let size: CGSize
    let margins: CGFloat
    let columns: Int
    let gap: CGFloat
    let exclusions: [ClippingPath]
    let maximumNumberOfLines: Int
    let truncation: TruncationType
    /// Vertical text: frames filled in columns from the right (`FrameProgression.rightToLeft`), a page's columns
    /// (its tiers, as vertical books call them) stacked from the top.
    let vertical: Bool

    /// The length of a line of text: a column's width, or a tier's height in vertical text.
    var columnWidth: CGFloat {
        let extent = vertical ? size.height : size.width
        return max((extent - 2 * margins - CGFloat(columns - 1) * gap) / CGFloat(max(columns, 1)), 1)
    }

    init(pageSize: String, margins: CGFloat, columns: Int, gap: CGFloat, exclusions: [String], maximumNumberOfLines: Int,
         truncation: TruncationType = .end, vertical: Bool = false) throws {
        self.truncation = truncation
        self.vertical = vertical
        switch pageSize.lowercased() {
        case "a4": size = CGSize(width: 595, height: 842)
        case "letter": size = CGSize(width: 612, height: 792)
        default:
            let parts = pageSize.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0.isFinite }) else {
                throw ValidationError("--page-size must be a4, letter or WIDTHxHEIGHT")
            }
            size = CGSize(width: parts[0], height: parts[1])
        }
        self.margins = margins
        self.columns = columns
        self.gap = gap
        self.maximumNumberOfLines = maximumNumberOfLines
        self.exclusions = try exclusions.map { entry in
            let parts = entry.split(separator: ":", maxSplits: 1)
            let numbers = parts.count == 2 ? parts[1].split(separator: ",").compactMap { Double($0) }.map { CGFloat($0) } : []
            switch (parts.first, numbers.count) {
            case ("circle", 3):
                return ClippingPath(Path(ellipseIn: CGRect(x: numbers[0] - numbers[2], y: numbers[1] - numbers[2],
                                                         width: 2 * numbers[2], height: 2 * numbers[2])))
            case ("rect", 4):
                return ClippingPath(Path(rect: CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
            default:
                throw ValidationError("exclusion \"\(entry)\" is not circle:x,y,r or rect:x,y,w,h")
            }
        }
    }

    /// The column rectangles of one page in reading order: left to right, or in vertical text top to bottom.
    var columnRects: [CGRect] {
        let inner = CGRect(x: margins, y: margins, width: size.width - 2 * margins, height: size.height - 2 * margins)
        if vertical {
            let height = (inner.height - gap * CGFloat(columns - 1)) / CGFloat(columns)
            return (0..<columns).map { CGRect(x: inner.minX, y: inner.maxY - CGFloat($0 + 1) * height - CGFloat($0) * gap, width: inner.width, height: height) }
        }
        let width = (inner.width - gap * CGFloat(columns - 1)) / CGFloat(columns)
        return (0..<columns).map { CGRect(x: inner.minX + CGFloat($0) * (width + gap), y: inner.minY, width: width, height: inner.height) }
    }

    func render(_ framesetter: Framesetter, to url: URL, scale: CGFloat, background: Color?) throws
        -> (files: [String], pages: Int, lines: Int)
    {
        var attributes = FrameAttributes()
        attributes.clippingPaths = exclusions
        attributes.maximumNumberOfLines = maximumNumberOfLines
        attributes.lastLineTruncation = truncation
        if vertical { attributes.progression = .rightToLeft }
        let length = framesetter.typesetter.length
        var start = 0
        var pages: [[Frame]] = []
        let rects = columnRects
        guard rects.allSatisfy({ $0.width > 0 && $0.height > 0 }) else { throw ValidationError("the margins leave no room on the page") }
        while start < length || pages.isEmpty {
            var frames: [Frame] = []
            for rect in rects {
                let frame = framesetter.frame(stringRange: start..<length, path: Path(rect: rect), attributes: attributes)
                frames.append(frame)
                start = frame.visibleStringRange.upperBound
                if start >= length { break }
            }
            pages.append(frames)
            if frames.allSatisfy(\.lines.isEmpty) { break }  // nothing fits on an empty page: stop
            if pages.count % 10 == 0 {
                FileHandle.standardError.write(Data("laid out \(pages.count) pages, \(start) of \(length) UTF-16 units\n".utf8))
            }
        }
        let kind = url.pathExtension.lowercased()
        var files: [String] = []
        var lines = 0
        if kind == "pdf" {
            let canvas = try Canvas(pdfURL: url, width: size.width, height: size.height)
            for (index, frames) in pages.enumerated() {
                if index > 0 { canvas.newPage() }
                if let background { canvas.paint(background) }
                for frame in frames { canvas.draw(frame) }
                lines += frames.reduce(0) { $0 + $1.lines.count }
            }
            try canvas.finish()
            files = [url.path]
        } else {
            guard kind == "png" || kind == "svg" else { throw ValidationError("the output must end in .png, .pdf or .svg") }
            for (index, frames) in pages.enumerated() {
                let pageURL = index == 0 ? url
                    : url.deletingLastPathComponent()
                        .appendingPathComponent(url.deletingPathExtension().lastPathComponent + "-\(index + 1).\(kind)")
                let canvas = kind == "png" ? try Canvas(width: size.width, height: size.height, scale: scale)
                    : try Canvas(svgURL: pageURL, width: size.width, height: size.height)
                if let background { canvas.paint(background) }
                for frame in frames { canvas.draw(frame) }
                lines += frames.reduce(0) { $0 + $1.lines.count }
                if kind == "png" { try canvas.writePNG(to: pageURL) }
                try canvas.finish()
                files.append(pageURL.path)
            }
        }
        return (files, pages.count, lines)
    }
}

/// Writes a line into a file whose kind follows its extension, sized to the line plus a margin.
enum LineRendering {
    static func write(_ line: Line, to url: URL, margin: CGFloat, scale: CGFloat, background: Color?) throws {
        let bounds = line.typographicBounds
        let width = max(bounds.width, 1) + 2 * margin
        let height = bounds.ascent + bounds.descent + 2 * margin
        let canvas = try OutputCanvas.make(for: url, width: width, height: height, scale: scale)
        if let background { canvas.paint(background) }
        canvas.textPosition = CGPoint(x: margin, y: margin + bounds.descent)
        canvas.draw(line)
        if canvas.kind == .png { try canvas.writePNG(to: url) }
        try canvas.finish()
    }
}
