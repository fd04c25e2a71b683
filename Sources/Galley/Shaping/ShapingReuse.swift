internal import CHarfBuzz
import Foundation
import Synchronization

/// An edited paragraph shaped from the paragraph before the edit: the glyphs away from the edit are copied, and only
/// a window around it goes through HarfBuzz again.
///
/// HarfBuzz marks a glyph unsafe to break when the text cannot be cut before its cluster and the two sides shaped
/// apart with the same result; where it does not, copying the glyphs on one side of the cut and shaping the other
/// gives what shaping the whole would. The window reaches from a cluster before the edit to one after it that are
/// both safe in the old shaping, with one more safe cluster of margin on each side (so the cuts lie between text the
/// edit did not change), counted from HarfBuzz's context around the edit (five characters each side: an item that
/// near the edit is reshaped at its edge, its own text unchanged), never between two regional indicators (flags pair them from the start of their run), and,
/// for items shaped word by word, at spaces. Line-break opportunities are found in a window too (`breaks`); bidi
/// levels, grapheme boundaries and items are found again for the whole paragraph: they are single passes of ICU and
/// of Galley's itemizer, cheap next to shaping, and an edit can change them far away (a strong character changes the
/// direction of the neutrals around it, up to the paragraph's ends). An item is copied or windowed only when the
/// old paragraph had an item of the same font, level, script and attributes covering its unchanged text with the
/// same ends; anything else (run delegates, clusters out of order, text shaped against its script's direction, as
/// Arabic in a left-to-right override, where HarfBuzz's flags do not hold — found by the editing fuzzer) is shaped
/// whole.
package struct ShapingReuse: Sendable {
    /// The paragraph before the edit.
    let paragraph: ShapedParagraph
    /// The range the edit replaced, in the old paragraph's text.
    let replaced: Range<Int>
    /// How many units replaced it.
    let insertedLength: Int
    /// The old paragraph's line-break opportunities and the language they were found for: the new ones are found
    /// in a window around the edit (`LineBreakOpportunities.init(_:language:reusing:replaced:insertedLength:)`).
    var breaks: (opportunities: LineBreakOpportunities, language: String?, strictness: LineBreakStrictness)? = nil
    /// The old paragraph's widths up to its opportunities: those before both the first glyph the edit changed and the
    /// window of new opportunities are taken as they are (`OpportunityWidths.init(paragraph:positions:advances:keeping:)`).
    var widths: OpportunityWidths? = nil

    var delta: Int { insertedLength - replaced.count }

    /// Items shaped from an old paragraph's glyphs so far (copied whole or windowed), in this process: for tests and
    /// benchmarks.
    static let itemsReused = Atomic<Int>(0)
    /// Where the edit's new text starts and ends in the new paragraph.
    var newRange: Range<Int> { replaced.lowerBound..<(replaced.lowerBound + insertedLength) }
}

