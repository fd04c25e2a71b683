import Foundation

/// A stretch of a line's glyphs with one font, one set of attributes and one direction.
///
/// A `Run` is a view into its line's flat glyph storage. Glyphs are stored left to right even in right-to-left
/// runs, so their string indices decrease there. Glyph ranges below are relative to the run (0 is its first
/// glyph); nil, or an empty range, means "from its start to the end of the run", as a Core Text range of
/// length 0 does.
///
/// Core Text: `CTRun`.
public struct Run: Sendable {
    let storage: LineStorage
    let index: Int

    var record: LineStorage.RunRecord { storage.runs[index] }

    /// The number of glyphs. Core Text: `CTRunGetGlyphCount`.
    public var glyphCount: Int { record.glyphRange.count }

    /// The run's attributes; `font` is the font actually used (after fallback and superscript scaling).
    /// Core Text: `CTRunGetAttributes`.
    public var attributes: StringAttributes { record.attributes }

    /// The font the glyphs are in (the same as `attributes.font`).
    public var font: Font { record.font }

    /// Right-to-left, non-monotonic, non-identity matrix. Core Text: `CTRunGetStatus`.
    public var status: RunStatus { record.status }

    /// Whether the run's glyphs are vertical forms, shaped top to bottom: text with the vertical-forms attribute
    /// that is not set sideways (`RunStatus.rotated`). Its advances and positions run along the line as for any run
    /// — down the column once a vertical frame turns the line a quarter turn clockwise — with each glyph drawn
    /// upright in it. Core Text: `kCTVerticalFormsAttributeName` in the run's attributes.
    public var isVertical: Bool { record.isUpright }

    /// The bidi embedding level (odd: right to left). Core Text has no accessor; Galley adds it for editors.
    public var bidiLevel: Int { Int(record.level) }

    /// Whether the run is the token a truncated line shows where text was cut. Its string indices are the cut
    /// point; it stands for no characters.
    public var isTruncationToken: Bool { record.insertion?.kind == .truncationToken }

    /// Whether the run is a hyphen a hyphenated line ends with (not in the string; its string index is the break).
    public var isInsertedHyphen: Bool { record.insertion?.kind == .hyphen }

    /// The text an inserted run shows (the truncation token's, or the hyphen), nil for runs of the string. What a
    /// PDF's text layer or a copy of the line should read for it. Galley only.
    public var insertedText: String? { record.insertion.map { String(decoding: $0.text, as: UTF16.self) } }

    /// Whether the run holds a run delegate's placeholder (it draws nothing).
    public var isRunDelegate: Bool { record.isDelegate }

    /// The UTF-16 range of the string the run shows (absolute). Core Text: `CTRunGetStringRange`.
    public var stringRange: Range<Int> { record.stringRange }

    /// The matrix to apply to each glyph when drawing: the font's matrix (identity unless one was given), then, for
    /// upright vertical forms (`isVertical`), a quarter turn counter-clockwise, (x, y) ↦ (−y, x), which the line's
    /// quarter turn clockwise in a vertical frame undoes. Core Text: `CTRunGetTextMatrix`.
    public var textMatrix: AffineTransform {
        let record = self.record
        return record.isUpright ? LineStorage.uprightMatrix(after: record.font.matrix) : record.font.matrix
    }

    /// The glyph ids. Core Text: `CTRunGetGlyphs`.
    public func glyphs(in range: Range<Int>? = nil) -> [Glyph] { collect(range) { source, index, _ in source.glyph(index) } }

    /// Each glyph's origin relative to the line origin (y up, mark offsets and baseline shifts included).
    /// Core Text: `CTRunGetPositions`.
    public func positions(in range: Range<Int>? = nil) -> [CGPoint] {
        let shift = record.baselineShift
        return collect(range) { source, index, pen in
            let offset = source.offset(index)
            return CGPoint(x: pen + offset.x, y: offset.y + shift)
        }
    }

