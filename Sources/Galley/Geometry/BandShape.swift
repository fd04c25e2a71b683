import Foundation

/// A shape ready for band queries: which x intervals of a horizontal band [bottom, top] a frame's shape holds at every
/// height of the band (text fills those), or an exclusion touches at some height (text stays off those).
///
/// The answers are exact for straight edges. The shape is cut into slabs at the heights of its vertices and of the
/// points where its edges cross; inside a slab every edge is straight and keeps its left-to-right order, so the fill
/// rule pairs the same edges all the way up, and a pair's interval is widest and narrowest at the slab's ends. Each
/// slab's answer is kept in a segment tree (intersections for a container, unions for an exclusion), so a band
/// costs O(log n) combinations plus the two slabs it cuts, however many vertices lie inside it.
struct BandShape: Sendable {
    /// What a shape's band queries are for.
    enum Role: Hashable, Sendable {
        /// A frame's shape: `inside(from:to:)`, the intervals inside at every height of the band.
        case container
        /// A clipping path kept clear: `touched(from:to:)`, the intervals inside at some height of the band.
        case exclusion
    }

    let polygons: [[CGPoint]]
    let fillRule: Path.FillRule
    let role: Role
    /// The heights that cut the shape into slabs, ascending: every vertex height, and the heights where two edges
    /// cross. Between two neighbours every edge is straight, so an interval's ends move linearly with the height.
    let slabHeights: [CGFloat]
    /// The shape's extent when it is one axis-aligned rectangle: bands are then answered from it alone.
    private let rectangle: (minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat)?
    /// The edges by the heights they span (nil for a rectangle).
    private let edges: EdgeIndex?
    /// Slab answers in a segment tree: slab i is leaf `leaves + i`; a node combines its children (intersection for a
    /// container, union for an exclusion).
    private let nodes: [Spans.List]
    private let leaves: Int

    /// Edge crossings looked for in one slab only when it holds at most this many edges; a slab with more that
    /// cross is answered conservatively (see `slabAnswer`), so a hostile path costs no more than its size squared.
    static let crossingSearchLimit = 64
    /// At most this many crossing heights are added for a whole shape, for the same reason.
    static let crossingHeightsLimit = 1 << 16

    init(_ path: Path, fillRule: Path.FillRule, role: Role, shiftedBy dy: CGFloat = 0) {
        self.init(polygons: path.polygons(), fillRule: fillRule, role: role, shiftedBy: dy)
    }

    /// The shape of `path` (its `polygons`, given when the caller has them), from a small cache of the shapes built
    /// lately: a layout manager fills one container, with its exclusions, paragraph after paragraph, and building a
    /// curved shape's slabs costs more than filling a paragraph. Paths of a few elements (rectangles) are built.
    static func shared(_ path: Path, polygons: [[CGPoint]]? = nil, fillRule: Path.FillRule, role: Role, shiftedBy dy: CGFloat = 0)
        -> BandShape
    {
        // Looked up before flattening: an exclusion's curves are flattened only when its shape is built.
        guard path.elements.count > sharingThreshold else {
            return BandShape(polygons: polygons ?? path.polygons(), fillRule: fillRule, role: role, shiftedBy: dy)
        }
        let key = SharingKey(path: Self.bitPatterns(path), fillRule: fillRule, role: role, dy: dy.bitPattern)
        if let shape = recentShapes.withLock({ $0[key] }) { return shape }
        let shape = BandShape(polygons: polygons ?? path.polygons(), fillRule: fillRule, role: role, shiftedBy: dy)
        recentShapes.withLock { shapes in
            if shapes.count >= sharedCapacity { shapes.removeAll() }
            shapes[key] = shape
        }
        return shape
    }

    /// Paths of more elements than this are shared (see `shared`); a rectangle has five, an ellipse six (its curves
    /// flatten to hundreds of vertices).
    static let sharingThreshold = 5
    /// At most this many shapes are kept; the cache starts over when full.
    static let sharedCapacity = 16

