internal import CHarfBuzz
import Foundation

/// Shapes items with HarfBuzz into flat glyph arrays. The whole paragraph goes into each buffer as context
/// (`hb_buffer_add_utf16` with the item as the part to shape), so joining and contextual forms see their
/// neighbours and clusters come out as UTF-16 offsets into the paragraph.
struct Shaper {
    let text: AttributedText
    private let buffer: HarfBuzzBuffer
    /// Where the buffer and the arrays below come from and go back to between paragraphs (`giveBack()`), if anywhere.
    private let scratch: ShapingScratch?
    var glyphs: GlyphArrays
    /// A script for every item instead of each item's own (`TypesetterOptions.script`).
    let scriptOverride: hb_script_t?

    /// The glyphs shaped so far, giving back spare capacity (what a paragraph keeps), taken out of the shaper (which
    /// is left with none: a copy counted a reference on each of their arrays).
    mutating func takeFinishedGlyphs() -> GlyphArrays {
        glyphs.shrinkToFit(keepingSpare: reservedToSize ? glyphs.count / 64 : 0)
        var taken = GlyphArrays(base: glyphs.base)
        swap(&taken, &glyphs)
        return taken
    }

    /// Counts an item's lookups in the word cache and its hits (`WordShapes.statistics`): added up in the scratch for the
    /// whole text when there is one (two atomic additions an item, on counters every thread shares, were a Chinese
    /// layout's hundredth), else at once.
    private func countWordLookups(_ lookups: Int, hits: Int) {
        if let scratch {
            scratch.wordLookups += lookups
            scratch.wordHits += hits
        } else {
            WordShapes.shared.count(lookups: lookups, hits: hits)
        }
    }

    /// Hands the arrays taken from the scratch back to it, for the text's next paragraph.
    mutating func giveBack() { exchangeArrays() }

    /// Swaps the arrays the scratch keeps with the shaper's own (taking them at `init`, giving them back after).
    private mutating func exchangeArrays() {
        guard let scratch else { return }
        swap(&cachedShapingKeys, &scratch.cachedShapingKeys)
        swap(&cachedShapings, &scratch.cachedShapings)
        swap(&recentStyles, &scratch.recentStyles)
        swap(&scratchOthers, &scratch.others)
    }

    /// Whether the glyph arrays were reserved to about the size they will end at (`expectedGlyphs`).
    private var reservedToSize = false

    /// What of an item `shape(_:reusing:)` gave is the old paragraph's glyphs, in the style they had there.
    struct Kept {
        /// Where the stretch from the item's start ends whose glyphs were copied to the indices they had (the item's
        /// start when none were). An edited paragraph's glyphs are the old ones, index for index, up to the first item
        /// that does not keep all of its own.
        var inPlaceEnd: Int
        /// Where the stretch to the item's end starts whose glyphs are the old ones moved: each at its old index plus
        /// `movedGlyphShift`, its units the edit's change of length on (the item's end when there is none).
        var movedFrom: Int
        var movedGlyphShift = 0
    }

    /// Set by `shape(_:reusing:)` for the item it gave.
    var kept = Kept(inPlaceEnd: 0, movedFrom: 0)

    /// `appendCharacters`' list of the characters that are not free, kept from item to item of the paragraph so that
    /// an item of Chinese or Japanese allocates nothing for it.
    private var scratchOthers: [(index: Int, use: ShapedWord.CharacterUse)] = []

    /// The text HarfBuzz sees around each item (the paragraph, or a line when a line's edge is reshaped).
    let context: Range<Int>

    /// The styles of the last items (the paragraph's, or the text's through `ShapingScratch`), with their attribute runs.
    private var recentStyles: [(run: Int, style: RunStyle)] = []

    /// Whether items may be shaped word by word through `WordShapes` (tests turn it off to compare).
    let shapesWords: Bool
    /// Glyph substitution after each item is shaped (`TypesetterOptions.glyphGenerator`).
    let generator: GlyphGenerator?
    /// Whether the paragraph's fullwidth punctuation is trimmed where it meets (`PunctuationTrimming`), read once.
    let trimsPunctuation: Bool
    /// Whether a glyph's spacing depends on the characters beside it beyond what HarfBuzz's unsafe-to-break flags say
    /// (punctuation trimming, CJK–Latin spacing): then an edited paragraph's items are shaped anew, not reused.
    let spacesByNeighbours: Bool
    /// Where the context's first unit that is not a cluster of its own whatever surrounds it lies (`GraphemeBoundaries.isAlone`),
    /// when the caller knows (`GraphemeBoundaries.computeNotingAlone`): items before it need no look at their units to
    /// go character by character.
    var unitsAloneBefore = Int.min

    /// `expectedGlyphs`: how many glyphs the context will likely give (an edited paragraph's: the old paragraph's
    /// count and the inserted units), so that the arrays need no copy to give back spare room when shaping ends; nil
    /// reserves room for the context's units and an eighth more.
    /// `scratch`: what the text's paragraph before left (see `ShapingScratch`), given back by `giveBack()`; the same
    /// text, options and thread for every paragraph.
    init(text: AttributedText, context: Range<Int>? = nil, script: String? = nil, shapesWords: Bool = true,
         generator: GlyphGenerator? = nil, expectedGlyphs: Int? = nil, scratch: ShapingScratch? = nil) {
        self.text = text
        self.scratch = scratch
        buffer = scratch?.buffer ?? HarfBuzzBuffer()
        self.shapesWords = shapesWords
        self.generator = generator
        self.context = context ?? 0..<text.length
        let style = text.sharedRunAttributes[text.runIndex(at: self.context.lowerBound)].value.paragraphStyle
        trimsPunctuation = style?.trimsAdjacentPunctuation == true
        spacesByNeighbours = trimsPunctuation || (style?.eastAsianAutospace ?? 0) > 0
        scriptOverride = script.map { hb_script_from_string($0, -1) }
        glyphs = GlyphArrays(base: self.context.lowerBound)
        glyphs.reserve(expectedGlyphs ?? (self.context.count + self.context.count / 8))
        reservedToSize = expectedGlyphs != nil
        exchangeArrays()
    }

