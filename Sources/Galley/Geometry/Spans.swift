import Foundation

/// Interval arithmetic for bands: lists of x intervals, sorted and disjoint (ends may touch), combined in one pass.
enum Spans {
    typealias List = [ClosedRange<CGFloat>]

    /// The parts both lists cover (wider than nothing).
    static func intersect(_ a: List, _ b: List) -> List {
        var result: List = []
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            let low = max(a[i].lowerBound, b[j].lowerBound)
            let high = min(a[i].upperBound, b[j].upperBound)
            if low < high { result.append(low...high) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// The parts either list covers, touching intervals joined.
    static func union(_ a: List, _ b: List) -> List {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: List = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let next: ClosedRange<CGFloat>
            if j == b.count || (i < a.count && a[i].lowerBound <= b[j].lowerBound) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            append(next, to: &result)
        }
        return result
    }

    /// Sorted, disjoint intervals from any intervals.
    static func union(of intervals: List) -> List {
        var result: List = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) { append(interval, to: &result) }
        return result
    }

    /// The parts of `a` that `b` does not cover (wider than nothing).
    static func subtract(_ a: List, _ b: List) -> List {
        var result: List = []
        var j = 0
        for range in a {
            var low = range.lowerBound
            // Cuts wholly left of this interval are left of every later one too.
            while j < b.count, b[j].upperBound <= low { j += 1 }
            var k = j
            while k < b.count, b[k].lowerBound < range.upperBound {
                if b[k].lowerBound > low { result.append(low...b[k].lowerBound) }
                low = max(low, b[k].upperBound)
                k += 1
            }
            if low < range.upperBound { result.append(low...range.upperBound) }
        }
        return result
    }

    /// Appends an interval that starts at or after the last one's start, joining it to the last when they meet.
    private static func append(_ interval: ClosedRange<CGFloat>, to result: inout List) {
        if let last = result.last, interval.lowerBound <= last.upperBound {
            if interval.upperBound > last.upperBound { result[result.count - 1] = last.lowerBound...interval.upperBound }
        } else {
            result.append(interval)
        }
    }
}
