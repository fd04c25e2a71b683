import CUnicode
import Foundation
import Testing

@testable import Galley

/// Script itemization: Common and Inherited characters take the script around them; paired brackets take
/// their opening bracket's script; each script run agrees with ICU's own Script property for its letters.
@Suite struct ScriptRunsTests {
    /// Each cluster's script, from the runs.
    static func clusterScripts(_ units: [UInt16], boundaries: BoundaryOffsets) -> [Int32] {
        let runs = ScriptRuns(units, boundaries: boundaries)
        return boundaries.dropLast().map { runs.run(at: $0).script }
    }

    static func names(_ text: String) -> [String] {
        let units = Array(text.utf16)
        return Self.clusterScripts(units, boundaries: GraphemeBoundaries.compute(units)).map { String(cString: galley_script_short_name($0)) }
    }

    @Test func commonCharactersInheritAndBracketsPair() {
        #expect(Self.names("ab (漢字) cd") == ["Latn", "Latn", "Latn", "Latn", "Hani", "Hani", "Latn", "Latn", "Latn", "Latn"])
        #expect(Self.names("«مرحبا» ok") == ["Arab", "Arab", "Arab", "Arab", "Arab", "Arab", "Arab", "Arab", "Latn", "Latn"])
        // Leading common characters take the first real script; marks stay with their base.
        #expect(Self.names("12 ab") == ["Latn", "Latn", "Latn", "Latn", "Latn"])
        #expect(Self.names("क\u{94D}ष a") == ["Deva", "Deva", "Latn"])  // ICU keeps the conjunct "क्ष" in one cluster
        // Only common characters: Common.
        #expect(Self.names("123 !") == ["Zyyy", "Zyyy", "Zyyy", "Zyyy", "Zyyy"])
        // An unmatched closing bracket inherits like any punctuation.
        #expect(Self.names("漢) a") == ["Hani", "Hani", "Hani", "Latn"])
    }

    @Test func lettersKeepTheirOwnScriptOnTheCorpus() throws {
        for file in Corpus.files {
            for line in try Corpus.lines(file).prefix(20) {
                let units = Array(line.utf16)
                let boundaries = GraphemeBoundaries.compute(units)
                let scripts = Self.clusterScripts(units, boundaries: boundaries)
                for (cluster, start) in boundaries.dropLast().enumerated() {
                    let (codePoint, _) = UnicodeScalarReader.codePoint(in: units, at: start)
                    let own = galley_script_code(Int32(codePoint))
                    if own > 1, own != 103 { #expect(scripts[cluster] == own, "\(file): U+\(String(codePoint, radix: 16))") }
                }
            }
        }
    }

    /// The Arabic, Hebrew and CJK blocks (and CJK punctuation) whose script Galley knows without ICU: every unit in
    /// them has the script ICU gives it; the punctuation it takes for plain pairs with no bracket in ICU.
    @Test func blockScriptsAreTheScriptsICUGives() {
        var checked = 0
        var punctuation = 0
        for unit in UInt16(0x0300)...UInt16(0xFFFF) where !UTF16.isSurrogate(unit) {
            guard let script = ScriptRuns.blockScript(unit) else { continue }
            #expect(script == galley_script_code(Int32(unit)), "U+\(String(unit, radix: 16, uppercase: true))")
            checked += 1
            if ScriptRuns.isPlainCJKPunctuation(unit) {
                var pair: Int32 = 0
                #expect(galley_paired_bracket(Int32(unit), &pair) == 0, "U+\(String(unit, radix: 16, uppercase: true)) is a bracket")
                punctuation += 1
            }
        }
        #expect(checked > 38000)
        #expect(punctuation == 12)
    }
    /// Runs of text whose every unit is a cluster (found four ASCII units at a time where nothing changes) equal those
    /// the cluster-by-cluster walk finds over the same boundaries stored one by one, on every corpus text and on random
    /// mixes of ASCII (brackets among it) with Han, Arabic, Greek and Cyrillic letters.
    @Test func fourUnitsAtATimeEqualTheClusterWalk() throws {
        var texts: [String] = []
        for file in Corpus.files { texts += try Corpus.lines(file).prefix(30) }
        let pieces = ["abcd ", "efgh", "(", ")", "[x]", "{y}", "12 34", ", ", "漢字", "«مرحبا»", "αβγ", "где", "-", "\"", " "]
        var generator = SeededLCG(seed: 7)
        for _ in 0..<2_000 {
            texts.append((0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        var fast = 0
        for text in texts {
            let units = Array(text.utf16)
            let boundaries = GraphemeBoundaries.compute(units)
            guard boundaries.everyUnit != nil, !units.isEmpty else { continue }
            fast += 1
            let oneByOne = BoundaryOffsets(base: 0, offsets: (0...units.count).map { Int32($0) })
            #expect(oneByOne.everyUnit == nil)
            let runs = ScriptRuns(units, boundaries: boundaries), walked = ScriptRuns(units, boundaries: oneByOne)
            for index in units.indices {
                try #require(runs.run(at: index) == walked.run(at: index), "\(text) at \(index)")
            }
        }
        #expect(fast > 1_500)
    }
}