extension Shaper {
    /// Shapes `item` of the edited paragraph from the old one's glyphs where `reuse` allows; nil when it does not
    /// (then shape it whole).
    mutating func shape(_ item: TextItem, reusing reuse: ShapingReuse) -> ShapedParagraph.Item? {
        let old = reuse.paragraph
        let delta = reuse.delta
        let edit = reuse.newRange
        let range = item.range
        let shared = text.sharedRunAttributes[item.attributeRun]
        var attributes = shared.value
        guard !spacesByNeighbours, attributes.runDelegate == nil, attributes.rubyAnnotation == nil, context == 0..<text.length,
              old.range.lowerBound == 0
        else { return nil }
        // The old item holding the item's first unchanged unit.
        let probe = range.lowerBound < edit.lowerBound ? range.lowerBound : max(range.lowerBound, edit.upperBound)
        guard probe < range.upperBound else { return nil }
        let oldProbe = probe < edit.lowerBound ? probe : probe - delta
        let found = old.items.partitioningIndex { $0.item.range.upperBound > oldProbe }
        guard found < old.items.count else { return nil }
        let oldItem = old.items[found]
        let oldRange = oldItem.item.range
        guard oldItem.insertion == nil, oldItem.clustersAreMonotonic, oldRange.contains(oldProbe), oldItem.item.font === item.font,
            oldItem.item.level == item.level, oldItem.item.script == item.script, oldItem.item.isSideways == item.isSideways,
            !item.combinesUpright, !oldItem.item.combinesUpright,
            old.text.sharedRunAttributes[oldItem.item.attributeRun].value == attributes
        else { return nil }
        let requested = attributes.font ?? item.font
        attributes.font = item.font
        let features = Self.features(attributes, font: item.font)
        let script = scriptOverride ?? ScriptRuns.harfBuzzScript(item.script)
        guard Self.followsScriptDirection(item, script: script) else { return nil }
        let extra = (attributes.kern ?? 0) + attributes.tracking
        let words = shapesWords
            ? WordShapes.shared.setup(for: item, script: script, language: attributes.language, features: features, extra: extra) : nil

        // The old item's glyphs in logical order (right-to-left glyphs are stored in visual order, reversed).
        let glyphs = old.glyphs
        let logical = oldItem.glyphRange
        let isRightToLeft = item.isRightToLeft
        func glyph(_ position: Int) -> Int { isRightToLeft ? logical.upperBound - 1 - position : logical.lowerBound + position }
        func cluster(_ position: Int) -> Int { glyphs.stringIndex(glyph(position)) }
        /// The first logical position whose cluster starts at or after old offset `offset`.
        func position(atOrAfter offset: Int) -> Int { (0..<logical.count).partitioningIndex { cluster($0) >= offset } }
        let units = text.units
        // Whether a cut before the cluster at logical `position` (new offset `new`) is safe: HarfBuzz did not mark
        // its first glyph, and for items shaped word by word it is just after a space, before a character that
        // starts a cluster.
        func isCut(_ position: Int, new: Int) -> Bool {
            guard position == 0 || cluster(position - 1) != cluster(position), !glyphs.isUnsafeToBreak(glyph(position)),
                !Self.pairsRegionalIndicators(units, at: new) else { return false }
            guard words != nil else { return true }
            return new > range.lowerBound && WordShapes.cutsWords(units[new - 1]) && !WordShapes.cutsWords(units[new])
                && !WordShapes.continuesCluster(units, at: new)
        }
        // The text the edit may have changed the shaping of, in the new item: the edit and HarfBuzz's context on each
        // side. HarfBuzz shapes an item with up to five characters around it as context (Arabic joins across a
        // joiner in the item before, marks between), so an item that the edit lies that close to changes at its
        // edge although its own text did not change (found by the editing fuzzer).
        let dirtyLower = max(Self.offset(units, from: edit.lowerBound, codePoints: -Self.harfBuzzContextLength), range.lowerBound)
        let dirtyUpper = min(Self.offset(units, from: edit.upperBound, codePoints: Self.harfBuzzContextLength), range.upperBound)
        var lower = range.lowerBound, upper = range.upperBound
        if dirtyLower >= dirtyUpper {
            // Away from the edit: the whole item, if it is the old one moved.
            let mapped = range.upperBound <= edit.lowerBound ? range : (range.lowerBound - delta)..<(range.upperBound - delta)
            guard mapped == oldRange else { return nil }
            // All of it on the side of the edit it is on: before (copied as it is), or after (moved).
            lower = range.upperBound <= edit.lowerBound ? range.upperBound : range.lowerBound
            upper = lower
        } else {
            // The second cut before the dirty text, and the second after it (offsets before the edit are the same
            // in the old text and the new).
            if dirtyLower > range.lowerBound {
                var margin = 0
                var index = position(atOrAfter: dirtyLower) - 1
                while index > 0 {
                    let start = cluster(index)
                    // (Not before the new item's start: the old item may begin earlier.)
                    if start <= range.lowerBound { break }
                    if start < dirtyLower, isCut(index, new: start) {
                        margin += 1
                        if margin == 2 {
                            lower = start
                            break
                        }
                    }
                    index -= 1
                }
                if lower > range.lowerBound, oldRange.lowerBound != range.lowerBound { return nil }
            }
            if dirtyUpper < range.upperBound {
                var margin = 0
                var index = position(atOrAfter: dirtyUpper - delta)
                while index < logical.count {
                    let new = cluster(index) + delta
                    if new > dirtyUpper, new < range.upperBound, isCut(index, new: new) {
                        margin += 1
                        if margin == 2 {
                            upper = new
                            break
                        }
                    }
                    index += 1
                }
                if upper < range.upperBound, oldRange.upperBound != range.upperBound - delta { return nil }
            }
        }
        // The old glyphs of the unchanged sides, in visual order.
        func oldGlyphs(from start: Int, to end: Int) -> Range<Int> {
            let logical = oldItem.glyphRange
            if item.isRightToLeft {
                // Descending clusters: [start, end) is the glyphs from the one after the last cluster ≥ end.
                let first = logical.partitioningIndex { glyphs.stringIndex($0) < end }
                let last = logical.partitioningIndex { glyphs.stringIndex($0) < start }
                return first..<last
            }
            let first = logical.partitioningIndex { glyphs.stringIndex($0) >= start }
            let last = logical.partitioningIndex { glyphs.stringIndex($0) >= end }
            return first..<last
        }
        let before = oldGlyphs(from: range.lowerBound, to: lower)
        let after = upper < range.upperBound ? oldGlyphs(from: upper - delta, to: range.upperBound - delta) : 0..<0
        let shift = Self.baselineShift(item, attributes: attributes, requested: requested)
        let start = self.glyphs.count
        // The old glyphs copied to the indices they had, with the units they had: the item's first side, when the
        // item starts where the old one did, at the same glyph — all of the item that comes before the window left
        // to right; right to left (its last units first) only an item wholly before the edit.
        if start == oldItem.glyphRange.lowerBound, range.lowerBound == oldRange.lowerBound {
            kept.inPlaceEnd = item.isRightToLeft ? (lower == range.upperBound ? lower : range.lowerBound) : lower
        } else {
            kept.inPlaceEnd = range.lowerBound
        }
        // The old glyphs moved with the text after the edit: the side after the window, from its end on (the whole
        // item when it lies after the edit), each at its old index and a shift — placed first right to left, last
        // left to right.
        var window = item
        window.range = lower..<upper
        let firstSide = item.isRightToLeft ? after : before, lastSide = item.isRightToLeft ? before : after
        let firstShift = item.isRightToLeft ? delta : 0, lastShift = item.isRightToLeft ? 0 : delta
        self.glyphs.append(contentsOf: glyphs, firstSide, shiftedBy: firstShift)
        if !window.range.isEmpty {
            if let words {
                appendWords(window, attributes: attributes, features: features, script: script, setup: words)
            } else {
                appendShaped(window, range: window.range, context: context, attributes: attributes, features: features, script: script)
            }
        }
        let lastStart = self.glyphs.count
        self.glyphs.append(contentsOf: glyphs, lastSide, shiftedBy: lastShift)
        let movedStart = item.isRightToLeft ? start : lastStart
        kept.movedFrom = after.isEmpty ? range.upperBound : upper
        kept.movedGlyphShift = movedStart - after.lowerBound
        // The generator sees the whole item again, kept glyphs among it (it answers by the characters).
        generator?.generate(&self.glyphs, start..<self.glyphs.count, text: text, font: item.font)
        // The old item's style when it is the same (attributes equal, checked above; font, shift, no insertion).
        let oldStyle = oldItem.style
        let adoptable = oldStyle.font === item.font && oldStyle.baselineShift.bitPattern == shift.bitPattern && oldStyle.insertion == nil
        var shaped = ShapedParagraph.Item(item: item, glyphRange: start..<self.glyphs.count,
                                          style: style(item, baselineShift: shift, adopting: adoptable ? oldStyle : nil))
        // Glyphs kept or moved count as such only with the style they were shown in (lines of the old paragraph that
        // show them point at it).
        if shaped.style !== oldStyle { kept = Shaper.Kept(inPlaceEnd: range.lowerBound, movedFrom: range.upperBound) }
        shaped.clustersAreMonotonic = self.glyphs.isMonotonic(shaped.glyphRange, rightToLeft: item.isRightToLeft)
        ShapingReuse.itemsReused.add(1, ordering: .relaxed)
        return shaped
    }

