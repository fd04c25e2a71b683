internal import CUnicode
import Foundation

/// Makes the `Line` for a range of a shaped paragraph: applies bidi rule L1 for the line, cuts the paragraph's
/// items at the line's edges, reuses their glyphs where HarfBuzz says a cut is safe and reshapes the edge pieces
/// where it is not (with only the line's text as context), places tab stops, and orders the pieces visually.
struct LineBuilder {
    let paragraph: ShapedParagraph

    var text: AttributedText { paragraph.text }

    /// A piece of the line: part of an item, with its level after rule L1.
    private struct Piece {
        var item: ShapedParagraph.Item
        var range: Range<Int>
        var level: UInt8
    }

    func build(_ range: Range<Int>, offset: CGFloat) -> LineStorage {
        guard !range.isEmpty, !paragraph.hasTabs else { return build(showing: [range], of: range, offset: offset) }
        let index = paragraph.items.partitioningIndex { $0.item.range.upperBound > range.lowerBound }
        if paragraph.levels.all(range, at: paragraph.levels.paragraphLevel) {
            // Most lines: no level changes inside them, nothing for rule L1 or tabs to change, and each item at its own
            // level (a cluster that began before the line keeps its first character's, as `pieces` has it). One item's
            // glyphs, cut where no reshaping is needed (read in place, field by field: a copy would retain its font and
            // attributes)...
            if index < paragraph.items.count, paragraph.items[index].item.range.lowerBound <= range.lowerBound,
                paragraph.items[index].item.range.upperBound >= range.upperBound,
                let slice = safeSlice(paragraph.items[index].glyphRange, of: paragraph.items[index].item.range,
                                      rightToLeft: paragraph.items[index].item.isRightToLeft,
                                      monotonic: paragraph.items[index].clustersAreMonotonic, range)
            {
                let only = LineStorage.Slice(item: index, glyphs: slice, string: range, level: paragraph.items[index].item.level)
                return checked(LineStorage(paragraph: paragraph, stringRange: range, slices: CollectionOfOne(only)), range, offset)
            }
            // ... or several items' glyph slices.
            if let line = withSafeSlices(range, from: index, levels: nil, { LineStorage(paragraph: paragraph, stringRange: range, slices: $0) }) {
                return checked(line, range, offset)
            }
        } else if let levels = lineLevelRuns(range),
                  let line = withSafeSlices(range, from: index, levels: levels, { LineStorage(paragraph: paragraph, stringRange: range, slices: $0) }) {
            // Mixed levels (Arabic with Latin or digits, Hebrew with numbers): the same slices, cut where the line's
            // levels change too, then ordered visually.
            return checked(line, range, offset)
        }
        return build(showing: [range], of: range, offset: offset)
    }

    /// In builds with internal checks, a line made from slices must be the line the general path makes: the same runs
    /// (glyphs, where they come from, pen positions, text, level, status, style) and width.
    @inline(__always)
    private func checked(_ line: LineStorage, _ range: Range<Int>, _ offset: CGFloat) -> LineStorage {
        #if GALLEY_INTERNAL_CHECKS
        let general = build(showing: [range], of: range, offset: offset)
        precondition(line.width == general.width && line.runs.count == general.runs.count,
                     "slices of \(range) give \(line.runs.count) runs \(line.width) wide, the general path \(general.runs.count) \(general.width) wide")
        for (mine, theirs) in zip(line.runs, general.runs) {
            precondition(mine.glyphRange == theirs.glyphRange && mine.source == theirs.source && mine.sourceStart == theirs.sourceStart
                         && mine.x == theirs.x && mine.stringRange == theirs.stringRange && mine.level == theirs.level
                         && mine.status == theirs.status && mine.style === theirs.style,
                         "slices of \(range) give run \(mine.stringRange) at level \(mine.level), the general path \(theirs.stringRange) at \(theirs.level)")
        }
        #endif
        return line
    }

    /// The items reaching into `range` from item `first` on, each with its glyphs there, the part of `range` it shows and
    /// its level, split where `levels` (runs in logical order: each one's end and level, the last ending at the range's
    /// end) change — nil: each item at its own level — when every cut is safe (nil at the first that is not).
    /// (Made in temporary storage, on the stack for a line's few, and given to `body`: no array a line.)
    private func withSafeSlices(_ range: Range<Int>, from first: Int, levels: [(end: Int, level: UInt8)]?,
                                _ body: (UnsafeBufferPointer<LineStorage.Slice>) -> LineStorage) -> LineStorage? {
        let items = paragraph.items
        // (Room for a piece of every item the range reaches at every level run.)
        let itemCount = items[first...].partitioningIndex { $0.item.range.lowerBound >= range.upperBound } - first
        return withUnsafeTemporaryAllocation(of: LineStorage.Slice.self, capacity: max(itemCount + (levels?.count ?? 0), 1)) { room in
            var count = 0
            guard safeSlices(range, from: first, levels: levels, into: room, count: &count), count > 0 else { return nil }
            return body(UnsafeBufferPointer(rebasing: room[..<count]))
        }
    }