    /// What a shared shape was built from, by bit pattern (so a path with a NaN point equals itself).
    private struct SharingKey: Hashable, Sendable {
        var path: [UInt]
        var fillRule: Path.FillRule
        var role: Role
        var dy: UInt
    }

    /// A path as numbers that compare by bits: each element's kind, then its points' coordinates.
    private static func bitPatterns(_ path: Path) -> [UInt] {
        var result: [UInt] = []
        result.reserveCapacity(path.elements.count * 5)
        func add(_ kind: UInt, _ points: CGPoint...) {
            result.append(kind)
            for point in points { result += [point.x.bitPattern, point.y.bitPattern] }
        }
        for element in path.elements {
            switch element {
            case .move(let point): add(0, point)
            case .line(let point): add(1, point)
            case .quadCurve(let end, let control): add(2, end, control)
            case .curve(let end, let first, let second): add(3, end, first, second)
            case .closeSubpath: add(4)
            }
        }
        return result
    }

    private static let recentShapes = Locked<[SharingKey: BandShape]>([:])

    /// A shape from flattened polygons (see `Path.polygons()`), moved up by `dy` (down for a negative `dy`).
    init(polygons: [[CGPoint]], fillRule: Path.FillRule, role: Role, shiftedBy dy: CGFloat = 0) {
        let polygons = dy == 0 ? polygons : polygons.map { $0.map { CGPoint(x: $0.x, y: $0.y + dy) } }
        self.polygons = polygons
        self.fillRule = fillRule
        self.role = role
        rectangle = Self.rectangle(of: polygons)
        if let rectangle {
            slabHeights = [rectangle.minY, rectangle.maxY]
            edges = nil
            nodes = []
            leaves = 0
            return
        }
        let edges = EdgeIndex(polygons)
        let heights = polygons.isEmpty ? [] : Self.slabHeights(edges, fillRule: fillRule)
        var leaves = 1
        while leaves < max(heights.count - 1, 1) { leaves *= 2 }
        var nodes = [Spans.List](repeating: [], count: 2 * leaves)
        for slab in 0..<max(heights.count - 1, 0) {
            nodes[leaves + slab] = Self.slabAnswer(from: heights[slab], to: heights[slab + 1], edges: edges, fillRule: fillRule, role: role)
        }
        for node in stride(from: leaves - 1, through: 1, by: -1) {
            nodes[node] = role == .container
                ? Spans.intersect(nodes[2 * node], nodes[2 * node + 1]) : Spans.union(nodes[2 * node], nodes[2 * node + 1])
        }
        self.edges = edges
        self.slabHeights = heights
        self.nodes = nodes
        self.leaves = leaves
    }

    var isEmpty: Bool { polygons.isEmpty }

    /// Whether the shape is one axis-aligned rectangle (every horizontal band inside it is equally wide).
    var isRectangle: Bool { rectangle != nil }

    /// The x intervals inside the shape at every height from `bottom` to `top`, left to right (a container's query).
    func inside(from bottom: CGFloat, to top: CGFloat) -> Spans.List {
        assert(role == .container, "inside(from:to:) is a container's query")
        return band(from: bottom, to: top)
    }

    /// The x intervals inside the shape at some height from `bottom` to `top`, left to right (an exclusion's query).
    func touched(from bottom: CGFloat, to top: CGFloat) -> Spans.List {
        assert(role == .exclusion, "touched(from:to:) is an exclusion's query")
        return band(from: bottom, to: top)
    }