    /// How many characters of context HarfBuzz keeps on each side of the text it shapes (`HB_BUFFER_CONTEXT_LENGTH`).
    static let harfBuzzContextLength = 5

    /// The offset `codePoints` characters after `index` (before it when negative), clamped to the text; a surrogate
    /// pair counts as one character, a lone surrogate as one.
    static func offset(_ units: [UInt16], from index: Int, codePoints: Int) -> Int {
        var index = min(max(index, 0), units.count)
        if codePoints >= 0 {
            for _ in 0..<codePoints where index < units.count {
                index += UnicodeScalarReader.codePoint(in: units, at: index).1
            }
        } else {
            for _ in 0..<(-codePoints) where index > 0 {
                index = UnicodeScalarReader.characterStart(at: index - 1, in: units)
            }
        }
        return index
    }

    /// Whether `index` lies between two regional indicators. Flags pair regional indicators from the start of their
    /// run, so an edit that adds or removes one re-pairs every flag after it, however far: HarfBuzz marks nothing
    /// unsafe between two flags, yet a window may not end there (found by the editing fuzzer).
    static func pairsRegionalIndicators(_ units: [UInt16], at index: Int) -> Bool {
        func isRegionalIndicator(high: Int) -> Bool {
            high >= 0 && high + 1 < units.count && units[high] == 0xD83C && (0xDDE6...0xDDFF).contains(units[high + 1])
        }
        return isRegionalIndicator(high: index) && isRegionalIndicator(high: index - 2)
    }
}