    /// Shapes an item whose attribute run's attributes are `attributes`, lent in place (`ShapedParagraph` passes its run's
    /// box's: a copy retains every object they hold).
    /// Shaping takes the font from the item, never from the attributes.
    mutating func shape(_ item: TextItem, attributes: StringAttributes) -> ShapedParagraph.Item {
        let shift = Self.baselineShift(item, attributes: attributes, requested: attributes.font ?? item.font)
        let start = glyphs.count
        if let delegate = attributes.runDelegate {
            appendDelegate(delegate, item: item)
        } else if item.combinesUpright {
            // (The item keeps the font it was shaped with, narrowed when it had to be.)
            var attributes = attributes
            attributes.font = item.font
            var combined = item
            combined.font = appendCombined(item, attributes: attributes)
            attributes.font = combined.font
            var shaped = ShapedParagraph.Item(item: combined, glyphRange: start..<glyphs.count,
                                              style: RunStyle(font: combined.font, sharedAttributes: SharedAttributes(attributes), baselineShift: shift))
            shaped.clustersAreMonotonic = true
            return shaped
        } else {
            appendShaped(item, attributes: attributes)
            generator?.generate(&glyphs, start..<glyphs.count, text: text, font: item.font)
        }
        var shaped = ShapedParagraph.Item(item: item, glyphRange: start..<glyphs.count,
                                          style: style(item, baselineShift: shift))
        shaped.clustersAreMonotonic = glyphs.isMonotonic(shaped.glyphRange, rightToLeft: item.isRightToLeft)
        return shaped
    }

    /// The style of an item of attribute run `item.attributeRun`: the paragraph's last few are looked at first (in
    /// place: an item's style costs no reference counting until it is returned), the text's table (behind a lock, with
    /// the run's shared attributes) only for a style new to it. `adopting`: an old paragraph's style for the same
    /// attributes, font and shift, kept when the text has none yet (`RunStyles.adopting(_:run:)`).
    mutating func style(_ item: TextItem, baselineShift: CGFloat, adopting old: RunStyle? = nil) -> RunStyle {
        for index in recentStyles.indices where recentStyles[index].run == item.attributeRun
            && recentStyles[index].style.font === item.font
            && recentStyles[index].style.baselineShift.bitPattern == baselineShift.bitPattern {
            return recentStyles[index].style
        }
        let style = old.map { text.runStyles.adopting($0, run: item.attributeRun) }
            ?? text.runStyles.style(run: item.attributeRun, attributes: text.sharedRunAttributes[item.attributeRun], font: item.font,
                                    baselineShift: baselineShift)
        if recentStyles.count == 4 { recentStyles.removeFirst() }
        recentStyles.append((item.attributeRun, style))
        return style
    }

    /// How far an item's baseline moves up from the line's: the baseline offset, the superscript's (measured in the
    /// font the text asked for), and, for text set sideways in vertical text, half the difference of the font's
    /// descent and ascent, which centres its em box on the column's centre line as upright forms are (CSS's central
    /// baseline in vertical writing).
    static func baselineShift(_ item: TextItem, attributes: StringAttributes, requested: Font) -> CGFloat {
        var shift = attributes.baselineOffset + superscriptShift(requested, level: attributes.superscript)
        if attributes.verticalForms, attributes.runDelegate == nil, !isVertical(item, verticalForms: true) {
            shift += (item.font.descent - item.font.ascent) / 2
        }
        return shift
    }

    static func superscriptShift(_ font: Font, level: Int) -> CGFloat {
        if level > 0 { return font.superscriptMetrics.offset * CGFloat(level) }
        if level < 0 { return -font.subscriptMetrics.offset * CGFloat(-level) }
        return 0
    }

    /// Tate-chu-yoko: the item shaped left to right as horizontal text — in the font's half, third or quarter widths
    /// for two, three or four characters where it has them (`hwid`, `twid`, `qwid`), as CSS allows and Chromium does
    /// — then set as one upright cluster one em long down the column: its glyphs side by side across the column,
    /// centred on its centre line, their em box centred in the em, compressed across to one em when still wider
    /// (the font returned then has that horizontal scale in its matrix, so that drawing narrows the outlines alike;
    /// else the item's font). In the line's coordinates (x down the column, y across it to the right) a glyph's offset
    /// is (depth of the baseline below the cell's top, its place across); drawn turned upright, as vertical forms are,
    /// it reads left to right. CSS: `text-combine-upright: all`.
    private mutating func appendCombined(_ item: TextItem, attributes: StringAttributes) -> Font {
        var horizontal = item
        horizontal.isSideways = true
        horizontal.combinesUpright = false
        var features = Self.features(attributes, font: item.font)
        let count = Itemizer.characterCount(text.units, in: item.range, upTo: 4)
        let variants: [Int: OpenTypeTag] = [2: "hwid", 3: "twid", 4: "qwid"]
        if let variant = variants[count], item.font.openTypeFeatures.contains(variant) {
            features.append(hb_feature_t(tag: variant.rawValue, value: 1, start: 0, end: UInt32.max))
        }
        var shaped = GlyphArrays(base: glyphs.base)
        swap(&glyphs, &shaped)
        appendShaped(horizontal, range: item.range, context: item.range, attributes: attributes, features: features,
                     script: scriptOverride ?? ScriptRuns.harfBuzzScript(item.script))
        swap(&glyphs, &shaped)
        let font = item.font
        let em = font.size
        let width = shaped.advanceSum(0..<shaped.count)
        let scale = width > em ? em / width : 1
        // The baseline's depth below the cell's top: the text's ascent and descent centred in the em.
        let baseline = (em + font.ascent - font.descent) / 2
        var pen: CGFloat = 0
        for index in 0..<shaped.count {
            let offset = shaped.offset(index)
            let across = (pen + offset.x - width / 2) * scale
            glyphs.append(glyph: shaped.glyph(index), advance: index == shaped.count - 1 ? em : 0,
                          offset: CGPoint(x: baseline - offset.y, y: across), stringIndex: item.range.lowerBound, unsafeToBreak: false)
            pen += shaped.advance(index)
        }
        guard scale < 1, scale > 0 else { return font }
        let m = font.matrix
        // (The font's matrix, then the glyph narrowed: x ↦ scale·x.)
        return font.derived(size: font.size, matrix: AffineTransform(m11: m.m11 * scale, m12: m.m12, m21: m.m21 * scale, m22: m.m22,
                                                                     tX: m.tX * scale, tY: m.tY))
    }

