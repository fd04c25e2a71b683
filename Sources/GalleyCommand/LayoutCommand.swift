import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport

/// `galley layout`: a whole file in one frame, line by line.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a text out in one frame and print its lines.",
        discussion: """
            Prints per line its UTF-16 range, origin (y up, from the frame's bottom left), width, ascent, descent and \
            runs. Without --height the frame is as tall as the text needs. --json prints one object: {"lines": \
            [{"stringRange": [location, length], "origin": [x, y], "width": w, "ascent": a, "descent": d, "runs": \
            [...]}], "visibleStringRange": [location, length]}, ranges in UTF-16 units of the whole file. With             --vertical the frame's columns are --height points long and run right to left, the frame --width wide             (default: as wide as the columns need); each line's origin is the top of its column, its width the             column's length along the text.
            """
    )

    @Argument(help: "A text file, or the text itself.") var file: String
    @OptionGroup var text: TextOptions
    @Option(help: "Frame width in points (with --vertical: default as wide as the columns need).") var width: Double?
    @Option(help: "Frame height in points (default: unbounded; with --vertical, the columns' length, required).") var height: Double?
    @Option(name: .customLong("max-lines"), help: "At most this many lines, the last truncated.") var maxLines = 0
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Print quality measures instead: hyphenated lines, adjustment ratios, loose and overfull lines.")
    var stats = false
    @Option(help: "With --max-lines: where the last line is cut (end, middle or start).") var truncate = TruncationArgument.end

    func run() throws {
        let catalog = try text.catalog()
        let font = try text.primaryFont(catalog)
        let content = try TextOptions.text(file).text
        let framesetter = Framesetter(attributedString: try text.attributedString(content, font: font), defaultFont: font)
        var attributes = FrameAttributes()
        attributes.maximumNumberOfLines = maxLines
        attributes.lastLineTruncation = truncate.type
        let box: CGRect
        if text.vertical {
            // Columns from the right, --height long; the frame as wide as they need unless --width says.
            guard let height else { throw ValidationError("--vertical needs --height, the columns' length") }
            attributes.progression = .rightToLeft
            let needed = framesetter.suggestFrameSize(attributes: attributes, constraints: CGSize(width: .greatestFiniteMagnitude, height: height))
            box = CGRect(x: 0, y: 0, width: width.map { CGFloat($0) } ?? max(needed.size.width, 1), height: CGFloat(height))
        } else {
            guard let width else { throw ValidationError("--width is required (the lines' length)") }
            let frameHeight = height.map { CGFloat($0) } ?? max(framesetter.suggestFrameSize(
                attributes: attributes, constraints: CGSize(width: width, height: .greatestFiniteMagnitude)).size.height, 1)
            box = CGRect(x: 0, y: 0, width: CGFloat(width), height: frameHeight)
        }
        let frame = framesetter.frame(path: Path(rect: box), attributes: attributes)
        if stats {
            print(framesetter.statistics(of: frame))
        } else {
            print(json ? frame.jsonDescription : frame.layoutDescription, terminator: json ? "\n" : "")
        }
    }
}
