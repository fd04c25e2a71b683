import Foundation

/// A paragraph shaped once: its text, bidi levels, grapheme boundaries, items and every glyph, in logical
/// item order (within an item, glyphs are in visual order, left to right, as HarfBuzz returns them). Lines
/// are views over it; nothing here changes after shaping.
final class ShapedParagraph: Sendable {
    /// One item and where its glyphs are.
    struct Item: Sendable {
        var item: TextItem
        /// Whether the glyphs' string indices ascend (descend, right to left) in visual order, as cutting the item's
        /// glyphs by string index assumes. Not always: HarfBuzz keeps some clusters of a right-to-left item in logical
        /// order (invisible format characters in a row, for one); lines cut such an item by reshaping its pieces.
        /// (Stored beside the text item's last byte: an item takes 64 bytes.)
        var clustersAreMonotonic = true
        /// Range in the glyph arrays.
        var glyphRange: Range<Int>
        /// The font, attributes (with that font), baseline shift and insertion the item's glyphs are shown with,
        /// shared by every item and line run that shows the same.
        var style: RunStyle

        init(item: TextItem, glyphRange: Range<Int>, style: RunStyle) {
            self.item = item
            self.glyphRange = glyphRange
            self.style = style
        }

        /// The run's attributes with `font` set to the font used, shared by every line that shows the item.
        var sharedAttributes: SharedAttributes { style.sharedAttributes }
        var attributes: StringAttributes { style.attributes }
        /// Points the run sits above the baseline (baseline offset and superscript).
        var baselineShift: CGFloat { style.baselineShift }
        /// Text a line shows that is not in the string (see `RunStyle.insertion`).
        var insertion: Insertion? { style.insertion }

        /// Whether any slice of the item's glyphs is in visual order when shown at `level`: its clusters are in order,
        /// and `level` runs in the item's own direction.
        func slicesAreInOrder(atLevel level: UInt8) -> Bool { clustersAreMonotonic && item.level & 1 == level & 1 }
    }

    let text: AttributedText
    /// The paragraph's UTF-16 range in `text`; every index here is an offset in the whole text.
    let range: Range<Int>
    let levels: BidiLevels
    let graphemes: BoundaryOffsets
    let items: [Item]
    let glyphs: GlyphArrays
    /// The script forced for every item (`TypesetterOptions.script`), for reshaping line edges the same way.
    let script: String?
    /// The glyph substitution applied after shaping (`TypesetterOptions.glyphGenerator`), for line edges too.
    let glyphGenerator: GlyphGenerator?
    /// Whether the paragraph holds a tab (lines without one need no tab stops).
    let hasTabs: Bool
    /// The offset of the paragraph's first bidi segment or paragraph separator (a tab, a line feed ending it…; see
    /// `CharacterClasses.separatesBidiSegments`), or its end when it has none: rule L1 looks for separators in a
    /// line only from here (in most paragraphs, the line feed that ends them).
    let firstSeparator: Int
    /// The paragraph's rubies, in string order (empty for most paragraphs).
    let rubies: [RubyPlacement]
    /// What of the paragraph before an edit a paragraph shaped from it (`ShapingReuse`) kept: glyphs at the same
    /// indices before `prefixEnd`, and from `suffix.start` on glyphs moved by `suffix.glyphShift` with their units
    /// moved by `suffix.unitShift` — in both, in the styles the old paragraph showed them in. What the edit could not
    /// change is then not measured (`OpportunityWidths`) or built (lines: `LineStorage.init(rebasing:onto:)`) again.
    /// (A class: most paragraphs have none, and a reference is what they then keep.)
    final class Kept: Sendable {
        /// The old paragraph (compared with what a line of it points at).
        let from: ObjectIdentifier
        let prefixEnd: Int
        let suffix: (start: Int, unitShift: Int, glyphShift: Int)?

        init(from: ObjectIdentifier, prefixEnd: Int, suffix: (start: Int, unitShift: Int, glyphShift: Int)?) {
            self.from = from
            self.prefixEnd = prefixEnd
            self.suffix = suffix
        }
    }

    /// Nil for a paragraph shaped afresh.
    let kept: Kept?
    /// The offset before which the glyphs are the old paragraph's, glyph for glyph at the same indices (`kept`), so
    /// that every unit before it has the advance it had; the paragraph's start when nothing was kept.
    var keptPrefixEnd: Int { kept?.prefixEnd ?? range.lowerBound }