    /// A run delegate's characters: one glyph per grapheme cluster (the font's glyph for U+FFFC, else 0),
    /// each as wide as the delegate says.
    private mutating func appendDelegate(_ delegate: RunDelegate, item: TextItem) {
        let glyph = item.font.glyph(forCodePoint: 0xFFFC) ?? 0
        var index = item.range.lowerBound
        while index < item.range.upperBound {
            let (_, width) = UnicodeScalarReader.codePoint(in: text.units, at: index)
            glyphs.append(glyph: glyph, advance: delegate.width, offset: .zero, stringIndex: index, unsafeToBreak: false)
            index += width
        }
    }

    /// How an item is shaped through the word cache (`WordShapes`), with its setup.
    enum CachedShaping {
        case words(WordShapes.Setup), characters(WordShapes.Setup), wholeItems(WordShapes.Setup), none
    }

    /// What decides an item's `CachedShaping` besides its attributes' run (and the paragraph's punctuation trimming:
    /// the decisions go on to the text's next paragraphs through `ShapingScratch`).
    struct CachedShapingKey: Equatable {
        var attributeRun: Int
        var font: UInt64
        var script: Int32
        var rightToLeft: Bool
        var sideways: Bool
        var trimsPunctuation: Bool
    }

    /// The last decisions (the text's items mostly share a few: asking the shared cache costs a lock and a hash of the
    /// features).
    private var cachedShapings: [CachedShaping] = []
    /// Their keys, apart (looked through without copying a decision).
    private var cachedShapingKeys: [CachedShapingKey] = []

    private mutating func cachedShaping(_ item: TextItem, attributes: StringAttributes, features: [hb_feature_t], script: hb_script_t,
                                        extra: CGFloat) -> CachedShaping {
        let key = CachedShapingKey(attributeRun: item.attributeRun, font: item.font.serialNumber, script: item.script,
                                   rightToLeft: item.isRightToLeft, sideways: item.isSideways, trimsPunctuation: trimsPunctuation)
        if let index = cachedShapingKeys.firstIndex(of: key) { return cachedShapings[index] }
        let shared = WordShapes.shared
        let language = attributes.language
        let value: CachedShaping
        // (Vertical forms are shaped whole: the word cache keeps horizontal glyphs; so is text whose punctuation is
        // trimmed by its neighbours.)
        if !shapesWords || trimsPunctuation || Self.isVertical(item, verticalForms: attributes.verticalForms) {
            value = .none
        } else if let setup = shared.setup(for: item, script: script, language: language, features: features, extra: extra) {
            value = .words(setup)
        } else if let setup = shared.characterSetup(for: item, script: script, language: language, features: features, extra: extra) {
            value = .characters(setup)
        } else if let setup = shared.itemSetup(for: item, script: script, language: language, features: features, extra: extra) {
            value = .wholeItems(setup)
        } else {
            value = .none
        }
        // (The last eight: a text's next paragraphs mostly ask the same few.)
        if cachedShapings.isEmpty {
            cachedShapings.reserveCapacity(8)
            cachedShapingKeys.reserveCapacity(8)
        }
        if cachedShapings.count == 8 {
            cachedShapings.removeFirst()
            cachedShapingKeys.removeFirst()
        }
        cachedShapings.append(value)
        cachedShapingKeys.append(key)
        return value
    }

    private mutating func appendShaped(_ item: TextItem, attributes: StringAttributes) {
        let features = Self.features(attributes, font: item.font)
        let script = scriptOverride ?? ScriptRuns.harfBuzzScript(item.script)
        let extra = (attributes.kern ?? 0) + attributes.tracking
        switch cachedShaping(item, attributes: attributes, features: features, script: script, extra: extra) {
        case .words(let setup):
            // Where the font substitutes the space beside some glyphs (a CJK font's Latin), only text clear of them goes
            // word by word, and a short item (most of them, among Chinese) is kept whole as one word is: shaped alone it
            // shapes as its words do, and one lookup costs less than an item's words.
            if let contexts = setup.spaceContexts {
                guard text.units.withUnsafeBufferPointer({ contexts.clears($0[item.range], font: item.font.harfBuzzFont) }) else {
                    appendShaped(item, range: item.range, context: context, attributes: attributes, features: features, script: script)
                    return
                }
                if WordShapes.keepsItemsWhole(script: item.script),
                   appendWhole(item, setup: setup, attributes: attributes, features: features, script: script) { return }
            }
            appendWords(item, attributes: attributes, features: features, script: script, setup: setup)
        case .characters(let setup):
            // Only text of characters that are clusters of their own whatever surrounds them (ideographs, kana, CJK
            // punctuation, Hangul syllables, plain Latin: `GraphemeBoundaries.isAlone`): no mark, modifier, joiner,
            // hidden character or surrogate that HarfBuzz could merge into a neighbour's cluster (the fuzzers found
            // emoji modifiers after line separators merged so). Other items are shaped whole.
            // (Known for the paragraph, or four units at a time: `GraphemeBoundaries.firstNotAlone`.)
            guard item.range.upperBound <= unitsAloneBefore || text.units.withUnsafeBufferPointer({
                GraphemeBoundaries.firstNotAlone(UnsafeBufferPointer(rebasing: $0[item.range]), from: 0)
            }) == item.range.count else {
                appendShaped(item, range: item.range, context: context, attributes: attributes, features: features, script: script)
                return
            }
            let before = glyphs.count
            appendCharacters(item, attributes: attributes, features: features, script: script, setup: setup)
            #if GALLEY_INTERNAL_CHECKS
            // Character by character must give what shaping the whole item gives (the fuzzers run with this check).
            var whole = GlyphArrays(base: glyphs.base)
            swap(&glyphs, &whole)
            appendShaped(item, range: item.range, context: context, attributes: attributes, features: features, script: script)
            swap(&glyphs, &whole)
            func described(_ glyphs: GlyphArrays, _ range: Range<Int>) -> [String] {
                range.map { "\(glyphs.glyph($0))/\(glyphs.advance($0))/\(glyphs.offset($0))@\(glyphs.stringIndex($0))\(glyphs.isUnsafeToBreak($0) ? "!" : "")" }
            }
            _internalInvariant(described(glyphs, before..<glyphs.count) == described(whole, 0..<whole.count),
                               "characters of \(item.range) shaped one by one differ from the whole item's shaping: "
                                   + "\(text.units[item.range].map { String($0, radix: 16) }) in \(item.font.postScriptName ?? "?"): "
                                   + "\(described(glyphs, before..<glyphs.count)) against \(described(whole, 0..<whole.count))")
            #endif
        case .wholeItems(let setup):
            // A short item whose words are not shaped apart, kept whole (a Latin word among Chinese).
            guard !appendWhole(item, setup: setup, attributes: attributes, features: features, script: script) else { return }
            fallthrough
        case .none:
            appendShaped(item, range: item.range, context: context, attributes: attributes, features: features, script: script)
        }
    }

