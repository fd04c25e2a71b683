internal import CUnicode
import Foundation
import Galley

/// Finds misspelled words and offers guesses and completions, with Hunspell's dictionaries (the checker LibreOffice,
/// Firefox and Chromium use) and ICU's word boundaries for the text's language.
///
/// Offsets are UTF-16, as in `NSString`. Words are ICU's word-like segments: apostrophes (straight and curly) stay
/// inside words, a hyphenated compound is checked part by part, and underscores separate words (as in Hunspell's
/// tokenizer; Unicode keeps them inside words). Skipped, each
/// switchable in `rules`: words with digits (numbers, "3D"), words inside a URL or an e-mail address (a
/// whitespace-delimited token containing "://" or "@", or starting with "www."), and all-caps words of two or more
/// letters (acronyms). Learned words count as correct; ignored words too, for this checker only.
///
/// Dictionaries are loaded once per language per process and shared between threads and checkers (each behind its
/// own lock: Hunspell is not thread-safe).
///
/// UIKit: `UITextChecker`; AppKit: `NSSpellChecker`.
public final class TextChecker: @unchecked Sendable {
    /// Which words checking skips. Galley only (UITextChecker's rules are fixed and undocumented).
    public struct Rules: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: Int
        /// A set from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Words containing a digit.
        public static let skipsNumbers = Rules(rawValue: 1)
        /// Words inside URLs and e-mail addresses.
        public static let skipsURLs = Rules(rawValue: 2)
        /// All-caps words of two or more letters.
        public static let skipsAcronyms = Rules(rawValue: 4)
        /// Every rule.
        public static let all: Rules = [.skipsNumbers, .skipsURLs, .skipsAcronyms]
    }

    /// The skipping rules (all of them by default).
    public var rules: Rules {
        get { state.withLock { $0.rules } }
        set { state.withLock { $0.rules = newValue } }
    }

    /// Where Debian installs Hunspell dictionaries.
    public static let standardDirectories = [URL(fileURLWithPath: "/usr/share/hunspell")]

    /// The directories searched for dictionaries, in order (the first holding a language wins).
    public let dictionaryDirectories: [URL]
    /// The file learned words are kept in: one word a line, UTF-8.
    public let userDictionary: URL

    private struct State {
        var rules = Rules.all
        var learned: Set<String> = []
        var ignored: Set<String> = []
    }
    private let state = Locked(State())

    /// A checker over the dictionaries in `dictionaryDirectories` (then the standard ones), keeping learned words
    /// in `userDictionary` (default: `$XDG_DATA_HOME/galley/user-dictionary.txt`, else under
    /// `~/.local/share`), which is read now if it exists.
    public init(dictionaryDirectories: [URL] = [], userDictionary: URL? = nil) {
        self.dictionaryDirectories = dictionaryDirectories + Self.standardDirectories
        dictionaryFiles = Self.dictionaryFiles(in: self.dictionaryDirectories)
        availableLanguages = dictionaryFiles.keys.sorted()
        self.userDictionary = userDictionary ?? Self.defaultUserDictionary()
        if let text = try? String(contentsOf: self.userDictionary, encoding: .utf8) {
            let words = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            state.withLock { $0.learned = Set(words) }
        }
    }

    private static func defaultUserDictionary() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSTemporaryDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("galley/user-dictionary.txt")
    }

    // MARK: Languages

    /// Every language with a dictionary (an .aff and a .dic of the same name) in the directories when the checker was
    /// made, as BCP 47 tags ("en-US", "de-DE", "fr"), sorted. UIKit: `UITextChecker.availableLanguages`.
    public let availableLanguages: [String]

    /// The dictionary files by BCP 47 tag, found once when the checker is made (every check asks for them).
    private let dictionaryFiles: [String: (affix: URL, dictionary: URL)]

    /// The dictionary files of `directories` by BCP 47 tag, the first directory winning.
    private static func dictionaryFiles(in directories: [URL]) -> [String: (affix: URL, dictionary: URL)] {
        var result: [String: (affix: URL, dictionary: URL)] = [:]
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".aff") {
                let stem = String(name.dropLast(4))
                let dictionary = directory.appendingPathComponent(stem + ".dic")
                guard FileManager.default.fileExists(atPath: dictionary.path) else { continue }
                let tag = stem.replacingOccurrences(of: "_", with: "-")
                if result[tag] == nil { result[tag] = (directory.appendingPathComponent(name), dictionary) }
            }
        }
        return result
    }

    /// The BCP 47 tag of the installed dictionary for `language` ("en_US", "en-US" or "en"): the exact tag, else
    /// the first (sorted) with the same language subtag. Nil when none.
    public func dictionaryLanguage(for language: String) -> String? {
        let wanted = language.replacingOccurrences(of: "_", with: "-")
        let available = availableLanguages
        if let exact = available.first(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) { return exact }
        let code = wanted.split(separator: "-").first.map { String($0).lowercased() } ?? ""
        // A language alone prefers its own country's dictionary (fr → fr, de → de-DE) over the others.
        return available.first { $0.lowercased() == "\(code)-\(code)" } ?? available.first { $0.lowercased() == code }
            ?? available.first { $0.lowercased().hasPrefix(code + "-") }
    }

    private static let loaded = Locked<[String: HunspellDictionary]>([:])

    /// The shared dictionary for a language, loaded on first use.
    func dictionary(for language: String) throws(SpellingError) -> HunspellDictionary {
        guard let tag = dictionaryLanguage(for: language), let files = dictionaryFiles[tag] else {
            throw SpellingError.noDictionary(language: language)
        }
        let key = files.affix.path
        if let known = Self.loaded.withLock({ $0[key] }) { return known }
        let made = try HunspellDictionary(language: tag, affix: files.affix, dictionary: files.dictionary)
        return Self.loaded.withLock { loaded in
            if let known = loaded[key] { return known }
            loaded[key] = made
            return made
        }
    }

    // MARK: Checking

    /// The first misspelled word at or after `startingAt` within `range` (UTF-16, clamped to the string); with
    /// `wrap`, the search continues from the range's start up to `startingAt`. Nil when every word is spelled right,
    /// or when there is no dictionary for the language.
    ///
    /// - Parameters:
    ///   - string: the text.
    ///   - range: the part of the text to check.
    ///   - startingAt: where to start looking; a word that starts before it is not reported.
    ///   - wrap: whether to go on from the range's start when the end is reached.
    ///   - language: a BCP 47 tag or a dictionary name ("en-US", "en_US", "en").
    /// - Returns: the word's range, or nil.
    ///
    /// UIKit: `rangeOfMisspelledWord(in:range:startingAt:wrap:language:)` (NSNotFound becomes nil).
    public func rangeOfMisspelledWord(in string: String, range: Range<Int>, startingAt: Int, wrap: Bool, language: String) -> Range<Int>? {
        guard let dictionary = try? dictionary(for: language) else { return nil }
        let units = Array(string.utf16)
        let range = max(range.lowerBound, 0)..<max(min(range.upperBound, units.count), max(range.lowerBound, 0))
        let start = min(max(startingAt, range.lowerBound), range.upperBound)
        let words = Self.words(units, in: range, language: language)
        let misspelled = misspellingTest(units, dictionary: dictionary)
        if let found = words.first(where: { $0.lowerBound >= start && misspelled($0) }) { return found }
        guard wrap else { return nil }
        return words.first { $0.lowerBound < start && misspelled($0) }
    }

    /// Every misspelled word of `string`, in order. Galley only (a loop over `rangeOfMisspelledWord` in UIKit).
    ///
    /// - Throws: `SpellingError.noDictionary` when no dictionary serves the language.
    public func misspelledWords(in string: String, language: String) throws(SpellingError) -> [Range<Int>] {
        let dictionary = try dictionary(for: language)
        let units = Array(string.utf16)
        return Self.words(units, in: 0..<units.count, language: language).filter(misspellingTest(units, dictionary: dictionary))
    }

    /// Whether a word of `units` is misspelled: not skipped by the rules, neither learned nor ignored, and refused
    /// by the dictionary.
    private func misspellingTest(_ units: [UInt16], dictionary: HunspellDictionary) -> (Range<Int>) -> Bool {
        let filter = WordFilter(units: units, rules: rules)
        let (learned, ignored) = state.withLock { ($0.learned, $0.ignored) }
        return { word in
            guard !filter.skips(word) else { return false }
            if !learned.isEmpty || !ignored.isEmpty {
                let text = String(decoding: units[word], as: UTF16.self)
                if learned.contains(text) || ignored.contains(text) { return false }
            }
            return !dictionary.spell(utf16: units[word])
        }
    }

    /// The words of a text that checking asks the dictionary about: its words less those the rules skip.
    func checkedWords(_ units: [UInt16], language: String) -> [Range<Int>] {
        let filter = WordFilter(units: units, rules: rules)
        return Self.words(units, in: 0..<units.count, language: language).filter { !filter.skips($0) }
    }

    /// Hunspell's suggestions for the word at `range`, best first (empty without a dictionary).
    ///
    /// - Parameters:
    ///   - range: the word's UTF-16 range in `string`.
    ///   - string: the text.
    ///   - language: a BCP 47 tag or a dictionary name.
    ///
    /// UIKit: `guesses(forWordRange:in:language:)`.
    public func guesses(forWordRange range: Range<Int>, in string: String, language: String) -> [String] {
        guard let dictionary = try? dictionary(for: language), let word = Self.substring(string, range) else { return [] }
        return dictionary.suggest(word)
    }

    /// Words of the dictionary and learned words that start with the partial word at `range`, shortest first, then
    /// alphabetically (Hunspell's dictionaries carry no frequencies). The dictionary's words are its stems (.dic
    /// entries without their affixed forms); the partial word itself is left out.
    ///
    /// - Parameters:
    ///   - range: the partial word's UTF-16 range in `string`.
    ///   - string: the text.
    ///   - language: a BCP 47 tag or a dictionary name.
    ///
    /// UIKit: `completions(forPartialWordRange:in:language:)`.
    public func completions(forPartialWordRange range: Range<Int>, in string: String, language: String) -> [String] {
        guard let prefix = Self.substring(string, range), !prefix.isEmpty, let tag = dictionaryLanguage(for: language),
            let files = dictionaryFiles[tag]
        else { return [] }
        let stems = Self.stems(files.dictionary)
        let learned = state.withLock { $0.learned }
        let candidates = Set(stems.filter { $0.hasPrefix(prefix) } + learned.filter { $0.hasPrefix(prefix) })
        return candidates.filter { $0 != prefix }.sorted { ($0.utf16.count, $0) < ($1.utf16.count, $1) }
    }

    private static let stemLists = Locked<[String: [String]]>([:])

    /// The words of a .dic file (its first line is the count; each entry is word[/flags]), read once per process.
    private static func stems(_ file: URL) -> [String] {
        if let known = stemLists.withLock({ $0[file.path] }) { return known }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let words = text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line -> String? in
            let entry = line.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            let word = entry.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            return word.isEmpty ? nil : word
        }
        stemLists.withLock { $0[file.path] = words }
        return words
    }

    // MARK: Learning and ignoring

    /// Counts `word` as correct from now on, in every checker reading the same user dictionary, and writes the
    /// user dictionary (atomically: a crash mid-write leaves the old file). UIKit: `UITextChecker.learnWord(_:)`.
    ///
    /// - Throws: `SpellingError.userDictionaryUnwritable` when the file cannot be written (the word is learned for
    ///   this checker all the same).
    public func learnWord(_ word: String) throws(SpellingError) {
        let words = state.withLock { state -> Set<String> in
            state.learned.insert(word)
            return state.learned
        }
        try save(words)
    }

    /// Forgets a learned word. UIKit: `UITextChecker.unlearnWord(_:)`.
    ///
    /// - Throws: `SpellingError.userDictionaryUnwritable` when the file cannot be written.
    public func unlearnWord(_ word: String) throws(SpellingError) {
        let words = state.withLock { state -> Set<String> in
            state.learned.remove(word)
            return state.learned
        }
        try save(words)
    }

    /// Whether `word` was learned. UIKit: `UITextChecker.hasLearnedWord(_:)`.
    public func hasLearnedWord(_ word: String) -> Bool { state.withLock { $0.learned.contains(word) } }

    /// Counts `word` as correct for this checker only (not saved). UIKit: `UITextChecker.ignoreWord(_:)`.
    public func ignoreWord(_ word: String) { _ = state.withLock { $0.ignored.insert(word) } }

    /// The ignored words; set it to replace them. UIKit: `UITextChecker.ignoredWords`.
    public var ignoredWords: [String] {
        get { state.withLock { $0.ignored.sorted() } }
        set { state.withLock { $0.ignored = Set(newValue) } }
    }

    private func save(_ words: Set<String>) throws(SpellingError) {
        let text = words.sorted().map { $0 + "\n" }.joined()
        do {
            try FileManager.default.createDirectory(at: userDictionary.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: userDictionary, options: .atomic)
        } catch {
            throw SpellingError.userDictionaryUnwritable(userDictionary.path)
        }
    }

    // MARK: Words

    /// ICU's word-like segments of `range` for the language's rules.
    static func words(_ units: [UInt16], in range: Range<Int>, language: String) -> [Range<Int>] {
        guard !range.isEmpty else { return [] }
        let slice = Array(units[range])
        var boundaries = [Int32](repeating: 0, count: slice.count + 1)
        var wordLike = [UInt8](repeating: 0, count: slice.count + 1)
        let count = slice.withUnsafeBufferPointer { text in
            galley_text_boundaries(0, text.baseAddress, Int32(slice.count), language.replacingOccurrences(of: "-", with: "_"),
                                   &boundaries, &wordLike, Int32(boundaries.count))
        }
        guard count > 1 else { return [] }
        var words: [Range<Int>] = []
        for index in 1..<Int(count) where wordLike[index] != 0 {
            // Underscores separate words, as in Hunspell's tokenizer: UAX #29 keeps them inside (ExtendNumLet), but in
            // text they are emphasis (Markdown, Project Gutenberg) or join identifiers.
            var start = Int(boundaries[index - 1])
            let end = Int(boundaries[index])
            while start < end {
                while start < end, slice[start] == 0x5F { start += 1 }
                var stop = start
                while stop < end, slice[stop] != 0x5F { stop += 1 }
                if stop > start { words.append((start + range.lowerBound)..<(stop + range.lowerBound)) }
                start = stop
            }
        }
        return words
    }

    private static func substring(_ string: String, _ range: Range<Int>) -> String? {
        let units = Array(string.utf16)
        guard range.lowerBound >= 0, range.upperBound <= units.count, !range.isEmpty else { return nil }
        return String(decoding: units[range], as: UTF16.self)
    }
}

