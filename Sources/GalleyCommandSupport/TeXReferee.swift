import Foundation
import Galley

/// Galley's TeX referee: LuaTeX (plain, with luaotfload) sets paragraphs with Galley's own line-break opportunities
/// as its only breakpoints — spaces, Galley's hyphenation points as TeX's pattern discretionaries (so TeX's first
/// pass leaves them out, as it leaves out its own), breaks after explicit hyphens as TeX's automatic ones — in the
/// same font file at the same size and measure, so that what differs from Galley's lines is the line breaking alone.
/// Benchmarks/TeX/paragraphs.tex and paragraphs.lua are TeX's side; `galley-bench tex` (`make compare-tex`) and
/// TeXLineBreakingTests use it.
package enum TeXReferee {
    /// Sets the paragraphs of `input` (`ComparedParagraph.texInput` lines) with `luatex` at `width` points in the font
    /// at `fontFile` and `size` points, and returns TeX's lines per paragraph. `directory` holds paragraphs.tex and
    /// paragraphs.lua; TeX's log and output go beside `input`.
    package static func run(luatex: String = "luatex", directory: String, input: URL, fontFile: String, size: Double,
                            width: Double, protrusion: CharacterProtrusion? = nil) throws -> [[SetLine]] {
        let output = input.deletingLastPathComponent().appendingPathComponent("lines-\(Int(width)).txt")
        var protrusionDefinition = ""
        if let protrusion {
            // Galley's table as luaotfload's protrusion setup "galley": per code point, start and end factors.
            let table = input.deletingLastPathComponent().appendingPathComponent("protrusion.lua")
            let entries = protrusion.factors.sorted { $0.key < $1.key }.map { "[\($0.key)] = { \($0.value.start), \($0.value.end) }" }
            try ("fonts.protrusions.setups.galley = { factor = 1, left = 1, right = 1,\n  " + entries.joined(separator: ",\n  ") + "\n}\n")
                .write(to: table, atomically: true, encoding: .utf8)
            protrusionDefinition = "\\def\\galleyprotrusion{\(table.standardizedFileURL.path)}"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let directory = URL(fileURLWithPath: directory).standardizedFileURL.path
        let definitions = "\\def\\galleyfont{\(URL(fileURLWithPath: fontFile).standardizedFileURL.path)}\\def\\galleysize{\(size)pt}"
            + "\\def\\galleywidth{\(width)pt}\\def\\galleyinput{\(input.standardizedFileURL.path)}"
            + "\\def\\galleyoutput{\(output.standardizedFileURL.path)}\\def\\galleydirectory{\(directory)}"
            + protrusionDefinition + "\\input \(directory)/paragraphs.tex"
        process.arguments = [luatex, "--interaction=nonstopmode", "--output-directory=\(input.deletingLastPathComponent().path)",
                             "--jobname=tex-\(Int(width))", definitions]
        process.currentDirectoryURL = input.deletingLastPathComponent()
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TeXRefereeError(description: "\(luatex) failed (status \(process.terminationStatus)); see tex-\(Int(width)).log in "
                                    + input.deletingLastPathComponent().path)
        }
        return try texLines(String(contentsOf: output, encoding: .utf8))
    }

    /// The corpus's paragraphs (blank-line separated, lines joined, spaces collapsed) of at least `minimumWords` words.
    package static func paragraphs(_ text: String, minimumWords: Int) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").compactMap { block in
            let words = block.split(whereSeparator: \.isWhitespace)
            return words.count >= minimumWords ? words.joined(separator: " ") : nil
        }
    }

    /// TeX's lines per paragraph, from paragraphs.lua's output.
    static func texLines(_ output: String) throws -> [[SetLine]] {
        var result: [[SetLine]] = []
        var current: [SetLine] = []
        for row in output.split(separator: "\n") {
            if row == "P" {
                result.append(current)
                current = []
                continue
            }
            let fields = row.split(separator: "\t")
            guard fields.count == 6, let first = Int(fields[0]), let sign = Int(fields[2]), let set = Double(fields[3]),
                let natural = Double(fields[4])
            else {
                throw TeXRefereeError(description: "unreadable TeX line \"\(row)\"")
            }
            let ratio = sign == 1 ? set : sign == 2 ? -set : 0
            current.append(SetLine(firstSegment: first, isHyphenated: fields[1] == "1", ratio: CGFloat(ratio), naturalWidth: CGFloat(natural),
                                   isOverfull: fields[5] == "1"))
        }
        return result
    }
}