    /// A short item shaped alone and kept in the word cache whole, under its text; false (and nothing appended) when its
    /// text cannot be a key (too long, or holding a control character).
    private mutating func appendWhole(_ item: TextItem, setup: WordShapes.Setup, attributes: StringAttributes,
                                      features: [hb_feature_t], script: hb_script_t) -> Bool {
        guard let key = text.units.withUnsafeBufferPointer({ WordShapes.key(setup, $0[item.range]) }) else { return false }
        guard !WordShapes.shared.appendWord(key, to: &glyphs, at: item.range.lowerBound) else { return true }
        let first = glyphs.count
        appendShaped(item, range: item.range, context: item.range, attributes: attributes, features: features, script: script)
        WordShapes.shared.store([(key, ShapedWord(glyphs, first..<glyphs.count, at: item.range.lowerBound))])
        return true
    }

    /// An item shaped word by word: each stretch of spaces and each word between them is shaped on its own, or
    /// taken from the word cache. Only called when that gives the same glyphs as shaping the whole item (see
    /// `WordShapes.setup`). A right-to-left item's glyphs are in visual order, so its words go in from the last:
    /// each word's own glyphs come out of HarfBuzz in visual order already. Its first and last words, where the
    /// paragraph has text beyond the item, are shaped with the paragraph as HarfBuzz's context and not cached
    /// (Arabic joins across a joiner there).
    mutating func appendWords(_ item: TextItem, attributes: StringAttributes, features: [hb_feature_t],
                                      script: hb_script_t, setup: WordShapes.Setup) {
        let units = text.units
        var shaped: [(WordShapes.Key, ShapedWord)] = []
        // Words this item shaped itself, for their repetitions further on (the cache learns them only at the end).
        var shapedHere: [WordShapes.Key: ShapedWord] = [:]
        // A single space (half the segments of most text) is looked up once per item, then repeated.
        var space: ShapedWord? = nil
        var lookups = 0
        var hits = 0
        func append(_ segment: Range<Int>) {
            let isSingleSpace = segment.count == 1 && WordShapes.cutsWords(units[segment.lowerBound])
            if isSingleSpace, let space {
                space.append(to: &glyphs, at: segment.lowerBound)
                return
            }
            if item.isRightToLeft,
               (segment.lowerBound == item.range.lowerBound && segment.lowerBound > context.lowerBound
                   && !WordShapes.leavesJoiningAlone(units, segment.lowerBound - 1, segment))
                || (segment.upperBound == item.range.upperBound && segment.upperBound < context.upperBound
                   && !WordShapes.leavesJoiningAlone(units, segment.upperBound, segment)) {
                appendShaped(item, range: segment, context: context, attributes: attributes, features: features, script: script)
                return
            }
            let first = glyphs.count
            defer { if isSingleSpace { space = ShapedWord(glyphs, first..<glyphs.count, at: segment.lowerBound) } }
            let key = units.withUnsafeBufferPointer { WordShapes.key(setup, $0[segment]) }
            if let key {
                lookups += 1
                if WordShapes.shared.appendWord(key, to: &glyphs, at: segment.lowerBound) {
                    hits += 1
                    return
                }
                if let word = shapedHere[key] {
                    word.append(to: &glyphs, at: segment.lowerBound)
                    return
                }
            }
            let isLong = key == nil && units.withUnsafeBufferPointer { WordShapes.isLongWord($0[segment]) }
            if isLong, units.withUnsafeBufferPointer({ WordShapes.shared.appendLongWord(setup, $0[segment], to: &glyphs, at: segment.lowerBound) }) {
                return
            }
            appendShaped(item, range: segment, context: segment, attributes: attributes, features: features, script: script)
            if isLong {
                let word = ShapedWord(glyphs, first..<glyphs.count, at: segment.lowerBound)
                units.withUnsafeBufferPointer { WordShapes.shared.storeLongWord(setup, $0[segment], word) }
            }
            // (A paragraph's last word, with its stop, is seldom met again: taken from the cache when there, it is not
            // put in it, where it would push out a word the text repeats.)
            if let key, segment.upperBound == context.upperBound || !CharacterClasses.endsParagraph(units[segment.upperBound]) {
                let word = ShapedWord(glyphs, first..<glyphs.count, at: segment.lowerBound)
                shaped.append((key, word))
                shapedHere[key] = word
            }
        }
        if item.isRightToLeft {
            var segments: [Range<Int>] = []
            var start = item.range.lowerBound
            while start < item.range.upperBound {
                segments.append(Self.wordSegment(from: start, in: item.range, units: units))
                start = segments[segments.count - 1].upperBound
            }
            for segment in segments.reversed() { append(segment) }
        } else {
            var start = item.range.lowerBound
            while start < item.range.upperBound {
                let segment = Self.wordSegment(from: start, in: item.range, units: units)
                append(segment)
                start = segment.upperBound
            }
        }
        countWordLookups(lookups, hits: hits)
        if !shaped.isEmpty { WordShapes.shared.store(shaped) }
    }

