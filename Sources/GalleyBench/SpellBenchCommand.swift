import ArgumentParser
import Foundation
import Galley
import GalleySpelling
import GalleyText

/// `galley-bench spell`: spell checking speed — a whole text through `TextChecker` and through the editor's
/// `SpellCheckingController`, `hunspell -l` on the same file in the same run, and the recheck after one keystroke.
struct SpellBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spell",
        abstract: "Time spell checking a text, against hunspell -l, and rechecking after edits.",
        discussion: "Checks FILE whole with TextChecker.misspelledWords (best of three), then as an editor does: a "
            + "SpellCheckingController over a layout manager checks it in slices, then EDITS keystrokes at random places "
            + "each recheck the words they touched (median and 90th percentile). Runs `hunspell -d DICT -l` on the "
            + "same file in the same run (best of three) and prints the ratio."
    )

    @Argument(help: "The text file (the peers' corpus/en.txt for the README's figure).") var file: String
    @Option(help: "The language (a BCP 47 tag or a dictionary name).") var language = "en-US"
    @Option(help: "How many keystrokes to time.") var edits = 500

    func run() throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let megabytes = Double(text.utf8.count) / 1_000_000
        let checker = TextChecker(userDictionary: FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-user-\(getpid()).txt"))
        guard let dictionary = checker.dictionaryLanguage(for: language) else { throw ValidationError("no dictionary for \(language)") }
        var found: [Range<Int>] = []
        _ = try checker.misspelledWords(in: "warm up", language: language)
        let whole = try best(of: 3) { found = try checker.misspelledWords(in: text, language: language) }
        let hunspell = try best(of: 3) { try runHunspell(dictionary: dictionary) }
        print(String(format: "TextChecker: %.3f s for %.2f MB (%.2f MB/s), %d misspelled words", whole, megabytes, megabytes / whole, found.count))
        print(String(format: "hunspell -l: %.3f s (%.2f MB/s); TextChecker / hunspell time = %.2f", hunspell, megabytes / hunspell, whole / hunspell))

        let storage = TextStorage(string: text)
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 400, height: CGFloat.infinity))])
        let input = TextInput(textStorage: storage)
        let controller = SpellCheckingController(layoutManager: manager, checker: checker, language: language, textInput: input)
        let start = DispatchTime.now()
        var slices = 0
        while controller.checkNextSlice() { slices += 1 }
        let sliced = seconds(since: start)
        print(String(format: "SpellCheckingController: %.3f s in %d slices (%.2f MB/s), %d underlined", sliced, slices + 1,
                     megabytes / sliced, controller.misspelledRanges().count))
        var generator = SystemRandomNumberGenerator()
        var times: [Double] = []
        for step in 0..<max(edits, 1) {
            let position = Int.random(in: 0..<storage.length, using: &generator)
            input.setSelectedRange(position..<position)
            let started = DispatchTime.now()
            input.insertText(step % 5 == 4 ? " " : "e")
            times.append(seconds(since: started))
        }
        times.sort()
        print(String(format: "keystroke with its recheck: median %.3f ms, 90th percentile %.3f ms (layout not brought up to date)",
                     times[times.count / 2] * 1000, times[times.count * 9 / 10] * 1000))
    }

    private func runHunspell(dictionary: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hunspell")
        process.arguments = ["-d", dictionary.replacingOccurrences(of: "-", with: "_"), "-l", file]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("hunspell -d \(dictionary) -l failed") }
    }


}
