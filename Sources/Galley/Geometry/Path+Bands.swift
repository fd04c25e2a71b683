import Foundation

extension Path {
    /// The path as closed polygons (curves flattened to within about 0.1 point), for band queries. Every subpath
    /// is closed implicitly, as filling does.
    func polygons() -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        func finish() {
            if current.count >= 3 { polygons.append(current) }
            current = []
        }
        func flatten(_ steps: Int, _ point: (CGFloat) -> CGPoint) {
            for step in 1...steps { current.append(point(CGFloat(step) / CGFloat(steps))) }
        }
        for element in elements {
            switch element {
            case .move(let point):
                finish()
                current = [point]
            case .line(let point):
                if current.isEmpty { current = [point] } else { current.append(point) }
            case .quadCurve(let end, let control):
                guard let start = current.last else { current = [end]; continue }
                let length = hypot(control.x - start.x, control.y - start.y) + hypot(end.x - control.x, end.y - control.y)
                flatten(Path.steps(length)) { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
                                   y: u * u * start.y + 2 * u * t * control.y + t * t * end.y)
                }
            case .curve(let end, let c1, let c2):
                guard let start = current.last else { current = [end]; continue }
                let length = hypot(c1.x - start.x, c1.y - start.y) + hypot(c2.x - c1.x, c2.y - c1.y)
                    + hypot(end.x - c2.x, end.y - c2.y)
                flatten(Path.steps(length)) { t in
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    return CGPoint(x: a * start.x + b * c1.x + c * c2.x + d * end.x,
                                   y: a * start.y + b * c1.y + c * c2.y + d * end.y)
                }
            case .closeSubpath:
                let start = current.first
                finish()
                if let start { current = [start] }
            }
        }
        finish()
        return polygons.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { $0.count >= 3 }
    }

    private static func steps(_ length: CGFloat) -> Int {
        guard length.isFinite else { return 1 }
        // Clamped before the conversion: a huge (finite) curve would overflow `Int`.
        return Int(min(max((length / 2).rounded(.up), 4), 256))
    }
}

