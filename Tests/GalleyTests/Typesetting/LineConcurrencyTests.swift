import Foundation
import Testing

@testable import Galley

/// Lines built on many threads at once, with fallback through the shared catalog, are identical.
@Suite struct LineConcurrencyTests {
    @Test func concurrentLinesAreIdentical() async throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 13)
        let texts = try ["ar_Arab.txt", "hi_Deva.txt", "th_Thai.txt", "he_Hebr.txt", "rashomon.txt", "candide.txt"]
            .flatMap { try Corpus.lines($0).prefix(6) }
        func describe() -> [String] {
            texts.map { text in
                let line = Line(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
                return line.jsonDescription
            }
        }
        let reference = describe()
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { describe() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == reference) }
    }

    /// Chinese with Latin words, long words and Hangul in a CJK font on eight tasks at once: the space contexts' answers
    /// for each character, the long-word table and the character tables are filled by whichever task comes first, and
    /// every task's lines are the same. `make test-tsan` runs this under ThreadSanitizer.
    @Test func concurrentCJKLinesWithLatinAreIdentical() async throws {
        let font = try TestFonts.font("NotoSerifCJKjp-Regular-Subset.otf", size: 12)
        let texts = try ["zh_Hans.txt", "ja_Jpan.txt", "ko_Kore.txt", "en_Latn.txt"].flatMap { try Corpus.lines($0).prefix(4) }
            + ["RAID（Redundant Array of Independent Disks）与 /usr/share/doc/package/examples/ 和 etc/apt/sources.list 。"]
        func describe() -> [String] {
            texts.map { Line(attributedString: NSAttributedString(string: $0, attributes: [.font: font])).jsonDescription }
        }
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { describe() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        let reference = describe()
        for result in results { #expect(result == reference) }
    }

    /// Frames from one framesetter on eight tasks at once (the word cache, hyphenation, optimal breaking, fallback), and
    /// caret questions on shared lines (their caret tables are built lazily by whichever task asks first): identical
    /// answers. `make test-tsan` runs this under ThreadSanitizer.
    @Test func concurrentFramesAndCaretsAreIdentical() async throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 11)
        var style = ParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        style.lineBreakStrategy = .optimal()
        let text = try ["en_Latn.txt", "de_Latn.txt", "ar_Arab.txt", "hi_Deva.txt", "ja_Jpan.txt"]
            .flatMap { try Corpus.lines($0).prefix(3) }.joined(separator: "\n")
        let attributes: [NSAttributedString.Key: any Sendable] = [.font: font, .paragraphStyle: style, .language: "en-US"]
        let framesetter = Framesetter(attributedString: NSAttributedString(string: text, attributes: attributes))
        let shared = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 240, height: 100_000))).lines
        @Sendable func describe(width: CGFloat) -> [String] {
            // Half the tasks shape the text again (the shared word cache and hyphenation caches), half re-break it.
            let setter = width == 240 ? framesetter : Framesetter(attributedString: NSAttributedString(string: text, attributes: attributes))
            let frame = setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 100_000)))
            let carets = shared.map { line in
                (line.stringRange.lowerBound...line.stringRange.upperBound).map { line.offset(forStringIndex: $0).primary }
            }
            return frame.lines.map(\.jsonDescription) + carets.map { "\($0)" }
        }
        let reference = [240, 300].map { describe(width: $0) }
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for task in 0..<8 { group.addTask { (task % 2, describe(width: task % 2 == 0 ? 240 : 300)) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for (which, result) in results { #expect(result == reference[which]) }
    }

    /// Four threads shaping short lines at once, as fast as they can: the shared caches (words, fallback, hyphen
    /// lines) under contention, where ThreadSanitizer finds a lock it cannot see. Each thread's lines equal one
    /// thread's.
    @Test func fourThreadsShapingAtOnce() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        let words = try Corpus.lines("en_Latn.txt").prefix(40).flatMap { $0.split(separator: " ").map(String.init) }
        let lines = stride(from: 0, to: words.count - 6, by: 3).map { words[$0..<($0 + 6)].joined(separator: " ") }
        let reference = lines.map { Line(attributedString: NSAttributedString(string: $0, attributes: [.font: font])).jsonDescription }
        let results = Locked<[[String]]>([])
        let threads = (0..<4).map { _ in
            Thread {
                var mine: [String] = []
                for _ in 0..<3 {
                    mine = lines.map { Line(attributedString: NSAttributedString(string: $0, attributes: [.font: font])).jsonDescription }
                }
                results.withLock { $0.append(mine) }
            }
        }
        threads.forEach { $0.start() }
        let deadline = Date().addingTimeInterval(120)
        while results.withLock({ $0.count }) < 4, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let all = results.withLock { $0 }
        #expect(all.count == 4)
        for result in all { #expect(result == reference) }
    }
}
