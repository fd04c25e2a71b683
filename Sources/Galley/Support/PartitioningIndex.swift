extension RandomAccessCollection {
    // Shared with GalleyText (`package`): the one binary search both modules use.
    /// The first index whose element satisfies `predicate`, for a collection where the predicate is false for a
    /// prefix and true for the rest (binary search); `endIndex` when it holds for none.
    package func partitioningIndex(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
