/// A short word's UTF-16 units packed into four 64-bit integers, with a cheap hash: the key of the caches asked once
/// per word during layout (shaped words, hyphenation points), where hashing a `String` would cost more than the answer.
struct PackedWord: Hashable, Sendable {
    /// The most UTF-16 units a packed word holds.
    static let maximumLength = 16

    private var units: (UInt64, UInt64, UInt64, UInt64)
    private var count: UInt16

    /// The word of no units (never a key: tables mark empty slots with it).
    static let empty = PackedWord(units: (0, 0, 0, 0), count: 0)

    var isEmpty: Bool { count == 0 }

    private init(units: (UInt64, UInt64, UInt64, UInt64), count: UInt16) {
        self.units = units
        self.count = count
    }

    /// Nil when the word is longer than `maximumLength`.
    init?(_ word: ArraySlice<UInt16>) {
        guard let packed = word.withUnsafeBufferPointer({ PackedWord($0[...]) }) else { return nil }
        self = packed
    }

    /// The same from units in place (no array to count references to).
    init?(_ word: Slice<UnsafeBufferPointer<UInt16>>) {
        guard word.count <= Self.maximumLength else { return nil }
        // The units' bytes copied as they are: only equality and the hash look at them.
        var packed: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &packed) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: word)))
        }
        count = UInt16(word.count)
        units = packed
    }

    static func == (a: PackedWord, b: PackedWord) -> Bool {
        a.count == b.count && a.units.0 == b.units.0 && a.units.1 == b.units.1 && a.units.2 == b.units.2
            && a.units.3 == b.units.3
    }

    /// The units mixed into one 64-bit value (most words fit the first eight bytes), `salt` first.
    func mixed(salt: UInt32 = 0) -> UInt64 {
        var mixed = UInt64(salt) << 32 | UInt64(count)
        mixed = (mixed ^ units.0) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ units.1) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ units.2 ^ (units.3 &* 0x94D0_49BB_1331_11EB)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(mixed()) }
}
