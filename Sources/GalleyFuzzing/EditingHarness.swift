import Foundation
import Galley
import GalleyText

/// Edit scripts: inserts, deletions, replacements and attribute changes on a text storage, in containers of any
/// size and shape, with layout made lazily in between. After every edit the layout manager's lines must equal
/// those of a layout manager made fresh over a copy of the storage.
enum EditingHarness {
    static func run(_ input: inout FuzzInput) throws {
        var initial = input.bool() ? HostileText.string(&input, maximum: 200) : ""
        if initial.utf16.count > 200 { initial = String(initial.prefix(100)) }
        let storage = TextStorage(attributedString: NSAttributedString(string: initial, attributes: [.font: FuzzFonts.base]))
        let containers = (0..<input.int(1...3)).map { _ in container(&input) }
        let manager = LayoutManager(textStorage: storage, textContainers: containers)
        let laidOut = input.bool()
        if laidOut { manager.ensureLayoutForAllText() }
        var log = ["text \(initial.debugDescription.prefix(300))\(laidOut ? ", laid out" : "")"]
        try edit(&input, storage: storage, manager: manager, containers: containers, log: &log)
    }

    /// One to twelve edits (inserts, deletions, replacements, attribute changes, lazy layout), each followed by the
    /// comparison with a fresh layout manager over a copy of the storage.
    static func edit(_ input: inout FuzzInput, storage: TextStorage, manager: LayoutManager, containers: [TextContainer],
                     log: inout [String]) throws {
        for step in 0..<input.int(1...12) {
            let length = storage.length
            let start = input.int(0...length)
            let end = min(start + input.int(0...40), length)
            switch input.int(0...5) {
            case 0, 1:
                let inserted = HostileText.string(&input, maximum: 60)
                log.append("insert \(inserted.debugDescription) at \(start)")
                storage.replaceCharacters(in: start..<start, with: inserted)
            case 2:
                log.append("delete \(start..<end)")
                storage.replaceCharacters(in: start..<end, with: "")
            case 3:
                let inserted = HostileText.string(&input, maximum: 30)
                log.append("replace \(start..<end) with \(inserted.debugDescription)")
                storage.replaceCharacters(in: start..<end, with: inserted)
            case 4:
                guard start < end else { continue }
                let attributes = HostileAttributes.attributes(&input).merging([.font: input.choose(FuzzFonts.fonts)]) { $1 }
                log.append("attributes \(start..<end): \(attributes)")
                storage.setAttributes(attributes, range: start..<end)
            default:
                // Lazy layout as far as some character, as a viewport would.
                log.append("ensure layout \(start..<end)")
                manager.ensureLayout(forCharacterRange: start..<end)
                continue
            }
            if input.bool() {
                let end = input.int(0...storage.length)
                log.append("ensure layout 0..<\(end)")
                manager.ensureLayout(forCharacterRange: 0..<end)
            }
            let fresh = LayoutManager(textStorage: storage.copy(), textContainers: containers)
            let incremental = lines(manager)
            let expected = lines(fresh)
            try check(incremental.count == expected.count && zip(incremental, expected).allSatisfy { $0.matches($1) },
                      "after edit \(step) (\(log.joined(separator: "; ")), containers \(containers)), the incremental layout\n\(incremental.map(\.description).joined(separator: "\n"))\n"
                        + "differs from a fresh one\n\(expected.map(\.description).joined(separator: "\n"))")
            do {
                try coverage(manager, length: storage.length)
            } catch let failure as FuzzFailure {
                throw FuzzFailure("\(failure) after edit \(step) (\(log.joined(separator: "; ")), containers \(containers)), lines\n"
                                    + incremental.map(\.description).joined(separator: "\n"))
            }
        }
    }

    /// A container: any size (growing ones too), sometimes a shape, exclusions, a line limit.
    static func container(_ input: inout FuzzInput) -> TextContainer {
        let size = CGSize(width: input.length(ordinary: 0...400), height: input.bool() ? .infinity : input.length(ordinary: 0...600))
        let path: Path? = input.int(0...3) == 0 ? HostileAttributes.path(&input) : nil
        let exclusions = (0..<input.int(0...2)).map { _ in HostileAttributes.path(&input) }
        return TextContainer(size: size, path: path, exclusionPaths: exclusions, lineFragmentPadding: input.length(ordinary: 0...10),
                             maximumNumberOfLines: input.choose([0, 0, 0, 1, 3]),
                             lineBreakMode: input.choose([.byWordWrapping, .byTruncatingTail, .byCharWrapping]))
    }

    struct Fragment: CustomStringConvertible {
        var range: Range<Int>
        var container: Int
        var origin: CGPoint

        /// Equal ranges and containers, positions within 1e-5 pt or a ten-billionth of their size (a paragraph
        /// moved rather than laid out again rounds its last digits differently).
        func matches(_ other: Fragment) -> Bool {
            func close(_ a: CGFloat, _ b: CGFloat) -> Bool { a == b || abs(a - b) <= max(1e-5, max(abs(a), abs(b)) * 1e-10) }
            return range == other.range && container == other.container && close(origin.x, other.origin.x) && close(origin.y, other.origin.y)
        }

        var description: String { "\(range) c\(container) (\(origin.x), \(origin.y))" }
    }

    static func lines(_ manager: LayoutManager) -> [Fragment] {
        var result: [Fragment] = []
        manager.enumerateLineFragments { fragment, _ in
            result.append(Fragment(range: fragment.characterRange, container: fragment.containerIndex, origin: fragment.baselineOrigin))
        }
        return result
    }

    /// Lines in order without gaps or overlaps from the text's start.
    static func coverage(_ manager: LayoutManager, length: Int) throws {
        var next = 0
        var failure: String? = nil
        manager.enumerateLineFragments { fragment, stop in
            if fragment.characterRange.lowerBound != next {
                failure = "a line fragment starts at \(fragment.characterRange.lowerBound), not \(next)"
                stop = true
            }
            next = fragment.characterRange.upperBound
        }
        if let failure { throw FuzzFailure(failure) }
        try check(next <= length, "lines reach \(next), past the text's \(length) units")
    }
}