    /// A Chinese, Japanese or Korean item shaped character by character (an item of units that are characters of
    /// their own: see the caller): each character is shaped alone once and kept in the word cache with how far it may
    /// be set alone (`ShapedWord.CharacterUse`). A character none of whose glyphs any lookup HarfBuzz applies to the text involves
    /// (`WordShapes.Setup.glyphsInLookups`: most ideographs, in most fonts) is set alone anywhere: no lookup acts on it
    /// or reaches through it. One whose glyphs lookups do involve (fullwidth punctuation, kerned kana), shaped alone
    /// without HarfBuzz marking it unsafe to concatenate, is set alone between two such free characters (or the item's
    /// edges): a lookup reaching from it to a neighbour would involve the neighbour. So is a run of such characters
    /// between two free ones (shaped alone once and kept by its text), where HarfBuzz marks neither of its edges
    /// unsafe to concatenate. Every other run is shaped together with the free character on each side, and out to the
    /// item's edge on a side whose edge glyphs HarfBuzz still marks unsafe to concatenate. A cached character costs a
    /// lookup instead of a HarfBuzz call (CJK fonts carry hundreds of lookups, which HarfBuzz tries for every call and
    /// glyph). `WordShapesTests` compares the result with shaping whole items, glyph for glyph.
    mutating func appendCharacters(_ item: TextItem, attributes: StringAttributes, features: [hb_feature_t],
                                   script: hb_script_t, setup: WordShapes.Setup) {
        let units = text.units
        let range = item.range
        let first = glyphs.count
        // The characters (indices from the item's start) that are not free, with their use, in order (in the shaper's
        // scratch storage, taken for the call and given back): in Chinese, its punctuation.
        var others: [(index: Int, use: ShapedWord.CharacterUse)] = []
        swap(&others, &scratchOthers)
        others.removeAll(keepingCapacity: true)
        defer { swap(&others, &scratchOthers) }
        var shaped: [(WordShapes.Key, ShapedWord)] = []
        var shapedHere: [WordShapes.Key: ShapedWord] = [:]
        var lookups = 0, hits = 0
        // The setup's single glyphs first (held for reading through the item); new ones stored after.
        let table = setup.characterGlyphs
        let reader = table?.beginReading()
        var newEntries: [(unit: UInt16, entry: CharacterGlyphs.Entry)] = []
        // Each unit is a character: the caller passes only units that are clusters of their own whatever surrounds
        // them (`GraphemeBoundaries.isAlone`), so shaping one alone cuts no cluster of the item's.
        var start = range.lowerBound
        while start < range.upperBound {
            if let reader {
                // A stretch of characters the table gives (most of a Chinese paragraph), written straight into the
                // glyph arrays as found (128 at a time: the room is made before they are).
                var end = start
                let limit = min(range.upperBound, start + GlyphArrays.unpositionedWriterLimit)
                units.withUnsafeBufferPointer { units in
                    glyphs.appendUnpositioned(capacity: limit - start, indices: start..<limit) { writer in
                        // (In the closure's own variables, handed out at the end: captured ones live in memory.)
                        var local = writer, unit = end
                        while unit < limit, case let entry = reader[units[unit]], CharacterGlyphs.givesGlyph(entry) {
                            if CharacterGlyphs.standsBesideFreeOnly(entry) { others.append((unit - range.lowerBound, .besideFree)) }
                            local.appendAscending(glyph: CharacterGlyphs.glyph(entry), advance: CharacterGlyphs.advance(entry), stringIndex: unit,
                                                  unsafeToBreak: CharacterGlyphs.isUnsafeToBreak(entry))
                            unit += 1
                        }
                        (writer, end) = (local, unit)
                    }
                }
                if end > start {
                    lookups += end - start
                    hits += end - start
                    start = end
                    continue
                }
            }
            let unit = units[start]
            let segment = start..<(start + 1)
            start += 1
            let glyphStart = glyphs.count
            let key = units.withUnsafeBufferPointer { WordShapes.key(setup, $0[segment]) }
            var use: ShapedWord.CharacterUse? = nil
            let tableSaysWithNeighbours = reader.map { $0[unit] == CharacterGlyphs.withNeighbours } ?? false
            if tableSaysWithNeighbours {
                lookups += 1
                hits += 1
                use = .withNeighbours
            } else if let key {
                lookups += 1
                use = WordShapes.shared.appendCharacter(key, to: &glyphs, at: segment.lowerBound)
                if use != nil {
                    hits += 1
                } else if let word = shapedHere[key] {
                    word.append(to: &glyphs, at: segment.lowerBound)
                    use = ShapedWord.use(word.packed[0])
                }
            }
            if use == nil {
                let safety = appendShaped(item, range: segment, context: segment, attributes: attributes, features: features, script: script,
                                          checkingConcatenation: true)
                // (A control's glyph is the blank put in after shaping: the glyph lookups could have seen is HarfBuzz's
                // own, the control's glyph in the font or .notdef; a paragraph's end they never see.)
                let seen = CharacterClasses.isLayoutControl(unit) ? item.font.glyph(forCodePoint: UInt32(unit)) ?? 0 : nil
                let free = CharacterClasses.endsParagraph(unit)
                    || (glyphStart..<glyphs.count).allSatisfy { !(setup.glyphsInLookups?.contains(Int(seen ?? glyphs.glyph($0))) ?? true) }
                // A character that shapes into nothing of its own (a default-ignorable one HarfBuzz hides, whose
                // cluster it merges into the next; found by the editing fuzzer) is shaped with its neighbours.
                let ownsGlyphs = glyphs.count > glyphStart && glyphs.stringIndex(glyphStart) == segment.lowerBound
                let found: ShapedWord.CharacterUse = !safety.allSafe || !ownsGlyphs ? .withNeighbours : free ? .anywhere : .besideFree
                if found == .withNeighbours { glyphs.removeGlyphs(from: glyphStart) }
                if let key {
                    let word = ShapedWord(glyphs, glyphStart..<glyphs.count, at: segment.lowerBound, use: found)
                    shaped.append((key, word))
                    shapedHere[key] = word
                }
                use = found
            }
            if use! != .anywhere { others.append((segment.lowerBound - range.lowerBound, use!)) }
            // A character of one glyph without an offset goes into the setup's table, and so does one shaped with its
            // neighbours, as such.
            if table != nil, use == .withNeighbours, !tableSaysWithNeighbours {
                newEntries.append((unit, CharacterGlyphs.withNeighbours))
            } else if table != nil, use != .withNeighbours, glyphs.count == glyphStart + 1, glyphs.offset(glyphStart) == .zero,
               glyphs.stringIndex(glyphStart) == segment.lowerBound {
                newEntries.append((unit, CharacterGlyphs.entry(
                    glyph: glyphs.glyph(glyphStart), advance: Float(glyphs.advance(glyphStart)), unsafeToBreak: glyphs.isUnsafeToBreak(glyphStart),
                    besideFree: use == .besideFree)))
            }
        }
        table?.endReading()
        if !newEntries.isEmpty { table?.store(newEntries) }
        countWordLookups(lookups, hits: hits)
        if !shaped.isEmpty { WordShapes.shared.store(shaped) }
        // Which characters stand as shaped alone: free ones, and the others between free ones (or the item's edges).
        // Most items end here: their only others are punctuation between ideographs.
        let count = range.count
        var firstLoose: Int? = nil
        for index in others.indices where others[index].use != .besideFree
            || (index > 0 && others[index - 1].index == others[index].index - 1)
            || (index + 1 < others.count && others[index + 1].index == others[index].index + 1) {
            firstLoose = others[index].index
            break
        }
        guard let firstLoose else { return }
        // The glyphs before the free character that precedes the first character that does not stand (or before the
        // item's start) stay where they are; from there on, each character's first glyph (the next one's when it has
        // none: its glyphs' string indices are its own and ascend) and its use, and whether it stands. (The characters
        // before are recorded as free at the item's first glyph, and never read.)
        let keepFrom = max(firstLoose - 1, 0)
        var found: [(glyphStart: Int, use: ShapedWord.CharacterUse)] = []
        found.reserveCapacity(count)
        found.append(contentsOf: repeatElement((first, .anywhere), count: keepFrom))
        var glyph = glyphs.firstGlyph(atOrAfter: range.lowerBound + keepFrom, in: first..<glyphs.count)
        var other = others.partitioningIndex { $0.index >= keepFrom }
        for index in keepFrom..<count {
            while glyph < glyphs.count, glyphs.stringIndex(glyph) < range.lowerBound + index { glyph += 1 }
            var use = ShapedWord.CharacterUse.anywhere
            if other < others.count, others[other].index == index {
                use = others[other].use
                other += 1
            }
            found.append((glyph, use))
        }
        let segments = found
        func isFree(_ index: Int) -> Bool { index < 0 || index >= count || segments[index].use == .anywhere }
        func stands(_ index: Int) -> Bool {
            index < keepFrom || segments[index].use == .anywhere
                || (segments[index].use == .besideFree && isFree(index - 1) && isFree(index + 1))
        }
        // Each run of the others is shaped with its neighbours; the glyphs of those that stand are set aside and put back.
        let keptStart = segments[keepFrom].glyphStart
        var kept = GlyphArrays(base: glyphs.base)
        kept.append(contentsOf: glyphs, keptStart..<glyphs.count)
        glyphs.removeGlyphs(from: keptStart)
        func keptGlyphs(_ index: Int) -> Range<Int> {
            (segments[index].glyphStart - keptStart)..<(index + 1 < count ? segments[index + 1].glyphStart - keptStart : kept.count)
        }
        var stretches: [(WordShapes.Key, ShapedWord)] = []
        var index = keepFrom
        while index < count {
            if stands(index) {
                // (The standing characters up to the next run, copied at once.)
                var last = index
                while last + 1 < count, stands(last + 1) { last += 1 }
                glyphs.append(contentsOf: kept, keptGlyphs(index).lowerBound..<keptGlyphs(last).upperBound)
                index = last + 1
                continue
            }
            var runEnd = index
            while runEnd < count, !stands(runEnd) { runEnd += 1 }
            // Between two free characters (which no lookup reaches through) the run shapes alone as it does among them,
            // unless HarfBuzz marks its edges unsafe to concatenate; kept in the word cache, whose keys are its text.
            // (Not a run of one character: that one HarfBuzz marked when shaped alone, and its text is the key of its
            // own entry, which says so — the editing fuzzer found the two sharing a key.)
            if index > 0, runEnd < count, runEnd - index > 1 {
                let run = (range.lowerBound + index)..<(range.lowerBound + runEnd)
                let runStart = glyphs.count
                // (A run HarfBuzz marked is kept without glyphs, so that it goes to its stretch without being shaped again.)
                let key = units.withUnsafeBufferPointer { WordShapes.key(setup, $0[run]) }
                let known = key.flatMap { WordShapes.shared.appendCharacter($0, to: &glyphs, at: run.lowerBound) }
                if let known, known != .withNeighbours {
                    index = runEnd
                    continue
                }
                if known == nil {
                    let safety = appendShaped(item, range: run, context: run, attributes: attributes, features: features, script: script,
                                              checkingConcatenation: true)
                    let safe = safety.startSafe && safety.endSafe
                    if !safe { glyphs.removeGlyphs(from: runStart) }
                    if let key {
                        stretches.append((key, ShapedWord(glyphs, runStart..<glyphs.count, at: run.lowerBound, use: safe ? .anywhere : .withNeighbours)))
                    }
                    if safe {
                        index = runEnd
                        continue
                    }
                }
            }
            var low = max(index - 1, 0), high = min(runEnd + 1, count)
            // (The free character before the run is shaped again with it.)
            if low < index { glyphs.removeGlyphs(from: glyphs.count - keptGlyphs(low).count) }
            // A stretch with nothing of the paragraph beyond it (a free character at each end, or the paragraph's own
            // end) is shaped with its own text as the context: its glyphs, when HarfBuzz finds both edges safe, are kept
            // in the word cache under its text as a run's are: an entry of more than one character means that text shaped
            // alone, whichever path made it. (Not one character: that is the key of the character's own entry.)
            var widenings = 0
            // HarfBuzz marks the last cluster when a lookup looked at it from the character before (a kerning pair it did
            // not find) as it does when one looked past it: one more free character clears the edge more often than not,
            // and costs less than shaping on to the item's end.
            func widenEnd() {
                high = high < count && segments[high].use == .anywhere && widenings < 2 ? high + 1 : count
                widenings += 1
            }
            while true {
                let stretch = (range.lowerBound + low)..<(range.lowerBound + high)
                // A stretch at an edge of the item is kept apart from the same text inside one (its key says which
                // edges): what lies beyond the item's edge is shaped apart whatever HarfBuzz's flags say there, so only
                // its other edge must be safe. (HarfBuzz takes nothing from the text around for these scripts, which
                // join nothing: the check of character-by-character shaping against the whole item holds it.)
                let edges = (low == 0 ? WordShapes.ItemEdges.start : []).union(high == count ? .end : [])
                let key = stretch.count > 1 ? units.withUnsafeBufferPointer { WordShapes.key(setup, $0[stretch], at: edges) } : nil
                if let key, let known = WordShapes.shared.appendCharacter(key, to: &glyphs, at: stretch.lowerBound) {
                    if known != .withNeighbours { break }
                    // Kept as marked at its end only, when it starts with a free character (a run's text never does).
                    if low > 0, high < count {
                        widenEnd()
                        continue
                    }
                }
                let stretchStart = glyphs.count
                // At the item's edges, the paragraph around it is the context, as when the item is shaped whole.
                let around = (low == 0 ? context.lowerBound : stretch.lowerBound)..<(high == count ? context.upperBound : stretch.upperBound)
                let safety = appendShaped(item, range: stretch, context: around, attributes: attributes, features: features, script: script,
                                          checkingConcatenation: true)
                let startSafe = low == 0 || safety.startSafe, endSafe = high == count || safety.endSafe
                if startSafe && endSafe {
                    // (Kept only when safe by HarfBuzz's own flags at each edge inside the item.)
                    if let key { stretches.append((key, ShapedWord(glyphs, stretchStart..<glyphs.count, at: stretch.lowerBound))) }
                    break
                }
                glyphs.removeGlyphs(from: startSafe ? stretchStart : first)
                if let key, safety.startSafe, !safety.endSafe {
                    stretches.append((key, ShapedWord(glyphs, stretchStart..<stretchStart, at: stretch.lowerBound, use: .withNeighbours)))
                }
                if !startSafe { low = 0 }
                if !endSafe { widenEnd() }
            }
            index = high
        }
        if !stretches.isEmpty { WordShapes.shared.store(stretches) }
    }