    /// Writes the slices to `slices` (room for every piece), counting them; false at the first unsafe cut.
    private func safeSlices(_ range: Range<Int>, from first: Int, levels: [(end: Int, level: UInt8)]?,
                            into slices: UnsafeMutableBufferPointer<LineStorage.Slice>, count: inout Int) -> Bool {
        let items = paragraph.items
        var index = first
        var run = 0
        while index < items.count, items[index].item.range.lowerBound < range.upperBound {
            let itemRange = items[index].item.range
            var start = max(itemRange.lowerBound, range.lowerBound)
            let end = min(itemRange.upperBound, range.upperBound)
            while start < end {
                var pieceEnd = end
                var level = items[index].item.level
                if let levels {
                    while levels[run].end <= start { run += 1 }
                    pieceEnd = min(end, levels[run].end)
                    level = levels[run].level
                }
                guard let slice = safeSlice(items[index].glyphRange, of: itemRange, rightToLeft: items[index].item.isRightToLeft,
                                            monotonic: items[index].clustersAreMonotonic, start..<pieceEnd)
                else { return false }
                guard count < slices.count else { return false }  // (never: the room counts every piece)
                slices.initializeElement(at: count, to: LineStorage.Slice(item: index, glyphs: slice, string: start..<pieceEnd, level: level))
                count += 1
                start = pieceEnd
            }
            index += 1
        }
        return true
    }

    /// The line's levels after rule L1 (see `lineLevels`) as runs in logical order — each one's end and level, the last
    /// ending at the range's end — read from the paragraph's runs of levels with L1's resets laid over them, not unit
    /// by unit; nil where a level would change inside a grapheme cluster (`lineLevels` evens those out).
    private func lineLevelRuns(_ range: Range<Int>) -> [(end: Int, level: UInt8)]? {
        let levels = paragraph.levels
        let resets = ruleL1Resets(range)
        var runs: [(end: Int, level: UInt8)] = []
        runs.reserveCapacity(8)
        func append(_ end: Int, _ level: UInt8) {
            if let last = runs.last, last.level == level { runs[runs.count - 1].end = end } else { runs.append((end, level)) }
        }
        var index = range.lowerBound
        var next = resets.count - 1  // (the resets come last first)
        while index < range.upperBound {
            if next >= 0, index >= resets[next].range.lowerBound {
                append(resets[next].range.upperBound, resets[next].level)
                index = resets[next].range.upperBound
                next -= 1
                continue
            }
            let run = levels.run(at: index)
            index = min(run.end, range.upperBound, next >= 0 ? resets[next].range.lowerBound : Int.max)
            append(index, run.level)
        }
        // Every change of level must fall between grapheme clusters.
        let boundaries = paragraph.graphemes
        if runs.count > 1, boundaries.everyUnit == nil {
            for run in runs.dropLast() {
                let after = boundaries.firstIndex(after: run.end)
                guard after > 0, boundaries[after - 1] == run.end else { return nil }
            }
        }
        return runs
    }

    /// Where rule L1 gives units of a line another level than the paragraph resolved, last first: the whitespace and
    /// isolates before the line's end (inside the paragraph: ICU applied L1 at the paragraph's own end) take the
    /// paragraph's level, and those before a segment or paragraph separator take the separator's, which ICU resolved to
    /// the level of the paragraph it is in (a line made across paragraphs has several). Separators are looked for only
    /// from the paragraph's first (`ShapedParagraph.firstSeparator`); most lines have one reset, their trailing space.
    private func ruleL1Resets(_ range: Range<Int>) -> [(range: Range<Int>, level: UInt8)] {
        var resets: [(range: Range<Int>, level: UInt8)] = []
        let units = text.units
        var level: UInt8? = range.upperBound < paragraph.range.upperBound ? paragraph.levels.paragraphLevel : nil
        var end = range.upperBound
        var separator = end
        let firstSeparator = max(paragraph.firstSeparator, range.lowerBound)
        while true {
            // The separator before `end` nearest to it, if any.
            separator = end - 1
            while separator >= firstSeparator, !CharacterClasses.separatesBidiSegments(units[separator]) { separator -= 1 }
            let stop = separator >= firstSeparator ? separator + 1 : range.lowerBound
            if let level {
                var start = end
                while start > stop, Self.isResetByRuleL1(units, at: start - 1) { start -= 1 }
                if start < end { resets.append((start..<end, level)) }
            }
            guard separator >= firstSeparator else { return resets }
            level = paragraph.levels.level(at: separator)
            end = separator
        }
    }

