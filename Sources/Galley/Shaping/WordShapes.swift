internal import CHarfBuzz
internal import CUnicode
import Foundation
import Synchronization

/// A bounded, thread-safe cache of shaped words, shared by every typesetter: English text repeats its words, and a
/// cached word costs a dictionary lookup instead of a HarfBuzz call.
///
/// Words are shaped apart from their spaces only where that gives the glyphs shaping the whole paragraph gives:
/// left-to-right items in Latin, Greek, Cyrillic or common characters, in a font none of whose GSUB or GPOS lookups
/// touches the space glyph (no kerning against spaces, no ligatures through them), cut only where a space run is not
/// followed by a mark or joiner. Joining and complex scripts are always shaped whole. A test compares both ways on
/// the corpus, glyph for glyph.
final class WordShapes: Sendable {
    static let shared = WordShapes()

    /// The most words kept (about 150 bytes a word: a 48-byte slot at half load, and its glyphs, so 2.4 MB when full);
    /// past it a shard keeps only the words in use. Blink keeps about 10,000 words per font; one large document's
    /// vocabulary fits here, and on the English corpus first layout took a sixth less time than with 8,192 words,
    /// because each miss is a HarfBuzz call that also pushes the layout code out of the instruction cache.
    static let capacity = 16384
    /// Words longer than this (UTF-16 units) are shaped every time.
    static let maximumWordLength = PackedWord.maximumLength

    /// Everything besides the text that shaping depends on, interned to a number.
    struct Setup: Sendable {
        fileprivate let id: UInt32
        /// What a character-by-character setup or one with space contexts adds, in one object: an item's setup is
        /// copied several times, each copy counting a reference per object it holds.
        fileprivate var details: Details? = nil

        /// For text shaped character by character: the glyphs the font's lookups for the text involve (a character
        /// none of whose glyphs is among them shapes alike alone and among any neighbours).
        var glyphsInLookups: GlyphBits? { details?.glyphsInLookups }
        /// For text shaped character by character: its characters' single glyphs.
        var characterGlyphs: CharacterGlyphs? { details?.characterGlyphs }
        /// For words of a font whose lookups substitute the space beside some glyphs: those glyphs, and which
        /// characters stay clear of them (only text of those is shaped word by word).
        var spaceContexts: SpaceContexts? { details?.spaceContexts }
    }

    /// A setup's additions (see `Setup`).
    final class Details: Sendable {
        let glyphsInLookups: GlyphBits?
        let characterGlyphs: CharacterGlyphs?
        let spaceContexts: SpaceContexts?

        init(glyphsInLookups: GlyphBits? = nil, characterGlyphs: CharacterGlyphs? = nil, spaceContexts: SpaceContexts? = nil) {
            self.glyphsInLookups = glyphsInLookups
            self.characterGlyphs = characterGlyphs
            self.spaceContexts = spaceContexts
        }
    }

    /// A setup and a word of up to 16 units, packed.
    struct Key: Hashable, Sendable {
        fileprivate var word: PackedWord
        fileprivate var setup: UInt32

        /// The key of no word: `WordTable`'s empty slots.
        static let empty = Key(word: .empty, setup: 0)

        var isEmpty: Bool { word.isEmpty }

        func hash(into hasher: inout Hasher) { hasher.combine(word.mixed(salt: setup)) }

