import CHyphen
import Foundation
import Testing

@testable import Galley

/// Hyphenation against pyphen (a separate implementation of the pattern algorithm) on the same dictionary files:
/// 5,000 English words from Debian's word list, 1,500 German words from Debian's ngerman list (an ISO 8859-1
/// dictionary) and the French words of Candide.
@Suite struct HyphenatorTests {
    static func reference(_ hyphenator: Hyphenator, _ words: [String]) throws -> [String] {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("words.txt")
        try words.joined(separator: "\n").appending("\n").write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [TestFonts.root.appendingPathComponent("Tests/References/hyphen_reference.py").path,
                             hyphenator.dictionaryURL.path, "\(hyphenator.leftMinimum)", "\(hyphenator.rightMinimum)"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// libhyphen called the way its example program calls it (hnj_hyphen_hyphenate2, the dictionary's own
    /// minimums, the word lower-cased in the dictionary's encoding), without Galley's wrapper.
    static func libhyphenExample(_ hyphenator: Hyphenator, _ words: [String]) -> [String] {
        guard let dictionary = hnj_hyphen_load(hyphenator.dictionaryURL.path) else { return [] }
        defer { hnj_hyphen_free(dictionary) }
        let isUTF8 = dictionary.pointee.utf8 != 0
        return words.map { word in
            let lower = word.lowercased()
            let scalars = Array(lower.unicodeScalars)
            guard isUTF8 || scalars.allSatisfy({ $0.value < 0x100 }) else { return word }
            let bytes: [CChar] = isUTF8 ? lower.utf8.map { CChar(bitPattern: $0) } : scalars.map { CChar(bitPattern: UInt8($0.value)) }
            var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
            var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
            var pos: UnsafeMutablePointer<Int32>? = nil
            var cut: UnsafeMutablePointer<Int32>? = nil
            // NUL-terminated, as the example's words are (libhyphen reads the word with strstr too).
            _ = hnj_hyphen_hyphenate2(dictionary, bytes + [0], Int32(bytes.count), &hyphens, nil, &rep, &pos, &cut)
            var result = ""
            for (index, scalar) in word.unicodeScalars.enumerated() {
                result.unicodeScalars.append(scalar)
                if index < scalars.count - 1, hyphens[index] & 1 == 1, rep?[index] == nil { result += "-" }
            }
            if let rep { for index in 0..<bytes.count { free(rep[index]) }; free(rep) }
            free(pos)
            free(cut)
            return result
        }
    }

    static func agreement(_ language: String, _ words: [String], reference: String = "pyphen") throws
        -> (same: Int, total: Int, differences: [String])
    {
        let hyphenator = try #require(Hyphenator.forLanguage(language))
        let theirs = reference == "pyphen" ? try Self.reference(hyphenator, words) : libhyphenExample(hyphenator, words)
        var same = 0
        var differences: [String] = []
        for (index, word) in words.enumerated() {
            let ours = hyphenator.hyphenated(word)
            if index < theirs.count, ours == theirs[index] { same += 1 } else if differences.count < 10 {
                differences.append("\(ours) vs \(index < theirs.count ? theirs[index] : "-")")
            }
        }
        return (same, words.count, differences)
    }

    @Test func englishWordsEqualPyphen() throws {
        let all = try String(contentsOfFile: "/usr/share/dict/words", encoding: .utf8).split(separator: "\n")
            .map(String.init).filter { $0.count >= 4 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
        let step = max(all.count / 5_000, 1)
        let words = Array(stride(from: 0, to: all.count, by: step).map { all[$0] }.prefix(5_000))
        let result = try Self.agreement("en-US", words)
        let libhyphen = try Self.agreement("en-US", words, reference: "libhyphen")
        print("hyphenation en-US: \(result.same) of \(result.total) words equal pyphen's, \(libhyphen.same) libhyphen's example")
        #expect(words.count == 5_000)
        #expect(result.same == result.total, "\(result.differences)")
        #expect(libhyphen.same == libhyphen.total, "\(libhyphen.differences)")
    }

    @Test(arguments: [("de", "/usr/share/dict/ngerman"), ("fr", Corpus.directory.appendingPathComponent("candide.txt").path)])
    func germanAndFrenchWordsEqualPyphen(language: String, file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let all = Array(Set(text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 5 })).sorted()
        let step = max(all.count / 1_500, 1)
        let words = stride(from: 0, to: all.count, by: step).map { all[$0] }.prefix(1_500)
        let result = try Self.agreement(language, Array(words))
        let libhyphen = try Self.agreement(language, Array(words), reference: "libhyphen")
        print("hyphenation \(language): \(result.same) of \(result.total) words equal pyphen's, \(libhyphen.same) libhyphen's example")
        #expect(result.total > 200)
        #expect(libhyphen.same == libhyphen.total, "\(libhyphen.differences)")
        // hyph_de.dic is a two-level (compound) dictionary: pyphen reads NEXTLEVEL patterns as more patterns of one
        // level and splits off single letters ("Ba-r-leis-tung"), so it is the reference only for one-level ones.
        let twoLevel = try String(contentsOf: Hyphenator.forLanguage(language)!.dictionaryURL, encoding: .isoLatin1).contains("NEXTLEVEL")
        if !twoLevel { #expect(result.same == result.total, "\(result.differences)") }
    }

    /// Layout asks through `appendHyphenationPoints` (short words from `HyphenationPointsTable`): the same points as
    /// the String path, which pyphen checks above — on the first ask and from the table, in English and German.
    @Test func layoutsPathGivesTheSamePoints() throws {
        for (language, file) in [("en-US", "/usr/share/dict/words"), ("de", "/usr/share/dict/ngerman")] {
            let hyphenator = try #require(Hyphenator.forLanguage(language))
            let all = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { $0.count >= 4 && $0.allSatisfy(\.isLetter) }
            let words = stride(from: 0, to: all.count, by: max(all.count / 3_000, 1)).map { all[$0] }
            var compared = 0
            for round in 0..<2 {
                for (index, word) in words.enumerated() {
                    var points: [Int] = []
                    hyphenator.appendHyphenationPoints(of: ArraySlice(Array(word.utf16)), adding: 100 * index, to: &points)
                    #expect(points == hyphenator.hyphenationPoints(in: word).map { $0 + 100 * index }, "\(word), round \(round)")
                    compared += 1
                }
            }
            #expect(compared > 5_000)
        }
    }

    /// The short-word table keeps what it is given, grows, and starts again past its capacity.
    @Test func hyphenationPointsTableKeepsAndForgets() {
        var table = HyphenationPointsTable(capacity: 300)
        func word(_ number: Int) -> PackedWord { PackedWord(ArraySlice(Array("w\(number)x".utf16)))! }
        for number in 0..<299 { table.insert(word(number), points: UInt16(truncatingIfNeeded: number * 2 + 2)) }
        #expect(table.count == 299)
        #expect((0..<299).allSatisfy { table.points(of: word($0)) == UInt16(truncatingIfNeeded: $0 * 2 + 2) })
        #expect(table.points(of: word(5_000)) == nil)
        for number in 299..<700 { table.insert(word(number), points: 6) }
        #expect(table.count <= 300)
        #expect(table.points(of: word(699)) == 6 && table.points(of: word(0)) == nil)
    }

    @Test func knownWordsAndBadInput() throws {
        let english = try #require(Hyphenator.forLanguage("en"))
        #expect(english.hyphenated("hyphenation") == "hy-phen-ation")
        #expect(english.hyphenationPoints(in: "a") == [])
        #expect(english.hyphenationPoints(in: String(repeating: "abc", count: 400)) == [])  // 1,200 letters: left whole
        #expect(english.hyphenationPoints(in: "") == [])
        #expect(Hyphenator.forLanguage("xx-YY") == nil)
        #expect(Hyphenator.forLanguage("") == nil)
        #expect(Hyphenator.forLanguage("../../etc/passwd") == nil)
        #expect(Hyphenator.forLanguage("EN_us")?.dictionaryURL.lastPathComponent == "hyph_en_US.dic")
        #expect(Hyphenator.forLanguage("de-CH")?.dictionaryURL.lastPathComponent == "hyph_de_CH.dic")
    }

    @Test func malformedDictionaryGivesNoHyphenator() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A file libhyphen reads (it accepts anything as patterns) gives points; an unreadable one gives none.
        try Data([0xFF, 0xFE, 0x00, 0x01]).write(to: directory.appendingPathComponent("hyph_zz.dic"))
        setenv("GALLEY_HYPHEN_PATH", directory.path, 1)
        defer { unsetenv("GALLEY_HYPHEN_PATH") }
        let hyphenator = Hyphenator.forLanguage("zz")
        #expect(hyphenator == nil || hyphenator!.hyphenationPoints(in: "wordword").allSatisfy { $0 > 0 && $0 < 8 })
    }

    /// Tags that name one dictionary file (Debian links hyph_de.dic and hyph_de_CH.dic to hyph_de_DE.dic) share one
    /// loaded dictionary: libhyphen takes seconds to load the German one.
    @Test func tagsOfOneFileShareTheLoadedDictionary() throws {
        let german = try #require(Hyphenator.forLanguage("de"))
        for tag in ["de-DE", "de_CH", "de-AT"] {
            let other = try #require(Hyphenator.forLanguage(tag))
            #expect(other.dictionary === german.dictionary, "\(tag)")
            #expect(other.hyphenationPoints(in: "Silbentrennung") == german.hyphenationPoints(in: "Silbentrennung"))
        }
    }

    /// A compound written with a hyphen breaks at its hyphen only ("quick-wit-ted" was Galley's, never TeX's),
    /// unless the style asks for patterns inside compounds; words around it hyphenate as before.
    @Test func compoundsBreakAtTheirHyphen() throws {
        let text = "quick-witted and long-suffering typesetters"
        let hyphenator = try #require(Hyphenator.forLanguage("en-US"))
        func points(_ compounds: Bool) -> [Int] {
            var style = ParagraphStyle()
            style.hyphenationFactor = 1
            style.hyphenatesCompounds = compounds
            let typesetter = Typesetter(attributedString: NSAttributedString(string: text, attributes: [
                .paragraphStyle: style, NSAttributedString.Key.language: "en-US", .font: try! TestFonts.font("DejaVuSans.ttf"),
            ]))
            return typesetter.hyphenationPoints(typesetter.paragraphs[0], in: 0..<text.utf16.count)
        }
        let typesetters = (text as NSString).range(of: "typesetters").location
        let expectedOutside = hyphenator.hyphenationPoints(in: "typesetters").map { $0 + typesetters }
        #expect(!expectedOutside.isEmpty)
        #expect(points(false) == expectedOutside, "only the word outside the compounds")
        let inside = points(true)
        let witted = (text as NSString).range(of: "witted").location
        #expect(inside.contains(witted + 3), "wit-ted with compounds hyphenated: \(inside)")
        #expect(Set(expectedOutside).isSubset(of: Set(inside)))
    }
}
