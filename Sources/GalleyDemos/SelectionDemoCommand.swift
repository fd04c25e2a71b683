import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyRendering
import GalleyText

/// `galley-demos selection`: a page showing what an editor gets from GalleyText — a selection across a
/// bidirectional line drawn as its rectangles, and carets (primary and secondary at a direction change).
struct SelectionDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selection",
        abstract: "Draw a selection across mixed English and Hebrew text with its rectangles and carets.",
        discussion: "Lays the text out with GalleyText's LayoutManager, selects from the middle of an English word on "
            + "one line into the Hebrew of the next, and draws each selection rectangle (one per line and direction "
            + "run), the carets at both ends, and both carets at a direction change."
    )

    @OptionGroup var options: DemoOptions
    @Option(help: "Pixels per point for PNG.") var scale: Double = 2

    func run() throws {
        let catalog = try options.catalog()
        let font = try Font(name: "DejaVu Sans", size: 15, catalog: catalog)
        let small = try Font(name: "DejaVu Sans", size: 9, catalog: catalog)
        let text = "An editor selects across directions: the English words, then עברית נכתבת מימין לשמאל, "
            + "and English again — one selection, several rectangles.\nשורה בעברית with English inside it."
        var style = ParagraphStyle()
        style.lineHeightMultiple = 1.8  // room for the labels under each rectangle
        let storage = TextStorage(string: text, attributes: [.font: font, .paragraphStyle: style])
        let page = CGSize(width: 420, height: 250)
        let margin: CGFloat = 24
        let container = TextContainer(size: CGSize(width: page.width - 2 * margin, height: page.height - 2 * margin - 30))
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        func offset(of part: String) -> Int {
            guard let range = text.range(of: part) else { return 0 }
            return text.utf16.distance(from: text.utf16.startIndex, to: range.lowerBound.samePosition(in: text.utf16)!)
        }
        let selection = (offset(of: "English words") + 3)..<(offset(of: "לשמאל") + 3)
        let rects = manager.selectionRects(for: selection)
        // A direction change: where the Hebrew begins after "then ".
        let boundary = offset(of: "עברית")
        var fragments: [LineFragment] = []
        manager.enumerateLineFragments { fragment, _ in fragments.append(fragment) }

        // Container coordinates are y down from the container's top-left; the canvas is y up.
        func flip(_ rect: CGRect) -> CGRect {
            CGRect(x: margin + rect.minX, y: page.height - margin - rect.maxY, width: rect.width, height: rect.height)
        }
        try OutputCanvas.draw(to: options.output, size: page, scale: CGFloat(scale)) { canvas in
            canvas.fill(CGRect(origin: .zero, size: page), with: .white)
            canvas.stroke(Path(rect: flip(CGRect(origin: .zero, size: CGSize(width: container.size.width, height: container.size.height)))),
                          with: Color(hex: "#cccccc")!, lineWidth: 0.5)
            for (index, rect) in rects.enumerated() {
                let color = rect.isRightToLeft ? Color(hex: "#f6c94c80")! : Color(hex: "#6fa8f580")!
                canvas.fill(flip(rect.rect), with: color)
                canvas.stroke(Path(rect: flip(rect.rect)), with: Color(hex: "#1f4e8c")!, lineWidth: 0.5)
                let label = "\(index + 1)\(rect.isRightToLeft ? " rtl" : " ltr")\(rect.containsStart ? " start" : "")\(rect.containsEnd ? " end" : "")"
                canvas.textPosition = CGPoint(x: flip(rect.rect).minX + 1, y: flip(rect.rect).minY - 8)
                canvas.draw(Line(string: label, font: small))
            }
            for fragment in fragments {
                canvas.textPosition = CGPoint(x: margin + fragment.baselineOrigin.x, y: page.height - margin - fragment.baselineOrigin.y)
                canvas.draw(fragment.line)
            }
            // Carets at both ends of the selection (red), and both carets at the direction change (green: primary,
            // purple: secondary).
            for index in [selection.lowerBound, selection.upperBound] {
                if let caret = manager.caretRect(for: index, width: 1.5) { canvas.fill(flip(caret), with: Color(hex: "#d62828")!) }
            }
            if let fragment = manager.lineFragment(forCharacterAt: boundary), let caret = manager.caretRect(for: boundary, width: 1.5) {
                let offsets = fragment.caretOffsets(forCharacterIndex: boundary)
                canvas.fill(flip(CGRect(x: offsets.primary, y: caret.minY, width: 1.5, height: caret.height)), with: Color(hex: "#2a9d55")!)
                canvas.fill(flip(CGRect(x: offsets.secondary, y: caret.minY, width: 1.5, height: caret.height)), with: Color(hex: "#7b2cbf")!)
            }
            canvas.textPosition = CGPoint(x: margin, y: 12)
            canvas.draw(Line(string: "Selection \(selection) (UTF-16): \(rects.count) rectangles; carets at its ends and at a direction change.",
                             font: small))
        }
        print("wrote \(options.output.joined(separator: ", ")): selection \(selection) as \(rects.count) rectangles over \(fragments.count) lines")
    }
}
