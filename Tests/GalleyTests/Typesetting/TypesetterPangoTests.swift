import Foundation
import Testing

@testable import Galley

/// Greedy line breaking against Pango 1.50 (through python3-gi, Tests/References/pango_lines.py) on the corpus:
/// same font file, size and width, word wrapping. At least 98% of paragraphs must break identically.
@Suite struct TypesetterPangoTests {
    static let files = ["newton-opticks.txt", "candide.txt", "en_Latn.txt", "de_Latn.txt", "fr_Latn.txt", "pl_Latn.txt",
                        "ru_Cyrl.txt", "el_Grek.txt", "vi_Latn.txt", "tr_Latn.txt"]

    /// Line starts of every paragraph of a file by Galley's typesetter.
    static func galleyStarts(_ file: String, font: Font, width: CGFloat) throws -> [[Int]] {
        let paragraphs = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return paragraphs.map { paragraph in
            let typesetter = Typesetter(attributedString: NSAttributedString(string: paragraph, attributes: [.font: font]))
            var starts: [Int] = []
            var start = 0
            while start < typesetter.length {
                starts.append(start)
                start += typesetter.suggestLineBreak(startingAt: start, width: width)
            }
            return starts.isEmpty ? [0] : starts
        }
    }

    static func pangoStarts(_ file: String, fontFile: String, size: CGFloat, width: CGFloat) throws -> [[Int]] {
        let output = try runProgram(
            "/usr/bin/python3",
            [TestFonts.root.appendingPathComponent("Tests/References/pango_lines.py").path, TestFonts.url(fontFile).path,
             "\(size)", "\(width)", Corpus.directory.appendingPathComponent(file).path],
            environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return object?["paragraphs"] as? [[Int]] ?? []
    }

    @Test(arguments: [400.0, 250.0])
    func greedyBreaksAgreeWithPango(width: Double) throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        var total = 0
        var same = 0
        var differences: [String] = []
        for file in Self.files {
            let galley = try Self.galleyStarts(file, font: font, width: CGFloat(width))
            let pango = try Self.pangoStarts(file, fontFile: "DejaVuSerif.ttf", size: 12, width: CGFloat(width))
            #expect(galley.count == pango.count, "\(file): paragraph counts differ")
            for (index, (ours, theirs)) in zip(galley, pango).enumerated() {
                total += 1
                if ours == theirs { same += 1 } else if differences.count < 12 {
                    differences.append("\(file) ¶\(index): galley \(ours) pango \(theirs)")
                }
            }
        }
        let agreement = Double(same) / Double(max(total, 1))
        print("Pango agreement at \(width) pt: \(same) of \(total) paragraphs (\(String(format: "%.2f", agreement * 100))%)")
        for difference in differences { print("  " + difference) }
        #expect(total > 300)
        #expect(agreement >= 0.98)
    }
}