/// The skipping rules over one text: URL and e-mail tokens found in one pass, so that each word is judged in time
/// that does not grow with the text (a megabyte without a space is one token, found once).
private struct WordFilter {
    let units: [UInt16]
    let rules: TextChecker.Rules
    /// The whitespace-delimited tokens that are URLs or e-mail addresses, in order.
    private var urlTokens: [Range<Int>] = []

    init(units: [UInt16], rules: TextChecker.Rules) {
        self.units = units
        self.rules = rules
        guard rules.contains(.skipsURLs) else { return }
        var start = 0
        while start < units.count {
            while start < units.count, CharacterClasses.isWhitespace(units[start]) { start += 1 }
            var end = start
            while end < units.count, !CharacterClasses.isWhitespace(units[end]) { end += 1 }
            if end > start, Self.isURL(units[start..<end]) { urlTokens.append(start..<end) }
            start = end
        }
    }

    /// A token containing "://" or "@", or starting with "www." (any case).
    private static func isURL(_ token: ArraySlice<UInt16>) -> Bool {
        if token.contains(0x40) { return true }
        let colonSlashSlash: [UInt16] = [0x3A, 0x2F, 0x2F]
        var index = token.startIndex
        while index + 3 <= token.endIndex {
            if token[index..<(index + 3)].elementsEqual(colonSlashSlash) { return true }
            index += 1
        }
        let prefix = token.prefix(4).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return prefix == [0x77, 0x77, 0x77, 0x2E]
    }

    /// Whether the rules skip the word at `word`.
    func skips(_ word: Range<Int>) -> Bool {
        let text = units[word]
        if rules.contains(.skipsNumbers), text.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) { return true }
        if rules.contains(.skipsAcronyms), text.count >= 2 {
            if text.allSatisfy({ $0 < 0x80 }) {
                // ASCII (most words): no lower-case letter and some upper-case one, without a String.
                if !text.contains(where: { $0 >= 0x61 && $0 <= 0x7A }), text.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return true }
            } else {
                let string = String(decoding: text, as: UTF16.self)
                if string == string.uppercased(), string != string.lowercased() { return true }
            }
        }
        if !urlTokens.isEmpty {
            let index = urlTokens.partitioningIndex { $0.upperBound > word.lowerBound }
            if index < urlTokens.count, urlTokens[index].lowerBound <= word.lowerBound { return true }
        }
        return false
    }
}
