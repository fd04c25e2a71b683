import Foundation
import Testing

@testable import Galley

/// Advances are stored as 32-bit floats: widths add up to about 1e-5 pt.
private let storedPrecision: CGFloat = 1e-4

/// Justification rules: spaces within their limit, then gaps between grapheme clusters (which justifies Chinese and
/// Thai lines that have no spaces), never inside joining scripts — checked against Unicode's own ArabicShaping.txt.
@Suite struct JustificationTests {
    static func line(_ text: String, _ file: String, size: CGFloat = 16) throws -> Line {
        Line(attributedString: NSAttributedString(string: text, attributes: [.font: try TestFonts.font(file, size: size)]))
    }

    /// Joining_Type of every code point ArabicShaping.txt lists as joining (D, R, L, C).
    static let joining: Set<UInt32> = {
        guard let text = try? String(contentsOfFile: "/usr/share/unicode/ArabicShaping.txt", encoding: .utf8) else { return [] }
        var result: Set<UInt32> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3, let code = UInt32(fields[0], radix: 16), ["D", "R", "L", "C"].contains(fields[2]) else { continue }
            result.insert(code)
        }
        return result
    }()

    /// The grapheme cluster number of each glyph (visual order).
    static func clusters(_ line: Line) -> [Int] {
        let boundaries = line.storage.paragraph.graphemes
        return line.storage.flattened().stringIndices.map { index in boundaries.partitioningIndex { $0 > index } }
    }

    @Test(arguments: [
        ("排版引擎把字形放进行里，中文没有空格。", "DroidSansFallbackFull.ttf"),
        ("การจัดวางตัวอักษรภาษาไทยไม่มีช่องว่าง", "NotoSansThai-Regular.ttf"),
    ])
    func linesWithoutSpacesJustifyBetweenClusters(text: String, file: String) throws {
        let line = try Self.line(text, file)
        let target = line.typographicBounds.width + 30
        // Core Text's rule (spaces only) cannot justify such a line.
        #expect(line.justified(factor: 1, width: target) == nil)
        let justified = try #require(line.justified(factor: 1, width: target, justification: .automatic))
        #expect(abs(justified.typographicBounds.width - target) < storedPrecision)
        #expect(justified.stringRange == line.stringRange)
        // Only the last glyph of a cluster grows; glyphs inside a cluster (marks, conjuncts) keep their advance.
        let clusters = Self.clusters(line)
        var grown = 0
        for glyph in line.storage.flattened().advances.indices {
            let delta = justified.storage.flattened().advances[glyph] - line.storage.flattened().advances[glyph]
            let endsCluster = glyph + 1 < clusters.count && clusters[glyph + 1] != clusters[glyph]
            if !endsCluster { #expect(abs(delta) < 1e-9, "glyph \(glyph) inside a cluster or at the end grew by \(delta)") }
            if delta > 1e-9 { grown += 1 }
        }
        #expect(grown > 5)
    }

    @Test func spacesStretchWithinTheirLimitThenClustersTakeTheRest() throws {
        let line = try Self.line("Justified type widens spaces first.", "DejaVuSerif.ttf")
        let spaceWidth = try #require(line.storage.flattened().stringIndices.indices.first { line.storage.paragraph.text.units[line.storage.flattened().stringIndices[$0]] == 0x20 }
            .map { line.storage.flattened().advances[$0] })
        let target = line.typographicBounds.width + 60
        let automatic = try #require(line.justified(factor: 1, width: target, justification: .automatic))
        let limited = try #require(line.justified(factor: 1, width: target, justification: .interCluster))
        for justified in [automatic, limited] { #expect(abs(justified.typographicBounds.width - target) < storedPrecision) }
        let units = line.storage.paragraph.text.units
        for glyph in line.storage.flattened().advances.indices where units[line.storage.flattened().stringIndices[glyph]] == 0x20 {
            // Automatic: all 60 pt in the 4 spaces; inter-cluster: each space to at most 150 %.
            #expect(abs(automatic.storage.flattened().advances[glyph] - spaceWidth - 15) < storedPrecision)
            #expect(limited.storage.flattened().advances[glyph] <= spaceWidth * 1.5 + storedPrecision)
        }
        let letterGrowth = zip(limited.storage.flattened().advances, line.storage.flattened().advances).enumerated()
            .filter { units[line.storage.flattened().stringIndices[$0.offset]] != 0x20 }.map { $0.element.0 - $0.element.1 }
        #expect(letterGrowth.contains { $0 > 1e-6 })
        // A lone word of a spaced script is not letter-spaced by the default rule, only by inter-cluster.
        let word = try Self.line("Unquestionably", "DejaVuSerif.ttf")
        #expect(word.justified(factor: 1, width: 200, justification: .automatic) == nil)
        let spaced = try #require(word.justified(factor: 1, width: 200, justification: .interCluster))
        #expect(abs(spaced.typographicBounds.width - 200) < storedPrecision)
        // Squeezing narrows spaces only.
        let squeezed = try #require(line.justified(factor: 1, width: line.typographicBounds.width - 4, justification: .interCluster))
        #expect(abs(squeezed.typographicBounds.width - (line.typographicBounds.width - 4)) < storedPrecision)
    }

    @Test(arguments: ["NotoNaskhArabic-Regular.ttf", "Amiri-Regular.ttf"])
    func joiningScriptsAreNeverSpacedApart(file: String) throws {
        #expect(Self.joining.count > 300, "ArabicShaping.txt not read")
        let line = try Self.line("الطباعة العربية تمد المسافات بين الكلمات فقط", file)
        let target = line.typographicBounds.width + 40
        let justified = try #require(line.justified(factor: 1, width: target, justification: .interCluster))
        #expect(abs(justified.typographicBounds.width - target) < storedPrecision)
        let units = line.storage.paragraph.text.units
        var joiningGlyphs = 0
        for glyph in line.storage.flattened().advances.indices {
            let unit = UInt32(units[line.storage.flattened().stringIndices[glyph]])
            guard Self.joining.contains(unit) else { continue }
            joiningGlyphs += 1
            #expect(justified.storage.flattened().advances[glyph] == line.storage.flattened().advances[glyph], "joining glyph \(glyph) widened")
        }
        #expect(joiningGlyphs > 20)
        // A run of joining letters with no space cannot be justified at all.
        #expect(try Self.line("الطباعة", file).justified(factor: 1, width: 300, justification: .interCluster) == nil)
    }

    @Test func framesJustifyByTheParagraphsRule() throws {
        var style = ParagraphStyle()
        style.alignment = .justified
        let text = String(repeating: "排版引擎把字形放进行里，中文没有空格。", count: 6)
        let font = try TestFonts.font("DroidSansFallbackFull.ttf", size: 14)
        for (rule, flush) in [(Justification.automatic, true), (.interWord, false)] {
            style.justification = rule
            let framesetter = Framesetter(attributedString: NSAttributedString(string: text, attributes: [.font: font, .paragraphStyle: style]))
            let frame = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 203, height: 1000)))
            #expect(frame.lines.count > 2)
            for line in frame.lines.dropLast() {
                let width = line.typographicBounds.width - line.trailingWhitespaceWidth
                #expect((abs(width - 203) < storedPrecision) == flush, "\(rule): line \(line.stringRange) is \(width) wide")
            }
        }
    }
}
