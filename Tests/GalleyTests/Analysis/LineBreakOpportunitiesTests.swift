import CUnicode
import Foundation
import Testing

@testable import Galley

/// Unicode's LineBreakTest.txt through Galley's break-opportunity code (ICU's line break iterator, root rules).
/// The file assumes UAX #14's tailoring of numbers (its Example 7: LB25 as one regular expression over
/// prefix, number and suffix); ICU keeps its own number rules, which also join a hyphen or separator before a
/// digit or letter (".2", "-#"). Every failure must be such a case: each position where ICU and the file
/// disagree lies after HY, IS, PR or PO, before NU, or before HY, IS, PR or PO followed by NU (the classes the
/// file's comment gives each character).
@Suite struct LineBreakOpportunitiesTests {
    @Test func lineBreakTestCases() throws {
        let text = try String(contentsOfFile: "/usr/share/unicode/auxiliary/LineBreakTest.txt", encoding: .utf8)
        var total = 0
        var passed = 0
        var numberTailoring = 0
        var unexplained: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "#", maxSplits: 1)
            var units: [UInt16] = []
            var expected: [Int] = []
            for token in parts[0].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" {
                    if !units.isEmpty { expected.append(units.count) }
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    units.append(contentsOf: String(Character(scalar)).utf16)
                }
            }
            guard !units.isEmpty else { continue }
            total += 1
            let found = Array(LineBreakOpportunities(units[...], language: nil).positions)
            if found == expected {
                passed += 1
                continue
            }
            // Classes from the comment ("DIGIT ZERO (NU)", "COMBINING DIAERESIS (CM1_CM)"): the resolved class last.
            let comment = parts.count > 1 ? String(parts[1]) : ""
            let classes = comment.split(separator: "(").dropFirst().map { piece -> String in
                let name = piece.split(separator: ")")[0]
                return String(name.split(separator: "_").last ?? name)
            }
            var unitToCharacter: [Int: Int] = [:]
            var offset = 0
            for (index, token) in parts[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).filter({ $0 != "÷" && $0 != "×" }).enumerated() {
                unitToCharacter[offset] = index
                offset += UInt32(token, radix: 16).flatMap(Unicode.Scalar.init).map { $0.utf16.count } ?? 1
            }
            let disagreements = Set(found).symmetricDifference(expected).filter { $0 < units.count }
            let explained = disagreements.allSatisfy { position in
                guard let character = unitToCharacter[position], character > 0, character < classes.count else { return false }
                var before = character - 1
                while before > 0, classes[before] == "CM" { before -= 1 }
                let numberStart = ["HY", "IS", "PR", "PO"].contains(classes[character])
                    && character + 1 < classes.count && classes[character + 1] == "NU"
                return ["HY", "IS", "PR", "PO"].contains(classes[before]) || classes[character] == "NU" || numberStart
            }
            if explained && !disagreements.isEmpty {
                numberTailoring += 1
            } else {
                unexplained.append(String(line.prefix(200)))
            }
        }
        print("LineBreakTest.txt: \(passed) of \(total) cases pass; \(numberTailoring) differ only around numbers (UAX #14's tailoring)")
        #expect(total == 7_654)
        #expect(unexplained.isEmpty, "\(unexplained.count) unexplained, first: \(unexplained.prefix(3))")
        #expect(passed + numberTailoring == total)
    }

    @Test func dictionariesBreakThaiAndCJK() {
        let thai = Array("ภาษาไทยง่ายนิดเดียว".utf16)
        #expect(LineBreakOpportunities(thai[...], language: "th").positions.count > 3)
        let chinese = Array("中文排版很有趣".utf16)
        #expect(LineBreakOpportunities(chinese[...], language: "zh").positions.count >= 5)
        let hard = LineBreakOpportunities(Array("a b\u{2028}c\nd".utf16)[...], language: nil)
        #expect(Array(hard.positions) == [2, 4, 6, 7])
        #expect(hard.positions.indices.map { hard.isMandatory[$0] } == [false, true, true, false])  // the end of the text is not a hard break
    }

    /// A break is mandatory exactly after BK, CR, LF and NL characters (UAX #14 LB4, LB5), also where ICU's dictionaries
    /// find the breaks: Thai words before a line separator used to come out mandatory, one word a line.
    @Test(arguments: ["th_Thai.txt", "lo_Laoo.txt", "km_Khmr.txt", "my_Mymr.txt", "ja_Jpan.txt", "en_Latn.txt"])
    func mandatoryBreaksOnlyAfterHardBreakCharacters(file: String) throws {
        let hard: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        let lines = try Corpus.lines(file).prefix(5)
        for text in lines.map({ $0 + "\u{2028}\u{2028}" + $0 + "\u{2029}" }) {
            let units = Array(text.utf16)
            let breaks = LineBreakOpportunities(units[...], language: nil)
            #expect(breaks.positions.count > 4)
            for (index, position) in breaks.positions.enumerated() {
                #expect(breaks.isMandatory[index] == hard.contains(units[position - 1]), "\(file): break at \(position)")
            }
        }
    }

    /// An edited paragraph's opportunities found in a window around the edit (the old ones kept before and after it)
    /// equal ICU's over the whole edited paragraph, on long paragraphs of every corpus text (several lines joined)
    /// and of UAX #14's own test cases (joined by " and "), edited at every 10th position (every 37th in the test cases).
    @Test func windowedOpportunitiesEqualWholeParagraphs() throws {
        var paragraphs: [(text: String, step: Int)] = []
        for file in Corpus.files { paragraphs.append((try Corpus.lines(file).prefix(6).joined(separator: " "), 10)) }
        let cases = try String(contentsOfFile: "/usr/share/unicode/auxiliary/LineBreakTest.txt", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                String(String.UnicodeScalarView(line.split(separator: "#")[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
                    .compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
            }
        for start in stride(from: 0, to: cases.count, by: 400) { paragraphs.append((cases[start..<min(start + 400, cases.count)].joined(separator: " and "), 37)) }
        let windowsBefore = LineBreakOpportunities.windowsUsed.load(ordering: .relaxed)
        var edits = 0
        for (paragraph, step) in paragraphs {
            let units = Array(paragraph.utf16)
            let old = LineBreakOpportunities(units[...], language: nil)
            for position in stride(from: 0, to: units.count, by: step) {
                let borrowed = units[(position * 7 + 3) % units.count]
                for (replaced, inserted) in [(position..<position, [borrowed]), (position..<min(position + 1, units.count), []),
                                             (position..<min(position + 3, units.count), Array("x y".utf16))] {
                    var edited = units
                    edited.replaceSubrange(replaced, with: inserted)
                    let whole = LineBreakOpportunities(edited[...], language: nil)
                    let windowed = LineBreakOpportunities(edited[...], language: nil, reusing: old, replaced: replaced, insertedLength: inserted.count)
                    try #require(Array(windowed.positions) == Array(whole.positions) && windowed.isMandatory == whole.isMandatory,
                                 "\(paragraph.prefix(30)) with \(replaced) replaced by \(inserted.count) units")
                    edits += 1
                }
            }
        }
        #expect(edits > 5_000)
        // Most edits went through a window (they cannot pass by running ICU over everything).
        #expect(LineBreakOpportunities.windowsUsed.load(ordering: .relaxed) - windowsBefore > edits / 2)
    }
    /// Opportunities with runs of Han ideographs shortened to their first and last (`galley_line_break_opportunities`: a
    /// line may always end between two) equal ICU's reading every unit (`galley_line_break_opportunities_icu`), on every
    /// corpus text (each line, and paragraphs of six lines) and on random mixes of ideograph and letter runs with a
    /// character of every line-break class beside them, for the root rules and Chinese, Japanese and Korean at every
    /// strictness.
    @Test func shorteningIdeographRunsEqualsICU() throws {
        func opportunities(_ units: [UInt16], _ locale: String, readingEveryUnit: Bool) -> [Int32] {
            var found = [Int32](repeating: 0, count: units.count + 1)
            let count = units.withUnsafeBufferPointer { text in
                readingEveryUnit ? galley_line_break_opportunities_icu(text.baseAddress, Int32(text.count), locale, &found, Int32(found.count))
                    : galley_line_break_opportunities(text.baseAddress, Int32(text.count), locale, &found, Int32(found.count))
            }
            return Array(found.prefix(Int(count)))
        }
        var texts: [String] = []
        for file in Corpus.files {
            let lines = try Corpus.lines(file)
            texts += lines
            for start in stride(from: 0, to: lines.count, by: 6) { texts.append(lines[start..<min(start + 6, lines.count)].joined(separator: "\n")) }
        }
        // One character (or pair) of each line-break class, and some of their CJK forms.
        let others: [String] = [
            " ", "\u{3000}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{E0100}", "\u{A0}", "\u{2060}", "\u{200B}", "\u{2010}", "-", "\u{3005}",
            "\u{30FC}", "\u{3041}", "\u{30C3}", "(", "\u{FF08}", "\u{300C}", "\u{FF09}", "\u{300D}", "\u{FF0C}", "\u{3002}", ")", "\"", "\u{201C}",
            "\u{201D}", "'", "!", "\u{FF01}", ",", ".", "/", "$", "\u{A5}", "\u{FFE5}", "%", "\u{FF05}", "\u{B0}", "1", "\u{661}", "a", "\u{5D0}",
            "\u{3042}", "\u{AC00}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1F44D}", "\u{1F3FB}", "\u{1F1E8}\u{1F1F3}", "\u{2014}", "\u{B4}",
            "\u{2026}", "\u{E01}", "\u{2028}", "\r\n", "\n", "\u{85}", "\u{FFFC}", "\u{20000}", "\u{3400}", "\u{F900}", "\u{2E80}", "\u{303B}",
            "\u{FE10}", "\u{FF61}", "\u{FF65}", "\t", "\u{AD}", "\u{2024}", "\u{3099}", "\u{E9}", "\u{3B1}", "\u{430}", "Z", ":", "?",
            "\u{2019}", "+", "#", "@", "&", "_", "\u{2011}", "\u{2013}", "~", "*", "<", ">", "[", "]", "{", "}", "`", "^", "=", "|", ";",
        ]
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        var generator = SeededLCG(seed: 14)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 8) + 1 {
                if generator.next() % 2 == 0 {
                    for _ in 0..<Int(generator.next() % 11) { text.unicodeScalars.append(Unicode.Scalar(0x4E00 + UInt32(generator.next() % 0x5200))!) }
                } else {
                    for _ in 0..<Int(generator.next() % 11) { text.unicodeScalars.append(letters[Int(generator.next() % UInt64(letters.count))]) }
                }
                for _ in 0..<Int(generator.next() % 3) + 1 { text += others[Int(generator.next() % UInt64(others.count))] }
            }
            texts.append(text)
        }
        // (An unpaired surrogate beside a run, too.)
        texts.append(String(decoding: Array("\u{4E00}\u{4E01}\u{4E02}\u{4E03}\u{4E04}\u{4E05}\u{4E06}".utf16) + [0xD800] + Array("\u{4E00}\u{4E01}\u{4E02}\u{4E03}\u{4E04}\u{4E05}".utf16), as: UTF16.self))
        var stepped = 0
        for locale in ["", "zh", "ja", "ko", "zh@lb=strict", "ja@lb=strict", "ja@lb=normal", "ja@lb=loose", "und@lb=loose"] {
            for text in texts {
                let units = Array(text.utf16)
                let found = opportunities(units, locale, readingEveryUnit: false)
                try #require(found == opportunities(units, locale, readingEveryUnit: true), "\(locale): \(text.prefix(40))")
                if units.indices.dropFirst(5).contains(where: { index in (index - 5...index).allSatisfy { (0x4E00...0x9FFF).contains(units[$0]) } }) { stepped += 1 }
            }
        }
        // Most texts had a run long enough to be shortened (a test of nothing otherwise).
        #expect(stepped > texts.count * 3)
    }

    /// A text's paragraphs read together (`LineBreakOpportunities.ofParagraphs`: one pass of ICU over the paragraphs
    /// that end in a mandatory break and share a locale) give each paragraph the opportunities and mandatory breaks it
    /// has read alone: Unicode's LineBreakTest.txt cases (every line-break class at a paragraph's end and start), one a
    /// paragraph, and the corpus texts' lines, each after a mandatory break of every kind, with the locale changing
    /// now and then and a paragraph that ends without a break (a piece of a longer one) among them.
    @Test func paragraphsReadTogetherEqualAlone() throws {
        var paragraphs: [String] = []
        let cases = try String(contentsOfFile: "/usr/share/unicode/auxiliary/LineBreakTest.txt", encoding: .utf8)
        for line in cases.split(separator: "\n") where !line.hasPrefix("#") {
            var text = ""
            for token in line.split(separator: "#")[0].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            }
            if !text.isEmpty { paragraphs.append(text) }
        }
        for file in Corpus.files { paragraphs += try Corpus.lines(file).prefix(40) }
        let breaks = ["\n", "\r\n", "\r", "\u{2029}", "\u{2028}", "\u{0B}", "\u{0C}", "\u{85}"]
        var units: [UInt16] = []
        var ranges: [Range<Int>] = []
        var locales: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let start = units.count
            units += paragraph.utf16
            // (Every 97th ends without a break, as a piece cut out of a longer paragraph does.)
            if index % 97 != 96 { units += breaks[index % breaks.count].utf16 }
            ranges.append(start..<units.count)
            locales.append(index % 50 < 40 ? "" : index % 50 < 45 ? "ja@lb=strict" : "zh")
        }
        let together = LineBreakOpportunities.ofParagraphs(units, ranges: ranges, locales: locales)
        try #require(together.count == ranges.count)
        var withMandatory = 0
        for index in ranges.indices {
            let alone = LineBreakOpportunities(units[ranges[index]], locale: locales[index])
            let found = try #require(together[index])
            try #require(Array(found.positions) == Array(alone.positions), "paragraph \(index): \(paragraphs[index].prefix(40))")
            try #require(found.isMandatory == alone.isMandatory, "paragraph \(index): mandatory breaks")
            if alone.firstMandatory(atOrAfter: 0) != nil { withMandatory += 1 }
        }
        #expect(withMandatory > ranges.count / 2)
    }
}
