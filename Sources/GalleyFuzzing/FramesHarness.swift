import Foundation
import Galley

/// Frames of any shape: every character of the range in exactly one line, in order, or in the unshown remainder;
/// finite positions; and a frame of a suggested size shows the suggested range.
enum FramesHarness {
    static func run(_ input: inout FuzzInput) throws {
        let units = HostileText.units(&input)
        let runs = HostileAttributes.runs(&input, length: units.count)
        let typesetter = Typesetter(units: units, runs: runs, defaultFont: FuzzFonts.base)
        let framesetter = Framesetter(typesetter: typesetter)
        var attributes = FrameAttributes()
        attributes.pathFillRule = input.bool() ? .evenOdd : .winding
        attributes.clippingPaths = (0..<input.int(0...3)).map { _ in
            ClippingPath(HostileAttributes.path(&input), fillRule: input.bool() ? .evenOdd : .winding)
        }
        attributes.maximumNumberOfLines = input.choose([0, 0, 1, 2, 5, -3])
        attributes.lastLineTruncation = input.choose([nil, .end, .start, .middle])
        attributes.truncationToken = input.choose([nil, "…", "", "more ›", "مزيد"])
        attributes.progression = input.choose([.topToBottom, .topToBottom, .rightToLeft, .leftToRight])
        let start = input.int(0...units.count + 1)
        let end = input.bool() ? 0 : input.int(0...units.count + 1)
        let range = start..<max(start, end)
        let paths = (0..<input.int(1...3)).map { _ in HostileAttributes.path(&input) }
        let frames = framesetter.frames(stringRange: range, paths: paths, attributes: attributes)
        // The range a frame takes (Core Text's: clamped; an empty range runs to the end).
        let clampedStart = min(range.lowerBound, units.count)
        let resolved = clampedStart..<(range.isEmpty ? units.count : min(range.upperBound, units.count))
        var next = resolved.lowerBound
        for frame in frames {
            try check(frame.stringRange.lowerBound == next, "a frame starts at \(frame.stringRange.lowerBound), not \(next)")
            try checkFrame(frame)
            next = frame.visibleStringRange.upperBound
        }
        try check(next <= resolved.upperBound, "frames show up to \(next), past \(resolved)")

        // A suggested size: a frame of that size shows the suggested range.
        let constraints = CGSize(width: input.length(ordinary: 1...500), height: input.length(ordinary: 1...2000))
        let suggestion = framesetter.suggestFrameSize(stringRange: range, attributes: attributes, constraints: constraints)
        try check(suggestion.size.width.isFinite && suggestion.size.height.isFinite && suggestion.size.width >= 0 && suggestion.size.height >= 0,
                  "suggested size \(suggestion.size) for \(constraints)")
        // Not with a looseness: asking for more (or fewer) lines than the best makes a narrower frame take more lines
        // (TeX's \looseness), which no suggested size can hold to; the documentation says so.
        let loose = runs.contains { run in
            if case .optimal(let looseness) = (run.attributes[.paragraphStyle] as? ParagraphStyle)?.lineBreakStrategy { return looseness != 0 }
            return false
        }
        if attributes.clippingPaths.isEmpty, !loose {
            let frame = framesetter.frame(stringRange: range, path: Path(rect: CGRect(origin: CGPoint(x: 7, y: -3), size: suggestion.size)),
                                          attributes: attributes)
            try check(frame.visibleStringRange == suggestion.fitRange,
                      "suggested \(suggestion.size) for \(suggestion.fitRange), a frame of that size shows \(frame.visibleStringRange) "
                        + "(constraints \(constraints), lines \(frame.lines.map(\.stringRange)), units "
                        + "\(units.prefix(80).map { String($0, radix: 16) }), runs \(runs.map { ($0.range, $0.attributes.map { "\($0.key.rawValue)=\($0.value)" }) }), "
                        + "suggestion frame \(describe(framesetter.frame(stringRange: range, path: Path(rect: CGRect(x: 0, y: 0, width: 1e7, height: 1e9)), attributes: attributes))), frame \(describe(frame))")
        }
    }

    /// Lines in order from the frame's start, each inside the frame's range, at finite positions.
    static func checkFrame(_ frame: Frame) throws {
        var next = frame.stringRange.lowerBound
        try check(frame.lines.count == frame.lineOrigins.count && frame.lines.count == frame.lineFragments.count,
                  "\(frame.lines.count) lines, \(frame.lineOrigins.count) origins, \(frame.lineFragments.count) fragments")
        for (index, line) in frame.lines.enumerated() {
            try check(line.stringRange.lowerBound == next, "line \(index) starts at \(line.stringRange.lowerBound), not \(next)")
            try LinesHarness.checkLine(line, within: frame.stringRange)
            let origin = frame.lineOrigins[index]
            try check(origin.x.isFinite && origin.y.isFinite, "line \(index) is at \(origin)")
            if index > 0 {
                let (previous, fragment) = (frame.lineFragments[index - 1], frame.lineFragments[index])
                // Lines go down, or columns left or right (several fragments of one band share its extent).
                switch frame.attributes.progression {
                case .topToBottom: try check(fragment.maxY <= previous.maxY + 1e-6, "line \(index) lies above line \(index - 1)")
                case .rightToLeft: try check(fragment.maxX <= previous.maxX + 1e-6, "column \(index) lies right of column \(index - 1)")
                case .leftToRight: try check(fragment.minX >= previous.minX - 1e-6, "column \(index) lies left of column \(index - 1)")
                }
            }
            next = line.stringRange.upperBound
        }
        try check(frame.visibleStringRange == frame.stringRange.lowerBound..<next,
                  "visible \(frame.visibleStringRange), lines reach \(next) from \(frame.stringRange.lowerBound)")
        try check(frame.usedHeight.isFinite && frame.usedHeight >= 0, "used height \(frame.usedHeight)")
    }

    static func describe(_ frame: Frame) -> String {
        "bounds \(frame.bounds) used \(frame.usedHeight): " + frame.lines.indices.map { index in
            "\(frame.lines[index].stringRange) at \(frame.lineOrigins[index]) in \(frame.lineFragments[index]) width \(frame.lines[index].typographicBounds)"
        }.joined(separator: "; ")
    }
}