    /// The stretch of `range` from `start` that is shaped apart: a run of spaces or a word between them (a mark or
    /// joiner after spaces stays with the last space's cluster, and the word it starts goes with it). The paragraph's
    /// end, last in the range, is a stretch of its own, so that the last word is the word it is anywhere else (the end
    /// is never shaped: see `appendShaped`).
    static func wordSegment(from start: Int, in range: Range<Int>, units: [UInt16]) -> Range<Int> {
        let isSpace = WordShapes.cutsWords(units[start])
        var end = start + 1
        while end < range.upperBound, WordShapes.cutsWords(units[end]) == isSpace { end += 1 }
        // A mark (or joiner) after the spaces belongs to the last space's cluster: keep them together.
        while isSpace, end < range.upperBound, WordShapes.continuesCluster(units, at: end) {
            end += 1
            while end < range.upperBound, !WordShapes.cutsWords(units[end]) { end += 1 }
        }
        if end == range.upperBound {
            var wordEnd = end
            while wordEnd > start, CharacterClasses.endsParagraph(units[wordEnd - 1]) { wordEnd -= 1 }
            if wordEnd > start { end = wordEnd }
        }
        return start..<end
    }

    /// Shapes `range` with `context` as the text HarfBuzz sees around it. With the vertical-forms attribute the text
    /// is shaped top to bottom (HarfBuzz's TTB direction: the `vert` feature, vertical advances and origins from
    /// `vhea`/`vmtx`/`VORG`, or HarfBuzz's synthesized ones), as `hb-shape --direction=ttb` shapes it, and stored in the
    /// line's own coordinates, x along the text: each glyph's advance is its vertical advance (down the column), and
    /// its offset is HarfBuzz's turned a quarter (x = −y offset, y = x offset), so that a line turned a quarter turn
    /// clockwise — as a vertical frame sets it — puts every glyph where HarfBuzz does. (The font matrix is not applied
    /// to vertical advances. Text Unicode rotates in vertical text, and right-to-left text, is shaped horizontally,
    /// to be set sideways: see `isVertical`.)
    /// `checkingConcatenation`: ask HarfBuzz for its unsafe-to-concat flags and say whether the shaped range's first
    /// and last clusters, and all its glyphs, are clear of them (else all three are true).
    ///
    /// A paragraph's end (`CharacterClasses.endsParagraph`: LF, CR, NEL, U+2029) never goes to HarfBuzz, which would
    /// have made it .notdef and let the lookups see it beside the paragraph's last letter: it takes the blank every
    /// control takes (see below) and stays outside every shaped range, HarfBuzz seeing it only as context. So a
    /// paragraph's last word shapes as it does anywhere else, and is kept in the word cache under its own text.
    @discardableResult
    mutating func appendShaped(_ item: TextItem, range: Range<Int>, context: Range<Int>, attributes: StringAttributes,
                               features: [hb_feature_t], script: hb_script_t,
                               checkingConcatenation: Bool = false) -> (startSafe: Bool, endSafe: Bool, allSafe: Bool) {
        let units = text.units
        guard let end = range.firstIndex(where: { CharacterClasses.endsParagraph(units[$0]) }) else {
            return appendHarfBuzzShaped(item, range: range, context: context, attributes: attributes, features: features, script: script,
                                        checkingConcatenation: checkingConcatenation)
        }
        // The range in pieces: text before the end, the end's units, what follows (none in a paragraph); right to left,
        // glyphs go in from the last piece.
        var ends = end
        while ends < range.upperBound, CharacterClasses.endsParagraph(units[ends]) { ends += 1 }
        let pieces = [range.lowerBound..<end, end..<ends, ends..<range.upperBound]
        var safety = (startSafe: true, endSafe: true, allSafe: true)
        for piece in item.isRightToLeft ? pieces.reversed() : pieces where !piece.isEmpty {
            let shaped: (startSafe: Bool, endSafe: Bool, allSafe: Bool)
            if piece.lowerBound == end {
                let blank = Self.blankGlyph(item.font)
                let extra = (attributes.kern ?? 0) + attributes.tracking
                // (Right to left in visual order, as HarfBuzz gives clusters: a CR LF's LF first.)
                for unit in item.isRightToLeft ? Array(piece.reversed()) : Array(piece) {
                    glyphs.append(glyph: blank, advance: extra, offset: .zero, stringIndex: unit, unsafeToBreak: false)
                }
                shaped = (true, true, true)
            } else {
                shaped = appendShaped(item, range: piece, context: context, attributes: attributes, features: features, script: script,
                                      checkingConcatenation: checkingConcatenation)
            }
            if piece.lowerBound == range.lowerBound { safety.startSafe = shaped.startSafe }
            if piece.upperBound == range.upperBound { safety.endSafe = shaped.endSafe }
            safety.allSafe = safety.allSafe && shaped.allSafe
        }
        return safety
    }

