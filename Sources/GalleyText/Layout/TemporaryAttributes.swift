import Foundation

/// Attributes a layout manager keeps beside the text rather than in it — spelling underlines, find highlights — as a
/// sequence of segments covering the text, each a length and its attributes, in a `SummedTree` summed by length: an
/// edit, a lookup and setting a range take O(log n) (plus the segments the range covers), however many segments
/// there are, so a keystroke never walks the misspellings of a whole document.
///
/// An edit removes the attributes of the text it replaces; inserted text has none (what it should have is decided
/// again by whoever set them, as the spelling controller checks the edited words).
struct TemporaryAttributes {
    struct Segment: Summarized {
        var length: Int
        var attributes: [NSAttributedString.Key: Any]

        var summary: Length { Length(value: length) }
    }

    struct Length: TreeSummary {
        var value: Int
        static var zero: Length { Length(value: 0) }
        static func + (left: Length, right: Length) -> Length { Length(value: left.value + right.value) }
    }

    private var segments: SummedTree<Segment>

    /// No attributes over a text of `length` units.
    init(length: Int) { segments = SummedTree(length > 0 ? [Segment(length: length, attributes: [:])] : []) }

    /// The length of the text covered.
    var length: Int { segments.summary.value }

    /// The index of the segment that starts at `offset`, splitting the one that holds it (the segment count when
    /// `offset` is the end).
    private mutating func split(at offset: Int) -> Int {
        guard offset < length else { return segments.count }
        guard let (index, before) = segments.first(where: { $0.value > offset }) else { return segments.count }
        guard before.value < offset else { return index }
        let segment = segments[index]
        let head = offset - before.value
        segments.replaceSubrange(index..<(index + 1), with: [Segment(length: head, attributes: segment.attributes),
                                                             Segment(length: segment.length - head, attributes: segment.attributes)])
        return index + 1
    }

    /// `range` within the text.
    private func clamped(_ range: Range<Int>) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), length)
        return lower..<min(max(range.upperBound, lower), length)
    }

    /// The segments that cover `range` (within the text) exactly, the ones at its edges split there.
    private mutating func segments(covering range: Range<Int>) -> Range<Int> {
        let first = split(at: range.lowerBound)
        return first..<split(at: range.upperBound)
    }

    /// The text replaced `range` (old offsets) with `insertedLength` units.
    mutating func replace(_ range: Range<Int>, insertedLength: Int) {
        let covered = segments(covering: clamped(range))
        segments.replaceSubrange(covered, with: insertedLength > 0 ? [Segment(length: insertedLength, attributes: [:])] : [])
        mergeBare(around: covered.lowerBound)
    }

    /// Joins the segments without attributes next to `index` (and it), so that setting and clearing ranges does not
    /// leave the text in ever more pieces.
    private mutating func mergeBare(around index: Int) {
        // The pairs (index - 1, index) and (index, index + 1); a merge brings the next pair to the same position.
        var position = max(index - 1, 0)
        for _ in 0..<2 where position + 1 < segments.count {
            let left = segments[position], right = segments[position + 1]
            if left.attributes.isEmpty, right.attributes.isEmpty {
                segments.replaceSubrange(position..<(position + 2), with: [Segment(length: left.length + right.length, attributes: [:])])
            } else {
                position += 1
            }
        }
    }

    /// Changes the attributes of every segment over `range` with `change`.
    mutating func modify(_ range: Range<Int>, _ change: (inout [NSAttributedString.Key: Any]) -> Void) {
        let range = clamped(range)
        guard !range.isEmpty else { return }
        let covered = segments(covering: range)
        for index in covered { segments.modify(at: index) { change(&$0.attributes) } }
        mergeBare(around: covered.upperBound - 1)
        mergeBare(around: covered.lowerBound)
    }

    /// Sets the attributes of `range` to `attributes` (one segment).
    mutating func set(_ attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        let range = clamped(range)
        guard !range.isEmpty else { return }
        let covered = segments(covering: range)
        segments.replaceSubrange(covered, with: [Segment(length: range.count, attributes: attributes)])
        mergeBare(around: covered.lowerBound)
    }

    /// The attributes at `offset` and the range of the segment that has them (empty attributes past the end).
    func attributes(at offset: Int) -> (attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        guard offset >= 0, let (index, before) = segments.first(where: { $0.value > offset }) else { return ([:], offset..<offset) }
        let segment = segments[index]
        return (segment.attributes, before.value..<(before.value + segment.length))
    }

    /// The stretches of `range` that have attributes, in order (stretches without any left out).
    func runs(in range: Range<Int>) -> [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] {
        guard range.lowerBound < length, !range.isEmpty, let (first, before) = segments.first(where: { $0.value > max(range.lowerBound, 0) })
        else { return [] }
        var result: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] = []
        var start = before.value
        segments.forEach(in: first..<segments.count) { segment in
            guard start < range.upperBound else { return false }
            if !segment.attributes.isEmpty {
                result.append((max(start, range.lowerBound)..<min(start + segment.length, range.upperBound), segment.attributes))
            }
            start += segment.length
            return true
        }
        return result
    }
}