    /// The paragraph's style: its first character's.
    var style: ParagraphStyle {
        text.attributes(at: range.lowerBound).paragraphStyle ?? .default
    }

    init(text: AttributedText, range: Range<Int>, levels: BidiLevels, graphemes: BoundaryOffsets, items: [Item], glyphs: GlyphArrays,
         script: String?, glyphGenerator: GlyphGenerator? = nil, rubies: [RubyPlacement] = [], kept: Kept? = nil) {
        self.kept = kept
        self.glyphGenerator = glyphGenerator
        self.rubies = rubies
        self.text = text
        self.range = range
        self.script = script
        self.levels = levels
        self.graphemes = graphemes
        self.items = items
        self.glyphs = glyphs
        // (Four units at a time: every separator is below U+0020 but NEL and U+2029.)
        let (firstSeparator, firstTab) = text.units.withUnsafeBufferPointer { units in
            let paragraph = UnsafeBufferPointer(rebasing: units[range])
            let separator = UnitLanes.firstIndex(in: paragraph, from: 0, mayMatch: { word in
                UnitLanes.hasLane(word, below: 0x20) || UnitLanes.hasLane(word, equalTo: 0x85) || UnitLanes.hasLane(word, equalTo: 0x2029)
            }, where: CharacterClasses.separatesBidiSegments)
            // A tab is a separator: none before the first.
            let tab = UnitLanes.firstIndex(in: paragraph, from: separator, mayMatch: { UnitLanes.hasLane($0, equalTo: 0x09) }, where: { $0 == 0x09 })
            return (separator + range.lowerBound, tab + range.lowerBound)
        }
        self.firstSeparator = firstSeparator
        hasTabs = firstTab < range.upperBound
        _checkInvariants()
    }

    /// Checks the paragraph (`InternalChecks`): its glyph arrays' packing; items in logical order covering the range
    /// without gaps, their glyph ranges contiguous from 0 to the glyph count; each glyph's string index inside the
    /// paragraph (an item's clusters may reach past its own range: HarfBuzz merges clusters across items); one level
    /// and one grapheme flag a unit.
    func _checkInvariants() {
        #if GALLEY_INTERNAL_CHECKS
        glyphs._checkInvariants()
        var next = range.lowerBound
        var glyph = 0
        for (index, item) in items.enumerated() {
            precondition(item.item.range.lowerBound == next, "item \(index) starts at \(item.item.range.lowerBound), not \(next)")
            precondition(item.glyphRange.lowerBound == glyph, "item \(index)'s glyphs start at \(item.glyphRange.lowerBound), not \(glyph)")
            next = item.item.range.upperBound
            glyph = item.glyphRange.upperBound
        }
        precondition(items.isEmpty || next == range.upperBound, "items end at \(next), the paragraph at \(range.upperBound)")
        precondition(glyph == glyphs.count, "items hold \(glyph) glyphs of \(glyphs.count)")
        for index in 0..<glyphs.count {
            precondition(range.contains(glyphs.stringIndex(index)) || range.isEmpty, "glyph \(index) outside the paragraph")
        }
        #endif
    }

