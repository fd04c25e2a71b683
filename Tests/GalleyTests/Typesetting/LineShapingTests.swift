import Foundation
import Testing

@testable import Galley

/// Golden glyph positions: every case of Golden/shaping.tsv is shaped into a `Line` through the public API
/// (as `galley shape` does) and compared with the recorded golden and, live, with HarfBuzz's own `hb-shape`
/// on the same font file and options.
@Suite struct LineShapingTests {
    struct Case: CustomStringConvertible {
        var font: String
        var options: [String]
        var text: String
        var expected: String
        var description: String { "\(font) \(options.joined(separator: " ")) \(text)" }
    }

    static let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/shaping.tsv")

    static func readCases() throws -> (header: String, cases: [Case]) {
        let lines = try String(contentsOf: goldenURL, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        var cases: [Case] = []
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { continue }
            let text = try JSONDecoder().decode(String.self, from: Data(("\"" + fields[2] + "\"").utf8))
            cases.append(Case(font: fields[0], options: fields[1].split(separator: " ").map(String.init), text: text,
                              expected: fields.count > 3 ? fields[3] : ""))
        }
        return (String(lines[0]), cases)
    }

    /// The line `galley shape` would build: the font at its units-per-em size (points = font units), no
    /// fallback, options for the whole text.
    static func shape(_ testCase: Case) throws -> Line {
        var font = try Font(url: TestFonts.url(testCase.font), catalog: FontCatalog(directories: []))
        var descriptor = FontDescriptor()
        var attributes: [NSAttributedString.Key: Any] = [:]
        var options = TypesetterOptions()
        for option in testCase.options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "--features":
                attributes[.fontFeatureSettings] = parts[1].split(separator: ",").compactMap { FontFeatureSetting(string: String($0)) }
            case "--variations":
                for entry in parts[1].split(separator: ",") {
                    let pair = entry.split(separator: "=")
                    descriptor.variation[OpenTypeTag(string: String(pair[0]))!] = Double(pair[1])!
                }
            case "--direction": options.forcedEmbeddingLevel = parts[1] == "rtl" ? 1 : 0
            case "--script": options.script = parts[1]
            case "--language": attributes[NSAttributedString.Key.language] = parts[1]
            default: Issue.record("unknown option \(option)")
            }
        }
        font = try font.withAttributes(descriptor, size: CGFloat(font.unitsPerEm))
        attributes[.font] = font
        return Line(attributedString: NSAttributedString(string: testCase.text, attributes: attributes), options: options)
    }

    static func harfBuzz(_ fontFile: String, _ text: String, _ options: [String]) throws -> String {
        try runProgram("/usr/bin/hb-shape", ["--no-glyph-names"] + options + [TestFonts.url(fontFile).path, text])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func goldenCasesMatchGalleyAndHarfBuzz() throws {
        let (header, cases) = try Self.readCases()
        #expect(cases.count >= 150)
        var actual: [String] = []
        var harfBuzzAgreements = 0
        for testCase in cases {
            let galley = try Self.shape(testCase).harfBuzzDescription
            actual.append(galley)
            let harfBuzz = try Self.harfBuzz(testCase.font, testCase.text, testCase.options)
            #expect(galley == harfBuzz, "hb-shape differs for \(testCase)")
            if galley == harfBuzz { harfBuzzAgreements += 1 }
            if !Golden.isRecording {
                #expect(galley == testCase.expected, "golden differs for \(testCase)")
            }
        }
        print("shaping goldens: \(harfBuzzAgreements) of \(cases.count) cases equal hb-shape")
        let lines = zip(cases, actual).map { testCase, glyphs in
            let text = String(decoding: try! JSONEncoder().encode(testCase.text), as: UTF8.self).dropFirst().dropLast()
            return [testCase.font, testCase.options.joined(separator: " "), String(text), glyphs].joined(separator: "\t")
        }
        let data = Data(([header] + lines).joined(separator: "\n").appending("\n").utf8)
        if Golden.isRecording {
            Golden.record(data, to: Self.goldenURL)
        } else if zip(cases, actual).contains(where: { $0.expected != $1 }) {
            Golden.writeFailure(data, besides: Self.goldenURL)
        }
    }

    /// Mixed-script lines with fallback: each run equals hb-shape on that run's font file, direction and
    /// text, with the rest of the line as context.
    @Test(arguments: [
        "Hello مرحبا بالعالم world",
        "Price: 123 שקל today",
        "नमस्ते and สวัสดี and 中文",
        "Emoji 👋🏽 in text ❤️\u{200D}🔥 ok",
        "العربية and עברית mixed",
        "Ωμέγα office fjord",
    ])
    func mixedScriptRunsMatchHarfBuzz(text: String) throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 12)
        let line = Line(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
        let units = Array(text.utf16)
        #expect(line.runs.count > 1)
        for run in line.runs {
            guard let file = run.font.url?.lastPathComponent else { continue }
            let range = run.stringRange
            let before = String(decoding: units[..<range.lowerBound], as: UTF16.self)
            let after = String(decoding: units[range.upperBound...], as: UTF16.self)
            let piece = String(decoding: units[range], as: UTF16.self)
            let galley = run.harfBuzzEntries(
                scalarBase: Run.scalarIndex(units, utf16Index: range.lowerBound), inFontUnits: true)
            var options = ["--direction=" + (run.status.contains(.rightToLeft) ? "rtl" : "ltr")]
            if !before.isEmpty { options.append("--text-before=" + before) }
            if !after.isEmpty { options.append("--text-after=" + after) }
            let harfBuzz = try Self.harfBuzz(file, piece, options)
            #expect("[" + galley + "]" == harfBuzz, "run \(range) in \(file) of \"\(text)\"")
        }
    }
}
