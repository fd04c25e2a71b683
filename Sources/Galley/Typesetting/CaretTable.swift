import Foundation

/// A line's caret geometry, built once per line (on its first caret question): one segment per grapheme cluster (or per part of
/// a ligature), with its UTF-16 range and its left and right x. Queries are binary searches, so asking for
/// every caret of a long line costs O(n log n), not O(n²).
struct CaretTable: Sendable {
    struct Segment: Sendable {
        var start: Int
        var end: Int
        var left: CGFloat
        var right: CGFloat
        var isRightToLeft: Bool

        /// Where a caret stands before this character in reading order.
        var leadingEdge: CGFloat { isRightToLeft ? right : left }
        /// Where a caret stands after it.
        var trailingEdge: CGFloat { isRightToLeft ? left : right }
    }

    /// Segments in logical order (by `start`), not overlapping.
    let logical: [Segment]
    /// Indices into `logical` in visual order, left to right.
    let visual: [Int]
    let stringRange: Range<Int>

    /// A HarfBuzz cluster of a run: its first string index, its x extent in the line, and its glyphs.
    private struct ClusterExtent {
        var start: Int
        var left: CGFloat
        var right: CGFloat
        var glyph: Int
        var glyphCount: Int
    }

    /// The table of a line's runs (in visual order) and glyph arrays, in four steps: each run's clusters with their x
    /// extents, put in logical order; a segment per cluster, split at the grapheme boundaries inside it (at the
    /// font's ligature carets when it has them); segments inside one grapheme merged; the visual order.
    init(runs: LineStorage.Runs, glyphs: [Glyph], advances: [CGFloat], stringIndices: [Int],
         graphemes: BoundaryOffsets, stringRange: Range<Int>) {
        self.stringRange = stringRange
        var segments: [Segment] = []
        segments.reserveCapacity(stringRange.count)
        var clusters: [ClusterExtent] = []  // (reused across runs)
        var pen: CGFloat = 0
        for run in runs {
            Self.clusters(of: run, stringIndices: stringIndices, advances: advances, pen: &pen, into: &clusters)
            Self.appendSegments(of: clusters, run: run, glyphs: glyphs, graphemes: graphemes, to: &segments)
        }
        if !segments.isEmpty, zip(segments, segments.dropFirst()).contains(where: { $0.start > $1.start }) {
            segments.sort { $0.start < $1.start }
        }
        let merged = Self.mergedByGrapheme(segments, graphemes: graphemes)
        logical = merged
        if zip(merged, merged.dropFirst()).allSatisfy({ $0.left <= $1.left }) {
            visual = Array(merged.indices)
        } else {
            visual = merged.indices.sorted { merged[$0].left != merged[$1].left ? merged[$0].left < merged[$1].left : $0 < $1 }
        }
        _checkInvariants()
    }

    /// A run's clusters (glyphs with one string index) with their x extents from `pen` on, in logical order.
    ///
    /// Runs are read in visual order, so a left-to-right run's clusters usually ascend and a right-to-left run's
    /// descend; but HarfBuzz keeps the clusters inside a reversed grapheme (a base and its marks) in logical order,
    /// so neither need hold: they are sorted then, and clusters that share a start merged.
    private static func clusters(of run: LineStorage.RunRecord, stringIndices: [Int], advances: [CGFloat], pen: inout CGFloat,
                                 into clusters: inout [ClusterExtent]) {
        clusters.removeAll(keepingCapacity: true)
        var index = run.glyphRange.lowerBound
        while index < run.glyphRange.upperBound {
            let cluster = stringIndices[index]
            let left = pen
            let first = index
            while index < run.glyphRange.upperBound, stringIndices[index] == cluster {
                pen += advances[index]
                index += 1
            }
            if let last = clusters.last, last.start == cluster {  // a cluster split by another (rare): merge
                clusters[clusters.count - 1].right = max(last.right, pen)
                clusters[clusters.count - 1].glyphCount += index - first
            } else {
                clusters.append(ClusterExtent(start: cluster, left: left, right: pen, glyph: first, glyphCount: index - first))
            }
        }
        sortLogically(&clusters, rightToLeft: run.level & 1 == 1)
    }