/// What went wrong running TeX.
package struct TeXRefereeError: Error, CustomStringConvertible {
    package var description: String
}

/// A line as either typesetter set it: the segment it starts with, whether it ends with an inserted hyphen, its
/// adjustment ratio (nil for the paragraph's last line).
package struct SetLine: Equatable {
    package var firstSegment: Int
    package var isHyphenated: Bool
    package var ratio: CGFloat?
    /// The width of the line's text and hyphen with spaces at their natural width.
    package var naturalWidth: CGFloat
    /// Whether the line is wider than its measure even with its spaces fully shrunk.
    package var isOverfull = false
}

/// One paragraph, cut into segments at Galley's line-break opportunities.
package struct ComparedParagraph: Sendable {
    package let text: String
    package let font: Font
    package let opportunities: [LineBreakOpportunity]

    package init(text: String, font: Font) {
        self.text = text
        self.font = font
        opportunities = Typesetter(attributedString: Self.attributedString(text, font: font, parameters: .tex)).lineBreakOpportunities()
    }

    /// The paragraph as both set it: justified, broken optimally with `parameters`, hyphenated in en-US.
    static func attributedString(_ text: String, font: Font, parameters: OptimalBreakParameters,
                                 protrusion: CharacterProtrusion? = nil, expansion: FontExpansion? = nil) -> NSAttributedString {
        var style = ParagraphStyle()
        style.characterProtrusion = protrusion
        style.fontExpansion = expansion
        style.alignment = .justified
        style.lineBreakStrategy = .optimal()
        style.hyphenationFactor = 1
        style.optimalBreakParameters = parameters
        return NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style, .language: "en-US"])
    }

    /// The paragraph as paragraphs.lua reads it.
    package var texInput: String {
        let units = Array(text.utf16)
        var start = 0
        return opportunities.map { opportunity in
            defer { start = opportunity.position }
            let kind: String
            switch opportunity.kind {
            case .space: kind = " "
            case .hyphenationPoint, .softHyphen: kind = "h"
            case .explicitHyphen: kind = "x"
            case .betweenCharacters: kind = "b"
            case .mandatory: kind = "m"
            }
            return kind + "\u{1F}" + String(decoding: units[start..<opportunity.position], as: UTF16.self)
        }.joined(separator: "\u{1E}")
    }

    /// Galley's lines at `width` with `parameters`.
    package func lines(width: CGFloat, parameters: OptimalBreakParameters, protrusion: CharacterProtrusion? = nil,
                       expansion: FontExpansion? = nil) -> [SetLine] {
        let framesetter = Framesetter(attributedString: Self.attributedString(text, font: font, parameters: parameters, protrusion: protrusion,
                                                                              expansion: expansion))
        let frame = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 1_000_000)))
        let starts = [0] + opportunities.map(\.position)
        return framesetter.statistics(of: frame).lines.map { line in
            SetLine(firstSegment: starts.firstIndex(of: line.stringRange.lowerBound) ?? -1, isHyphenated: line.isHyphenated,
                    ratio: line.endsParagraph ? nil : line.adjustmentRatio, naturalWidth: line.naturalWidth,
                    isOverfull: line.isOverfull)
        }
    }

    /// The lines' last words, for reading differences.
    package func describe(_ lines: [SetLine]) -> String {
        let units = Array(text.utf16)
        let starts = [0] + opportunities.map(\.position)
        return lines.enumerated().map { index, line in
            let end = index + 1 < lines.count ? starts[max(lines[index + 1].firstSegment, 0)] : units.count
            let words = String(decoding: units[starts[max(line.firstSegment, 0)]..<end], as: UTF16.self).split(separator: " ")
            let ratio = line.ratio.map { String(format: "%.2f", Double($0)) } ?? "last"
            return "…\(words.last ?? "")\(line.isHyphenated ? "-" : "") (\(ratio))"
        }.joined(separator: " | ")
    }
}

