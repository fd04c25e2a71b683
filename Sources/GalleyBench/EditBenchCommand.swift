import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyText

/// `galley-bench edit`: the editing benchmark — one character typed into a laid-out text, and the visible page
/// brought up to date, many times; and, with `--verify`, incremental layout checked against full layouts.
struct EditBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Time single-character edits in a laid-out text (GalleyText's incremental layout).",
        discussion: "Lays FILE out in one growing container, then inserts (or deletes) one character at random places "
            + "in the middle half of the text and lays out the page around the caret. Prints the median and 90th "
            + "percentile of an edit and the ratio to a full layout. --verify N compares every line and origin with a "
            + "full layout every N edits (and after the last)."
    )

    @OptionGroup var text: TextOptions
    @Argument(help: "The text file (the peers' corpus/en.txt for the issue's figure).") var file: String
    @Option(help: "Container width in points.") var width: Double = 400
    @Option(help: "How many edits.") var edits: Int = 1000
    @Option(help: "Compare with a full layout every N edits (0: never).") var verify: Int = 0
    @Option(help: "Height of the page brought up to date after each edit.") var pageHeight: Double = 800
    @Option(help: "Seed for the edit positions.") var seed: UInt64 = 1
    @Flag(help: "Mix paragraph splits (every 20th edit) and kerning changes over 200 units (every 20th) into the inserts and deletions.")
    var mixed = false
    @Option(help: "The document's shape, made from FILE: prose (as it is), lines (cut into lines of at most 60 characters at spaces, as a log or a transcript), long-paragraphs (joined into 10 paragraphs).")
    var shape = DocumentShape.prose
    @Option(help: "How many copies of the (shaped) text, one after another.") var repeats = 1
    @Flag(help: "Only open the document: time the first screen and a jump to the last screen, without edits.")
    var openOnly = false
    @Flag(help: "Only measure memory: what the storage adds to the resident set, then what a full layout adds.")
    var memory = false

    /// How the benchmark's document is made from the file.
    enum DocumentShape: String, ExpressibleByArgument, CaseIterable {
        case prose, lines
        case longParagraphs = "long-paragraphs"

        func apply(to text: String) -> String {
            switch self {
            case .prose:
                return text
            case .lines:
                var lines: [Substring] = []
                for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    var line = paragraph[...]
                    while line.count > 60 {
                        let limit = line.index(line.startIndex, offsetBy: 60)
                        let cut = line[..<limit].lastIndex(of: " ").map { line.index(after: $0) } ?? limit
                        lines.append(line[..<cut])
                        line = line[cut...]
                    }
                    lines.append(line)
                }
                return lines.joined(separator: "\n")
            case .longParagraphs:
                let flat = Array(text.replacingOccurrences(of: "\n", with: " "))
                let size = (flat.count + 9) / 10
                return stride(from: 0, to: flat.count, by: max(size, 1)).map { String(flat[$0..<min($0 + size, flat.count)]) }
                    .joined(separator: "\n")
            }
        }
    }

    func run() throws {
        let catalog = try text.catalog()
        let font = try text.primaryFont(catalog)
        let style = try text.paragraphStyle()
        let shaped = shape.apply(to: try String(contentsOfFile: file, encoding: .utf8))
        let contents = Array(repeating: shaped, count: max(repeats, 1)).joined(separator: "\n")
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .paragraphStyle: style]
        let residentBefore = memory ? residentMiB(trimmed: true) : 0
        let storage = TextStorage(string: contents, attributes: attributes)
        let container = TextContainer(size: CGSize(width: width, height: .infinity))

        if openOnly { return try open(storage, container: container) }
        if memory {
            let residentWithStorage = residentMiB(trimmed: true)
            let manager = LayoutManager(textStorage: storage, textContainers: [container])
            manager.ensureLayoutForAllText()
            let residentWithLayout = residentMiB(trimmed: true)
            print(String(format: "memory: storage %.1f MiB, layout %.1f MiB more (%d UTF-16 units, %d paragraphs)",
                         residentWithStorage - residentBefore, residentWithLayout - residentWithStorage,
                         storage.length, manager.numberOfParagraphs))
            return
        }
        let fullStart = DispatchTime.now()
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        manager.ensureLayoutForAllText()
        let full = seconds(since: fullStart)
        print(String(format: "full layout: %.3f s, %d paragraphs, %d UTF-16 units", full, manager.numberOfParagraphs, storage.length))

        var generator = SeededGenerator(seed: seed)
        var times: [Double] = []
        var kinds: [String: [Double]] = [:]  // the times of each kind of edit
        var verified = 0
        let before = manager.statistics
        for step in 0..<max(edits, 0) {
            let length = storage.length
            let position = length / 4 + Int(generator.next() % UInt64(max(length / 2, 1)))
            let start = DispatchTime.now()
            if mixed, step % 20 == 9 {
                // A paragraph split (a new line in the middle of a paragraph).
                storage.replaceCharacters(in: position..<position, with: "\n")
            } else if mixed, step % 20 == 19 {
                // An attribute change over a stretch that may cross paragraphs: kerning on, then off again.
                let range = position..<min(position + 200, length)
                if step % 40 == 19 { storage.addAttribute(.kern, value: 0.75, range: range) } else {
                    storage.removeAttribute(.kern, range: range)
                }
            } else if step % 4 == 3, position < length {
                // Deletions join paragraphs when they take a line feed.
                storage.replaceCharacters(in: position..<(position + 1), with: "")
            } else {
                storage.replaceCharacters(in: position..<position, with: step % 7 == 6 ? " " : "e")
            }
            // The visible page: the lines around the caret.
            if let caret = manager.caretRect(for: position) {
                let page = CGRect(x: 0, y: max(caret.midY - pageHeight / 2, 0), width: width, height: pageHeight)
                _ = manager.characterRange(forBoundingRect: page)
            }
            times.append(seconds(since: start))
            kinds[mixed && step % 20 == 9 ? "splits" : mixed && step % 20 == 19 ? "attribute changes" : step % 4 == 3 ? "deletions" : "insertions",
                  default: []].append(times[times.count - 1])
            if verify > 0, (step + 1) % verify == 0 || step + 1 == edits {
                try compare(manager, storage: storage, container: container)
                verified += 1
            }
        }
        times.sort()
        // Each kind of edit apart (in milliseconds): a mixed run's 90th percentile falls where the heavier kinds start.
        for (kind, values) in kinds.sorted(by: { $0.key < $1.key }) {
            let sorted = values.sorted()
            print(String(format: "%@ (%d, ms): median %.3f, 90th percentile %.3f, max %.3f", kind, sorted.count, sorted[sorted.count / 2] * 1000,
                         sorted[min(sorted.count * 9 / 10, sorted.count - 1)] * 1000, sorted[sorted.count - 1] * 1000))
        }
        guard !times.isEmpty else { return }
        let median = times[times.count / 2]
        let p90 = times[min(times.count * 9 / 10, times.count - 1)]
        let after = manager.statistics
        print(String(format: "%d edits: median %.3f ms, 90th percentile %.3f ms, max %.3f ms; median / full layout = 1/%.0f",
                     times.count, median * 1000, p90 * 1000, times.last! * 1000, full / median))
        print("paragraphs shaped \(after.paragraphsShaped - before.paragraphsShaped), laid out "
              + "\(after.paragraphsLaidOut - before.paragraphsLaidOut), moved \(after.paragraphsMoved - before.paragraphsMoved); "
              + "lines kept from before the edit without breaking again \(after.linesKept - before.linesKept)")
        if verify > 0 { print("verified against a full layout \(verified) times: identical lines and origins") }
        print("text now \(storage.length) UTF-16 units in \(manager.numberOfParagraphs) paragraphs")
    }

    /// The viewport figures, as a scrolling text view gets them: a layout manager over the storage with
    /// non-contiguous layout, its first screen laid out, then a jump to the last screen (where the estimates put
    /// it). Checks that the last screen shows the text's end.
    private func open(_ storage: TextStorage, container: TextContainer) throws {
        let start = DispatchTime.now()
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        manager.allowsNonContiguousLayout = true
        let screen = manager.layoutViewport(CGRect(x: 0, y: 0, width: width, height: pageHeight))
        let first = manager.characterRange(forBoundingRect: screen)
        let opened = seconds(since: start)
        let jumpStart = DispatchTime.now()
        let lastScreen = manager.relocateViewport(screen, toCharacterAt: storage.length)
        let height = manager.estimatedUsedHeight(forContainerAt: 0)
        let last = manager.characterRange(forBoundingRect: lastScreen)
        let jumped = seconds(since: jumpStart)
        guard last.upperBound == storage.length else {
            throw ValidationError("the last screen shows \(last), not the text's end \(storage.length)")
        }
        print(String(format: "open: first screen %.3f ms (characters %@), last screen %.3f ms (characters %@); estimated height %.0f pt; %d UTF-16 units, %d paragraphs",
                     opened * 1000, "\(first)", jumped * 1000, "\(last)", height, storage.length, manager.numberOfParagraphs))
    }

    private func compare(_ manager: LayoutManager, storage: TextStorage, container: TextContainer) throws {
        let fresh = LayoutManager(textStorage: storage.copy(), textContainers: [container])
        var ours: [(Range<Int>, CGPoint)] = []
        var theirs: [(Range<Int>, CGPoint)] = []
        manager.enumerateLineFragments { fragment, _ in ours.append((fragment.characterRange, fragment.baselineOrigin)) }
        fresh.enumerateLineFragments { fragment, _ in theirs.append((fragment.characterRange, fragment.baselineOrigin)) }
        guard ours.count == theirs.count,
            zip(ours, theirs).allSatisfy({ $0.0 == $1.0 && abs($0.1.x - $1.1.x) < 1e-5 && abs($0.1.y - $1.1.y) < 1e-5 })
        else {
            throw ValidationError("incremental layout differs from a full layout (\(ours.count) lines against \(theirs.count))")
        }
    }

}

/// SplitMix64: repeatable edit positions.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