    /// A segment per cluster (in logical order; a cluster ends where the next one starts), split at the grapheme
    /// boundaries inside it: at the font's GDEF ligature carets for a one-glyph cluster that has enough, else evenly.
    private static func appendSegments(of clusters: [ClusterExtent], run: LineStorage.RunRecord, glyphs: [Glyph],
                                       graphemes: BoundaryOffsets, to segments: inout [Segment]) {
        let rightToLeft = run.level & 1 == 1
        for position in clusters.indices {
            let cluster = clusters[position]
            let end = position + 1 < clusters.count ? clusters[position + 1].start : run.stringRange.upperBound
            guard end > cluster.start else { continue }
            if end - cluster.start == 1 || !hasBoundary(inside: cluster.start..<end, boundaries: graphemes) {
                segments.append(Segment(start: cluster.start, end: end, left: cluster.left, right: cluster.right, isRightToLeft: rightToLeft))
                continue
            }
            let parts = CaretTable.graphemes(in: cluster.start..<end, boundaries: graphemes)
            let width = cluster.right - cluster.left
            var carets = (1..<parts.count).map { width * CGFloat($0) / CGFloat(parts.count) }
            if cluster.glyphCount == 1 {
                // GDEF ligature carets are x positions from the glyph's left; count them from the leading edge.
                let ligature = run.font.ligatureCaretPositions(for: glyphs[cluster.glyph]).map { rightToLeft ? width - $0 : $0 }.sorted()
                if ligature.count >= parts.count - 1 { carets = Array(ligature.prefix(parts.count - 1)) }
            }
            let edges = ([0] + carets + [width]).map { min(max($0, 0), width) }
            for (part, range) in parts.enumerated() {
                let (a, b) = (edges[part], edges[part + 1])
                let left = rightToLeft ? cluster.right - b : cluster.left + a
                let right = rightToLeft ? cluster.right - a : cluster.left + b
                segments.append(Segment(start: range.lowerBound, end: range.upperBound, left: left, right: max(left, right),
                                        isRightToLeft: rightToLeft))
            }
        }
    }

    /// Segments (ascending) with those that start inside a grapheme merged into the one before: a grapheme split over
    /// two HarfBuzz clusters or runs stays one caret stop. Segments and boundaries both ascend: one walk.
    private static func mergedByGrapheme(_ segments: [Segment], graphemes: BoundaryOffsets) -> [Segment] {
        var merged: [Segment] = []
        merged.reserveCapacity(segments.count)
        // (From the first boundary at or after the line's start, found at once: the paragraph's boundaries before the
        // line can be thousands.)
        var boundary = segments.first.map { graphemes.firstIndex(after: $0.start - 1) } ?? 0
        for segment in segments {
            while boundary < graphemes.count, graphemes[boundary] < segment.start { boundary += 1 }
            let startsGrapheme = boundary < graphemes.count && graphemes[boundary] == segment.start
            if let last = merged.last, !startsGrapheme {
                merged[merged.count - 1] = Segment(
                    start: last.start, end: max(last.end, segment.end), left: min(last.left, segment.left),
                    right: max(last.right, segment.right), isRightToLeft: last.isRightToLeft)
            } else {
                merged.append(segment)
            }
        }
        return merged
    }

    /// Checks the table (`InternalChecks`): segments non-empty, ascending and not overlapping, each inside the line's
    /// range with edges that are numbers; `visual` orders every segment once, by left edge.
    func _checkInvariants() {
        #if GALLEY_INTERNAL_CHECKS
        for (index, segment) in logical.enumerated() {
            precondition(segment.start < segment.end, "segment \(index) is empty")
            precondition(segment.start >= stringRange.lowerBound && segment.end <= stringRange.upperBound,
                         "segment \(index) \(segment.start)..<\(segment.end) outside the line \(stringRange)")
            // (A cluster with a negative advance — negative kerning or tracking — has its right edge left of its left.)
            precondition(!segment.left.isNaN && !segment.right.isNaN, "segment \(index) has an edge that is not a number")
            precondition(index == 0 || logical[index - 1].end <= segment.start, "segment \(index) overlaps the one before")
        }
        precondition(visual.count == logical.count && Set(visual).count == visual.count, "visual order is not a permutation")
        precondition(zip(visual, visual.dropFirst()).allSatisfy { !(logical[$0].left > logical[$1].left) }, "visual order not by left edge")
        #endif
    }