    /// Whether rule L1 resets the character at `index` before a line's end or a separator: whitespace, boundary
    /// neutrals and isolate controls (bidi classes WS, BN, LRI, RLI, FSI, PDI).
    private static func isResetByRuleL1(_ units: [UInt16], at index: Int) -> Bool {
        let (codePoint, _) = UnicodeScalarReader.codePoint(in: units, at: index)
        let bidiClass = galley_bidi_class(Int32(codePoint))
        return bidiClass == 9 || bidiClass == 18 || (19...22).contains(bidiClass)
    }

    /// A line for `lineRange` that shows only the parts in `shown` (ascending, inside `lineRange`), with `token`
    /// items inserted before the part at `tokenPosition` (truncation).
    func build(showing shown: [Range<Int>], of lineRange: Range<Int>, offset: CGFloat,
               token: (items: [ShapedParagraph.Item], glyphs: GlyphArrays, position: Int)? = nil) -> LineStorage {
        let (pieces, tokenPiece) = pieces(showing: shown, of: lineRange, tokenPart: token?.position)
        var assembly = Assembly(glyphs: GlyphArrays(base: lineRange.lowerBound))
        assembly.pieces.reserveCapacity(pieces.count + 1)
        var shaper: Shaper? = nil
        for (index, piece) in pieces.enumerated() {
            if index == tokenPiece, let token { assembly.append(token.items, from: token.glyphs) }
            assembly.pieces.append(linePiece(piece, lineRange: lineRange, shaper: &shaper, glyphs: &assembly.glyphs))
        }
        if let token, tokenPiece >= pieces.count { assembly.append(token.items, from: token.glyphs) }
        if paragraph.hasTabs, text.units[lineRange].contains(0x09) {
            // Tabs take advances of their own: the line keeps its own copy of every glyph.
            assembly.copyParagraphGlyphs(from: paragraph.glyphs)
            placeTabs(&assembly.glyphs, items: assembly.pieces.map(\.item), offset: offset)
        }
        return LineStorage(paragraph: paragraph, stringRange: lineRange, pieces: assembly.pieces, lineGlyphs: assembly.glyphs)
    }

    /// The line's pieces in logical order: the items reaching into each shown part, clipped to it and split where
    /// rule L1 changed the level inside an item; and the index of the piece a token goes before: the first piece of
    /// part `tokenPart` (the first of all for a part at or before the first, the end for one past the last).
    private func pieces(showing shown: [Range<Int>], of lineRange: Range<Int>, tokenPart: Int?) -> (pieces: [Piece], tokenPiece: Int) {
        let levels = lineLevels(lineRange)
        let items = paragraph.items
        var pieces: [Piece] = []
        var tokenPiece: Int? = nil
        for (partIndex, part) in shown.enumerated() {
            if tokenPart == partIndex { tokenPiece = pieces.count }
            // Items are in logical order: find the first that reaches into the part by binary search.
            var itemIndex = items.partitioningIndex { $0.item.range.upperBound > part.lowerBound }
            while itemIndex < items.count, items[itemIndex].item.range.lowerBound < part.upperBound {
                let item = items[itemIndex]
                itemIndex += 1
                let clipped = max(item.item.range.lowerBound, part.lowerBound)..<min(item.item.range.upperBound, part.upperBound)
                guard !clipped.isEmpty else { continue }
                guard let levels else {
                    pieces.append(Piece(item: item, range: clipped, level: item.item.level))
                    continue
                }
                var start = clipped.lowerBound
                while start < clipped.upperBound {
                    let level = levels[start - lineRange.lowerBound]
                    var end = start + 1
                    while end < clipped.upperBound, levels[end - lineRange.lowerBound] == level { end += 1 }
                    pieces.append(Piece(item: item, range: start..<end, level: level))
                    start = end
                }
            }
        }
        if let tokenPiece { return (pieces, tokenPiece) }
        return (pieces, (tokenPart ?? 0) <= 0 ? 0 : pieces.count)
    }

