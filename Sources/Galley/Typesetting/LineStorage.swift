internal import CUnicode
import Foundation
import Synchronization

/// Everything a line holds, in one immutable object that its `Line` value and its `Run` values share. A line is a
/// view: its runs point into the shaped paragraph's glyph arrays, and only glyphs the paragraph does not have — edges
/// reshaped at the line's ends, a hyphen, a truncation token, tabs given their stops, justified advances — are kept in
/// the line's own arrays. Glyph indices count the runs' glyphs in visual order; positions are computed on demand from
/// each run's pen position.
final class LineStorage: Sendable {
    /// Where a run's glyphs are.
    enum GlyphSource: Sendable {
        case paragraph
        case line
    }

    /// One run: a stretch of glyphs with one font, attributes and direction. (64 bytes: the style a reference, the
    /// small fields last, the status in a byte; a line of Arabic has four runs, and most lines keep their one run in
    /// place.)
    struct RunRecord: Sendable {
        /// The run's glyphs in the line's glyph numbering (visual order).
        var glyphRange: Range<Int>
        /// Where the run's glyphs start in their source arrays.
        var sourceStart: Int
        /// The pen position at the run's left edge.
        var x: CGFloat
        var stringRange: Range<Int>
        /// The font, attributes, baseline shift and insertion. Unretained: the line keeps it alive (through the
        /// paragraph's items or `LineStorage.owners`), so copying a record — which every question about a run does —
        /// counts no references on an object that every line of a text shares and that threads laying out at once
        /// would pass between cores.
        unowned(unsafe) var style: RunStyle
        var level: UInt8
        var source: GlyphSource
        private var statusBits: UInt8
        var status: RunStatus {
            get { RunStatus(rawValue: Int(statusBits)) }
            set { statusBits = UInt8(truncatingIfNeeded: newValue.rawValue) }
        }

        init(glyphRange: Range<Int>, source: GlyphSource, sourceStart: Int, x: CGFloat, stringRange: Range<Int>,
             style: RunStyle, level: UInt8, status: RunStatus) {
            self.glyphRange = glyphRange
            self.sourceStart = sourceStart
            self.x = x
            self.stringRange = stringRange
            self.style = style
            self.level = level
            self.source = source
            statusBits = UInt8(truncatingIfNeeded: status.rawValue)
        }

        /// Whether the glyphs are vertical forms standing upright in the line (see `Run.isVertical`): their metrics
        /// across the line are half the font's height either side, and each is drawn turned a quarter counter-clockwise.
        var isUpright: Bool { sharedAttributes.value.verticalForms && !status.contains(.rotated) && runDelegate == nil }

        var font: Font { style.font }
        var sharedAttributes: SharedAttributes { style.sharedAttributes }
        var baselineShift: CGFloat { style.baselineShift }
        var insertion: Insertion? { style.insertion }
        var attributes: StringAttributes { sharedAttributes.value }
        /// The run delegate, read in place (`attributes` copies the whole value).
        var runDelegate: RunDelegate? { sharedAttributes.value.runDelegate }
        var isDelegate: Bool { runDelegate != nil }
        /// Unshifted metrics (the delegate's for run-delegate runs; for upright vertical forms, half the font's
        /// height either side of the column's centre line, `Font.halfHeight`).
        var ascent: CGFloat { runDelegate?.ascent ?? (isUpright ? font.halfHeight : font.ascent) }
        var descent: CGFloat { runDelegate?.descent ?? (isUpright ? font.halfHeight : font.descent) }
        var leading: CGFloat { isDelegate ? 0 : font.leading }

        /// The source index of a line glyph index inside the run.
        @inline(__always) func sourceIndex(_ glyph: Int) -> Int { sourceStart + glyph - glyphRange.lowerBound }
    }

    /// A line's runs: most lines have one, kept in place (one allocation a line fewer than an array).
    struct Runs: RandomAccessCollection, MutableCollection, Sendable {
        private enum Storage: Sendable {
            case one(RunRecord)
            case many([RunRecord])
        }

        private var storage: Storage

        init(_ runs: [RunRecord]) { storage = runs.count == 1 ? .one(runs[0]) : .many(runs) }
        init(_ run: RunRecord) { storage = .one(run) }

