import Foundation
import Galley
import GalleyText

/// Non-contiguous layout in a growing container: edits, viewports anywhere (NaN and huge ones too) and jumps to
/// offsets, with estimates standing in for the text between (and for the rest of long paragraphs laid out in part).
/// After every step the lines the viewport shows must be the lines of a fresh full layout (the same ranges and x, all
/// moved by one vertical offset); at the end, laid out everywhere, the layout must equal the fresh one.
enum ViewportHarness {
    static func run(_ input: inout FuzzInput) throws {
        let piece = HostileText.string(&input, maximum: 300)
        // Sometimes the copies one long paragraph after another (laid out in pieces, and in part, where its text
        // allows), sometimes a paragraph each.
        let long = input.int(0...2) == 0
        let copies = Array(repeating: piece, count: long ? input.int(8...60) : input.int(1...40))
        let initial = long ? copies.joined(separator: " ") + "\n" + copies.joined(separator: " ") : copies.map { $0 + "\n" }.joined()
        let storage = TextStorage(attributedString: NSAttributedString(string: initial, attributes: [.font: FuzzFonts.base]))
        let container = TextContainer(size: CGSize(width: input.length(ordinary: 1...400), height: .infinity),
                                      lineFragmentPadding: input.length(ordinary: 0...10))
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        manager.allowsNonContiguousLayout = true
        var viewport = CGRect(x: 0, y: 0, width: container.size.width, height: input.length(ordinary: 1...600))
        var log = ["text \(piece.debugDescription.prefix(300)) \(long ? "in two long paragraphs" : "and a line feed"), \(storage.length) units in all, container \(container)"]
        for step in 0..<input.int(1...12) {
            let length = storage.length
            let start = input.int(0...length)
            let end = min(start + input.int(0...40), length)
            switch input.int(0...5) {
            case 0:
                let inserted = HostileText.string(&input, maximum: 60)
                log.append("insert \(inserted.debugDescription) at \(start)")
                storage.replaceCharacters(in: start..<start, with: inserted)
            case 1:
                log.append("delete \(start..<end)")
                storage.replaceCharacters(in: start..<end, with: "")
            case 2:
                guard start < end else { continue }
                let attributes = HostileAttributes.attributes(&input).merging([.font: input.choose(FuzzFonts.fonts)]) { $1 }
                log.append("attributes \(start..<end)")
                storage.setAttributes(attributes, range: start..<end)
            case 3:
                log.append("jump to \(start)")
                viewport = manager.relocateViewport(viewport, toCharacterAt: start)
            default:
                let height = manager.estimatedUsedHeight(forContainerAt: 0)
                let y = input.bool() ? input.length(ordinary: -100...3000) : height * CGFloat(input.int(0...100)) / 100
                log.append("viewport at \(y)")
                viewport.origin.y = y
                viewport = manager.layoutViewport(viewport)
            }
            guard viewport.minY.isFinite, viewport.height.isFinite else { continue }
            let fresh = LayoutManager(textStorage: storage.copy(), textContainers: [container])
            // A paragraph that ends what the container shows (a truncating paragraph style, a line taller than the
            // container) hides the text after it only once layout reaches it: viewports beyond it are not compared
            // (a documented limit of non-contiguous layout). Laid out everywhere, at the end, the layouts must agree.
            guard fresh.characterRange(forContainerAt: 0).upperBound == storage.length else { continue }
            try check(manager.numberOfParagraphs == fresh.numberOfParagraphs,
                      "\(manager.numberOfParagraphs) paragraphs, a fresh layout manager finds \(fresh.numberOfParagraphs) (\(log.joined(separator: "; ")))")
            var offset: CGFloat? = nil
            var failure: String? = nil
            manager.enumerateLineFragments(in: manager.characterRange(forBoundingRect: viewport)) { fragment, stop in
                let expected = fresh.lineFragment(forCharacterAt: fragment.characterRange.lowerBound)
                guard let expected, expected.characterRange == fragment.characterRange,
                    close(expected.baselineOrigin.x, fragment.baselineOrigin.x)
                else {
                    failure = "line \(fragment.characterRange) at x \(fragment.baselineOrigin.x) is not a full layout's "
                        + "(\(expected.map { "\($0.characterRange) at x \($0.baselineOrigin.x)" } ?? "none"))"
                    stop = true
                    return
                }
                let dy = fragment.baselineOrigin.y - expected.baselineOrigin.y
                if let offset, !close(dy, offset) {
                    failure = "line \(fragment.characterRange) is \(dy) from a full layout's, the one before \(offset)"
                    stop = true
                }
                offset = offset ?? dy
            }
            if let failure { throw FuzzFailure("after step \(step) (\(log.joined(separator: "; "))): \(failure)") }
        }
        let fresh = LayoutManager(textStorage: storage.copy(), textContainers: [container])
        let incremental = EditingHarness.lines(manager), expected = EditingHarness.lines(fresh)
        try check(incremental.count == expected.count && zip(incremental, expected).allSatisfy { $0.matches($1) },
                  "laid out everywhere (\(log.joined(separator: "; "))), the layout differs from a fresh one")
        try EditingHarness.coverage(manager, length: storage.length)
    }

    /// Within 1e-5 pt or a ten-billionth of the size (positions summed from many moves round differently).
    private static func close(_ a: CGFloat, _ b: CGFloat) -> Bool { a == b || abs(a - b) <= max(1e-5, max(abs(a), abs(b)) * 1e-10) }
}