        /// The key's number spread over all 64 bits, for `WordTable` (whose slot comes from the low bits).
        var spread: UInt64 {
            var z = word.mixed(salt: setup)
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private struct SetupKey: Hashable {
        var font: UInt64
        var script: UInt32
        var rightToLeft: Bool
        var language: String?
        var features: [UInt32]
        var extra: CGFloat
        /// Whole items are kept (`itemSetup`), not words.
        var wholeItems = false
    }

    /// Setups name their fonts by serial number, never reused, so they need not keep the fonts alive: a font made
    /// from data and used once is freed after its last use (its words leave the table as the table fills).
    private let setups = Locked<[SetupKey: UInt32]>([:])

    /// The words, in shards with a lock each, so that threads laying out at once rarely wait for each other. A
    /// shard's table keeps its words' packed glyphs in one arena: looking a word up copies plain numbers, so threads
    /// never count references on shared objects.
    private final class Shard: Sendable {
        let words = Locked(WordTable(capacity: WordShapes.capacity / WordShapes.shardCount))
    }

    /// A shard held without a reference count: reading it (every lookup) counts no references.
    private struct UnretainedShard: Sendable {
        unowned(unsafe) let shard: Shard
    }

    private static let shardCount = 8
    private let shards = (0..<WordShapes.shardCount).map { _ in Shard() }
    /// The same shards unretained: `shards` keeps them alive for as long as this cache lives (the process).
    private let unretainedShards: [UnretainedShard]
    private let lookups = Atomic<Int>(0)
    private let hits = Atomic<Int>(0)

    private init() {
        unretainedShards = shards.map { UnretainedShard(shard: $0) }
    }

    /// Calls `body` with the table of the shard of a key with this hash (chosen by its top bits; the table's slot
    /// comes from the low ones), locked, without counting references on the shard.
    private func withTable<Result>(_ hash: UInt64, _ body: (inout WordTable) -> Result) -> Result {
        unretainedShards[Int(hash >> 61) % Self.shardCount].shard.words.withLock { body(&$0) }
    }

    /// The setup for shaping `item` word by word, or nil when it must be shaped whole.
    func setup(for item: TextItem, script: hb_script_t, language: String?, features: [hb_feature_t], extra: CGFloat) -> Setup? {
        guard Self.wordScripts.contains(item.script), Shaper.followsScriptDirection(item, script: script) else { return nil }
        // Words are shaped apart only where the lookups HarfBuzz applies to this text leave the space alone, or
        // substitute it only beside glyphs the text's characters must be checked to stay clear of (asked once per
        // setup, outside the lock).
        var asked: Details?? = nil
        guard var setup = interned(item, script: script, language: language, features: features, extra: extra, apart: {
            let font = item.font.harfBuzzFont
            guard font.spaceTakesPartInLookups(script: script, rightToLeft: item.isRightToLeft, language: language, features: features)
            else {
                asked = .some(nil)
                return true
            }
            let contexts = font.spaceContexts(script: script, rightToLeft: item.isRightToLeft, language: language, features: features)
            asked = contexts.map { .some(Details(spaceContexts: $0)) }
            return contexts != nil
        }) else { return nil }
        let id = setup.id
        // (Until the thread that asked has kept its answer, another shapes the text whole.)
        guard let details = wordSetups.withLock({ known -> Details?? in
            if let asked, known[id] == nil { known[id] = asked }
            return known[id]
        }) else { return nil }
        setup.details = details
        return setup
    }

    /// Of each word setup, by number: its space contexts, or nil where the lookups leave the space alone.
    private let wordSetups = Locked<[UInt32: Details?]>([:])

    /// The setup for keeping short items shaped whole (a Latin word among Chinese, in a font whose lookups reach the
    /// space, so that words are not shaped apart; up to `maximumWordLength` units): items in Latin, Greek, Cyrillic or
    /// common characters, whose shaping HarfBuzz does not take from the text around them, in either direction (the
    /// punctuation and spaces between Latin and Arabic words are such items, set right to left); nil for any other.
    func itemSetup(for item: TextItem, script: hb_script_t, language: String?, features: [hb_feature_t], extra: CGFloat) -> Setup? {
        guard Self.keepsItemsWhole(script: item.script) else { return nil }
        return interned(item, script: script, language: language, features: features, extra: extra, wholeItems: true) { true }
    }

    /// Whether an item of this script shapes alone as among the text around it, so that it may be kept whole: ICU's
    /// Common, Inherited, Cyrillic, Greek and Latin (compared, not hashed: asked once an item).
    static func keepsItemsWhole(script: Int32) -> Bool {
        script == 25 || script == 0 || script == 1 || script == 8 || script == 14
    }

    /// The setup for shaping a Chinese, Japanese or Korean `item` character by character (`Shaper.appendCharacters`),
    /// with the glyphs its font's lookups involve; nil when it is not such an item, or its font applies tables whose
    /// glyphs HarfBuzz does not list (`HarfBuzzFont.glyphsInLookups`).
    func characterSetup(for item: TextItem, script: hb_script_t, language: String?, features: [hb_feature_t], extra: CGFloat) -> Setup? {
        guard Self.isCharacterScript(item.script), !item.isRightToLeft else { return nil }
        var found: GlyphBits? = nil
        guard var setup = interned(item, script: script, language: language, features: features, extra: extra, apart: {
            found = item.font.harfBuzzFont.glyphsInLookups(script: script, language: language, features: features)
            return found != nil
        }) else { return nil }
        // (Asked of HarfBuzz once per setup: kept by number, with the setup's table of single glyphs.)
        let id = setup.id
        guard let known = characterSetups.withLock({ known -> Details? in
            if let found, known[id] == nil { known[id] = Details(glyphsInLookups: found, characterGlyphs: CharacterGlyphs()) }
            return known[id]
        }) else { return nil }
        setup.details = known
        return setup
    }

    /// The glyphs in lookups and the single-glyph table of each character-by-character setup, by number.
    private let characterSetups = Locked<[UInt32: Details]>([:])

    /// The number of a setup (interned once), or nil where `apart` says its text is shaped whole.
    private func interned(_ item: TextItem, script: hb_script_t, language: String?, features: [hb_feature_t], extra: CGFloat,
                          wholeItems: Bool = false, apart isApart: () -> Bool) -> Setup? {
        let key = SetupKey(
            font: item.font.serialNumber, script: script.rawValue, rightToLeft: item.isRightToLeft, language: language,
            features: features.flatMap { [$0.tag, $0.value, $0.start, $0.end] }, extra: extra, wholeItems: wholeItems)
        if let known = setups.withLock({ $0[key] }) { return known == Self.shapedWhole ? nil : Setup(id: known) }
        let apart = isApart()
        let (setup, cleared) = setups.withLock { setups -> (Setup?, Bool) in
            if let known = setups[key] { return (known == Self.shapedWhole ? nil : Setup(id: known), false) }
            let full = setups.count >= 1024
            if full { setups.removeAll() }
            let id = apart ? UInt32(setups.count) : Self.shapedWhole
            setups[key] = id
            return (apart ? Setup(id: id) : nil, full)
        }
        // Setup numbers start again: words cached under the old ones go too.
        if cleared {
            shards.forEach { $0.words.withLock { $0 = WordTable(capacity: $0.capacity) } }
            characterSetups.withLock { $0.removeAll() }
            wordSetups.withLock { $0.removeAll() }
            longWords.withLock { $0.removeAll() }
        }
        return setup
    }

    /// The setup number standing for "shaped whole" in `setups`.
    private static let shapedWhole = UInt32.max

    /// ICU script codes of text that is shaped word by word: Common, Inherited, Arabic, Cyrillic, Devanagari, Greek,
    /// Hebrew, Latin.
    private static let wordScripts: Set<Int32> = [0, 1, 2, 8, 10, 14, 19, 25]

    /// Whether text of an ICU script code is shaped character by character: Han, Hangul, Hiragana, Katakana.
    private static func isCharacterScript(_ script: Int32) -> Bool { script == 17 || script == 18 || script == 20 || script == 22 }

    /// The cache key of a word, or nil when it is not cached (too long, or holding a control character).
    static func key(_ setup: Setup, _ units: ArraySlice<UInt16>) -> Key? {
        units.withUnsafeBufferPointer { key(setup, $0[...]) }
    }

    /// The same from units in place.
    static func key(_ setup: Setup, _ units: Slice<UnsafeBufferPointer<UInt16>>) -> Key? {
        key(setup, units, at: [])
    }

    /// Which edges of its item a stretch of characters shaped with its neighbours lies at (`Shaper.appendCharacters`):
    /// kept under keys of their own, since only the edges inside the item need HarfBuzz's leave to stand alone.
    struct ItemEdges: OptionSet, Sendable {
        let rawValue: UInt32
        static let start = ItemEdges(rawValue: 1 << 31)
        static let end = ItemEdges(rawValue: 1 << 30)
    }

    /// The cache key of a stretch lying at `edges` of its item (setup numbers stay below the edges' bits: the table of
    /// setups starts again at 1,024).
    static func key(_ setup: Setup, _ units: Slice<UnsafeBufferPointer<UInt16>>, at edges: ItemEdges) -> Key? {
        guard units.count <= maximumWordLength,
            !units.contains(where: CharacterClasses.isLayoutControl),
            let word = PackedWord(units)
        else { return nil }
        return Key(word: word, setup: setup.id | edges.rawValue)
    }

    /// Whether items are cut into words at this character: U+0020 SPACE only. This is a shaping rule, not a text
    /// class: it is the one character whose glyph `setup` checks no lookup touches, so shaping either side of it
    /// apart gives the glyphs shaping through it gives. (Other spaces are shaped inside the words they join.)
    @inline(__always)
    static func cutsWords(_ unit: UInt16) -> Bool { unit == 0x20 }

    /// Whether the character at `index` belongs to the cluster before it (a mark, a joiner, a variation selector):
    /// a word is never cut there.
    static func continuesCluster(_ units: [UInt16], at index: Int) -> Bool {
        let unit = units[index]
        // (A unit that is a cluster of its own — Latin-1, CJK — continues none.)
        if unit < 0x300 || GraphemeBoundaries.isAlone(unit) { return false }
        let (codePoint, _) = UnicodeScalarReader.codePoint(in: units, at: index)
        // (ICU's property tries: Swift's Unicode.Scalar.Properties cost a tenth of Arabic layout, asked per word.)
        return galley_continues_cluster(Int32(bitPattern: codePoint)) != 0
    }

    /// Whether the character at `index`, next to `segment` but outside its item, leaves the segment's shaping alone:
    /// HarfBuzz gives a right-to-left word's edge letters their joining forms from the text around its item (its
    /// context), and only characters that join (Unicode's Joining_Type D, R, L or C) or are transparent to joining (a
    /// mark, a format character) take part in that. A space, a digit, punctuation or a Latin letter beside the item
    /// changes nothing, nor does anything beside a segment with no such character of its own (a bracket, a quote, a
    /// space). (A surrogate is taken to take part.)
    static func leavesJoiningAlone(_ units: [UInt16], _ index: Int, _ segment: Range<Int>) -> Bool {
        func staysOutOfJoining(_ at: Int) -> Bool {
            let unit = units[at]
            if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) { return false }
            return galley_is_joining(Int32(unit)) == 0 && !continuesCluster(units, at: at)
        }
        return staysOutOfJoining(index) || segment.allSatisfy(staysOutOfJoining)
    }