        var startIndex: Int { 0 }
        var endIndex: Int {
            switch storage {
            case .one: return 1
            case .many(let runs): return runs.count
            }
        }

        subscript(position: Int) -> RunRecord {
            get {
                switch storage {
                case .one(let run):
                    precondition(position == 0, "run index out of range")
                    return run
                case .many(let runs): return runs[position]
                }
            }
            set {
                switch storage {
                case .one:
                    precondition(position == 0, "run index out of range")
                    storage = .one(newValue)
                case .many(var runs):
                    storage = .many([])  // (so the array stays uniquely referenced)
                    runs[position] = newValue
                    storage = .many(runs)
                }
            }
        }
    }

    /// A shaped item for a line, with where its glyphs are (`item.glyphRange` indexes that source).
    struct Piece {
        var item: ShapedParagraph.Item
        var source: GlyphSource
        /// Known to be in visual order without looking: a slice of a paragraph item whose clusters are in order, shown
        /// in the item's own direction.
        var isInOrder = false
    }

    let paragraph: ShapedParagraph
    let stringRange: Range<Int>
    /// Glyphs the paragraph does not have (see the type's description).
    var lineGlyphs: GlyphArrays { extras?.glyphs ?? GlyphArrays() }
    /// The line's own glyphs and `owners`; nil when it has neither (most lines: 8 bytes instead of six empty arrays).
    private let extras: LineExtras?
    let runs: Runs
    /// The styles of inserted runs (a hyphen, a truncation token) and of runs given other attributes (drawing
    /// attributes, font expansion), which the paragraph does not hold; every other run's is a paragraph item's
    /// (`LineBuilder` cuts and reshapes items but never changes their style), which `paragraph` keeps alive. Empty
    /// for most lines.
    private var owners: [RunStyle] { extras?.owners ?? [] }
    /// The number of glyphs: where the last run's end (the runs' glyphs follow each other from 0).
    var glyphCount: Int { runs.isEmpty ? 0 : runs[runs.count - 1].glyphRange.upperBound }
    let width: CGFloat
    /// The caret table, built on the first caret or hit-testing question (layout alone never needs it), then kept.
    /// An atomic reference, not a lock: a line costs no allocation for it until asked, and two threads asking at
    /// once both build the same table, of which the first stored is kept.
    private let caretCache = AtomicLazyReference<CaretTableBox>()

    /// A line showing every item of `paragraph` (the whole text as one line).
    convenience init(paragraph: ShapedParagraph) {
        self.init(paragraph: paragraph, stringRange: paragraph.range,
                  pieces: paragraph.items.map { Piece(item: $0, source: .paragraph) }, lineGlyphs: GlyphArrays())
    }

    /// A line from pieces in logical order.
    init(paragraph: ShapedParagraph, stringRange: Range<Int>, pieces: [Piece], lineGlyphs: GlyphArrays) {
        self.paragraph = paragraph
        self.stringRange = stringRange
        var runs: [RunRecord] = []
        runs.reserveCapacity(pieces.count)
        var pen: CGFloat = 0
        var count = 0
        var owners: [RunStyle] = []
        BidiLevels.withVisualOrder(count: pieces.count, level: { pieces[$0].item.item.level }) { order in
            for offset in order {
                let piece = pieces[Int(offset)]
                if piece.item.insertion != nil { owners.append(piece.item.style) }
                let run = Self.run(piece, firstGlyph: count, x: pen, paragraph: paragraph, lineGlyphs: lineGlyphs)
                runs.append(run.record)
                pen += run.width
                count = run.record.glyphRange.upperBound
            }
        }
        extras = LineExtras(glyphs: lineGlyphs, owners: owners)
        self.runs = Runs(runs)
        self.width = pen
        _checkInvariants()
    }

    /// Part of a paragraph item that a line shows with the paragraph's glyphs: the item's index, its glyphs in the
    /// line, the part of the line's text, and its level there (after rule L1).
    struct Slice {
        var item: Int
        var glyphs: Range<Int>
        var string: Range<Int>
        var level: UInt8
    }

