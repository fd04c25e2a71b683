import Foundation

/// Tab stop arithmetic for a paragraph style: the explicit stops, then every `defaultTabInterval` (or Core Text's
/// 28-point grid) after the last one.
struct TabStops: Sendable {
    let stops: [TextTab]
    let interval: CGFloat

    /// Core Text's default tab interval.
    static let defaultInterval: CGFloat = 28

    init(_ style: ParagraphStyle) {
        // Stops past the longest line there can be (or not finite) are ignored.
        stops = style.tabStops.filter { $0.location.isFinite && $0.location >= 0 && $0.location <= LayoutLimits.maximumExtent }
            .sorted { $0.location < $1.location }
        let interval = ParagraphStyle.length(style.defaultTabInterval)
        // A positive interval is at least the tab-stop tolerance: a finer grid puts a stop at every position anyway,
        // and a denormal one made the number of steps infinite.
        self.interval = interval > 0 ? max(interval, LayoutTolerance.tabStop) : TabStops.defaultInterval
    }

    /// The first stop beyond a position (measured like the stops: from the line's leading edge).
    func stop(after position: CGFloat) -> TextTab {
        if let explicit = stops.first(where: { $0.location > position + LayoutTolerance.tabStop }) { return explicit }
        let last = stops.last?.location ?? 0
        let base = max(last, 0)
        let steps = ((position - base) / interval).rounded(.down) + 1
        return TextTab(alignment: .left, location: base + max(steps, 1) * interval)
    }
}