    /// The band's answer for the shape's role: the two slabs the band's ends cut, answered directly, combined with
    /// the whole slabs between them from the tree. A band of no height is the line at its bottom.
    private func band(from bottom: CGFloat, to top: CGFloat) -> Spans.List {
        guard bottom.isFinite, top.isFinite, !polygons.isEmpty else { return [] }
        guard bottom < top else { return intervals(at: bottom) }
        if let rectangle {
            guard rectangle.maxX > rectangle.minX else { return [] }
            let holds = role == .container
                ? rectangle.minY <= bottom && top <= rectangle.maxY : bottom < rectangle.maxY && rectangle.minY < top
            return holds ? [rectangle.minX...rectangle.maxX] : []
        }
        guard let edges, let lowest = slabHeights.first, let highest = slabHeights.last, lowest < highest else { return [] }
        var low = bottom
        var high = top
        if role == .container {
            // Outside the shape's heights nothing is inside.
            guard lowest <= low, high <= highest else { return [] }
        } else {
            low = max(low, lowest)
            high = min(high, highest)
            guard low < high else { return [] }
        }
        // The slabs holding the band's ends (the last starting at or below `low`, the last starting below `high`).
        let first = slabHeights.partitioningIndex { $0 > low } - 1
        let last = slabHeights.partitioningIndex { $0 >= high } - 1
        func answer(_ from: CGFloat, _ to: CGFloat) -> Spans.List {
            Self.slabAnswer(from: from, to: to, edges: edges, fillRule: fillRule, role: role)
        }
        if first == last { return answer(low, high) }
        var parts = [answer(low, slabHeights[first + 1]), answer(slabHeights[last], high)]
        var left = first + 1 + leaves
        var right = last + leaves
        while left < right {
            if left & 1 == 1 { parts.append(nodes[left]); left += 1 }
            if right & 1 == 1 { right -= 1; parts.append(nodes[right]) }
            left /= 2
            right /= 2
        }
        switch role {
        case .container:
            var result = parts[0]
            for part in parts.dropFirst() {
                if result.isEmpty { break }
                result = Spans.intersect(result, part)
            }
            return result
        case .exclusion:
            return Spans.union(of: parts.flatMap { $0 })
        }
    }

    /// The x intervals inside the shape on the horizontal line at height y (crossings with the fill rule; half-open
    /// in y, so a vertex on the line counts once).
    func intervals(at y: CGFloat) -> Spans.List {
        guard let edges else {
            guard let rectangle, rectangle.minY <= y, y < rectangle.maxY, rectangle.maxX > rectangle.minX else { return [] }
            return [rectangle.minX...rectangle.maxX]
        }
        let crossings = Self.crossings(edges, at: y, from: y, to: y)
        return Self.insidePairs(crossings, fillRule: fillRule).compactMap { left, right in
            let (low, high) = (crossings[left].middle, crossings[right].middle)
            return low < high ? low...high : nil
        }
    }

    // MARK: - Slabs

    /// An edge where a horizontal line meets it: its x at the bottom, middle and top of a slab (or part of one), and
    /// its direction (+1 upwards) for the winding rule.
    private struct Crossing {
        var low: CGFloat
        var middle: CGFloat
        var high: CGFloat
        var winding: Int
    }

    /// The edges that cross the line at `middle`, with their x at `low`, `middle` and `high`, left to right at `middle`.
    private static func crossings(_ edges: EdgeIndex, at middle: CGFloat, from low: CGFloat, to high: CGFloat) -> [Crossing] {
        var crossings: [Crossing] = []
        edges.forEachEdge(crossing: middle) { a, b in
            guard (a.y <= middle && b.y > middle) || (b.y <= middle && a.y > middle) else { return }
            crossings.append(Crossing(low: x(a, b, at: low), middle: x(a, b, at: middle), high: x(a, b, at: high),
                                      winding: b.y > a.y ? 1 : -1))
        }
        crossings.sort { $0.middle < $1.middle }
        return crossings
    }

    /// The x of the edge from a to b at height y (exactly an end's x at that end's height).
    private static func x(_ a: CGPoint, _ b: CGPoint, at y: CGFloat) -> CGFloat {
        if y == a.y { return a.x }
        if y == b.y { return b.x }
        return a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
    }

