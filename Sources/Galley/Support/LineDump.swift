import Foundation

/// Text forms of lines shared by the command-line tool and the tests: hb-shape's format, so Galley's glyphs
/// can be compared with HarfBuzz's own tool character for character, and a JSON form.
extension Line {
    /// The line in `hb-shape --no-glyph-names` format: `[glyph=cluster@dx,dy+advance|…]`, runs in visual order,
    /// clusters as Unicode scalar indices into the string, values in points (font units when the font's size
    /// equals its units per em, as `galley shape` sets it), offsets only when non-zero.
    public var harfBuzzDescription: String {
        "[" + runs.map { $0.harfBuzzEntries(scalarBase: 0) }.filter { !$0.isEmpty }.joined(separator: "|") + "]"
    }

    /// JSON: width and metrics, then each run's font, size, direction (right to left, vertical), string range and glyphs (id, x, y,
    /// advance in points, UTF-16 string index).
    public var jsonDescription: String {
        let bounds = typographicBounds
        let runs = self.runs.map { run -> String in
            let glyphs = run.glyphs
            let positions = run.positions
            let advances = run.advances
            let indices = run.stringIndices
            let entries = glyphs.indices.map { index in
                "{\"glyph\":\(glyphs[index]),\"x\":\(Self.number(positions[index].x)),\"y\":\(Self.number(positions[index].y)),"
                    + "\"advance\":\(Self.number(advances[index].width)),\"index\":\(indices[index])}"
            }
            return "{\"font\":\(Self.jsonString(run.font.postScriptName)),\"size\":\(Self.number(run.font.size)),"
                + "\"rightToLeft\":\(run.status.contains(.rightToLeft)),\"vertical\":\(run.isVertical),"
                + "\"stringRange\":[\(run.stringRange.lowerBound),\(run.stringRange.upperBound)],"
                + "\"glyphs\":[\(entries.joined(separator: ","))]}"
        }
        return "{\"width\":\(Self.number(bounds.width)),\"ascent\":\(Self.number(bounds.ascent)),"
            + "\"descent\":\(Self.number(bounds.descent)),\"leading\":\(Self.number(bounds.leading)),"
            + "\"runs\":[\(runs.joined(separator: ","))]}"
    }

    /// A JSON number: integers without a decimal point, other values with up to 4 decimals (a value that rounds to
    /// a whole number at 4 decimals loses its point too: "303", never "303."); NaN and infinities, which JSON
    /// cannot hold, as null.
    static func number(_ value: CGFloat) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.4f", Double(value))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension Run {
    /// This run's glyphs in hb-shape's format without brackets; clusters count Unicode scalars from the
    /// string's start minus `scalarBase`; with `inFontUnits`, values are divided by the font's scale (and
    /// rounded to 1/1000 of a unit) to give design units at any size.
    func harfBuzzEntries(scalarBase: Int, inFontUnits: Bool = false) -> String {
        let divisor = inFontUnits ? font.scale : 1
        func value(_ points: CGFloat) -> String { Line.number(((points / divisor) * 1000).rounded() / 1000) }
        let units = storage.paragraph.text.units
        var entries: [String] = []
        // A vertical run's glyphs are stored along the line (see `Shaper`): HarfBuzz's top-to-bottom positions again.
        let vertical = isVertical
        storage.forEachGlyph(ofRun: index) { _, source, sourceIndex, _ in
            let cluster = Self.scalarIndex(units, utf16Index: source.stringIndex(sourceIndex)) - scalarBase
            var entry = "\(source.glyph(sourceIndex))=\(cluster)"
            let stored = source.offset(sourceIndex)
            let origin = vertical ? CGPoint(x: stored.y, y: -stored.x) : stored
            if origin.x != 0 || origin.y != 0 { entry += "@\(value(origin.x)),\(value(origin.y))" }
            if vertical {
                let advance = -source.advance(sourceIndex)
                entry += advance != 0 ? "+0,\(value(advance))" : "+0"
            } else {
                entry += "+\(value(source.advance(sourceIndex)))"
            }
            entries.append(entry)
        }
        return entries.joined(separator: "|")
    }

    /// The number of Unicode scalars (unpaired surrogates count one) before a UTF-16 index.
    static func scalarIndex(_ units: [UInt16], utf16Index: Int) -> Int {
        var count = 0
        var index = 0
        while index < utf16Index, index < units.count {
            index += UnicodeScalarReader.codePoint(in: units, at: index).1
            count += 1
        }
        return count
    }
}
