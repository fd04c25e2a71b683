import Foundation
import Galley

/// Words of any letters in every bundled dictionary's language (and languages without one): points inside the word,
/// ascending, and the hyphenated form keeps every letter.
enum HyphenatorHarness {
    static func run(_ input: inout FuzzInput) throws {
        let language = input.choose(["en-US", "en", "de", "de-DE", "fr", "fr-FR", "xx", "", "en_US", "../../etc/passwd"])
        guard let hyphenator = Hyphenator.forLanguage(language) else { return }
        for _ in 0..<input.int(1...8) {
            let word = HostileText.string(&input, maximum: 140)
            let points = hyphenator.hyphenationPoints(in: word)
            let length = word.utf16.count
            try check(points == points.sorted() && Set(points).count == points.count, "points \(points) of \(word.debugDescription) are not ascending")
            try check(points.allSatisfy { $0 > 0 && $0 < length }, "points \(points) outside \(word.debugDescription) (\(length) units)")
            let hyphenated = hyphenator.hyphenated(word, separator: "\u{2010}")
            // Compared scalar by scalar: as characters, a hyphen followed by a joiner is one cluster.
            func letters(_ text: String) -> [Unicode.Scalar] { text.unicodeScalars.filter { $0 != "\u{2010}" } }
            try check(letters(hyphenated) == letters(word) && hyphenated.unicodeScalars.count == word.unicodeScalars.count + points.count,
                      "hyphenating \(word.debugDescription) at \(points) gave \(hyphenated.debugDescription)")
        }
    }
}
