import Foundation
import Testing

@testable import GalleySpelling

/// The spell checker against Hunspell's own command, run live on the same texts, and UITextChecker's semantics.
@Suite(.serialized) struct TextCheckerTests {
    static let hunspellAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/hunspell")
        && FileManager.default.fileExists(atPath: "/usr/share/hunspell/en_US.dic")

    /// What the `hunspell` command prints for `input` with `arguments`.
    static func hunspell(_ arguments: [String], input: String) throws -> String {
        try runProgram("/usr/bin/hunspell", arguments, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"], input: input)
    }

    /// `hunspell -d DICT -l`: the words of standard input it rejects, in order.
    static func hunspellRejects(_ input: String, dictionary: String) throws -> [String] {
        try hunspell(["-d", dictionary, "-l"], input: input).split(separator: "\n").map(String.init)
    }

    static func checker() -> TextChecker {
        TextChecker(userDictionary: FileManager.default.temporaryDirectory.appendingPathComponent("galley-user-\(UUID()).txt"))
    }

    /// Every word the checker finds in a text, judged by Hunspell's command one word a line: the same verdicts, in
    /// English, German and French.
    @Test(.enabled(if: hunspellAvailable), arguments: [("en_Latn.txt", "en_US"), ("newton-opticks.txt", "en_US"),
                                                      ("de_Latn.txt", "de_DE"), ("fr_Latn.txt", "fr"), ("candide.txt", "fr")])
    func verdictsEqualHunspells(file: String, dictionary: String) throws {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
        let checker = Self.checker()
        // Hunspell's tokenizer skips URLs and e-mail addresses too; it checks numbers and capitals as words.
        checker.rules = .skipsURLs
        let units = Array(text.utf16)
        let words = checker.checkedWords(units, language: dictionary).map { String(decoding: units[$0], as: UTF16.self) }
        let ours = try checker.misspelledWords(in: text, language: dictionary).map { String(decoding: units[$0], as: UTF16.self) }
        // Words with characters Hunspell's tokenizer splits on (an apostrophe it does not know) are judged whole.
        let theirs = try Self.hunspellRejects(words.joined(separator: "\n") + "\n", dictionary: dictionary)
        #expect(words.count > 50)
        #expect(ours == theirs, "\(file): ours \(ours.count), Hunspell's \(theirs.count): only ours \(Set(ours).subtracting(theirs).sorted()), only Hunspell's \(Set(theirs).subtracting(ours).sorted())")
    }
}

extension TextCheckerTests {
    /// `hunspell -a`'s suggestions for each misspelled word of a text: "& WORD COUNT OFFSET: s1, s2, …".
    static func hunspellSuggestions(_ words: [String], dictionary: String) throws -> [String: [String]] {
        // "^" makes Hunspell read each line as text, never as a command.
        let output = try hunspell(["-d", dictionary, "-a"], input: words.map { "^" + $0 + "\n" }.joined())
        var result: [String: [String]] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("& ") {
            let parts = line.dropFirst(2).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let word = parts[0].split(separator: " ").first else { continue }
            result[String(word)] = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return result
    }

    /// The checker's guesses are Hunspell's, in Hunspell's order, for the misspelled words of a text.
    @Test(.enabled(if: hunspellAvailable)) func guessesEqualHunspells() throws {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("newton-opticks.txt"), encoding: .utf8)
        let checker = Self.checker()
        let units = Array(text.utf16)
        let misspelled = try checker.misspelledWords(in: text, language: "en-US")
        let words = Array(Set(misspelled.map { String(decoding: units[$0], as: UTF16.self) })).sorted()
        let theirs = try Self.hunspellSuggestions(words, dictionary: "en_US")
        #expect(words.count > 30)
        var compared = 0
        for range in misspelled {
            let word = String(decoding: units[range], as: UTF16.self)
            guard let expected = theirs[word] else { continue }
            #expect(checker.guesses(forWordRange: range, in: text, language: "en_US") == expected, "\(word)")
            compared += 1
        }
        #expect(compared > 40)
    }

    /// Guesses for 200 made misspellings — corpus words with two letters swapped or one dropped, kept when the
    /// checker rejects them — equal `hunspell -a`'s, in order.
    @Test(.enabled(if: hunspellAvailable)) func guessesForTwoHundredTyposEqualHunspells() throws {
        let checker = Self.checker()
        var typos: [String] = []
        var seen = Set<String>()
        for file in ["en_Latn.txt", "newton-opticks.txt"] {
            let text = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
            for word in text.split(whereSeparator: { !$0.isLetter }) where word.count >= 5 && word.allSatisfy(\.isASCII) {
                var letters = Array(word.lowercased())
                if typos.count % 2 == 0 { letters.swapAt(1, 2) } else { letters.remove(at: letters.count / 2) }
                let typo = String(letters)
                guard typos.count < 200, seen.insert(typo).inserted,
                    checker.rangeOfMisspelledWord(in: typo, range: 0..<typo.utf16.count, startingAt: 0, wrap: false, language: "en-US") != nil
                else { continue }
                typos.append(typo)
            }
        }
        #expect(typos.count == 200)
        let theirs = try Self.hunspellSuggestions(typos, dictionary: "en_US")
        var compared = 0
        for typo in typos {
            // (A word Hunspell has no guess for is "# WORD OFFSET", not "&": then there are none.)
            let expected = theirs[typo] ?? []
            #expect(checker.guesses(forWordRange: 0..<typo.utf16.count, in: typo, language: "en-US") == expected, "\(typo)")
            compared += 1
        }
        #expect(compared == 200)
    }

