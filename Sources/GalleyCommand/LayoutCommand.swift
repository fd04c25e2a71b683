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
            [...]}], "visibleStringRange": [location, length]}, ranges in UTF-16 units of the whole file.
            """
    )

    @Argument(help: "A text file, or the text itself.") var file: String
    @OptionGroup var text: TextOptions
    @Option(help: "Frame width in points.") var width: Double
    @Option(help: "Frame height in points (default: unbounded).") var height: Double?
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
        // Vertical text: columns from the right, --width their length and --height the frame's width.
        if text.vertical { attributes.progression = .rightToLeft }
        let frameHeight: CGFloat
        if let height {
            frameHeight = CGFloat(height)
        } else {
            let constraints = text.vertical ? CGSize(width: .greatestFiniteMagnitude, height: width) : CGSize(width: width, height: .greatestFiniteMagnitude)
            let suggested = framesetter.suggestFrameSize(attributes: attributes, constraints: constraints).size
            frameHeight = max(text.vertical ? suggested.width : suggested.height, 1)
        }
        let box = text.vertical ? CGRect(x: 0, y: 0, width: frameHeight, height: width) : CGRect(x: 0, y: 0, width: width, height: frameHeight)
        let frame = framesetter.frame(path: Path(rect: box), attributes: attributes)
        if stats {
            print(framesetter.statistics(of: frame))
        } else {
            print(json ? frame.jsonDescription : frame.layoutDescription, terminator: json ? "\n" : "")
        }
    }
}