    /// Clusters (read in visual order) put in logical order, those with one start merged into one.
    private static func sortLogically(_ clusters: inout [ClusterExtent],
                                      rightToLeft: Bool) {
        if rightToLeft, zip(clusters, clusters.dropFirst()).allSatisfy({ $0.start > $1.start }) {
            clusters.reverse()
            return
        }
        if zip(clusters, clusters.dropFirst()).allSatisfy({ $0.start < $1.start }) { return }
        clusters.sort { $0.start < $1.start }
        var merged = 0
        for index in clusters.indices {
            if index > 0, clusters[merged].start == clusters[index].start {
                clusters[merged].left = min(clusters[merged].left, clusters[index].left)
                clusters[merged].right = max(clusters[merged].right, clusters[index].right)
                clusters[merged].glyphCount += clusters[index].glyphCount
            } else {
                if index > 0 { merged += 1 }
                clusters[merged] = clusters[index]
            }
        }
        clusters.removeSubrange((merged + 1)...)
    }

    /// Whether a grapheme boundary falls strictly inside `range`.
    private static func hasBoundary(inside range: Range<Int>, boundaries: BoundaryOffsets) -> Bool {
        let low = boundaries.partitioningIndex { $0 > range.lowerBound }
        return low < boundaries.count && boundaries[low] < range.upperBound
    }

    // MARK: Queries

    /// The segment holding UTF-16 offset `index` (start ≤ index < end), if any.
    func segmentIndex(containing index: Int) -> Int? {
        let low = logical.partitioningIndex { $0.end > index }
        return low < logical.count && logical[low].start <= index ? low : nil
    }

    /// Primary and secondary caret x for a string index (see `Line.offset(forStringIndex:)`).
    func offset(forStringIndex index: Int) -> (primary: CGFloat, secondary: CGFloat) {
        guard let first = logical.first, let last = logical.last else { return (0, 0) }
        if index <= first.start { return (first.leadingEdge, first.leadingEdge) }
        if index >= last.end { return (last.trailingEdge, last.trailingEdge) }
        guard let found = segmentIndex(containing: index) else { return (last.trailingEdge, last.trailingEdge) }
        let segment = logical[found]
        let primary = segment.leadingEdge
        guard segment.start == index, found > 0 else { return (primary, primary) }
        let previous = logical[found - 1]
        return (primary, previous.isRightToLeft == segment.isRightToLeft ? primary : previous.trailingEdge)
    }

    /// The visual position (index into `visual`) of the first segment whose right edge is beyond x and that has
    /// width, or nil when the line has no segment with width.
    private func visualPosition(at x: CGFloat) -> Int? {
        let low = visual.partitioningIndex { logical[$0].right > x }
        var position = min(low, visual.count - 1)
        guard position >= 0 else { return nil }
        // Step over zero-width segments (controls, joiners) to one that has width, nearest first.
        var forward = position
        while forward < visual.count, logical[visual[forward]].right <= logical[visual[forward]].left { forward += 1 }
        if forward < visual.count { return forward }
        position = min(position, visual.count - 1)
        while position >= 0, logical[visual[position]].right <= logical[visual[position]].left { position -= 1 }
        return position >= 0 ? position : nil
    }

    /// The caret index nearest to x (see `Line.stringIndex(forPosition:)`).
    func stringIndex(forX x: CGFloat) -> Int {
        guard !logical.isEmpty else { return stringRange.lowerBound }
        guard let position = visualPosition(at: x) else { return logical[visual[0]].start }
        let segment = logical[visual[position]]
        let beforeMiddle = x < (segment.left + segment.right) / 2
        return beforeMiddle != segment.isRightToLeft ? segment.start : segment.end
    }

    /// The UTF-16 range of the grapheme cluster under x, or nil outside the glyphs.
    func characterRange(atX x: CGFloat) -> Range<Int>? {
        guard let position = visualPosition(at: x) else { return nil }
        let segment = logical[visual[position]]
        guard x >= segment.left, x < segment.right else { return nil }
        return segment.start..<segment.end
    }

    /// The grapheme clusters of a range (split at the paragraph's boundaries inside it).
    private static func graphemes(in range: Range<Int>, boundaries: BoundaryOffsets) -> [Range<Int>] {
        let low = boundaries.partitioningIndex { $0 > range.lowerBound }
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = low
        while index < boundaries.count, boundaries[index] < range.upperBound {
            parts.append(start..<boundaries[index])
            start = boundaries[index]
            index += 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }
}