    /// UITextChecker's search: from a position, within a range, wrapping or not; nil when all is well.
    @Test(.enabled(if: hunspellAvailable)) func searchesAsUITextCheckerDoes() {
        let checker = Self.checker()
        let text = "Teh quick brown fox jumpd over the lazzy dog."
        let first = checker.rangeOfMisspelledWord(in: text, range: 0..<45, startingAt: 0, wrap: false, language: "en")
        #expect(first == 0..<3)
        #expect(checker.rangeOfMisspelledWord(in: text, range: 0..<45, startingAt: 1, wrap: false, language: "en") == 20..<25)
        #expect(checker.rangeOfMisspelledWord(in: text, range: 0..<45, startingAt: 36, wrap: false, language: "en") == nil)
        #expect(checker.rangeOfMisspelledWord(in: text, range: 0..<45, startingAt: 36, wrap: true, language: "en") == 0..<3)
        #expect(checker.rangeOfMisspelledWord(in: text, range: 4..<19, startingAt: 0, wrap: true, language: "en") == nil)
        #expect(checker.rangeOfMisspelledWord(in: text, range: 0..<45, startingAt: 26, wrap: false, language: "en_US") == 35..<40)
        #expect(checker.rangeOfMisspelledWord(in: text, range: 0..<45, startingAt: 0, wrap: true, language: "xx-YY") == nil)
        // Skipped: numbers, acronyms, URLs and e-mail addresses; underscores separate words.
        let skipped = "Call NASA at 555-0199 or see https://exampel.org/pagge, mail someone@exampel.org, _emphasis_"
        #expect(checker.rangeOfMisspelledWord(in: skipped, range: 0..<skipped.utf16.count, startingAt: 0, wrap: true, language: "en") == nil)
        checker.rules = []
        #expect(checker.rangeOfMisspelledWord(in: skipped, range: 0..<skipped.utf16.count, startingAt: 0, wrap: true, language: "en") != nil)
    }

    /// Learned words persist in the user dictionary, for another checker over the same file; ignored words do not.
    @Test(.enabled(if: hunspellAvailable)) func learnedWordsPersistAndIgnoredWordsDoNot() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("galley-user-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let checker = TextChecker(userDictionary: file)
        let text = "Galleyish and frobnicate"
        #expect(try checker.misspelledWords(in: text, language: "en").count == 2)
        try checker.learnWord("Galleyish")
        checker.ignoreWord("frobnicate")
        #expect(checker.hasLearnedWord("Galleyish"))
        #expect(checker.ignoredWords == ["frobnicate"])
        #expect(try checker.misspelledWords(in: text, language: "en").isEmpty)
        let other = TextChecker(userDictionary: file)
        #expect(other.hasLearnedWord("Galleyish"))
        #expect(try other.misspelledWords(in: text, language: "en").map { Array(text.utf16)[$0].count } == [10])
        try other.unlearnWord("Galleyish")
        #expect(!TextChecker(userDictionary: file).hasLearnedWord("Galleyish"))
        // Completions: dictionary stems and learned words with the prefix, shortest first, then alphabetical.
        try other.learnWord("Galleyish")
        let completions = other.completions(forPartialWordRange: 0..<4, in: "Gall", language: "en")
        #expect(completions.contains("Galleyish") && completions.contains("Gallic"))
        #expect(completions == completions.sorted { ($0.utf16.count, $0) < ($1.utf16.count, $1) })
    }

    /// Languages: every installed pair, as BCP 47 tags; names and bare languages find them.
    @Test(.enabled(if: hunspellAvailable)) func languagesAreBCP47() throws {
        let checker = Self.checker()
        #expect(checker.availableLanguages.contains("en-US"))
        #expect(checker.dictionaryLanguage(for: "en_US") == "en-US")
        #expect(checker.dictionaryLanguage(for: "en") == "en-US")
        #expect(checker.dictionaryLanguage(for: "xx") == nil)
        #expect(throws: SpellingError.noDictionary(language: "xx")) { try checker.misspelledWords(in: "a", language: "xx") }
        // A directory with a broken pair: listed, and refused with an error when loaded.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-dicts-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data([0xFF, 0x00, 0x41]).write(to: directory.appendingPathComponent("zz_ZZ.aff"))
        try Data("not a count\n\u{0}".utf8).write(to: directory.appendingPathComponent("zz_ZZ.dic"))
        let broken = TextChecker(dictionaryDirectories: [directory], userDictionary: directory.appendingPathComponent("user.txt"))
        #expect(broken.availableLanguages.contains("zz-ZZ"))
        _ = try? broken.misspelledWords(in: "word", language: "zz-ZZ")
    }

