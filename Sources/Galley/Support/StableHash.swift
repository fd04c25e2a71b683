/// FNV-1a over a sequence of integers, each taken whole (a byte of UTF-8, a unit of UTF-16): the same in every process,
/// where Swift's `Hasher` is seeded per process — for names that outlive it (a file named after its environment, a
/// file's checksum) and for keys whose text is compared where it is stored (the word cache's long words).
@inline(__always)
func stableHash<Values: Sequence>(_ values: Values, seed: UInt64 = 0) -> UInt64 where Values.Element: FixedWidthInteger {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for value in values { hash = (hash ^ UInt64(truncatingIfNeeded: value)) &* 0x100_0000_01b3 }
    return hash
}