    /// Itemizes and shapes a paragraph of a text (the whole text when `range` is nil). The paragraph's style
    /// (its first character's) gives the base direction.
    /// `shapesWords`: whether items may be shaped word by word from the word cache (the same glyphs; tests compare).
    /// `reusing`: the paragraph before an edit, whose glyphs away from the edit are copied (`ShapingReuse`).
    convenience init(_ text: AttributedText, range: Range<Int>? = nil, options: TypesetterOptions = TypesetterOptions(),
                     shapesWords: Bool = true, reusing reuse: ShapingReuse? = nil, scratch: ShapingScratch? = nil) {
        let range = range ?? 0..<text.length
        // Glyphs that rubies spread or CJK–Latin spacing widened after shaping are not HarfBuzz's: copied, they would be
        // spread or widened again (found by the editing fuzzer).
        let reuse = reuse.flatMap { $0.paragraph.rubies.isEmpty && $0.paragraph.style.eastAsianAutospace <= 0 ? $0 : nil }
        // (The first run's style, resolved and read in place.)
        let first = text.sharedRunAttributes[text.runIndex(at: range.lowerBound)]
        let base = first.paragraphStyle.baseWritingDirection
        var levels: BidiLevels
        if let forced = options.forcedEmbeddingLevel ?? options.script.map(Shaper.embeddingLevel(forScript:)) {
            let level: UInt8 = forced & 1 == 1 ? 1 : 0
            levels = BidiLevels(uniform: level, paragraphLevel: level)
            levels.start = range.lowerBound
        } else {
            levels = BidiLevels.resolve(text, range: range, base: base)
        }
        let (graphemes, firstNotAlone) = GraphemeBoundaries.computeNotingAlone(text.units[range])
        var textItems: [TextItem] = []
        var itemizerMemory = Itemizer.Memory()
        if let scratch {
            swap(&textItems, &scratch.items)
            swap(&itemizerMemory, &scratch.itemizerMemory)
        }
        Itemizer.items(text, levels: levels, graphemes: graphemes, into: &textItems, memory: &itemizerMemory)
        if let scratch { swap(&itemizerMemory, &scratch.itemizerMemory) }
        var shaper = Shaper(text: text, context: range, script: options.script, shapesWords: shapesWords, generator: options.glyphGenerator,
                            expectedGlyphs: reuse.map { $0.paragraph.glyphs.count + max($0.delta, 0) * 2 + 8 }, scratch: scratch)
        shaper.unitsAloneBefore = firstNotAlone
        var items: [Item] = []
        items.reserveCapacity(textItems.count)
        // Where the old paragraph's glyphs, kept index for index, end (see `keptPrefixEnd`); glyph generators, CJK–Latin
        // spacing and rubies change glyphs after shaping, and keep nothing.
        var keptEnd = range.lowerBound
        let keepsAny = reuse != nil && options.glyphGenerator == nil && first.paragraphStyle.eastAsianAutospace <= 0 && !text.hasRuby
        var keeps = keepsAny
        // The moved stretch that reaches the end so far: where it starts, and its glyphs' shift.
        var moved: (start: Int, glyphShift: Int)? = nil
        // The items an attribute run at a time: the run's box is held, and its attributes lent to each item's shaping
        // in place. (A copy of the attributes retained every object they hold, once an item and then once a run; a
        // variable reassigned from run to run was rebuilt in memory for every item, 736 bytes, and the optional reuse
        // copied to test it.)
        let reuses = reuse != nil
        var start = 0
        while start < textItems.count {
            let attributeRun = textItems[start].attributeRun
            var end = start + 1
            while end < textItems.count, textItems[end].attributeRun == attributeRun { end += 1 }
            let box = text.sharedRunAttributes[attributeRun]
            for index in start..<end {
                // (Each item read in place from the array: a copy counted a reference on its font.)
                if reuses, let shaped = shaper.shape(textItems[index], reusing: reuse!) {
                    items.append(shaped)
                    let kept = shaper.kept
                    let itemRange = textItems[index].range
                    if keeps {
                        keptEnd = kept.inPlaceEnd
                        keeps = keptEnd == itemRange.upperBound
                    }
                    if kept.movedFrom == itemRange.lowerBound, let stretch = moved, stretch.glyphShift == kept.movedGlyphShift {
                        continue  // the whole item moved as the stretch before it did
                    }
                    moved = kept.movedFrom < itemRange.upperBound ? (kept.movedFrom, kept.movedGlyphShift) : nil
                } else {
                    items.append(shaper.shape(textItems[index], attributes: box.value))
                    keeps = false
                    moved = nil
                }
            }
            start = end
        }
        var glyphs = shaper.takeFinishedGlyphs()
        shaper.giveBack()
        if let scratch { swap(&textItems, &scratch.items) }
        let autospace = first.paragraphStyle.eastAsianAutospace
        if autospace > 0 {
            EastAsianAutospace.apply(autospace, text: text, range: range, items: items, glyphs: &glyphs)
        }
        let rubies = text.hasRuby ? RubyPlacement.place(text: text, range: range, items: items, glyphs: &glyphs) : []
        self.init(text: text, range: range, levels: levels, graphemes: graphemes, items: items, glyphs: glyphs,
                  script: options.script, glyphGenerator: options.glyphGenerator, rubies: rubies,
                  kept: reuse.flatMap { reuse in
                      keepsAny ? Kept(from: ObjectIdentifier(reuse.paragraph), prefixEnd: keptEnd,
                                      suffix: moved.map { (start: $0.start, unitShift: reuse.delta, glyphShift: $0.glyphShift) }) : nil
                  })
        if let reuse { _checkKept(from: reuse.paragraph) }
    }

