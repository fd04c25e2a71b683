import Foundation

/// Finds where words may be hyphenated, with libhyphen and the pattern dictionaries Debian's hyphen-* packages
/// install (hyph_en_US.dic, hyph_de.dic, hyph_fr.dic …) in /usr/share/hyphen — or in the directories of
/// `GALLEY_HYPHEN_PATH` (colon-separated), searched first.
///
/// A hyphenator per language is made once and shared; answers are cached per word. Both are thread-safe. Words are
/// looked up in lower case; words longer than `maximumWordLength` UTF-16 units are not hyphenated.
///
/// Core Text has no hyphenation; TextKit: `NSParagraphStyle.hyphenationFactor` with the system's dictionaries.
public final class Hyphenator: Sendable {
    /// The language tag the hyphenator was asked for ("en-US").
    public let language: String
    /// The dictionary file it uses.
    public let dictionaryURL: URL
    /// Characters that must stay before the first hyphen.
    public let leftMinimum: Int
    /// Characters that must stay after the last hyphen.
    public let rightMinimum: Int
    /// Longer words are left whole (pathological input, URLs, chemical names).
    public static let maximumWordLength = 100

    let dictionary: HyphenDictionary
    /// Whether the dictionary is UTF-8 (else ISO 8859-1, as hyph_de.dic).
    private let isUTF8: Bool
    private let cache = Locked<[String: [Int]]>([:])
    /// The same answers for words of up to `PackedWord.maximumLength` units, keyed without making a `String`: layout
    /// asks once per word.
    private let shortWords = Locked(HyphenationPointsTable(capacity: cacheCapacity))
    /// Past this many words a cache starts again.
    private static let cacheCapacity = 100_000

    private init(language: String, url: URL, dictionary: HyphenDictionary, isUTF8: Bool, leftMinimum: Int, rightMinimum: Int) {
        self.language = language
        self.isUTF8 = isUTF8
        self.dictionaryURL = url
        self.dictionary = dictionary
        self.leftMinimum = leftMinimum
        self.rightMinimum = rightMinimum
    }

    /// The hyphenator for a BCP 47 language ("en", "en-US", "de-CH", "fr"), or nil when no dictionary is installed
    /// for it or the dictionary cannot be read. "en" finds en_US when there is no plain English dictionary.
    public static func forLanguage(_ language: String) -> Hyphenator? {
        // Asked once per word during layout: the tag as given is looked up before any normalising.
        if let known = byTag.withLock({ $0[language] }) { return known }
        let key = language.lowercased().replacingOccurrences(of: "_", with: "-")
        if let known = shared.withLock({ $0[key] }) {
            byTag.withLock { $0[language] = .some(known) }
            return known
        }
        let made = make(language: language)
        let result = shared.withLock { table in
            if let existing = table[key] { return existing }
            table[key] = .some(made)
            return made
        }
        byTag.withLock { $0[language] = .some(result) }
        return result
    }

    private static let shared = Locked<[String: Hyphenator?]>([:])
    private static let byTag = Locked<[String: Hyphenator?]>([:])

    /// Directories searched for hyph_*.dic files.
    static var searchDirectories: [String] {
        let extra = ProcessInfo.processInfo.environment["GALLEY_HYPHEN_PATH"]?.split(separator: ":").map(String.init) ?? []
        return extra + ["/usr/share/hyphen"]
    }

