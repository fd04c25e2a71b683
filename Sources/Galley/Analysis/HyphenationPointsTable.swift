import Foundation

/// A hyphenator's answers for short words (up to `PackedWord.maximumLength` UTF-16 units), for layout, which asks
/// once per word of every paragraph: each word's points as the bits of a mask (bit i: a point before unit i), in an
/// open-addressing table keyed by the packed word — no `String`, no array per word and no general-purpose hashing
/// on the way. It starts with a few slots and doubles them as words come, up to twice `capacity`; past `capacity`
/// words it starts again.
struct HyphenationPointsTable {
    private var words: [PackedWord]
    private var masks: [UInt16]
    private(set) var count = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 2)
        words = Array(repeating: .empty, count: 64)
        masks = Array(repeating: 0, count: 64)
    }

    /// The points of `word` as a mask, or nil when the table does not hold it.
    func points(of word: PackedWord) -> UInt16? {
        let index = slot(of: word)
        return words[index].isEmpty ? nil : masks[index]
    }

    /// Keeps the points of `word` (not empty; points after its 15th unit cannot be kept and are not asked for).
    mutating func insert(_ word: PackedWord, points: UInt16) {
        guard !word.isEmpty else { return }
        if count >= capacity {
            words = Array(repeating: .empty, count: 64)
            masks = Array(repeating: 0, count: 64)
            count = 0
        }
        if (count + 1) * 2 > words.count { grow() }
        let index = slot(of: word)
        if words[index].isEmpty { count += 1 }
        words[index] = word
        masks[index] = points
    }

    /// The slot holding `word`, or the empty slot where it would go.
    private func slot(of word: PackedWord) -> Int {
        let mask = words.count - 1
        var index = Int(truncatingIfNeeded: word.mixed() >> 17) & mask
        while !words[index].isEmpty, words[index] != word { index = (index + 1) & mask }
        return index
    }

    /// Doubles the slots, placing every word again.
    private mutating func grow() {
        let (oldWords, oldMasks) = (words, masks)
        words = Array(repeating: .empty, count: oldWords.count * 2)
        masks = Array(repeating: 0, count: oldWords.count * 2)
        for (word, points) in zip(oldWords, oldMasks) where !word.isEmpty {
            let index = slot(of: word)
            words[index] = word
            masks[index] = points
        }
    }
}