    /// Checks (`InternalChecks`) what `kept` says against the old paragraph: every glyph of the kept prefix is the
    /// old one at the same index, every glyph of the moved suffix the old one at its index less the shift with its
    /// string index less the units' shift, each shown in the same style object as there.
    func _checkKept(from old: ShapedParagraph) {
        #if GALLEY_INTERNAL_CHECKS
        guard let kept else { return }
        precondition(kept.from == ObjectIdentifier(old), "kept from another paragraph")
        func oldStyle(_ glyph: Int) -> RunStyle {
            old.items[old.items.partitioningIndex { $0.glyphRange.upperBound > glyph }].style
        }
        for item in items {
            for glyph in item.glyphRange {
                let index = glyphs.stringIndex(glyph)
                var oldGlyph: Int? = nil
                var unitShift = 0
                if index < kept.prefixEnd {
                    oldGlyph = glyph
                } else if let suffix = kept.suffix, index >= suffix.start {
                    oldGlyph = glyph - suffix.glyphShift
                    unitShift = suffix.unitShift
                }
                guard let oldGlyph else { continue }
                precondition(oldGlyph >= 0 && oldGlyph < old.glyphs.count, "kept glyph \(glyph) is old glyph \(oldGlyph), outside the old paragraph")
                precondition(old.glyphs.stringIndex(oldGlyph) + unitShift == index && old.glyphs.glyph(oldGlyph) == glyphs.glyph(glyph)
                             && old.glyphs.advance(oldGlyph) == glyphs.advance(glyph) && old.glyphs.offset(oldGlyph) == glyphs.offset(glyph)
                             && old.glyphs.isUnsafeToBreak(oldGlyph) == glyphs.isUnsafeToBreak(glyph),
                             "kept glyph \(glyph) (unit \(index)) differs from old glyph \(oldGlyph)")
                precondition(oldStyle(oldGlyph) === item.style, "kept glyph \(glyph) (unit \(index)) is shown in another style")
            }
        }
        #endif
    }
}

/// What an inserted run is. (A class: items and run records keep a reference, 8 bytes, instead of the text.)
final class Insertion: Sendable, Equatable {
    enum Kind: Sendable {
        case truncationToken
        case hyphen
    }

    let kind: Kind
    /// The inserted run's own text (what a PDF's text layer and a copy show for it).
    let text: [UInt16]

    init(kind: Kind, text: [UInt16]) {
        self.kind = kind
        self.text = text
    }

    static func == (left: Insertion, right: Insertion) -> Bool { left.kind == right.kind && left.text == right.text }
}

/// One immutable attributes value on the heap, shared by the items and line runs that show it (a
/// `StringAttributes` is about 480 bytes; a line's run keeps 8).
final class SharedAttributes: Sendable {
    let value: StringAttributes
    /// The paragraph style, the default where none is set (kept resolved, so that a paragraph's style is read in
    /// place rather than copied: it is some 360 bytes).
    let paragraphStyle: ParagraphStyle

    init(_ value: StringAttributes) {
        self.value = value
        paragraphStyle = value.paragraphStyle ?? .default
    }
}

/// Attribute boxes shared by the paragraphs of one text that have the same attributes: the editing layer keeps one
/// per layout manager (a box is some 900 bytes, and a short paragraph's own was a sixth of its layout). Not shared
/// between threads.
package final class AttributeBoxes {
    /// The boxes handed out last, newest first.
    private var recent: [SharedAttributes] = []
    private static let limit = 8

    package init() {}

    /// A box holding `value`: one of the last few handed out when it holds the same attributes — its font the same
    /// font, not only an equal one (fallback and glyph lookups go by the font object) — else a new one.
    func box(_ value: StringAttributes) -> SharedAttributes {
        if let found = recent.first(where: { $0.value.font === value.font && $0.value == value }) { return found }
        let box = SharedAttributes(value)
        if recent.count == Self.limit { recent.removeLast() }
        recent.insert(box, at: 0)
        return box
    }
}
