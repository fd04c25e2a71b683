import Foundation

/// A shape's edges (all but horizontal ones) in a segment tree over the slabs between its vertex heights: the edges that cross a horizontal line
/// are found in O(log n) steps plus their number, instead of testing every edge (a flattened curve has hundreds, and
/// a band query asks about many lines).
struct EdgeIndex: Sendable {
    private let starts: [CGPoint]
    private let ends: [CGPoint]
    /// The distinct vertex heights, ascending: slab i is [heights[i], heights[i + 1]).
    let heights: [CGFloat]
    /// Leaves start at `leaves`; node n holds the edges that span all of its slabs (and not all of its parent's).
    private let nodes: [[Int32]]
    private let leaves: Int

    init(_ polygons: [[CGPoint]]) {
        var starts: [CGPoint] = []
        var ends: [CGPoint] = []
        for polygon in polygons {
            var previous = polygon[polygon.count - 1]
            for point in polygon {
                if previous.y != point.y {
                    starts.append(previous)
                    ends.append(point)
                }
                previous = point
            }
        }
        var heights = Array(Set(polygons.flatMap { $0.map(\.y) })).sorted()
        if heights.isEmpty { heights = [0] }
        var leaves = 1
        while leaves < max(heights.count - 1, 1) { leaves *= 2 }
        var nodes = [[Int32]](repeating: [], count: 2 * leaves)
        for edge in starts.indices {
            let low = min(starts[edge].y, ends[edge].y), high = max(starts[edge].y, ends[edge].y)
            // The slabs from the one starting at `low` up to the one ending at `high`.
            var first = heights.partitioningIndex { $0 >= low } + leaves
            var last = heights.partitioningIndex { $0 >= high } + leaves
            while first < last {
                if first & 1 == 1 { nodes[first].append(Int32(edge)); first += 1 }
                if last & 1 == 1 { last -= 1; nodes[last].append(Int32(edge)) }
                first /= 2
                last /= 2
            }
        }
        self.starts = starts
        self.ends = ends
        self.heights = heights
        self.nodes = nodes
        self.leaves = leaves
    }

    /// Calls `body` with the ends of every edge whose height range [low, high) holds `y`.
    @inline(__always)
    func forEachEdge(crossing y: CGFloat, _ body: (CGPoint, CGPoint) -> Void) {
        guard let lowest = heights.first, y >= lowest, y < heights[heights.count - 1] else { return }
        var node = heights.partitioningIndex { $0 > y } - 1 + leaves
        while node >= 1 {
            for edge in nodes[node] { body(starts[Int(edge)], ends[Int(edge)]) }
            node /= 2
        }
    }
}
