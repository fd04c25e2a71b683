import Foundation

/// An immutable set of Unicode code points stored as sorted, disjoint ranges: a font's coverage (its cmap)
/// or a descriptor's character-set query. Membership is a binary search.
///
/// Core Text: the `CFCharacterSet` of `kCTFontCharacterSetAttribute` and `CTFontCopyCharacterSet`.
/// `characterSet` converts to Foundation's `CharacterSet` when one is needed.
public struct CodePointSet: Hashable, Sendable {
    /// The ranges, sorted, disjoint and not adjacent.
    public let ranges: [ClosedRange<UInt32>]

    /// A set from ranges in any order; overlapping or adjacent ranges are merged.
    public init(_ ranges: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// A set of the scalars of a string.
    public init(_ string: String) {
        self.init(string.unicodeScalars.map { $0.value...$0.value })
    }

    init(sortedRanges: [ClosedRange<UInt32>]) { self.ranges = sortedRanges }

    /// The number of code points.
    public var count: Int { ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 } }

    /// Whether the set holds no code point.
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether the set holds a code point.
    /// The range of the set holding `codePoint`, if any.
    func range(containing codePoint: UInt32) -> ClosedRange<UInt32>? {
        guard let index = firstRangeIndex(endingAtOrAfter: codePoint), ranges[index].lowerBound <= codePoint else { return nil }
        return ranges[index]
    }

    public func contains(_ codePoint: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < codePoint {
                low = middle + 1
            } else if ranges[middle].lowerBound > codePoint {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    /// Whether the set holds a scalar.
    public func contains(_ scalar: Unicode.Scalar) -> Bool { contains(scalar.value) }

    /// Whether every code point of `other` is in this set.
    public func isSuperset(of other: CodePointSet) -> Bool {
        other.ranges.allSatisfy { range in
            guard let index = firstRangeIndex(endingAtOrAfter: range.lowerBound) else { return false }
            return ranges[index].lowerBound <= range.lowerBound && ranges[index].upperBound >= range.upperBound
        }
    }

    private func firstRangeIndex(endingAtOrAfter codePoint: UInt32) -> Int? {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < codePoint { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count ? low : nil
    }

    /// Foundation's `CharacterSet` with the same members (surrogate code points are left out).
    public var characterSet: CharacterSet {
        var set = CharacterSet()
        for range in ranges {
            let low = range.lowerBound
            let high = range.upperBound
            // CharacterSet takes scalar ranges; leave out the surrogate block.
            if low <= 0xD7FF { insert(low...min(high, 0xD7FF), into: &set) }
            if high >= 0xE000 { insert(max(low, 0xE000)...high, into: &set) }
        }
        return set
    }

    private func insert(_ range: ClosedRange<UInt32>, into set: inout CharacterSet) {
        if let first = Unicode.Scalar(range.lowerBound), let last = Unicode.Scalar(range.upperBound) {
            set.insert(charactersIn: first...last)
        }
    }
}