/// The quality measures of a set of paragraphs, as the issue's table gives them.
package struct BreakMeasures {
    package var paragraphs = 0
    package var lines = 0
    package var adjusted = 0
    package var totalBadness: CGFloat = 0
    package var ratioSum: CGFloat = 0
    package var looseLines = 0
    package var fitnessJumps = 0
    package var hyphenatedLines = 0
    package var hyphenRuns = 0
    package var hyphenatedPenultimate = 0
    package var sameBreaks = 0
    package var overfullLines = 0
    /// The largest difference in natural width between a line and the reference's line with the same text.
    package var widthDisagreement: CGFloat = 0

    package init() {}

    /// Adds a paragraph's lines, measured as `Framesetter.statistics(of:)` measures a frame's (its last line at
    /// natural width), and whether they break where `reference`'s do.
    package mutating func add(_ set: [SetLine], reference: [SetLine]) {
        paragraphs += 1
        if set.map(\.firstSegment) == reference.map(\.firstSegment) {
            sameBreaks += 1
            for (line, other) in zip(set, reference) { widthDisagreement = max(widthDisagreement, abs(line.naturalWidth - other.naturalWidth)) }
        }
        let statistics = LayoutStatistics(lines: set.enumerated().map { index, line in
            let isLast = index == set.count - 1
            return LayoutStatistics.LineMeasure(stringRange: line.firstSegment..<line.firstSegment, adjustmentRatio: isLast ? nil : line.ratio,
                                                isHyphenated: line.isHyphenated, endsParagraph: isLast, naturalWidth: line.naturalWidth,
                                                isOverfull: line.isOverfull)
        })
        lines += statistics.lineCount
        adjusted += statistics.adjustedLines
        ratioSum += statistics.meanAdjustmentRatio * CGFloat(statistics.adjustedLines)
        totalBadness += statistics.totalBadness
        looseLines += statistics.looseLines
        fitnessJumps += statistics.fitnessJumps
        hyphenatedLines += statistics.hyphenatedLines
        hyphenRuns += statistics.hyphenRuns
        hyphenatedPenultimate += statistics.hyphenatedPenultimateLines
        overfullLines += statistics.overfullLines
    }

    /// A Markdown table with one column per breaker.
    package static func table(_ columns: [(name: String, measures: BreakMeasures)]) -> [String] {
        func row(_ label: String, _ value: (BreakMeasures) -> String) -> String {
            "| \(label) | " + columns.map { value($0.measures) }.joined(separator: " | ") + " |"
        }
        return [
            "| measure | " + columns.map(\.name).joined(separator: " | ") + " |",
            "|---|" + columns.map { _ in "---:|" }.joined(),
            row("lines") { "\($0.lines)" },
            row("sum of badness 100·abs(r)³") { String(format: "%.0f", Double($0.totalBadness)) },
            row("mean abs(r)") { String(format: "%.3f", Double($0.ratioSum / CGFloat(max($0.adjusted, 1)))) },
            row("loose lines (r > 1)") { "\($0.looseLines)" },
            row("adjacent lines two fitness classes apart") { "\($0.fitnessJumps)" },
            row("hyphenated lines") { "\($0.hyphenatedLines)" },
            row("runs of ≥ 2 hyphenated lines") { "\($0.hyphenRuns)" },
            row("hyphenated penultimate lines") { "\($0.hyphenatedPenultimate)" },
            row("overfull lines") { "\($0.overfullLines)" },
            row("paragraphs with TeX's breaks") { "\($0.sameBreaks) / \($0.paragraphs)" },
            row("largest natural-width difference from TeX's line, pt") { String(format: "%.4f", Double($0.widthDisagreement)) },
        ]
    }
}
