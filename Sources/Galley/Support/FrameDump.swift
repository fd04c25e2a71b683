import Foundation

/// Text forms of frames shared by the command-line tool and the tests: a deterministic text dump for goldens
/// and the JSON `galley layout --json` prints.
extension Frame {
    /// One line per frame line and per run, numbers rounded to 1/100 point:
    /// `line 0..<31 at (0.00, 288.86) width 199.55 ascent 11.14 descent 2.83` then `  run 0..<31 DejaVuSerif 12 ltr 31 glyphs`.
    public var layoutDescription: String {
        var lines = ["frame \(stringRange.lowerBound)..<\(stringRange.upperBound) visible "
            + "\(visibleStringRange.lowerBound)..<\(visibleStringRange.upperBound) height \(Frame.fixed(usedHeight))"]
        for (line, origin) in zip(self.lines, lineOrigins) {
            let bounds = line.typographicBounds
            lines.append("line \(line.stringRange.lowerBound)..<\(line.stringRange.upperBound) at (\(Frame.fixed(origin.x)), "
                + "\(Frame.fixed(origin.y))) width \(Frame.fixed(bounds.width)) ascent \(Frame.fixed(bounds.ascent)) "
                + "descent \(Frame.fixed(bounds.descent))")
            for run in line.runs {
                let direction = run.status.contains(.rightToLeft) ? "rtl" : "ltr"
                let token = run.isTruncationToken ? " token" : run.isInsertedHyphen ? " hyphen" : ""
                lines.append("  run \(run.stringRange.lowerBound)..<\(run.stringRange.upperBound) \(run.font.postScriptName) "
                    + "\(Frame.fixed(run.font.size)) \(direction) \(run.glyphCount) glyphs width "
                    + "\(Frame.fixed(run.typographicBounds().width))\(token)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"lines": [{"stringRange": [location, length], "origin": [x, y], "width": w, "ascent": a, "descent": d,
    /// "runs": [{"stringRange": [l, n], "font": name, "size": s, "rightToLeft": b, "glyphCount": n}]}],
    /// "visibleStringRange": [l, n]}`, ranges in UTF-16 units.
    public var jsonDescription: String {
        let lines = zip(self.lines, lineOrigins).map { line, origin -> String in
            let bounds = line.typographicBounds
            let runs = line.runs.map { run in
                "{\"stringRange\":[\(run.stringRange.lowerBound),\(run.stringRange.count)],\"font\":\(Line.jsonString(run.font.postScriptName)),"
                    + "\"size\":\(Line.number(run.font.size)),\"rightToLeft\":\(run.status.contains(.rightToLeft)),"
                    + "\"glyphCount\":\(run.glyphCount),\"width\":\(Line.number(run.typographicBounds().width))"
                    + (run.isTruncationToken ? ",\"truncationToken\":true" : "")
                    + (run.isInsertedHyphen ? ",\"insertedHyphen\":true" : "") + "}"
            }
            return "{\"stringRange\":[\(line.stringRange.lowerBound),\(line.stringRange.count)],"
                + "\"origin\":[\(Line.number(origin.x)),\(Line.number(origin.y))],\"width\":\(Line.number(bounds.width)),"
                + "\"ascent\":\(Line.number(bounds.ascent)),\"descent\":\(Line.number(bounds.descent)),"
                + "\"runs\":[\(runs.joined(separator: ","))]}"
        }
        return "{\"lines\":[\(lines.joined(separator: ","))],\"visibleStringRange\":[\(visibleStringRange.lowerBound),"
            + "\(visibleStringRange.count)],\"height\":\(Line.number(usedHeight))}"
    }

    static func fixed(_ value: CGFloat) -> String {
        let rounded = (value * 100).rounded() / 100
        return String(format: "%.2f", Double(rounded == 0 ? 0 : rounded))
    }
}