    /// A line of paragraph glyphs only: `slices` in string order (one for most lines: pass a `CollectionOfOne`, and
    /// no array is made), which the runs show in visual order — string order at one even level, reversed at one odd
    /// level, reordered by rule L2 where levels differ. (The items are read in place: copies would retain their fonts
    /// and attributes.)
    init(paragraph: ShapedParagraph, stringRange: Range<Int>, slices: some RandomAccessCollection<Slice>) {
        self.paragraph = paragraph
        self.stringRange = stringRange
        extras = nil
        let noLineGlyphs = GlyphArrays()  // (made once a line, not once a run)
        func run(_ slice: Slice, firstGlyph: Int, x: CGFloat) -> (record: RunRecord, width: CGFloat) {
            Self.run(style: paragraph.items[slice.item].style, isSideways: paragraph.items[slice.item].item.isSideways,
                     glyphRange: slice.glyphs, stringRange: slice.string, level: slice.level,
                     source: .paragraph, isInOrder: paragraph.items[slice.item].slicesAreInOrder(atLevel: slice.level),
                     firstGlyph: firstGlyph, x: x, paragraph: paragraph, lineGlyphs: noLineGlyphs)
        }
        if slices.count == 1, let slice = slices.first {
            let made = run(slice, firstGlyph: 0, x: 0)
            runs = Runs(made.record)
            width = made.width
        } else {
            var records: [RunRecord] = []
            records.reserveCapacity(slices.count)
            var pen: CGFloat = 0
            var count = 0
            BidiLevels.withVisualOrder(count: slices.count, level: { slices[slices.index(slices.startIndex, offsetBy: $0)].level }) { order in
                for offset in order {
                    let made = run(slices[slices.index(slices.startIndex, offsetBy: Int(offset))], firstGlyph: count, x: pen)
                    records.append(made.record)
                    pen += made.width
                    count = made.record.glyphRange.upperBound
                }
            }
            runs = Runs(records)
            width = pen
        }
        _checkInvariants()
    }

    /// The run a piece makes when its glyphs start at line glyph `firstGlyph` and pen position `x`, and its width.
    private static func run(_ piece: Piece, firstGlyph: Int, x: CGFloat, paragraph: ShapedParagraph, lineGlyphs: GlyphArrays)
        -> (record: RunRecord, width: CGFloat)
    {
        run(style: piece.item.style, isSideways: piece.item.item.isSideways, glyphRange: piece.item.glyphRange,
            stringRange: piece.item.item.range, level: piece.item.item.level,
            source: piece.source, isInOrder: piece.isInOrder, firstGlyph: firstGlyph, x: x, paragraph: paragraph,
            lineGlyphs: lineGlyphs)
    }

    /// The run showing `glyphRange` (in `source`) of an item of `style` as `stringRange` at `level`; `isInOrder`: the
    /// glyphs are known to be in visual order (else they are looked at). (The item's style and flag are passed, not the
    /// item: passing an item out of the paragraph's array copies it, retaining its font and style.)
    @inline(__always)
    private static func run(style: RunStyle, isSideways: Bool, glyphRange: Range<Int>, stringRange: Range<Int>,
                            level: UInt8, source: GlyphSource, isInOrder: Bool = false, firstGlyph: Int, x: CGFloat,
                            paragraph: ShapedParagraph, lineGlyphs: GlyphArrays) -> (record: RunRecord, width: CGFloat)
    {
        let rightToLeft = level & 1 == 1
        let width: CGFloat
        let inOrder: Bool
        // (The paragraph's arrays are read in place: a copy would retain each of them.)
        if source == .paragraph {
            width = paragraph.glyphs.advanceSum(glyphRange)
            inOrder = isInOrder || paragraph.glyphs.isMonotonic(glyphRange, rightToLeft: rightToLeft)
        } else {
            width = lineGlyphs.advanceSum(glyphRange)
            inOrder = lineGlyphs.isMonotonic(glyphRange, rightToLeft: rightToLeft)
        }
        var status: RunStatus = rightToLeft ? [.rightToLeft] : []
        if !inOrder { status.insert(.nonMonotonic) }
        if style.font.matrix != AffineTransform() { status.insert(.hasNonIdentityMatrix) }
        if style.sharedAttributes.value.verticalForms {
            if !Shaper.isVertical(isSideways: isSideways, rightToLeft: rightToLeft, verticalForms: true) {
                status.insert(.rotated)
            } else if style.sharedAttributes.value.runDelegate == nil {
                status.insert(.hasNonIdentityMatrix)  // (the quarter turn: see `RunRecord.isUpright`)
            }
        }
        let record = RunRecord(
            glyphRange: firstGlyph..<(firstGlyph + glyphRange.count), source: source,
            sourceStart: glyphRange.lowerBound, x: x, stringRange: stringRange,
            style: style, level: level, status: status)
        return (record, width)
    }