    /// A piece's glyphs: the paragraph's where cutting there is safe, else the piece reshaped with the line as
    /// context (the far side of the line's edge is not there) into the line's own arrays.
    private func linePiece(_ piece: Piece, lineRange: Range<Int>, shaper: inout Shaper?, glyphs: inout GlyphArrays) -> LineStorage.Piece {
        var item = piece.item
        var source = LineStorage.GlyphSource.paragraph
        var isInOrder = false
        if let slice = safeSlice(item.glyphRange, of: item.item.range, rightToLeft: item.item.isRightToLeft,
                                 monotonic: item.clustersAreMonotonic, piece.range) {
            item.glyphRange = slice
            isInOrder = item.slicesAreInOrder(atLevel: piece.level)
        } else {
            if shaper == nil { shaper = Shaper(text: text, context: lineRange, script: paragraph.script, generator: paragraph.glyphGenerator) }
            var textItem = item.item
            textItem.range = piece.range
            textItem.level = piece.level
            let reshaped = shaper!.shape(textItem, attributes: text.sharedRunAttributes[textItem.attributeRun].value)
            let begin = glyphs.count
            for index in reshaped.glyphRange { glyphs.append(shaper!.glyphs, index) }
            item.glyphRange = begin..<glyphs.count
            source = .line
        }
        item.item.range = piece.range
        item.item.level = piece.level
        return LineStorage.Piece(item: item, source: source, isInOrder: isInOrder)
    }

    /// A line's pieces and the glyphs it holds itself (those the paragraph does not have: reshaped edges, tokens,
    /// glyphs moved by tabs).
    private struct Assembly {
        var glyphs: GlyphArrays
        var pieces: [LineStorage.Piece] = []

        /// Inserted items (a truncation token), their glyphs copied into the line's.
        mutating func append(_ items: [ShapedParagraph.Item], from source: GlyphArrays) {
            for var item in items {
                let begin = glyphs.count
                for index in item.glyphRange { glyphs.append(source, index) }
                item.glyphRange = begin..<glyphs.count
                pieces.append(LineStorage.Piece(item: item, source: .line))
            }
        }

        /// Every piece that reads the paragraph's glyphs gets a copy of its own.
        mutating func copyParagraphGlyphs(from paragraphGlyphs: GlyphArrays) {
            for position in pieces.indices where pieces[position].source == .paragraph {
                let begin = glyphs.count
                for index in pieces[position].item.glyphRange { glyphs.append(paragraphGlyphs, index) }
                pieces[position].item.glyphRange = begin..<glyphs.count
                pieces[position].source = .line
            }
        }
    }

    /// The paragraph's levels for the line with rule L1: whitespace and isolates at the line's end, and before
    /// each tab, go back to the paragraph level, as do tabs themselves.
    /// Nil when every unit is at the paragraph's level (most lines: nothing to allocate).
    private func lineLevels(_ range: Range<Int>) -> [UInt8]? {
        let levels = paragraph.levels
        let paragraphLevel = levels.paragraphLevel
        if levels.uniform == paragraphLevel { return nil }
        // Every unit at the paragraph level: nothing for rule L1 to change.
        guard !levels.all(range, at: paragraphLevel) else { return nil }
        var result = levels.levels(in: range)
        for reset in ruleL1Resets(range) {
            for index in reset.range { result[index - range.lowerBound] = reset.level }
        }
        // A grapheme cluster keeps one level, its first character's, as the paragraph's items do: a combining mark
        // is never split from its base into a run of its own. Only where the level changes inside a cluster is there
        // anything to do (a line changes level a few times; its clusters are many).
        let boundaries = paragraph.graphemes
        if boundaries.everyUnit == nil {
            var offset = 1
            while offset < result.count {
                guard result[offset] != result[offset - 1] else {
                    offset += 1
                    continue
                }
                let index = range.lowerBound + offset
                let after = boundaries.firstIndex(after: index)  // the first boundary past `index`
                let clusterStart = max(after > 0 ? boundaries[after - 1] : range.lowerBound, range.lowerBound)
                guard clusterStart < index else {
                    offset += 1
                    continue
                }
                let clusterEnd = after < boundaries.count ? min(boundaries[after], range.upperBound) : range.upperBound
                let level = result[clusterStart - range.lowerBound]
                for inner in index..<clusterEnd { result[inner - range.lowerBound] = level }
                offset = clusterEnd - range.lowerBound
            }
        }
        return result
    }

