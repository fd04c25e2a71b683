import ArgumentParser
import Foundation
import Galley
import Synchronization

/// `galley-bench layout`: Galley's side of the peer benchmarks (../shared/peers), printing the same JSON fields as the
/// peers' scripts so that one table can hold them all.
struct LayoutBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Time laying out a corpus (one paragraph per line), for comparison with the peers.",
        discussion: "Modes: greedy — a Typesetter over the whole corpus, then a Line object for every line at --width "
            + "(and, with --relayout-width, after those runs every line again from the same shaped text, at that width and back in turn, as the peers re-lay out); optimal — the "
            + "corpus justified and hyphenated (en-US) in one frame by Knuth–Plass, as Typst's optimized mode; "
            + "greedy-justified — the same frame broken greedily; paragraphs — a framesetter and frame per paragraph, "
            + "on --threads threads (with a checksum of the line ranges, which must not change with the thread count; with more than one thread, a one-thread run before each timed run gives the speed-up). Prints one JSON line (median and minimum of "
            + "--runs after --warmup, lines, and with --retain the memory the first layout keeps and, mode greedy, the memory "
            + "of the laid-out text itself: a further layout once the process's caches are warm)."
    )

    @Option(help: "The corpus: UTF-8, one paragraph per line.") var corpus: String
    @Option(name: .customLong("font-file"), help: "The font file (the peers' fc-match answer).") var fontFile: String
    @Option(help: "Font size in points.") var size: Double = 12
    @Option(help: "Line width in points.") var width: Double = 400
    @Option(help: "What to time (see the discussion).") var mode = Mode.greedy
    @Option(help: "Timed runs.") var runs: Int = 5
    @Option(help: "Untimed runs first.") var warmup: Int = 1
    @Option(name: .customLong("relayout-width"),
            help: "Then time re-breaking the laid-out text --runs times, at this width and back to --width in turn.")
    var relayoutWidth: Double = 0
    @Flag(help: "Measure the memory the laid-out text keeps (resident set growth).") var retain = false
    @Option(help: "Lay out the corpus this many times over (the growth curve: 1, 2, 4, 8 MB).") var repeats: Int = 1
    @Option(name: .customLong("paragraph-length"),
            help: "Re-cut the corpus into paragraphs of about this many characters, at spaces (0: as it is).")
    var paragraphLength: Int = 0
    @Option(help: "Mode paragraphs: how many threads lay the paragraphs out.") var threads: Int = 1
    @Flag(help: "Modes optimal and greedy-justified: with character protrusion and font expansion.") var microtype = false

    func run() throws {
        let text = try String(contentsOfFile: corpus, encoding: .utf8)
        var paragraphs = text.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        if paragraphLength > 0 { paragraphs = Self.recut(paragraphs, length: paragraphLength) }
        paragraphs = Array(repeatElement(paragraphs, count: max(repeats, 1)).joined())
        let joined = paragraphs.joined(separator: "\n")
        let font = try Font(url: URL(fileURLWithPath: fontFile), size: CGFloat(size), catalog: .system)
        let bytes = paragraphs.reduce(0) { $0 + $1.utf8.count }

        var times: [Double] = []
        var relayoutTimes: [Double] = []
        var lines = 0
        var retainedMiB: Double? = nil
        var checksum: Int? = nil
        let lastRound = max(warmup, 0) + max(runs, 1) - 1
        var lastLayout: (typesetter: Typesetter, lines: [Line])? = nil
        let strings = mode == .paragraphs ? paragraphs.map { String($0) } : []
        var singleThreadTimes: [Double] = []
        var singleThreadChecksum: Int? = nil
        for round in 0...lastRound {
            if mode == .paragraphs, threads > 1 {
                // One thread in turn with the timed rounds, so that both see the same machine (other tenants come
                // and go): the speed-up is a ratio of neighbours.
                let singleStart = DispatchTime.now()
                singleThreadChecksum = layOutFrames(strings, font: font, threads: 1).checksum
                if round >= warmup { singleThreadTimes.append(seconds(since: singleStart)) }
            }
            let before = retain ? residentMiB() : 0
            let start = DispatchTime.now()
            var kept: Any? = nil
            switch mode {
            case .greedy:
                let typesetter = Typesetter(attributedString: NSAttributedString(string: joined, attributes: [.font: font]))
                let laidOut = breakAll(typesetter, width: CGFloat(width))
                lines = laidOut.count
                kept = (typesetter, laidOut)
                if round == lastRound { lastLayout = (typesetter, laidOut) }
            case .paragraphs:
                let result = layOutFrames(strings, font: font, threads: threads)
                lines = result.lines
                checksum = result.checksum
            case .optimal, .greedyJustified:
                var style = ParagraphStyle()
                style.alignment = .justified
                style.hyphenationFactor = 1
                style.lineBreakStrategy = mode == .optimal ? .optimal() : .greedy
                if microtype {
                    style.characterProtrusion = .standard
                    style.fontExpansion = .standard
                }
                let string = NSAttributedString(string: joined, attributes: [.font: font, .paragraphStyle: style,
                                                                             NSAttributedString.Key.language: "en-US"])
                let frame = Framesetter(attributedString: string)
                    .frame(path: Path(rect: CGRect(x: 0, y: 0, width: CGFloat(width), height: 1e9)))
                lines = frame.lines.count
                kept = frame
            }
            let elapsed = seconds(since: start)
            if round >= warmup { times.append(elapsed) }
            if retain, round == 0 { retainedMiB = residentMiB() - before }  // before any freed memory is reused
            withExtendedLifetime(kept) {}
        }
        var textMiB: Double? = nil
        var linesMiB: Double? = nil
        if retain, mode == .greedy {
            // The text's own memory: one more layout with the process's caches (fonts, fontconfig's character sets,
            // shaped words) already warm, counted in heap bytes in use, so that only what the laid-out text keeps
            // counts (`retained_MiB` is the first layout's resident growth, those caches included).
            let before = heapInUseMiB()
            let typesetter = Typesetter(attributedString: NSAttributedString(string: joined, attributes: [.font: font]))
            let typesetterMiB = heapInUseMiB() - before
            let laidOut = breakAll(typesetter, width: CGFloat(width))
            textMiB = heapInUseMiB() - before
            linesMiB = textMiB! - typesetterMiB
            withExtendedLifetime((typesetter, laidOut)) {}
        }
        if relayoutWidth > 0, var layout = lastLayout {
            // As the peers do: after the first layouts, the kept text broken again `runs` times, at the other width
            // and back (each time new lines replace the old ones).
            for run in 0..<max(runs, 1) {
                let restart = DispatchTime.now()
                layout.lines = breakAll(layout.typesetter, width: CGFloat(run % 2 == 0 ? relayoutWidth : width))
                relayoutTimes.append(seconds(since: restart))
            }
        }
        times.sort()
        relayoutTimes.sort()
        var result: [String: Any] = [
            "peer": "galley", "mode": mode.rawValue, "corpus": corpus, "font_file": fontFile, "size": size, "width": width,
            "paragraphs": paragraphs.count, "bytes": bytes, "runs": times.count,
            "median_s": round4(times[times.count / 2]), "min_s": round4(times[0]), "lines": lines,
            "MB_per_s": round4(Double(bytes) / 1e6 / times[times.count / 2]),
        ]
        if !relayoutTimes.isEmpty {
            result["relayout_width"] = relayoutWidth
            result["relayout_median_s"] = round4(relayoutTimes[relayoutTimes.count / 2])
            result["relayout_min_s"] = round4(relayoutTimes[0])
        }
        if let retainedMiB { result["retained_MiB"] = (retainedMiB * 10).rounded() / 10 }
        if let textMiB {
            result["text_MiB"] = (textMiB * 1000).rounded() / 1000
            result["text_MiB_per_MB"] = (textMiB / (Double(bytes) / 1e6) * 10).rounded() / 10
            if let linesMiB { result["lines_MiB"] = (linesMiB * 1000).rounded() / 1000 }
        }
        if repeats > 1 { result["repeats"] = repeats }
        if paragraphLength > 0 { result["paragraph_length"] = paragraphLength }
        if let checksum {
            result["threads"] = threads
            result["checksum"] = checksum
        }
        if !singleThreadTimes.isEmpty {
            singleThreadTimes.sort()
            let single = singleThreadTimes[singleThreadTimes.count / 2]
            result["single_thread_median_s"] = round4(single)
            result["speedup"] = round4(single / times[times.count / 2])
            result["identical_to_single_thread"] = singleThreadChecksum == checksum
        }
        let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    /// The text of `paragraphs` cut again into paragraphs of about `length` characters, each ending at a space.
    static func recut(_ paragraphs: [Substring], length: Int) -> [Substring] {
        let text = paragraphs.joined(separator: " ")
        var result: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            var end = text.index(start, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
            if end < text.endIndex, let space = text[end...].firstIndex(of: " ") { end = space }
            result.append(text[start..<end])
            start = end < text.endIndex ? text.index(after: end) : end
        }
        return result
    }

    /// Every paragraph its own framesetter and frame, spread over `threads` threads: the lines, and a checksum of
    /// their ranges that must not depend on the thread count.
    private func layOutFrames(_ strings: [String], font: Font, threads: Int) -> (lines: Int, checksum: Int) {
        let lineWidth = CGFloat(width)
        let results = Locked<[Int: (lines: Int, checksum: Int)]>([:])
        // Each thread takes the next paragraph not yet taken: a thread on a busier core does less.
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(threads, 1)) { _ in
            var local: [Int: (lines: Int, checksum: Int)] = [:]
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < strings.count {
                let string = NSAttributedString(string: strings[index], attributes: [.font: font])
                let frame = Framesetter(attributedString: string)
                    .frame(path: Path(rect: CGRect(x: 0, y: 0, width: lineWidth, height: 1e7)))
                let checksum = frame.lines.reduce(0) { $0 &* 31 &+ $1.stringRange.upperBound }
                local[index] = (frame.lines.count, checksum)
            }
            results.withLock { $0.merge(local) { first, _ in first } }
        }
        let all = results.withLock { $0 }
        return (all.values.reduce(0) { $0 + $1.lines }, (0..<strings.count).reduce(0) { $0 &* 31 &+ (all[$1]?.checksum ?? 0) })
    }

    /// Every line of the text at `width`, as `Line` objects (what a client draws).
    private func breakAll(_ typesetter: Typesetter, width: CGFloat) -> [Line] {
        var lines: [Line] = []
        var start = 0
        while start < typesetter.length {
            let count = typesetter.suggestLineBreak(startingAt: start, width: width)
            lines.append(typesetter.line(stringRange: start..<(start + count)))
            start += count
        }
        return lines
    }


    private func round4(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

}

extension LayoutBenchCommand {
    /// `--mode`: what is timed.
    enum Mode: String, CaseIterable, ExpressibleByArgument {
        case greedy, optimal, paragraphs
        case greedyJustified = "greedy-justified"
    }
}