/// A shape ready for band queries: its polygons and fill rule. Text fills the spans of a horizontal band that
/// lie inside the shape at every height of the band.
struct BandShape: Sendable {
    let polygons: [[CGPoint]]
    let fillRule: Path.FillRule
    /// Heights of every vertex, sorted: the band query samples at these.
    let vertexHeights: [CGFloat]
    /// The shape's extent when it is one axis-aligned rectangle (`isRectangle`): bands are then answered without
    /// sampling.
    private let rectangle: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat)?

    init(_ path: Path, fillRule: Path.FillRule, shiftedBy dy: CGFloat = 0) {
        self.init(polygons: path.polygons(), fillRule: fillRule, shiftedBy: dy)
    }

    /// A shape from flattened polygons (see `Path.polygons()`), moved up by `dy` (down for a negative `dy`).
    init(polygons: [[CGPoint]], fillRule: Path.FillRule, shiftedBy dy: CGFloat = 0) {
        let polygons = dy == 0 ? polygons : polygons.map { $0.map { CGPoint(x: $0.x, y: $0.y + dy) } }
        self.polygons = polygons
        self.fillRule = fillRule
        vertexHeights = polygons.flatMap { $0.map(\.y) }.sorted()
        rectangle = Self.rectangle(of: polygons)
        // A rectangle answers without crossing edges.
        edges = rectangle == nil ? EdgeIndex(polygons) : nil
    }

    /// The x intervals inside the shape all the way from `bottom` to `top`: the intersection of the intervals at
    /// every sample height. A rectangle gives the same answer without building the samples: its one interval when
    /// every sample is inside it (half-open in y, as `intervals(at:)` counts crossings), else none.
    func intervals(from bottom: CGFloat, to top: CGFloat) -> [ClosedRange<CGFloat>] {
        if let rectangle {
            let epsilon = max((top - bottom) * 1e-6, 1e-7)
            let low = bottom + epsilon, high = top - epsilon
            func isInside(_ y: CGFloat) -> Bool { rectangle.minY <= y && y < rectangle.maxY }
            var inside = isInside(low) && isInside(high)
            for y in [rectangle.minY, rectangle.maxY] where inside && y > bottom && y < top {
                inside = isInside(max(y - epsilon, low)) && isInside(min(y + epsilon, high))
            }
            return inside && rectangle.maxX > rectangle.minX ? [rectangle.minX...rectangle.maxX] : []
        }
        var inside: [ClosedRange<CGFloat>]? = nil
        for y in samples(from: bottom, to: top) {
            let here = intervals(at: y)
            inside = inside.map { Spans.intersect($0, here) } ?? here
            if inside?.isEmpty ?? true { return [] }
        }
        return inside ?? []
    }

    var isEmpty: Bool { polygons.isEmpty }

    /// Whether the shape is one axis-aligned rectangle (every horizontal band inside it is equally wide).
    var isRectangle: Bool { rectangle != nil }

    /// The polygons' edges by the heights they span, so a horizontal line meets only the edges that cross it.
    private let edges: EdgeIndex?

    /// The extent of polygons that are one axis-aligned rectangle, else nil.
    private static func rectangle(of polygons: [[CGPoint]]) -> (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat)? {
        guard polygons.count == 1, let first = polygons[0].first else { return nil }
        let points = polygons[0]
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count == 2, ys.count == 2 else { return nil }
        // Every edge horizontal or vertical, so the four corners form the rectangle itself.
        var previous = points[points.count - 1]
        for point in points {
            if point.x != previous.x && point.y != previous.y { return nil }
            previous = point
        }
        guard first.x.isFinite && first.y.isFinite else { return nil }
        return (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
    }

    /// The x intervals inside the shape on the horizontal line at height y (crossings with the fill rule).
    func intervals(at y: CGFloat) -> [ClosedRange<CGFloat>] {
        guard let edges else {
            // A rectangle: its two vertical edges, half-open in y as below.
            guard let rectangle, rectangle.minY <= y, y < rectangle.maxY, rectangle.maxX > rectangle.minX else { return [] }
            return [rectangle.minX...rectangle.maxX]
        }
        var crossings: [(x: CGFloat, winding: Int)] = []
        edges.forEachEdge(crossing: y) { a, b in
            // Half-open in y, so a vertex on the line counts once.
            if (a.y <= y && b.y > y) || (b.y <= y && a.y > y) {
                let t = (y - a.y) / (b.y - a.y)
                crossings.append((a.x + t * (b.x - a.x), b.y > a.y ? 1 : -1))
            }
        }
        guard crossings.count >= 2 else { return [] }
        crossings.sort { $0.x < $1.x }
        var result: [ClosedRange<CGFloat>] = []
        var winding = 0
        var openedAt: CGFloat? = nil
        for crossing in crossings {
            let wasInside = fillRule == .evenOdd ? winding % 2 != 0 : winding != 0
            winding += crossing.winding
            let isInside = fillRule == .evenOdd ? winding % 2 != 0 : winding != 0
            if !wasInside && isInside { openedAt = crossing.x }
            if wasInside && !isInside, let start = openedAt {
                if crossing.x > start { result.append(start...crossing.x) }
                openedAt = nil
            }
        }
        return result
    }

    /// Heights to sample in a band: just inside its edges and on either side of each vertex within it. Between
    /// samples every edge is straight, so interval ends move linearly and the samples decide the whole band.
    func samples(from bottom: CGFloat, to top: CGFloat) -> [CGFloat] {
        let epsilon = max((top - bottom) * 1e-6, 1e-7)
        var heights = [bottom + epsilon, top - epsilon]
        var index = vertexHeights.partitioningIndex { $0 > bottom }
        while index < vertexHeights.count, vertexHeights[index] < top {
            let y = vertexHeights[index]
            heights.append(max(y - epsilon, bottom + epsilon))
            heights.append(min(y + epsilon, top - epsilon))
            index += 1
        }
        return heights
    }
}

/// Interval arithmetic for bands.
enum Spans {
    static func intersect(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var result: [ClosedRange<CGFloat>] = []
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

    static func union(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        let all = (a + b).sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<CGFloat>] = []
        for range in all {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    static func subtract(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> [ClosedRange<CGFloat>] {
        var result: [ClosedRange<CGFloat>] = []
        for range in a {
            var pieces = [range]
            for cut in b {
                pieces = pieces.flatMap { piece -> [ClosedRange<CGFloat>] in
                    guard cut.upperBound > piece.lowerBound, cut.lowerBound < piece.upperBound else { return [piece] }
                    var parts: [ClosedRange<CGFloat>] = []
                    if cut.lowerBound > piece.lowerBound { parts.append(piece.lowerBound...cut.lowerBound) }
                    if cut.upperBound < piece.upperBound { parts.append(cut.upperBound...piece.upperBound) }
                    return parts
                }
            }
            result += pieces
        }
        return result
    }
}

/// A shape's edges in a segment tree over the slabs between its vertex heights: the edges that cross a horizontal line
/// are found in O(log n) steps plus their number, instead of testing every edge (a flattened curve has hundreds, and
/// a band query asks about many lines).
private struct EdgeIndex: Sendable {
    private let starts: [CGPoint]
    private let ends: [CGPoint]
    /// The distinct vertex heights, ascending: slab i is [heights[i], heights[i + 1]).
    private let heights: [CGFloat]
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
