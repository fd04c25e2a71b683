import Foundation
import Testing

@testable import Galley

/// The two fast paths of greedy breaking give what measuring unit by unit gives: unit advances read from the glyph
/// arrays (text in string order) or stored (right-to-left text), and line widths as differences of widths stored
/// at break opportunities, less the whitespace hanging before them as stored — on corpus paragraphs in several
/// scripts, from line starts at opportunities and inside words.
@Suite struct LineMeasuringTests {
    static let files = ["en_Latn.txt", "ar_Arab.txt", "he_Hebr.txt", "hi_Deva.txt", "th_Thai.txt", "zh_Hans.txt", "candide.txt"]

    @Test(arguments: files)
    func fastMeasuresEqualUnitByUnit(file: String) throws {
        let font = try TestFonts.font("DejaVuSerif.ttf")
        let text = try Corpus.lines(file).prefix(40).joined(separator: "\n")
        let typesetter = Typesetter(
            attributedString: NSAttributedString(string: text, attributes: [.font: font]), defaultFont: font)
        var compared = 0
        var storedCompared = 0
        for paragraph in typesetter.paragraphs {
            let glyphs = paragraph.shaped.glyphs
            // Unit advances against a direct sum over the glyphs of each cluster start.
            var expected = [CGFloat](repeating: 0, count: paragraph.range.count)
            for index in 0..<glyphs.count { expected[glyphs.stringIndex(index) - paragraph.range.lowerBound] += glyphs.advance(index) }
            var reader = paragraph.unitAdvances.reader
            for unit in paragraph.range { #expect(abs(reader.advance(at: unit) - expected[unit - paragraph.range.lowerBound]) < 1e-4) }
            // Line widths from stored sums against LineMeasure, from several starts.
            guard let widths = paragraph.opportunityWidths else { continue }
            let positions = paragraph.breaks.positions
            let base = paragraph.range.lowerBound
            let starts = [base] + positions.prefix(6).map { $0 + base } + [base + paragraph.range.count / 3]
            for start in starts where start < paragraph.range.upperBound {
                var advances = paragraph.unitAdvances.reader
                let first = positions.partitioningIndex { $0 + base > start }
                guard let startWidth = widths.width(before: start, positions: positions, after: first, advances: &advances)
                else { continue }
                #expect(widths.width(before: start, positions: positions, advances: &advances) == startWidth)
                for index in first..<min(first + 12, positions.count) {
                    let end = positions[index] + base
                    var measure = LineMeasure(typesetter: typesetter, paragraph: paragraph, start: start, offset: 0)
                    measure.advance(to: end)
                    let previous = index > 0 ? positions[index - 1] + base : base
                    let fast = widths.visibleWidth(from: start, startWidth: startWidth, to: index, positions: positions,
                                                   units: typesetter.text.units, advances: &advances)
                    #expect(abs(fast - measure.visibleWidth) < 1e-6, "\(file): \(start)..<\(end)")
                    // The stored hanging whitespace gives exactly what measuring it gives.
                    let measured = widths.measuredVisibleWidth(from: start, startWidth: startWidth, to: index,
                                                               positions: positions, units: typesetter.text.units,
                                                               advances: &advances)
                    #expect(fast == measured, "\(file): \(start)..<\(end)")
                    if start <= previous, widths.storesHanging(at: index) { storedCompared += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
        #expect(storedCompared > compared / 4)
    }
}
