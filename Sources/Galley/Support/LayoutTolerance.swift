import Foundation

/// The tolerances of layout's geometric comparisons, each named for what it decides and defined once, so that the
/// parts that must agree compare alike: breaking and a frame of a suggested size, the frame filler and the layout
/// manager, truncation and the lines it is given.
package enum LayoutTolerance {
    /// How much wider than its width a line may measure and still fit when breaking: one line is measured by
    /// advances summed in different orders (a measure walked unit by unit, a breaker's prefix sums, a shaped line),
    /// and the sums differ in their last digits.
    package static let lineFit: CGFloat = 1e-4

    /// Positions and lengths closer than this are the same: a truncated line that fits, a span too narrow to use,
    /// a caret on a fragment's edge, fragments that touch.
    package static let position: CGFloat = 1e-6

    /// The tolerance for depths in a frame (or container) `height` tall: depths are sums of line heights from 0 down
    /// to the height, and their rounding grows with it. A band with less room than this below it holds no line.
    package static func depth(inHeight height: CGFloat) -> CGFloat {
        position + (height.isFinite ? height * 1e-11 : 0)
    }

    /// A justification gap smaller than this is none: the line is left as it is.
    package static let negligibleGap: CGFloat = 1e-9

    /// A tab this close to (or past) a stop's location goes on to the next stop.
    package static let tabStop: CGFloat = 0.001
}