    /// A copy of a line with other advances (justification, font expansion), indexed by line glyph: the glyphs move
    /// to the line's own arrays; positions and width follow, runs stay. A `glyphScale` other than 1 (font expansion,
    /// whose advances the caller has scaled) also scales the glyphs' x offsets and gives each run but a run
    /// delegate's the font with that horizontal scale in its matrix, so that drawing scales the outlines alike.
    init(_ other: LineStorage, advances newAdvances: [CGFloat], glyphScale scale: CGFloat = 1) {
        paragraph = other.paragraph
        stringRange = other.stringRange
        var owners = other.owners
        let copy = Self.ownCopy(of: other) { run, _, glyphs, copied in
            if scale != 1, !run.isDelegate {
                glyphs.scaleOffsetsX(copied, by: scale)
                let (font, shared) = ExpandedRunStyles.style(font: run.font, attributes: run.sharedAttributes, scale: scale)
                let style = run.style.with(font: font, attributes: shared)
                owners.append(style)
                run.style = style
            }
            return Array(newAdvances[run.glyphRange])
        }
        extras = LineExtras(glyphs: copy.glyphs, owners: owners)
        runs = copy.runs
        width = copy.width
        _checkInvariants()
    }

    /// Which inserted runs the line has (a hyphen, a truncation token), in one pass over its runs.
    var insertionKinds: (hyphen: Bool, truncationToken: Bool) {
        var kinds = (hyphen: false, truncationToken: false)
        for position in runs.indices {
            guard let insertion = runs[position].style.insertion else { continue }
            if insertion.kind == .hyphen { kinds.hyphen = true } else { kinds.truncationToken = true }
        }
        return kinds
    }

    /// A line of the paragraph before an edit shown from the edited one, which kept its glyphs and their styles
    /// (`ShapedParagraph.kept`): in place (shifts 0) or moved with the text after the edit — runs reading the
    /// paragraph's glyphs read them `glyphShift` further on, and every string index moves by `unitShift`. The
    /// caller has checked that every glyph the line reads is kept; runs, pen positions and width are the line's.
    init(rebasing other: LineStorage, onto paragraph: ShapedParagraph, unitShift: Int, glyphShift: Int) {
        self.paragraph = paragraph
        stringRange = (other.stringRange.lowerBound + unitShift)..<(other.stringRange.upperBound + unitShift)
        width = other.width
        var runs = other.runs
        if unitShift != 0 || glyphShift != 0 {
            for position in runs.indices {
                runs[position].stringRange = (runs[position].stringRange.lowerBound + unitShift)..<(runs[position].stringRange.upperBound + unitShift)
                if runs[position].source == .paragraph { runs[position].sourceStart += glyphShift }
            }
        }
        self.runs = runs
        if unitShift != 0, let extras = other.extras, extras.glyphs.count > 0 {
            // (A line's own glyphs count their string indices from its paragraph's start or, for edges shaped again,
            // from the line's own start, which moves with it: found by the editing fuzzer.)
            var glyphs = GlyphArrays(base: max(extras.glyphs.base + min(unitShift, 0), 0))
            glyphs.reserve(extras.glyphs.count)
            glyphs.append(contentsOf: extras.glyphs, 0..<extras.glyphs.count, shiftedBy: unitShift)
            self.extras = LineExtras(glyphs: glyphs, owners: extras.owners)
        } else {
            extras = other.extras
        }
        _checkInvariants()
    }