    /// Appends the glyphs of a cached word starting at `start` to `glyphs` (decoded under its shard's lock, so nothing
    /// is copied twice or reference-counted); false when the word is not cached, or is kept as text HarfBuzz marked
    /// unsafe to shape alone (`ShapedWord.CharacterUse.withNeighbours`: no glyphs).
    func appendWord(_ key: Key, to glyphs: inout GlyphArrays, at start: Int) -> Bool {
        switch appendCharacter(key, to: &glyphs, at: start) {
        case nil, .withNeighbours?: false
        case .anywhere?, .besideFree?: true
        }
    }

    /// `appendWord` for a character shaped alone: how far it may be set alone, nil when it is not cached.
    func appendCharacter(_ key: Key, to glyphs: inout GlyphArrays, at start: Int) -> ShapedWord.CharacterUse? {
        let hash = key.spread
        return withTable(hash) { $0.append(key, hash: hash, to: &glyphs, at: start) }.map(ShapedWord.use)
    }

    /// Adds an item's lookups and hits to `statistics` (once per item: counters every thread touches per word would
    /// make threads wait on each other's cache lines).
    func count(lookups: Int, hits: Int) {
        self.lookups.add(lookups, ordering: .relaxed)
        self.hits.add(hits, ordering: .relaxed)
    }