    /// Each glyph's advance (kern and tracking included; height 0 in horizontal text). Core Text: `CTRunGetAdvances`.
    public func advances(in range: Range<Int>? = nil) -> [CGSize] {
        collect(range) { source, index, _ in CGSize(width: source.advance(index), height: 0) }
    }

    /// Each glyph's cluster start as a UTF-16 index into the string. Core Text: `CTRunGetStringIndices`.
    public func stringIndices(in range: Range<Int>? = nil) -> [Int] { collect(range) { source, index, _ in source.stringIndex(index) } }

    /// All glyph ids. Core Text: `CTRunGetGlyphsPtr`.
    public var glyphs: [Glyph] { glyphs(in: nil) }
    /// All positions. Core Text: `CTRunGetPositionsPtr`.
    public var positions: [CGPoint] { positions(in: nil) }
    /// All advances. Core Text: `CTRunGetAdvancesPtr`.
    public var advances: [CGSize] { advances(in: nil) }
    /// All string indices. Core Text: `CTRunGetStringIndicesPtr`.
    public var stringIndices: [Int] { stringIndices(in: nil) }

    /// Pen advances and each glyph's origin offset from its pen position (mark attachment, cursive
    /// connection): position = line pen + origin. The baseline shift is not included in the origins.
    /// Core Text: `CTRunGetBaseAdvancesAndOrigins`.
    public func baseAdvancesAndOrigins(in range: Range<Int>? = nil) -> (advances: [CGSize], origins: [CGPoint]) {
        (advances(in: range), collect(range) { source, index, _ in source.offset(index) })
    }

    /// The width of a glyph range and the run's ascent, descent (baseline shift included) and leading.
    /// Core Text: `CTRunGetTypographicBounds`.
    public func typographicBounds(in range: Range<Int>? = nil) -> TypographicBounds {
        let record = self.record
        let width = collect(range) { source, index, _ in source.advance(index) }.reduce(0, +)
        return TypographicBounds(
            width: width, ascent: max(record.ascent + record.baselineShift, 0),
            descent: max(record.descent - record.baselineShift, 0), leading: record.leading)
    }

    /// The ink of a glyph range relative to the line origin; `.zero` when it has none.
    /// Core Text: `CTRunGetImageBounds` (with a NULL context).
    public func imageBounds(in range: Range<Int>? = nil) -> CGRect {
        let bounds = storage.imageBounds(glyphs: absolute(range), runIndex: index)
        return bounds.isNull ? .zero : bounds
    }

    /// One value per glyph of a run-relative range, from the glyph's source arrays, its index there and its pen x.
    func collect<Value>(_ range: Range<Int>?, _ value: (GlyphArrays, Int, CGFloat) -> Value) -> [Value] {
        let glyphs = absolute(range)
        var result: [Value] = []
        result.reserveCapacity(glyphs.count)
        storage.forEachGlyph(ofRun: index, in: glyphs) { _, source, sourceIndex, pen in
            result.append(value(source, sourceIndex, pen))
        }
        return result
    }

    /// A run-relative glyph range (nil or empty = from its start to the end) as a range in the storage,
    /// clamped to the run.
    func absolute(_ range: Range<Int>?) -> Range<Int> {
        let whole = record.glyphRange
        guard let range else { return whole }
        let lower = min(max(range.lowerBound, 0), whole.count)
        let upper = range.isEmpty ? whole.count : min(max(range.upperBound, lower), whole.count)
        return (whole.lowerBound + lower)..<(whole.lowerBound + upper)
    }
}

extension Run {
    /// The stretches of the run's glyph indices whose characters (the line's string indices) lie in `characters`: one
    /// stretch in a run whose string indices are monotonic. For drawing or measuring part of a line.
    package func glyphRanges(forCharacters characters: Range<Int>) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start: Int?
        let indices = stringIndices
        for index in 0..<glyphCount {
            if characters.contains(indices[index]) {
                if start == nil { start = index }
            } else if let first = start {
                stretches.append(first..<index)
                start = nil
            }
        }
        if let first = start { stretches.append(first..<glyphCount) }
        return stretches
    }
}
