/// One shard of the word cache: a fixed-size open-addressing table from word keys to their packed glyphs, which sit
/// one after another in an arena. A lookup hashes the key's numbers (no `Hasher`), probes a few adjacent slots and
/// copies the glyphs out; nothing is allocated or reference-counted per word.
///
/// When the table is full it keeps the words looked up since it was last full (up to half its capacity) and drops
/// the rest, so the words a text repeats stay while the ones it used once make room (dropping every word when full,
/// as the cache once did, asked HarfBuzz a quarter more often). Shaping the 1 MB English corpus once, 143,099 of
/// 162,155 word lookups hit (88%) with 16,384 words in 8 tables, 138,847 (86%) with 8,192; the corpus has about
/// 18,000 distinct words, so no size could pass 89%.
struct WordTable {
    /// Twice the words kept: probes stay short.
    private var slots: [Slot]
    private var arena: [UInt32] = []
    private(set) var count = 0
    let capacity: Int

    /// 48 bytes: the key, and where the word's glyphs are in the arena.
    private struct Slot {
        var key = WordShapes.Key.empty
        var start: UInt32 = 0
        /// The packed glyphs' length in the low 31 bits; the top bit set when looked up since the last sweep.
        var lengthAndHit: UInt32 = 0

        var length: Int { Int(lengthAndHit & 0x7FFF_FFFF) }
        var isHit: Bool { lengthAndHit & 0x8000_0000 != 0 }
    }

    /// A table that grows to `capacity` words. It starts with a few slots and doubles them as words come (up to twice
    /// the capacity), so that a process that shapes one line does not pay for the whole cache.
    init(capacity: Int) {
        self.capacity = max(capacity, 2)
        slots = Array(repeating: Slot(), count: min(16, Self.slotCount(forCapacity: self.capacity)))
    }

    /// The slots a table of `capacity` words ends up with: the power of two at least twice the capacity.
    private static func slotCount(forCapacity capacity: Int) -> Int {
        var count = 4
        while count < capacity * 2 { count *= 2 }
        return count
    }

    /// Doubles the slots, placing every word again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        for word in old where !word.key.isEmpty { slots[slot(of: word.key, hash: word.key.spread)] = word }
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func slot(of key: WordShapes.Key, hash: UInt64) -> Int {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while !slots[index].key.isEmpty, slots[index].key != key { index = (index + 1) & mask }
        return index
    }

    /// Appends the glyphs of `key` for a word starting at `start` to `glyphs` and gives its packed header; nil when the
    /// word is not kept.
    mutating func append(_ key: WordShapes.Key, hash: UInt64, to glyphs: inout GlyphArrays, at start: Int) -> UInt32? {
        let index = slot(of: key, hash: hash)
        guard !slots[index].key.isEmpty else { return nil }
        // Written once a sweep: a slot that two threads read stays in both their caches.
        if !slots[index].isHit { slots[index].lengthAndHit |= 0x8000_0000 }
        let from = Int(slots[index].start)
        let to = from + slots[index].length
        return arena.withUnsafeBufferPointer {
            ShapedWord.append($0[from..<to], to: &glyphs, at: start)
            return $0[from]
        }
    }

    /// Whether a word is kept, without counting as a lookup.
    func contains(_ key: WordShapes.Key, hash: UInt64) -> Bool { !slots[slot(of: key, hash: hash)].key.isEmpty }

    /// Keeps a word's packed glyphs (a word already kept stays as it is).
    mutating func insert(_ key: WordShapes.Key, hash: UInt64, packed: [UInt32]) {
        if count >= capacity { sweep() }
        // Keep probes short: at most half the slots in use, until they are twice the capacity.
        if (count + 1) * 2 > slots.count, slots.count < Self.slotCount(forCapacity: capacity) { grow() }
        let index = slot(of: key, hash: hash)
        guard slots[index].key.isEmpty else { return }
        slots[index] = Slot(key: key, start: UInt32(arena.count), lengthAndHit: UInt32(packed.count))
        arena += packed
        count += 1
    }

    /// Starts again with the words hit since the last sweep (at most half the capacity), their hits forgotten.
    private mutating func sweep() {
        let old = slots
        let oldArena = arena
        slots = Array(repeating: Slot(), count: old.count)
        arena.removeAll(keepingCapacity: true)
        count = 0
        for slot in old where slot.isHit && count < capacity / 2 {
            let from = Int(slot.start)
            insert(slot.key, hash: slot.key.spread, packed: Array(oldArena[from..<(from + slot.length)]))
        }
        _checkInvariants()
    }

    /// Checks the table (`InternalChecks`): a power-of-two slot count at least twice the words (growing to twice the
    /// capacity); `count` words,
    /// no more than the capacity, each reachable from its hash without crossing an empty slot; their glyphs lying
    /// one after another in the arena, which holds nothing else.
    func _checkInvariants() {
        #if GALLEY_INTERNAL_CHECKS
        precondition(slots.count.nonzeroBitCount == 1 && slots.count >= 2 * count && slots.count <= Self.slotCount(forCapacity: capacity),
                     "\(slots.count) slots for \(count) words of \(capacity)")
        var words = 0
        var ranges: [Range<Int>] = []
        for (index, slot) in slots.enumerated() where !slot.key.isEmpty {
            words += 1
            precondition(self.slot(of: slot.key, hash: slot.key.spread) == index, "slot \(index): its word is not found from its hash")
            ranges.append(Int(slot.start)..<(Int(slot.start) + slot.length))
        }
        precondition(words == count && count <= capacity, "\(words) words in the slots, count \(count), capacity \(capacity)")
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var end = 0
        for range in ranges {
            precondition(range.lowerBound == end, "arena: a word at \(range.lowerBound), the previous one ended at \(end)")
            end = range.upperBound
        }
        precondition(end == arena.count, "arena holds \(arena.count) values, the words \(end)")
        #endif
    }
}
