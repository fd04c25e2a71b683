import ArgumentParser
import Foundation
import GalleySpelling

/// `galley spell`: misspelled words of a file, suggestions, completions.
struct SpellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spell",
        abstract: "Print the misspelled words of a file (as hunspell -l does), suggestions, or completions.",
        discussion: "Uses Hunspell with the dictionaries in /usr/share/hunspell (Debian's hunspell-* packages) and "
            + "ICU's word boundaries. With --suggest, prints `WORD: s1, s2, …` for each word (`WORD: *` when it is "
            + "correct); with --complete, the completions of PREFIX, one per line."
    )

    @Option(help: "BCP 47 language or dictionary name (en-US, en_US, de, fr).") var language: String
    @Flag(help: "Print suggestions for the words given.") var suggest = false
    @Option(help: "Print completions of this prefix.") var complete: String?
    @Argument(help: "The file to check (standard input when absent), or with --suggest the words.") var arguments: [String] = []

    func run() throws {
        let checker = TextChecker()
        guard checker.dictionaryLanguage(for: language) != nil else {
            throw ValidationError("no spelling dictionary for \(language); installed: \(checker.availableLanguages.joined(separator: ", "))")
        }
        if let complete {
            let units = complete.utf16.count
            for word in checker.completions(forPartialWordRange: 0..<units, in: complete, language: language) { print(word) }
            return
        }
        if suggest {
            for word in arguments {
                let range = 0..<word.utf16.count
                if checker.rangeOfMisspelledWord(in: word, range: range, startingAt: 0, wrap: false, language: language) == nil {
                    print("\(word): *")
                } else {
                    print("\(word): " + checker.guesses(forWordRange: range, in: word, language: language).joined(separator: ", "))
                }
            }
            return
        }
        let text: String
        if let file = arguments.first {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } else {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let units = Array(text.utf16)
        for range in try checker.misspelledWords(in: text, language: language) { print(String(decoding: units[range], as: UTF16.self)) }
    }
}
