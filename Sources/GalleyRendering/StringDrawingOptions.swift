import Foundation
import Galley

/// How a string is measured and drawn in a rectangle. UIKit and AppKit: `NSString.DrawingOptions`
/// (`NSStringDrawingOptions`), with the same bits.
public struct StringDrawingOptions: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The rectangle is the text's box, wrapped to its width from its top; without it, the string is one unwrapped
    /// line whose baseline starts at the rectangle's origin. UIKit: `.usesLineFragmentOrigin`.
    public static let usesLineFragmentOrigin = StringDrawingOptions(rawValue: 1 << 0)
    /// Fonts' leading adds to the space between lines. UIKit: `.usesFontLeading`.
    public static let usesFontLeading = StringDrawingOptions(rawValue: 1 << 1)
    /// Accepted and ignored: Galley measures typographic bounds, never device pixels. UIKit: `.usesDeviceMetrics`.
    public static let usesDeviceMetrics = StringDrawingOptions(rawValue: 1 << 3)
    /// When the text does not fit the rectangle's height, the last line that fits ends with an ellipsis (with
    /// `.usesLineFragmentOrigin` only). UIKit: `.truncatesLastVisibleLine`.
    public static let truncatesLastVisibleLine = StringDrawingOptions(rawValue: 1 << 5)
}

extension StringDrawing {
    /// The rectangle `string` takes when drawn with `options` in a rectangle of `size` (y up): with
    /// `.usesLineFragmentOrigin`, origin zero and the size of the lines drawn — wrapped to `size.width`, and only the
    /// lines that fit `size.height` when it is finite and positive; without it, the one unwrapped line around its
    /// baseline origin (from minus its descent to its ascent). UIKit:
    /// `NSAttributedString.boundingRect(with:options:context:)`.
    ///
    /// - Parameters:
    ///   - string: the text, with Core Text's attribute keys.
    ///   - size: the width to wrap to and the height to fill (`.greatestFiniteMagnitude` or 0: no limit).
    ///   - options: how to lay out (see `StringDrawingOptions`).
    ///   - defaultFont: the font for text without one; nil takes `Font.defaultFont`.
    public static func boundingRect(_ string: NSAttributedString, size: CGSize, options: StringDrawingOptions,
                                    defaultFont: Font? = nil) -> CGRect {
        guard options.contains(.usesLineFragmentOrigin) else {
            let bounds = Line(attributedString: string, defaultFont: defaultFont).typographicBounds
            return CGRect(x: 0, y: -bounds.descent, width: bounds.width, height: bounds.ascent + bounds.descent)
        }
        let layout = frame(string, size: size, options: options, defaultFont: defaultFont)
        let width = layout.lines.enumerated().reduce(CGFloat(0)) { widest, entry in
            let visible = entry.element.typographicBounds.width - entry.element.trailingWhitespaceWidth
            return max(widest, layout.lineOrigins[entry.offset].x + visible)
        }
        return CGRect(x: 0, y: 0, width: width, height: layout.usedHeight)
    }

    /// The frame `string` fills in a box of `size` (y up, origin zero) with `options` (`.usesLineFragmentOrigin`
    /// implied): what `Canvas.draw(_:with:options:)` draws, for callers that want its lines (hit testing a label).
    /// The last line is truncated when asked and text is left over. Galley only (UIKit keeps it inside).
    ///
    /// - Parameters:
    ///   - string: the text, with Core Text's attribute keys.
    ///   - size: the width to wrap to and the height to fill (`.greatestFiniteMagnitude` or 0: no limit).
    ///   - options: how to lay out (see `StringDrawingOptions`).
    ///   - defaultFont: the font for text without one; nil takes `Font.defaultFont`.
    public static func frame(_ string: NSAttributedString, size: CGSize, options: StringDrawingOptions, defaultFont: Font?) -> Frame {
        let width = size.width.isFinite && size.width > 0 ? size.width : LayoutLimits.maximumExtent
        let limited = size.height.isFinite && size.height > 0 && size.height < LayoutLimits.maximumExtent
        let height = limited ? size.height : LayoutLimits.maximumExtent
        let framesetter = Framesetter(attributedString: string, defaultFont: defaultFont)
        var attributes = FrameAttributes()
        attributes.usesFontLeading = options.contains(.usesFontLeading)
        let path = Path(rect: CGRect(x: 0, y: 0, width: width, height: height))
        let frame = framesetter.frame(path: path, attributes: attributes)
        guard limited, options.contains(.truncatesLastVisibleLine), !frame.lines.isEmpty,
            frame.visibleStringRange.upperBound < frame.stringRange.upperBound
        else { return frame }
        // Text left over: the same lines, the last cut with an ellipsis.
        attributes.maximumNumberOfLines = frame.lines.count
        attributes.lastLineTruncation = .end
        return framesetter.frame(path: path, attributes: attributes)
    }
}

extension Canvas {
    /// Draws `string` in `rect` (y up) with `options`: with `.usesLineFragmentOrigin`, wrapped to the rectangle's
    /// width from its top edge down, lines that do not fit its height left out (the last one truncated with
    /// `.truncatesLastVisibleLine`); without it, as one unwrapped line whose baseline starts at the rectangle's
    /// origin. UIKit: `NSAttributedString.draw(with:options:context:)`.
    ///
    /// - Parameters:
    ///   - string: the text, with Core Text's attribute keys.
    ///   - rect: where to draw, in the canvas's user space.
    ///   - options: how to lay out (see `StringDrawingOptions`).
    ///   - defaultFont: the font for text without one; nil takes `Font.defaultFont`.
    public func draw(_ string: NSAttributedString, with rect: CGRect, options: StringDrawingOptions, defaultFont: Font? = nil) {
        let saved = textPosition
        defer { textPosition = saved }
        guard options.contains(.usesLineFragmentOrigin) else {
            textPosition = rect.origin
            draw(Line(attributedString: string, defaultFont: defaultFont))
            return
        }
        let frame = StringDrawing.frame(string, size: rect.size, options: options, defaultFont: defaultFont)
        // The frame's box is as tall as the rectangle (or unlimited): its top goes to the rectangle's top.
        textPosition = CGPoint(x: rect.minX, y: rect.maxY - frame.bounds.height)
        draw(frame)
    }
}