    /// The paragraph glyphs of an item (its glyphs `all`, its text `itemRange`) that belong to `range`, when cutting
    /// there needs no reshaping: each cut falls at a cluster start HarfBuzz did not mark unsafe to break (or at the
    /// item's own edge) — and the item's string indices are monotonic, so that cutting them by index is meaningful.
    private func safeSlice(_ all: Range<Int>, of itemRange: Range<Int>, rightToLeft: Bool, monotonic: Bool, _ range: Range<Int>)
        -> Range<Int>?
    {
        // (`paragraph.glyphs` is read in place throughout: a copy would retain each of its arrays.)
        if range == itemRange { return all }
        guard monotonic else { return nil }
        // Glyphs are in visual order: cluster indices ascend (left to right) or descend (right to left).
        func firstGlyph(where predicate: (Int) -> Bool) -> Int {
            all.partitioningIndex { predicate(paragraph.glyphs.stringIndex($0)) }
        }
        let slice: Range<Int>
        if rightToLeft {
            let lower = firstGlyph { $0 < range.upperBound }
            let upper = firstGlyph { $0 < range.lowerBound }
            slice = lower..<upper
        } else {
            let lower = paragraph.glyphs.firstGlyph(atOrAfter: range.lowerBound, in: all)
            let upper = paragraph.glyphs.firstGlyph(atOrAfter: range.upperBound, in: lower..<all.upperBound)
            slice = lower..<upper
        }
        guard !slice.isEmpty else { return nil }
        // The cut at the range's start: the piece's first cluster must start there and be safe to break before.
        if range.lowerBound > itemRange.lowerBound {
            let first = rightToLeft ? slice.upperBound - 1 : slice.lowerBound
            guard paragraph.glyphs.stringIndex(first) == range.lowerBound, !paragraph.glyphs.isUnsafeToBreak(first) else { return nil }
        }
        // The cut at the range's end: the next cluster must start there and be safe to break before.
        if range.upperBound < itemRange.upperBound {
            let next = rightToLeft ? slice.lowerBound - 1 : slice.upperBound
            guard next >= all.lowerBound, next < all.upperBound, paragraph.glyphs.stringIndex(next) == range.upperBound,
                !paragraph.glyphs.isUnsafeToBreak(next)
            else { return nil }
        }
        return slice
    }

    /// Gives each tab the advance that takes the text after it to its stop: left stops start the text there, right
    /// stops end it there, centre stops centre it, and stops with column terminators put the first terminator
    /// there. Positions count from the line's leading edge plus `offset`, in logical order.
    private func placeTabs(_ glyphs: inout GlyphArrays, items: [ShapedParagraph.Item], offset: CGFloat) {
        let units = text.units
        let tabs = TabStops(paragraph.style)
        // Glyph indices in logical order (items are logical; right-to-left items hold their glyphs reversed).
        var logical: [Int] = []
        logical.reserveCapacity(glyphs.count)
        for item in items where item.insertion == nil {
            if item.item.isRightToLeft { logical.append(contentsOf: item.glyphRange.reversed()) } else {
                logical.append(contentsOf: item.glyphRange)
            }
        }
        var pen = ParagraphStyle.length(offset)
        var position = 0
        while position < logical.count {
            let glyph = logical[position]
            guard units[glyphs.stringIndex(glyph)] == 0x09 else {
                pen += glyphs.advance(glyph)
                position += 1
                continue
            }
            let stop = tabs.stop(after: pen)
            // The segment after the tab, up to the next tab or the line's end, and where its terminator is.
            var segment: CGFloat = 0
            var beforeTerminator: CGFloat? = nil
            var next = position + 1
            while next < logical.count, units[glyphs.stringIndex(logical[next])] != 0x09 {
                let index = logical[next]
                if beforeTerminator == nil, let terminators = stop.columnTerminators,
                    let scalar = Unicode.Scalar(units[glyphs.stringIndex(index)]), terminators.contains(Character(scalar))
                {
                    beforeTerminator = segment
                }
                segment += glyphs.advance(index)
                next += 1
            }
            let target: CGFloat
            switch stop.alignment {
            case .right where stop.columnTerminators != nil: target = stop.location - (beforeTerminator ?? segment)
            case .right: target = stop.location - segment
            case .center: target = stop.location - segment / 2
            default: target = stop.location
            }
            let advance = max(target - pen, 0)
            glyphs.setAdvance(glyph, advance)
            pen += glyphs.advance(glyph)
            position += 1
        }
    }
}