    private static func make(language: String) -> Hyphenator? {
        let parts = language.replacingOccurrences(of: "-", with: "_").split(separator: "_").map(String.init)
        guard let primary = parts.first?.lowercased(), !primary.isEmpty, primary.allSatisfy(\.isLetter) else { return nil }
        let region = parts.dropFirst().first { $0.count == 2 }?.uppercased()
        var names: [String] = []
        if let region { names.append("hyph_\(primary)_\(region).dic") }
        names.append("hyph_\(primary).dic")
        for directory in searchDirectories {
            var candidates = names.map { directory + "/" + $0 }
            let others = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasPrefix("hyph_\(primary)_") && $0.hasSuffix(".dic") }.sorted()
            candidates += others.map { directory + "/" + $0 }
            for path in candidates where FileManager.default.fileExists(atPath: path) {
                guard let dictionary = loadedDictionary(path) else { continue }
                let header = readHeader(path)
                return Hyphenator(language: language, url: URL(fileURLWithPath: path), dictionary: dictionary,
                                  isUTF8: header.isUTF8, leftMinimum: header.left, rightMinimum: header.right)
            }
        }
        return nil
    }

    /// Dictionaries by the file they were read from, links resolved: "de", "de-DE" and "de-CH" all use Debian's
    /// hyph_de_DE.dic, which libhyphen takes about five seconds to load, so it is loaded once.
    private static let dictionaries = Locked<[String: HyphenDictionary]>([:])

    /// The dictionary of a file, loaded on first use (nil when libhyphen cannot read it).
    private static func loadedDictionary(_ path: String) -> HyphenDictionary? {
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let known = dictionaries.withLock({ $0[file] }) { return known }
        guard let loaded = HyphenDictionary(path: file) else { return nil }
        return dictionaries.withLock { table in
            if let existing = table[file] { return existing }
            table[file] = loaded
            return loaded
        }
    }

    /// The encoding line, LEFTHYPHENMIN and RIGHTHYPHENMIN from a dictionary's header (2 and 2 when absent).
    private static func readHeader(_ path: String) -> (isUTF8: Bool, left: Int, right: Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return (true, 2, 2) }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 512), as: UTF8.self)
        func value(_ name: String) -> Int? {
            head.split(separator: "\n").first { $0.hasPrefix(name) }.flatMap { Int($0.dropFirst(name.count).trimmingCharacters(in: .whitespaces)) }
        }
        let encoding = head.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).uppercased() } ?? "UTF-8"
        return (encoding == "UTF-8", max(value("LEFTHYPHENMIN") ?? 2, 1), max(value("RIGHTHYPHENMIN") ?? 2, 1))
    }

    /// Where `word` may be hyphenated, as UTF-16 offsets into it (a hyphen would go before the character at each
    /// offset). The word should be letters only; anything else gives no points.
    public func hyphenationPoints(in word: String) -> [Int] {
        let units = word.utf16.count
        guard units >= leftMinimum + rightMinimum, units <= Hyphenator.maximumWordLength else { return [] }
        return Self.cached(word, in: cache) { points(in: word) }
    }

    /// The answer kept under `key`, else `compute`'s, kept (a full cache starts again).
    private static func cached<Key: Hashable & Sendable>(_ key: Key, in cache: Locked<[Key: [Int]]>, compute: () -> [Int]) -> [Int] {
        if let known = cache.withLock({ $0[key] }) { return known }
        let result = compute()
        cache.withLock { cache in
            if cache.count >= cacheCapacity { cache.removeAll() }
            cache[key] = result
        }
        return result
    }

    /// `hyphenationPoints(in:)` for a word given as UTF-16 units, each point added to `base` and appended to `points`.
    func appendHyphenationPoints(of word: ArraySlice<UInt16>, adding base: Int, to points: inout [Int]) {
        guard word.count >= leftMinimum + rightMinimum, word.count <= Hyphenator.maximumWordLength else { return }
        guard let packed = PackedWord(word) else {
            points += hyphenationPoints(in: String(decoding: word, as: UTF16.self)).lazy.map { $0 + base }
            return
        }
        var found: UInt16
        if let known = shortWords.withLock({ $0.points(of: packed) }) {
            found = known
        } else {
            found = 0
            for point in self.points(in: String(decoding: word, as: UTF16.self)) where point > 0 && point < 16 { found |= 1 << point }
            shortWords.withLock { [found] in $0.insert(packed, points: found) }
        }
        while found != 0 {
            points.append(base + found.trailingZeroBitCount)
            found &= found - 1
        }
    }

    /// The points of a word of a length libhyphen is asked about, uncached.
    private func points(in word: String) -> [Int] {
        let units = word.utf16.count
        let lower = word.lowercased()
        // Lower-casing must not change the length (it does for a few letters, such as "İ"): give up then.
        guard lower.utf16.count == units else { return [] }
        let bytes: [UInt8]
        if isUTF8 {
            bytes = Array(lower.utf8)
        } else {
            // A single-byte dictionary (ISO 8859-1): words with other characters are left whole.
            guard lower.unicodeScalars.allSatisfy({ $0.value < 0x100 }) else { return [] }
            bytes = lower.unicodeScalars.map { UInt8($0.value) }
        }
        let points = Set(dictionary.points(encoded: bytes, leftMinimum: leftMinimum, rightMinimum: rightMinimum))
        // Character counts → UTF-16 offsets.
        var result: [Int] = []
        var unit = 0
        for (index, scalar) in lower.unicodeScalars.enumerated() {
            if index > 0, points.contains(index) { result.append(unit) }
            unit += scalar.utf16.count
        }
        return result
    }

    /// The word with hyphens at its hyphenation points ("hy-phen-ation"), for display.
    ///
    /// - Parameters:
    ///   - word: one word, without spaces.
    ///   - separator: what to show at each hyphenation point.
    /// - Returns: the word with `separator` at its hyphenation points.
    public func hyphenated(_ word: String, separator: String = "-") -> String {
        let points = Set(hyphenationPoints(in: word))
        var result = ""
        var unit = 0
        for scalar in word.unicodeScalars {
            if points.contains(unit) { result += separator }
            result.unicodeScalars.append(scalar)
            unit += scalar.utf16.count
        }
        return result
    }
}