    /// `other`'s glyphs copied into a line's own arrays run by run (indices relative to the paragraph's start, as it
    /// stores them, so they copy over wholesale), each run moved to them; `advances` gives a run's new advances (it
    /// may change the run, and the copied glyphs in the given range). Positions and width follow the advances as
    /// stored, so that they add up.
    private static func ownCopy(
        of other: LineStorage, advances: (_ run: inout RunRecord, _ source: GlyphArrays, _ glyphs: inout GlyphArrays, _ copied: Range<Int>) -> [CGFloat]
    ) -> (glyphs: GlyphArrays, runs: Runs, width: CGFloat) {
        var glyphs = GlyphArrays(base: other.paragraph.glyphs.base)
        glyphs.reserve(other.glyphCount)
        var runs = other.runs
        var pen: CGFloat = 0
        for position in runs.indices {
            var run = runs[position]
            let source = other.source(of: run)
            let start = glyphs.count
            glyphs.append(contentsOf: source, run.sourceIndex(run.glyphRange.lowerBound)..<run.sourceIndex(run.glyphRange.upperBound))
            let newAdvances = advances(&run, source, &glyphs, start..<glyphs.count)
            run.source = .line
            run.sourceStart = start
            run.x = pen
            runs[position] = run
            pen += glyphs.setAdvances(from: start, newAdvances[...])
        }
        return (glyphs, runs, pen)
    }

    /// A copy of a line with drawing attributes laid over string ranges (`Line.applyingRenderingAttributes`): a run
    /// that a range's edge crosses is cut between its glyphs there, each glyph going with the range that holds its
    /// string index (a cluster with its first character); glyphs, pen positions and width stay. Where ranges overlap,
    /// the later one applies. Inserted runs (a hyphen, a truncation token) stay as they are.
    init(_ other: LineStorage, overlaying spans: [(range: Range<Int>, apply: (inout StringAttributes) -> Void)]) {
        paragraph = other.paragraph
        stringRange = other.stringRange
        width = other.width
        var owners = other.owners
        var runs: [RunRecord] = []
        for run in other.runs {
            let touching = spans.indices.filter { spans[$0].range.overlaps(run.stringRange) }
            guard run.insertion == nil, !touching.isEmpty else {
                runs.append(run)
                continue
            }
            let source = other.source(of: run)
            // Where pieces of the run's text start: its start and every range edge inside it.
            var cuts = [run.stringRange.lowerBound]
            for index in touching {
                for edge in [spans[index].range.lowerBound, spans[index].range.upperBound]
                where edge > run.stringRange.lowerBound && edge < run.stringRange.upperBound { cuts.append(edge) }
            }
            cuts.sort()
            func span(ofGlyph glyph: Int) -> Int? {
                let index = source.stringIndex(run.sourceIndex(glyph))
                return touching.last { spans[$0].range.contains(index) }
            }
            var start = run.glyphRange.lowerBound
            var pen = run.x
            while start < run.glyphRange.upperBound {
                let current = span(ofGlyph: start)
                var end = start
                var width: CGFloat = 0
                var lowest = Int.max, highest = Int.min
                while end < run.glyphRange.upperBound, end == start || span(ofGlyph: end) == current {
                    let index = source.stringIndex(run.sourceIndex(end))
                    lowest = min(lowest, index)
                    highest = max(highest, index)
                    width += source.advance(run.sourceIndex(end))
                    end += 1
                }
                var piece = run
                piece.glyphRange = start..<end
                piece.sourceStart = run.sourceIndex(start)
                piece.x = pen
                let lower = cuts.last { $0 <= lowest } ?? run.stringRange.lowerBound
                let upper = cuts.first { $0 > highest } ?? run.stringRange.upperBound
                piece.stringRange = lower..<max(upper, lower)
                if let current {
                    var value = run.attributes
                    spans[current].apply(&value)
                    let style = run.style.with(font: run.font, attributes: SharedAttributes(value))
                    owners.append(style)
                    piece.style = style
                }
                runs.append(piece)
                pen += width
                start = end
            }
        }
        extras = LineExtras(glyphs: other.lineGlyphs, owners: owners)
        self.runs = Runs(runs)
        _checkInvariants()
    }

