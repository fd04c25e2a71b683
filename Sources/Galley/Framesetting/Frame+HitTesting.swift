import Foundation

extension Frame {
    /// The index of the line nearest a point (in the coordinates of `lineOrigins`, relative to the path's bounding
    /// box): the line whose fragment holds it, else the nearest across the lines (by y in a horizontal frame, by x in
    /// a vertical one, where lines are columns), then along them; nil for a frame without lines or a point that is not
    /// finite. Galley only: with Core Text the caller compares `CTFrameGetLineOrigins` by hand.
    public func lineIndex(forPosition point: CGPoint) -> Int? {
        guard !lines.isEmpty, point.x.isFinite, point.y.isFinite else { return nil }
        let vertical = attributes.progression.isVertical
        var best: (index: Int, across: CGFloat, along: CGFloat)? = nil
        for (index, fragment) in lineFragments.enumerated() {
            let dx = max(fragment.minX - point.x, 0, point.x - fragment.maxX)
            let dy = max(fragment.minY - point.y, 0, point.y - fragment.maxY)
            let (across, along) = vertical ? (dx, dy) : (dy, dx)
            if best.map({ across < $0.across || (across == $0.across && along < $0.along) }) ?? true {
                best = (index, across, along)
            }
        }
        return best?.index
    }

    /// The caret index nearest a point of the frame (coordinates as `lineOrigins`): the nearest line
    /// (`lineIndex(forPosition:)`), then the caret in it by the distance along the line from its origin — x in a
    /// horizontal frame, how far down its column the point is (the origin's y less the point's) in a vertical one.
    /// Galley only; Core Text: `CTLineGetStringIndexForPosition` on the line the caller found, with the point made
    /// relative to its origin.
    public func stringIndex(forPosition point: CGPoint) -> Int? {
        guard let index = lineIndex(forPosition: point) else { return nil }
        let origin = lineOrigins[index]
        let along = attributes.progression.isVertical ? origin.y - point.y : point.x - origin.x
        return lines[index].stringIndex(forPosition: CGPoint(x: along, y: 0))
    }
}