    /// The crossings (left to right) that open and close each interval inside the shape, by the fill rule.
    private static func insidePairs(_ crossings: [Crossing], fillRule: Path.FillRule) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var winding = 0
        var opened: Int? = nil
        for (index, crossing) in crossings.enumerated() {
            let wasInside = fillRule == .evenOdd ? winding % 2 != 0 : winding != 0
            winding += crossing.winding
            let isInside = fillRule == .evenOdd ? winding % 2 != 0 : winding != 0
            if !wasInside && isInside { opened = index }
            if wasInside && !isInside, let start = opened {
                pairs.append((start, index))
                opened = nil
            }
        }
        return pairs
    }

    /// Rounding allowed when comparing x positions near `x`: edges that meet at a vertex may differ by this there.
    private static func slack(_ x: CGFloat) -> CGFloat { 1e-9 * max(1, abs(x)) }

    /// Whether the crossings (left to right in the middle) are in the same order at both ends: no two cross between.
    private static func keepOrder(_ crossings: [Crossing]) -> Bool {
        for index in crossings.indices.dropFirst() {
            let (previous, current) = (crossings[index - 1], crossings[index])
            if current.low < previous.low - slack(previous.low) || current.high < previous.high - slack(previous.high) { return false }
        }
        return true
    }

    /// The answer for [low, high] within one slab. When the edges keep their order, the fill rule pairs the same
    /// edges throughout, and a pair's interval is narrowest (container) or widest (exclusion) over its two ends.
    /// When they do not (a slab with more crossings than were looked for), the answer is conservative: the intervals
    /// in the middle less (container) or plus (exclusion) every x any edge passes through.
    private static func slabAnswer(from low: CGFloat, to high: CGFloat, edges: EdgeIndex, fillRule: Path.FillRule,
                                   role: Role) -> Spans.List {
        let crossings = crossings(edges, at: low + (high - low) / 2, from: low, to: high)
        let pairs = insidePairs(crossings, fillRule: fillRule)
        guard keepOrder(crossings) else {
            // Edges that cross within the slab: their middles need not be in order (found by the editing fuzzer),
            // and a degenerate edge's x may be NaN; such spans are taken end to end, or left out.
            func span(_ a: CGFloat, _ b: CGFloat) -> ClosedRange<CGFloat>? {
                a.isNaN || b.isNaN ? nil : min(a, b)...max(a, b)
            }
            let middle = Spans.union(of: pairs.compactMap { span(crossings[$0.0].middle, crossings[$0.1].middle) })
            let swept = Spans.union(of: crossings.compactMap { span($0.low, $0.high) })
            return role == .container ? Spans.subtract(middle, swept) : Spans.union(middle, swept)
        }
        switch role {
        case .container:
            return pairs.compactMap { left, right in
                let start = max(crossings[left].low, crossings[left].high)
                let end = min(crossings[right].low, crossings[right].high)
                return start < end ? start...end : nil
            }
        case .exclusion:
            return Spans.union(of: pairs.map { left, right in
                min(crossings[left].low, crossings[left].high)...max(crossings[right].low, crossings[right].high)
            })
        }
    }

    /// The vertex heights, with the heights where two edges cross added (up to the limits above).
    private static func slabHeights(_ edges: EdgeIndex, fillRule: Path.FillRule) -> [CGFloat] {
        let vertexHeights = edges.heights
        var added: [CGFloat] = []
        for slab in 0..<max(vertexHeights.count - 1, 0) where added.count < crossingHeightsLimit {
            let (low, high) = (vertexHeights[slab], vertexHeights[slab + 1])
            let crossings = crossings(edges, at: low + (high - low) / 2, from: low, to: high)
            guard crossings.count <= crossingSearchLimit, !keepOrder(crossings) else { continue }
            for i in crossings.indices {
                for j in crossings.indices where j > i {
                    // Straight edges cross once at most: where their difference in x changes sign.
                    let below = crossings[j].low - crossings[i].low
                    let above = crossings[j].high - crossings[i].high
                    guard (below > slack(crossings[i].low) && above < -slack(crossings[i].high))
                        || (below < -slack(crossings[i].low) && above > slack(crossings[i].high)) else { continue }
                    let y = low + (high - low) * below / (below - above)
                    if y > low, y < high { added.append(y) }
                }
            }
        }
        return added.isEmpty ? vertexHeights : Array(Set(vertexHeights + added)).sorted()
    }

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
}
