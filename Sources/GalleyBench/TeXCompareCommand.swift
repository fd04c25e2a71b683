import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport

/// `galley-bench tex`: Galley's optimal line breaking against TeX's, on paragraphs of real prose (`make compare-tex`).
///
/// LuaTeX sets each paragraph with the same font file through luaotfload, at the same size and measures, with
/// Galley's own line-break opportunities as its only breakpoints (spaces, Galley's hyphenation points as TeX's
/// pattern discretionaries, breaks after explicit hyphens as TeX's automatic ones): what differs is the line
/// breaking alone. Galley sets the same paragraphs with `OptimalBreakParameters.tex` and with its default, and the
/// command prints the quality measures of all three and how many paragraphs have TeX's breaks.
struct TeXCompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tex",
        abstract: "Compare optimal line breaking with LuaTeX's on paragraphs of prose.",
        discussion: "Paragraphs are the corpus's blank-line-separated paragraphs of at least --minimum-words words, "
            + "after the first --skip of them. Needs luatex with luaotfload (Debian texlive-luatex, texlive-latex-base)."
    )

    @Option(help: "The prose: UTF-8, paragraphs separated by blank lines.") var corpus = "../shared/corpus/en/tom-sawyer.txt"
    @Option(name: .customLong("font-file"), help: "The font file both set the text in.") var fontFile = "Fonts/DejaVuSerif.ttf"
    @Option(help: "Font size in points.") var size: Double = 12
    @Option(help: "Measures in points, comma-separated.") var widths = "400,300"
    @Option(help: "How many paragraphs.") var count = 300
    @Option(help: "Paragraphs left out first (to compare on paragraphs parameters were not tuned on).") var skip = 0
    @Option(name: .customLong("minimum-words"), help: "Paragraphs with fewer words are left out.") var minimumWords = 40
    @Option(name: .customLong("tex-directory"), help: "Where paragraphs.tex and paragraphs.lua are.") var texDirectory = "Benchmarks/TeX"
    @Option(help: "Where the TeX input and output go.") var work = ".build/tex-compare"
    @Option(help: "The LuaTeX command.") var luatex = "luatex"
    @Option(help: "Write the paragraphs whose breaks differ from TeX's, with both breakings, to this file.") var differences: String?
    @Flag(help: "Both set the paragraphs with character protrusion (Galley's standard table, as luaotfload's protrusion feature with \\protrudechars=2).")
    var protrusion = false
    @Flag(help: "Also set the paragraphs with Galley's defaults and font expansion (FontExpansion.standard, Galley only).")
    var expansion = false
    @Option(help: "Also set the paragraphs with these parameters (JSON of OptimalBreakParameters; omitted fields take the defaults).")
    var parameters: String?

    func run() throws {
        let font = try Font(url: URL(fileURLWithPath: fontFile), size: CGFloat(size), catalog: .system)
        let texts = try TeXReferee.paragraphs(String(contentsOfFile: corpus, encoding: .utf8), minimumWords: minimumWords)
            .dropFirst(skip).prefix(count)
        guard !texts.isEmpty else { throw ValidationError("no paragraphs of \(minimumWords) words or more in \(corpus)") }
        var columns: [(name: String, parameters: OptimalBreakParameters, expansion: FontExpansion?)] = [
            ("Galley, .tex", .tex, nil), ("Galley, .default", .default, nil)]
        if expansion { columns.append(("Galley, .default, expansion", .default, .standard)) }
        if let parameters {
            columns.append(("Galley, --parameters", try JSONDecoder().decode(OptimalBreakParameters.self, from: Data(parameters.utf8)), nil))
        }
        let paragraphs = texts.map { ComparedParagraph(text: $0, font: font) }
        let directory = URL(fileURLWithPath: work)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let input = directory.appendingPathComponent("paragraphs.txt")
        try paragraphs.map(\.texInput).joined(separator: "\n").appending("\n").write(to: input, atomically: true, encoding: .utf8)

        var report = ["Paragraphs: \(paragraphs.count) of \(corpus) (at least \(minimumWords) words, after \(skip)); "
                      + "\(URL(fileURLWithPath: fontFile).lastPathComponent) \(size) pt, justified, en-US hyphenation"
                      + (protrusion ? ", character protrusion." : "."), ""]
        var differing: [String] = []
        for width in widths.split(separator: ",").compactMap({ Double($0) }) {
            let table: CharacterProtrusion? = protrusion ? .standard : nil
            let tex = try TeXReferee.run(luatex: luatex, directory: texDirectory, input: input, fontFile: fontFile, size: size, width: width,
                                         protrusion: table)
            guard tex.count == paragraphs.count else {
                throw ValidationError("TeX set \(tex.count) paragraphs of \(paragraphs.count); see \(directory.path)")
            }
            var measures: [(name: String, measures: BreakMeasures)] = [("TeX (plain, tolerant)", BreakMeasures())]
                + columns.map { ($0.name, BreakMeasures()) }
            for (index, paragraph) in paragraphs.enumerated() {
                measures[0].measures.add(tex[index], reference: tex[index])
                for (column, (_, parameters, expansion)) in columns.enumerated() {
                    let lines = paragraph.lines(width: CGFloat(width), parameters: parameters, protrusion: table, expansion: expansion)
                    measures[column + 1].measures.add(lines, reference: tex[index])
                    if column == 0, lines.map(\.firstSegment) != tex[index].map(\.firstSegment) {
                        differing.append("\(Int(width)) pt, paragraph \(index + skip):\n  TeX:    \(paragraph.describe(tex[index]))\n"
                                         + "  Galley: \(paragraph.describe(lines))")
                    }
                }
            }
            report += ["At \(Int(width)) pt:", ""] + BreakMeasures.table(measures) + [""]
        }
        print(report.joined(separator: "\n"))
        if let differences { try differing.joined(separator: "\n\n").appending("\n").write(toFile: differences, atomically: true, encoding: .utf8) }
    }
}