    /// Checks the line (`InternalChecks`): runs in visual order whose glyph ranges are contiguous from 0 to the
    /// glyph count, each inside its source arrays, pen positions adding up to the width; and the rule the records'
    /// `unowned(unsafe)` style rests on: every run's style is kept alive by this storage, through the paragraph's
    /// items or `owners`.
    func _checkInvariants() {
        #if GALLEY_INTERNAL_CHECKS
        lineGlyphs._checkInvariants()
        var glyph = 0
        var pen: CGFloat = 0
        for (index, run) in runs.enumerated() {
            precondition(run.glyphRange.lowerBound == glyph, "run \(index)'s glyphs start at \(run.glyphRange.lowerBound), not \(glyph)")
            let sourceCount = source(of: run).count
            precondition(run.sourceStart >= 0 && run.sourceStart + run.glyphRange.count <= sourceCount,
                         "run \(index) reads glyphs \(run.sourceStart)..<\(run.sourceStart + run.glyphRange.count) of \(sourceCount)")
            precondition(run.x == pen || abs(run.x - pen) <= LayoutTolerance.position * max(1, abs(pen)),
                         "run \(index) at x \(run.x), its pen at \(pen)")
            let kept = paragraph.items.contains { $0.style === run.style } || owners.contains { $0 === run.style }
            precondition(kept, "run \(index)'s style is not kept alive by the line")
            pen += source(of: run).advanceSum(run.sourceIndex(run.glyphRange.lowerBound)..<run.sourceIndex(run.glyphRange.upperBound))
            glyph = run.glyphRange.upperBound
        }
        precondition(glyph == glyphCount, "runs hold \(glyph) glyphs of \(glyphCount)")
        precondition(abs(pen - width) <= LayoutTolerance.position * max(1, abs(width)) || !width.isFinite, "advances sum to \(pen), width \(width)")
        #endif
    }

    // MARK: Glyph access

    /// The arrays a run's glyphs are in.
    @inline(__always) func source(of run: RunRecord) -> GlyphArrays {
        run.source == .paragraph ? paragraph.glyphs : lineGlyphs
    }

    /// Calls `body` with each glyph of a run range (line glyph indices, clamped to the run): the index, the glyph's
    /// source arrays and its index there, and its pen position (the advance sum before it from the line's start).
    @inline(__always)
    func forEachGlyph(ofRun runIndex: Int, in range: Range<Int>? = nil,
                      _ body: (_ glyph: Int, _ source: GlyphArrays, _ sourceIndex: Int, _ pen: CGFloat) -> Void) {
        let run = runs[runIndex]
        let source = self.source(of: run)
        let range = range.map { $0.clamped(to: run.glyphRange) } ?? run.glyphRange
        var pen = run.x
        for glyph in run.glyphRange.lowerBound..<range.lowerBound { pen += source.advance(run.sourceIndex(glyph)) }
        for glyph in range {
            let index = run.sourceIndex(glyph)
            body(glyph, source, index, pen)
            pen += source.advance(index)
        }
    }

    /// Every glyph's id, advance and string index in line order (for building tables; copies).
    func flattened() -> (glyphs: [Glyph], advances: [CGFloat], stringIndices: [Int]) {
        (collect { $0.glyph($1) }, collect { $0.advance($1) }, collect { $0.stringIndex($1) })
    }

    /// One value per glyph in line order, written straight into the array's storage.
    func collect<Value>(_ value: (GlyphArrays, Int) -> Value) -> [Value] {
        [Value](uninitializedCapacity: glyphCount) { buffer, count in
            for run in runs {
                let source = self.source(of: run)
                for glyph in run.glyphRange { buffer.initializeElement(at: glyph, to: value(source, run.sourceIndex(glyph))) }
            }
            count = glyphCount
        }
    }

    var caret: CaretTable {
        if let cached = caretCache.load() { return cached.table }
        let flat = flattened()
        let table = CaretTable(
            runs: runs, glyphs: flat.glyphs, advances: flat.advances, stringIndices: flat.stringIndices,
            graphemes: paragraph.graphemes, stringRange: stringRange)
        return caretCache.storeIfNil(CaretTableBox(table: table)).table
    }

    // MARK: Metrics

