import ArgumentParser
import Foundation
import Galley

/// `galley hyphenate`: words with their hyphenation points.
struct HyphenateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hyphenate",
        abstract: "Print words with their hyphenation points (hy-phen-ation).",
        discussion: "Uses libhyphen with the dictionaries in /usr/share/hyphen (Debian's hyphen-* packages). Without "
            + "words, reads one word per line from standard input."
    )

    @Option(help: "BCP 47 language (en-US, de, fr).") var language: String
    @Argument(help: "Words to hyphenate.") var words: [String] = []

    func run() throws {
        guard let hyphenator = Hyphenator.forLanguage(language) else {
            throw ValidationError("no hyphenation dictionary for \(language) in /usr/share/hyphen")
        }
        let input = words.isEmpty ? AnyIterator { readLine() } : AnyIterator(words.makeIterator())
        for word in input { print(hyphenator.hyphenated(word)) }
    }
}