    /// Bad input: empty text, unpaired surrogates, a 10,000-letter word, a megabyte without a space.
    @Test(.enabled(if: hunspellAvailable)) func badInputIsAnswered() throws {
        let checker = Self.checker()
        #expect(try checker.misspelledWords(in: "", language: "en").isEmpty)
        let surrogates = String(decoding: [0x61, 0xD800, 0x62, 0xDC00, 0x20, 0x78, 0x79, 0x7A, 0x71] as [UInt16], as: UTF16.self)
        _ = try checker.misspelledWords(in: surrogates, language: "en")
        let long = String(repeating: "a", count: 10_000)
        #expect(try checker.misspelledWords(in: long, language: "en").count == 1)
        #expect(checker.guesses(forWordRange: 0..<10_000, in: long, language: "en").count <= 15)
        let noSpaces = String(repeating: "word,", count: 200_000)
        let start = Date()
        _ = try checker.misspelledWords(in: noSpaces, language: "en")
        #expect(Date().timeIntervalSince(start) < 30)
    }
}

extension TextCheckerTests {
    /// Eight threads checking different texts with the same shared dictionaries get the answers one thread gets.
    @Test(.enabled(if: hunspellAvailable)) func threadsShareDictionariesSafely() async throws {
        let files = [("newton-opticks.txt", "en"), ("en_Latn.txt", "en"), ("candide.txt", "fr"), ("fr_Latn.txt", "fr"),
                     ("de_Latn.txt", "de"), ("newton-opticks.txt", "en"), ("candide.txt", "fr"), ("de_Latn.txt", "de")]
        let texts = try files.map { (try String(contentsOf: Corpus.directory.appendingPathComponent($0.0), encoding: .utf8), $0.1) }
        let checker = Self.checker()
        let expected = try texts.map { text, language in try checker.misspelledWords(in: text, language: language) }
        let answers = await withTaskGroup(of: (Int, [Range<Int>]?).self) { group in
            for (index, (text, language)) in texts.enumerated() {
                group.addTask {
                    var last: [Range<Int>]? = nil
                    for _ in 0..<3 { last = try? checker.misspelledWords(in: text, language: language) }
                    return (index, last)
                }
            }
            var answers = [[Range<Int>]?](repeating: nil, count: texts.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        #expect(answers.map { $0 ?? [] } == expected)
        #expect(expected.contains { !$0.isEmpty })
    }
}

extension TextCheckerTests {
    /// The misspelled words of whole texts against `hunspell -l` on the same files. The lists are equal once the
    /// tokenizers' known differences are undone on Hunspell's side, each kind here:
    /// 1. Hunspell reports a hyphenated compound whole when a part is wrong ("Thunder-ten-tronckh"); ICU's word
    ///    boundaries give the parts, and the checker reports the wrong parts: Hunspell's entry becomes the parts
    ///    Hunspell itself rejects.
    /// 2. Hunspell keeps punctuation at a token's edges and rejects the token for it ("--Oui", where "Oui" is right),
    ///    and reports runs of dashes ("--------"): edges are trimmed and the word judged again alone; entries
    ///    without letters are dropped.
    /// All-caps words are checked on both sides here (the checker's acronym rule is off).
    @Test(.enabled(if: hunspellAvailable), arguments: [("en_Latn.txt", "en_US"), ("newton-opticks.txt", "en_US"),
                                                      ("de_Latn.txt", "de_DE"), ("fr_Latn.txt", "fr"), ("candide.txt", "fr")])
    func misspelledWordsEqualHunspellsOnWholeTexts(file: String, dictionary: String) throws {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
        let checker = Self.checker()
        checker.rules = [.skipsURLs, .skipsNumbers]
        let units = Array(text.utf16)
        let ours = try checker.misspelledWords(in: text, language: dictionary).map { String(decoding: units[$0], as: UTF16.self) }
        // Each entry's words: trimmed of punctuation at its edges, split at hyphens, each judged again alone.
        let entries = try Self.hunspellRejects(text, dictionary: dictionary).map { entry in
            entry.trimmingCharacters(in: CharacterSet.letters.inverted).split(separator: "-").map(String.init).filter { !$0.isEmpty }
        }
        let rejected = Set(try Self.hunspellRejects(Set(entries.joined()).joined(separator: "\n") + "\n", dictionary: dictionary))
        let theirs = entries.flatMap { $0.filter(rejected.contains) }
        #expect(ours == theirs, "\(file): only ours \(Set(ours).subtracting(theirs).sorted()), only Hunspell's \(Set(theirs).subtracting(ours).sorted())")
    }
}