    /// Maximum ascent, descent and leading over the runs, with or without baseline shifts. With no runs,
    /// the default font's (or zero).
    func metrics(shifted: Bool) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        guard !runs.isEmpty else {
            let font = paragraph.text.attributes(at: stringRange.lowerBound).font
            return (font?.ascent ?? 0, font?.descent ?? 0, font?.leading ?? 0)
        }
        var ascent = -CGFloat.infinity
        var descent = -CGFloat.infinity
        var leading: CGFloat = 0
        for run in runs {
            let shift = shifted ? run.baselineShift : 0
            ascent = max(ascent, run.ascent + shift)
            descent = max(descent, run.descent - shift)
            leading = max(leading, run.leading)
        }
        // The line grows to hold its rubies (most paragraphs have none: not even a slice is made then).
        if !paragraph.rubies.isEmpty { addRubies(to: &ascent, &descent) }
        return (max(ascent, 0), max(descent, 0), leading)
    }

    /// Grows an ascent and a descent to hold the line's rubies.
    private func addRubies(to ascent: inout CGFloat, _ descent: inout CGFloat) {
        for ruby in rubies {
            if let line = ruby.before {
                let bounds = line.typographicBounds
                ascent = max(ascent, ruby.baseAscent + bounds.descent + bounds.ascent)
            }
            if let line = ruby.after {
                let bounds = line.typographicBounds
                descent = max(descent, ruby.baseDescent + bounds.ascent + bounds.descent)
            }
            if let line = ruby.inline {
                let bounds = line.typographicBounds
                ascent = max(ascent, bounds.ascent)
                descent = max(descent, bounds.descent)
            }
            if let line = ruby.column {
                let (top, bottom) = ruby.columnExtent(length: line.typographicBounds.width)
                ascent = max(ascent, top)
                descent = max(descent, -bottom)
            }
        }
    }

    /// Ink bounds of a glyph range, relative to the line origin; `.null` when nothing has ink.
    func imageBounds(glyphs range: Range<Int>, runIndex: Int? = nil) -> CGRect {
        var result = CGRect.null
        for run in runIndex.map({ [$0] }) ?? Array(runs.indices) {
            let record = runs[run]
            guard !record.isDelegate, record.glyphRange.overlaps(range) else { continue }
            forEachGlyph(ofRun: run, in: range) { _, source, index, pen in
                guard var extents = record.font.inkExtents(of: source.glyph(index)) else { return }
                if record.isUpright { extents = LineStorage.turnedUpright(extents) }
                let offset = source.offset(index)
                result = result.union(extents.offsetBy(dx: pen + offset.x, dy: offset.y + record.baselineShift))
            }
        }
        return result
    }

    /// The paragraph's rubies whose bases are in this line (a base never breaks, so it is wholly in one line).
    var rubies: ArraySlice<RubyPlacement> {
        let all = paragraph.rubies
        guard !all.isEmpty else { return [] }
        let first = all.partitioningIndex { $0.base.upperBound > stringRange.lowerBound }
        var last = first
        while last < all.count, all[last].base.lowerBound < stringRange.upperBound { last += 1 }
        return all[first..<last]
    }

    /// A glyph's box as an upright vertical form is drawn in its line: turned a quarter counter-clockwise about its
    /// origin, (x, y) ↦ (−y, x), so that the line turned a quarter clockwise shows it upright.
    static func turnedUpright(_ box: CGRect) -> CGRect {
        CGRect(x: -box.maxY, y: box.minX, width: box.height, height: box.width)
    }

    /// The matrix an upright vertical form is drawn with in its line (see `turnedUpright`), after the font's.
    static func uprightMatrix(after fontMatrix: AffineTransform) -> AffineTransform {
        // (x, y) ↦ F(x, y), then ↦ (−y, x).
        AffineTransform(m11: -fontMatrix.m12, m12: fontMatrix.m11, m21: -fontMatrix.m22, m22: fontMatrix.m21,
                        tX: -fontMatrix.tY, tY: fontMatrix.tX)
    }

    /// Where the whitespace at the logical end of the line starts (the line's end when there is none): after the
    /// last character that ends the hanging run (`CharacterClasses.trailingRole`).
    var trailingWhitespaceStart: Int {
        let units = paragraph.text.units
        var start = stringRange.upperBound
        while start > stringRange.lowerBound, CharacterClasses.trailingRole(units[start - 1]) != .ends { start -= 1 }
        return start
    }
}

/// A line's own glyphs and the objects its runs need kept alive, on the heap only for lines that have either.
private final class LineExtras: Sendable {
    let glyphs: GlyphArrays
    let owners: [RunStyle]

    /// Nil when there are neither glyphs nor owners.
    init?(glyphs: GlyphArrays, owners: [RunStyle]) {
        guard glyphs.count > 0 || !owners.isEmpty else { return nil }
        self.glyphs = glyphs
        self.owners = owners
    }
}

/// A built caret table (a box keeps the cache in a line 8 bytes wide until the first caret question).
private final class CaretTableBox: Sendable {
    let table: CaretTable

    init(table: CaretTable) { self.table = table }
}