    /// Keeps newly shaped words; a full shard keeps only its words in use (see `WordTable`).
    func store(_ words: [(Key, ShapedWord)]) {
        for (key, word) in words {
            let hash = key.spread
            withTable(hash) { $0.insert(key, hash: hash, packed: word.packed) }
        }
    }

    // MARK: Long words

    /// Words longer than a key holds (paths, commands and addresses among Chinese: a fifth of its Latin words), up to this
    /// many units, are kept apart by a hash of their text, each with the text to compare.
    static let maximumLongWordLength = 256
    /// The most long words kept; past it the table starts again.
    static let longWordCapacity = 2048

    private struct LongWord {
        let setup: UInt32
        let units: [UInt16]
        let word: ShapedWord
    }
    private let longWords = Locked<[UInt64: LongWord]>([:])

    private static func longWordHash(_ setup: Setup, _ units: Slice<UnsafeBufferPointer<UInt16>>) -> UInt64 {
        stableHash(units, seed: UInt64(setup.id))
    }

    /// Whether `units` can be kept as a long word: longer than a key holds, short enough, no control character.
    static func isLongWord(_ units: Slice<UnsafeBufferPointer<UInt16>>) -> Bool {
        units.count > maximumWordLength && units.count <= maximumLongWordLength && !units.contains(where: CharacterClasses.isLayoutControl)
    }