    /// The glyph controls show: the font's space glyph, or .notdef.
    private static func blankGlyph(_ font: Font) -> Glyph {
        font.glyph(forCodePoint: 0x20) ?? 0
    }

    /// `appendShaped` for a range HarfBuzz shapes whole.
    private mutating func appendHarfBuzzShaped(_ item: TextItem, range: Range<Int>, context: Range<Int>, attributes: StringAttributes,
                                               features: [hb_feature_t], script: hb_script_t,
                                               checkingConcatenation: Bool) -> (startSafe: Bool, endSafe: Bool, allSafe: Bool) {
        let font = item.font
        let pointer = buffer.pointer
        hb_buffer_clear_contents(pointer)
        if checkingConcatenation { hb_buffer_set_flags(pointer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT) }
        defer { if checkingConcatenation { hb_buffer_set_flags(pointer, HB_BUFFER_FLAG_DEFAULT) } }
        text.units.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(
                pointer, units.baseAddress.map { $0 + context.lowerBound }, Int32(context.count),
                UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
        }
        let vertical = Self.isVertical(item, verticalForms: attributes.verticalForms)
        hb_buffer_set_direction(pointer, vertical ? HB_DIRECTION_TTB : item.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(pointer, script)
        if let language = attributes.language {
            hb_buffer_set_language(pointer, hb_language_from_string(language, -1))
        }
        var features = features
        if trimsPunctuation {
            let tag: OpenTypeTag = vertical ? "vhal" : "halt"
            for trimmed in PunctuationTrimming.trimmed(text.units, in: range, contextStart: context.lowerBound) {
                features.append(hb_feature_t(tag: tag.rawValue, value: 1, start: UInt32(trimmed.lowerBound), end: UInt32(trimmed.upperBound)))
            }
        }
        features.withUnsafeBufferPointer {
            hb_shape(font.harfBuzzFont.pointer, pointer, $0.baseAddress, UInt32($0.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(pointer, &count),
            let positions = hb_buffer_get_glyph_positions(pointer, &count)
        else { return (true, true, true) }
        var safety = (startSafe: true, endSafe: true, allSafe: true)
        if checkingConcatenation, count > 0 {
            let unsafe = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
            let (firstCluster, lastCluster) = (infos[0].cluster, infos[Int(count) - 1].cluster)
            for index in 0..<Int(count) where hb_glyph_info_get_glyph_flags(&infos[index]).rawValue & unsafe != 0 {
                safety.allSafe = false
                if infos[index].cluster == firstCluster { safety.startSafe = false }
                if infos[index].cluster == lastCluster { safety.endSafe = false }
            }
        }
        let scale = font.scale
        // The font matrix's linear part takes advances (their x) and offsets, as it takes the outlines.
        let matrix = vertical ? nil : font.linearMatrix
        let extra = (attributes.kern ?? 0) + attributes.tracking
        var blank: (glyph: Glyph, advance: CGFloat)? = nil
        for index in 0..<Int(count) {
            let info = infos[index]
            let position = positions[index]
            var glyph = Glyph(truncatingIfNeeded: info.codepoint)
            var advance = vertical ? -CGFloat(position.y_advance) * scale : CGFloat(position.x_advance) * scale * (matrix?.m11 ?? 1)
            let cluster = Int(info.cluster) + context.lowerBound
            let unit = text.units[cluster]
            if CharacterClasses.isLayoutControl(unit) {
                // Controls and the line and paragraph separators draw nothing, as in Core Text (HarfBuzz would show
                // .notdef): the space glyph, as wide as a space for a tab (tab stops are the typesetter's) and zero
                // wide for line ends and the rest.
                if blank == nil {
                    let space = Self.blankGlyph(font)
                    blank = (space, font.advances(for: [space]).total)  // (a tab's, as wide as a space)
                }
                glyph = blank!.glyph
                advance = unit == 0x09 ? blank!.advance : 0
            }
            if extra != 0, index + 1 == Int(count) || infos[index + 1].cluster != info.cluster {
                advance += extra  // after the cluster's last glyph
            }
            let flags = hb_glyph_info_get_glyph_flags(&infos[index])
            var offset = vertical
                ? CGPoint(x: -CGFloat(position.y_offset) * scale, y: CGFloat(position.x_offset) * scale)
                : CGPoint(x: CGFloat(position.x_offset) * scale, y: CGFloat(position.y_offset) * scale)
            if let m = matrix, offset != .zero {
                offset = CGPoint(x: offset.x * m.m11 + offset.y * m.m21, y: offset.x * m.m12 + offset.y * m.m22)
            }
            glyphs.append(
                glyph: glyph, advance: advance,
                offset: offset,
                stringIndex: cluster, unsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
        }
        return safety
    }

    /// Whether an item is shaped top to bottom: it has vertical forms and is neither set sideways (Unicode's rotated
    /// characters) nor right to left (set sideways too).
    static func isVertical(_ item: TextItem, verticalForms: Bool) -> Bool {
        isVertical(isSideways: item.isSideways, rightToLeft: item.isRightToLeft, verticalForms: verticalForms)
    }

    /// `isVertical` from an item's two flags.
    static func isVertical(isSideways: Bool, rightToLeft: Bool, verticalForms: Bool) -> Bool {
        verticalForms && !isSideways && !rightToLeft
    }

    /// Whether an item is shaped in its script's own direction (or its script has none): text shaped against it (Arabic
    /// in a left-to-right override) is shaped whole, because HarfBuzz's unsafe-to-break flags do not hold there.
    static func followsScriptDirection(_ item: TextItem, script: hb_script_t) -> Bool {
        let natural = hb_script_get_horizontal_direction(script)
        return natural == HB_DIRECTION_INVALID || (natural == HB_DIRECTION_RTL) == item.isRightToLeft
    }

    /// 1 for scripts written right to left (HarfBuzz's horizontal direction of the script), else 0.
    static func embeddingLevel(forScript script: String) -> Int {
        hb_script_get_horizontal_direction(hb_script_from_string(script, -1)) == HB_DIRECTION_RTL ? 1 : 0
    }

    /// Kerning, ligature level, tracking, then the font's and the attribute's feature settings.
    static func features(_ attributes: StringAttributes, font: Font) -> [hb_feature_t] {
        var features: [hb_feature_t] = []
        func add(_ tag: OpenTypeTag, _ value: Int) {
            features.append(
                hb_feature_t(tag: tag.rawValue, value: UInt32(max(value, 0)), start: 0, end: UInt32.max))
        }
        if attributes.kern == 0 { add("kern", 0) }
        if attributes.ligature == 0 || attributes.tracking != 0 {
            add("liga", 0)
            add("clig", 0)
        }
        if attributes.ligature == 0 { add("hlig", 0) }
        if attributes.ligature == 2 {
            add("dlig", 1)
            add("hlig", 1)
        }
        for setting in font.descriptor.featureSettings { add(setting.tag, setting.value) }
        for setting in attributes.featureSettings { add(setting.tag, setting.value) }
        return features
    }
}
