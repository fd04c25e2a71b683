import Foundation
import Galley

/// Lines of hostile text: every question a line answers must stay inside the line and be finite.
enum LinesHarness {
    static func run(_ input: inout FuzzInput) throws {
        let units = HostileText.units(&input)
        let runs = HostileAttributes.runs(&input, length: units.count)
        var options = TypesetterOptions()
        options.language = input.choose([nil, "en-US", "de", "ar"])
        let typesetter = Typesetter(units: units, runs: runs, options: options, defaultFont: FuzzFonts.base)
        try check(typesetter.length == units.count, "the typesetter holds \(typesetter.length) units of \(units.count)")
        var start = input.int(0...max(units.count, 1)) % max(units.count, 1)
        for _ in 0..<input.int(1...6) where start < units.count {
            let width = input.length(ordinary: 0...400)
            let count = input.bool() ? typesetter.suggestLineBreak(startingAt: start, width: width)
                : typesetter.suggestClusterBreak(startingAt: start, width: width)
            try check(count >= 1 && start + count <= units.count, "a break from \(start) at width \(width) gives \(count) units")
            let line = typesetter.line(stringRange: start..<(start + count))
            do {
                try checkLine(line, within: start..<(start + count))
                try checkDerivedLines(line, &input)
            } catch let failure as FuzzFailure {
                throw FuzzFailure("\(failure) in units \(units[line.stringRange].map { String($0, radix: 16) }), around \(units[max(0, line.stringRange.lowerBound - 4)..<min(units.count, line.stringRange.upperBound + 4)].map { String($0, radix: 16) }), levels \(line.runs.map(\.bidiLevel)), runs \(runs.map { ($0.range, $0.attributes.map { "\($0.key.rawValue)=\($0.value)" }) })")
            }
            start += count
        }
    }

    /// What every line must satisfy: runs inside its range, finite metrics, carets and hit testing inside it.
    static func checkLine(_ line: Line, within range: Range<Int>) throws {
        try check(line.stringRange.lowerBound >= range.lowerBound && line.stringRange.upperBound <= range.upperBound,
                  "line \(line.stringRange) outside \(range)")
        let bounds = line.typographicBounds
        try check(bounds.width.isFinite && bounds.ascent.isFinite && bounds.descent.isFinite && bounds.leading.isFinite,
                  "line \(line.stringRange) has bounds \(bounds)")
        var glyphs = 0
        for run in line.runs {
            glyphs += run.glyphCount
            try check(run.positions.count == run.glyphCount && run.stringIndices.count == run.glyphCount,
                      "run \(run.stringRange) has \(run.glyphCount) glyphs and \(run.positions.count) positions")
            try check(run.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "run \(run.stringRange) has a position that is not finite")
            if !run.isTruncationToken && !run.isInsertedHyphen {
                try check(run.stringIndices.allSatisfy { line.stringRange.contains($0) } || line.stringRange.isEmpty,
                          "run \(run.stringRange) has a glyph outside line \(line.stringRange): indices \(run.stringIndices) " + describe(line))
            }
        }
        try check(glyphs == line.glyphCount, "runs hold \(glyphs) glyphs, the line \(line.glyphCount)")
        for index in [line.stringRange.lowerBound, line.stringRange.upperBound, (line.stringRange.lowerBound + line.stringRange.upperBound) / 2] {
            let offsets = line.offset(forStringIndex: index)
            try check(offsets.primary.isFinite && offsets.secondary.isFinite, "caret at \(index) is \(offsets)")
        }
        for x in [-1e9, -1, 0, bounds.width / 3, bounds.width, 1e12, .nan, .infinity] as [CGFloat] {
            let index = line.stringIndex(forPosition: CGPoint(x: x, y: 0))
            try check(index >= line.stringRange.lowerBound && index <= line.stringRange.upperBound,
                      "hit test at \(x) gives \(index) outside \(line.stringRange)")
            if let hit = line.characterRange(at: CGPoint(x: x, y: 0)) {
                try check(hit.lowerBound >= line.stringRange.lowerBound && hit.upperBound <= line.stringRange.upperBound,
                          "character at \(x) is \(hit), outside \(line.stringRange)")
            }
        }
        var carets = 0
        line.enumerateCaretOffsets { offset, index, _, stop in
            carets += 1
            if !offset.isFinite || index < line.stringRange.lowerBound || index > line.stringRange.upperBound { stop = true; carets = -1 }
        }
        try check(carets >= 0, "a caret offset of line \(line.stringRange) is not finite or outside it")
    }

    /// Truncated and justified copies of a line.
    static func checkDerivedLines(_ line: Line, _ input: inout FuzzInput) throws {
        let width = input.length(ordinary: 0...400)
        let type = input.choose([TruncationType.start, .middle, .end])
        if let truncated = line.truncated(width: width, type: type) {
            try checkLine(truncated, within: line.stringRange)
            if width.isFinite, width > 0 {
                try check(truncated.typographicBounds.width - truncated.trailingWhitespaceWidth <= max(width, truncated.runs.filter(\.isTruncationToken).map { $0.typographicBounds().width }.reduce(0, +)) + 0.01,
                          "truncated to \(width), line \(line.stringRange) is \(truncated.typographicBounds.width) wide: "
                            + describe(truncated) + " from " + describe(line))
            }
        }
        let factor = input.choose([0, 0.5, 1, 2, CGFloat.nan, -1])
        if let justified = line.justified(factor: factor, width: input.length(ordinary: 0...600)) {
            try checkLine(justified, within: line.stringRange)
        }
    }

    /// A line's runs, for failure messages.
    static func describe(_ line: Line) -> String {
        String(fullDescription(line).prefix(600))
    }

    private static func fullDescription(_ line: Line) -> String {
        line.runs.map { "[\($0.stringRange) \($0.font.postScriptName) \($0.font.size) w\($0.typographicBounds().width)\($0.isTruncationToken ? " token" : "")]" }
            .joined(separator: " ") + " carets: " + {
                var offsets: [String] = []
                line.enumerateCaretOffsets { offset, index, leading, _ in offsets.append("\(index)\(leading ? "L" : "T")@\(offset)") }
                return offsets.joined(separator: " ")
            }()
    }
}