    /// `appendWord` for a long word (`isLongWord`), looked up by its text.
    func appendLongWord(_ setup: Setup, _ units: Slice<UnsafeBufferPointer<UInt16>>, to glyphs: inout GlyphArrays, at start: Int) -> Bool {
        let hash = Self.longWordHash(setup, units)
        guard let found = longWords.withLock({ $0[hash] }), found.setup == setup.id, found.units.elementsEqual(units) else { return false }
        found.word.append(to: &glyphs, at: start)
        return true
    }

    /// Keeps a long word (`isLongWord`) shaped alone.
    func storeLongWord(_ setup: Setup, _ units: Slice<UnsafeBufferPointer<UInt16>>, _ word: ShapedWord) {
        let entry = LongWord(setup: setup.id, units: Array(units), word: word)
        let hash = Self.longWordHash(setup, units)
        longWords.withLock { words in
            if words.count >= Self.longWordCapacity { words.removeAll(keepingCapacity: true) }
            words[hash] = entry
        }
    }

    /// Lookups and hits so far (for tests and benchmarks).
    var statistics: (lookups: Int, hits: Int) { (lookups.load(ordering: .relaxed), hits.load(ordering: .relaxed)) }
}

/// One shaped word in one array: per glyph its id, cluster offset in the word and unsafe-to-break flag, its
/// advance, and its offset when the word has any; a character shaped alone (`Shaper.appendCharacters`) also keeps how
/// far it may be set alone (`CharacterUse`).
struct ShapedWord: Sendable {
    let packed: [UInt32]

    /// How far a character shaped alone may be set alone (`Shaper.appendCharacters`).
    enum CharacterUse: UInt32 {
        /// No lookup involves its glyphs: alone anywhere.
        case anywhere = 0
        /// Lookups involve its glyphs but HarfBuzz saw nothing beyond it to match: alone between characters no lookup
        /// involves.
        case besideFree = 1
        /// Only shaped with its neighbours (kept without glyphs).
        case withNeighbours = 2
    }

    /// The header's count bits; above them the character use (2 bits) and the offsets flag.
    private static let countMask: UInt32 = 0x1FFF_FFFF

    /// The character use a packed word's header gives.
    static func use(_ header: UInt32) -> CharacterUse { CharacterUse(rawValue: (header >> 29) & 3) ?? .withNeighbours }

    /// The glyphs of `range` in `glyphs`, whose clusters start at `start`.
    init(_ glyphs: GlyphArrays, _ range: Range<Int>, at start: Int, use: CharacterUse = .anywhere) {
        let hasOffsets = range.contains { glyphs.offset($0) != .zero }
        var packed: [UInt32] = [UInt32(range.count) | use.rawValue << 29 | (hasOffsets ? 0x8000_0000 : 0)]
        packed.reserveCapacity(1 + range.count * (hasOffsets ? 4 : 2))
        for index in range {
            let cluster = UInt32(glyphs.stringIndex(index) - start)
            packed.append(UInt32(glyphs.glyph(index)) | cluster << 16 | (glyphs.isUnsafeToBreak(index) ? 0x8000_0000 : 0))
            packed.append(Float(glyphs.advance(index)).bitPattern)
            if hasOffsets {
                let offset = glyphs.offset(index)
                packed.append(Float(offset.x).bitPattern)
                packed.append(Float(offset.y).bitPattern)
            }
        }
        self.packed = packed
    }

    /// Appends the word's glyphs for a word starting at `start`.
    func append(to glyphs: inout GlyphArrays, at start: Int) {
        packed.withUnsafeBufferPointer { Self.append($0[...], to: &glyphs, at: start) }
    }

    /// Appends the glyphs of a packed word (as a shard's arena keeps them) starting at `start`.
    static func append(_ packed: Slice<UnsafeBufferPointer<UInt32>>, to glyphs: inout GlyphArrays, at start: Int) {
        let header = packed[packed.startIndex]
        let count = Int(header & countMask)
        let hasOffsets = header & 0x8000_0000 != 0
        if !hasOffsets {
            // The glyph's id, advance, string index and flag.
            func unpositioned(_ glyph: Int) -> (glyph: Glyph, advance: Float, stringIndex: Int, unsafeToBreak: Bool) {
                let first = packed[packed.startIndex + 1 + glyph * 2]
                return (Glyph(truncatingIfNeeded: first), Float(bitPattern: packed[packed.startIndex + 2 + glyph * 2]),
                        start + Int((first >> 16) & 0x7FFF), first & 0x8000_0000 != 0)
            }
            // (A longer word written at once — its string indices lie within the longest word's —, a short one glyph
            // by glyph: the copy from the writer's room costs more than it saves.)
            if count >= 8 {
                glyphs.appendUnpositioned(capacity: count, indices: start..<(start + WordShapes.maximumLongWordLength)) { writer in
                    var local = writer
                    for glyph in 0..<count {
                        let found = unpositioned(glyph)
                        local.append(glyph: found.glyph, advance: found.advance, stringIndex: found.stringIndex, unsafeToBreak: found.unsafeToBreak)
                    }
                    writer = local
                }
            } else {
                for glyph in 0..<count {
                    let found = unpositioned(glyph)
                    glyphs.appendUnpositioned(glyph: found.glyph, advance: found.advance, stringIndex: found.stringIndex, unsafeToBreak: found.unsafeToBreak)
                }
            }
            return
        }
        for glyph in 0..<count {
            let base = packed.startIndex + 1 + glyph * 4
            let first = packed[base]
            let offset = CGPoint(x: CGFloat(Float(bitPattern: packed[base + 2])), y: CGFloat(Float(bitPattern: packed[base + 3])))
            glyphs.append(
                glyph: Glyph(truncatingIfNeeded: first), advance: CGFloat(Float(bitPattern: packed[base + 1])), offset: offset,
                stringIndex: start + Int((first >> 16) & 0x7FFF), unsafeToBreak: first & 0x8000_0000 != 0)
        }
    }
}
