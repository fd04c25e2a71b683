import Foundation
import Galley
import GalleyRendering

/// A decoded image. Core Graphics: `CGImage`.
public typealias CGImage = CanvasImage

/// A colour space: device RGB only. Core Graphics: `CGColorSpace`.
public final class CGColorSpace: Sendable {
    fileprivate init() {}
}

/// Core Graphics: `CGColorSpaceCreateDeviceRGB`.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// How a bitmap stores alpha (recorded, not used: bitmaps are Cairo's premultiplied ARGB). Core Graphics:
/// `CGImageAlphaInfo`.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// Core Graphics' layouts, in its order.
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// A drawing context over a Galley `Canvas`, with Core Graphics' names: the CTM and graphics state, the text matrix
/// and position, a current path, fill and stroke colours, images; Core Text's drawing calls (`CTLineDraw`,
/// `CTFrameDraw`, `CTRunDraw`) draw into it. Core Graphics: `CGContext`.
public final class CGContext {
    /// The canvas drawn into.
    public let canvas: Canvas
    private var currentPath = Path()
    private var strokeColor = CGColor.black
    private var lineWidth: CGFloat = 1
    private var saved: [(stroke: CGColor, lineWidth: CGFloat)] = []

    /// A context drawing into `canvas`.
    public init(canvas: Canvas) { self.canvas = canvas }

    /// A bitmap context of `width` × `height` pixels, one point a pixel, y up from the bottom left, transparent
    /// (`data`, the byte layout and the colour space are Core Graphics'; Cairo keeps its own ARGB pixels, which
    /// `canvas` writes as PNG). Nil for sizes a canvas cannot have. Core Graphics:
    /// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: UInt32) {
        guard let canvas = try? Canvas(width: CGFloat(width), height: CGFloat(height), scale: 1) else { return nil }
        self.init(canvas: canvas)
    }

    // MARK: Graphics state

    /// Core Graphics: `saveGState()`.
    public func saveGState() {
        canvas.saveGraphicsState()
        saved.append((strokeColor, lineWidth))
    }

    /// Core Graphics: `restoreGState()`.
    public func restoreGState() {
        guard let state = saved.popLast() else { return }
        canvas.restoreGraphicsState()
        (strokeColor, lineWidth) = state
    }

    /// Core Graphics: `translateBy(x:y:)`.
    public func translateBy(x: CGFloat, y: CGFloat) { canvas.translateBy(x: x, y: y) }
    /// Core Graphics: `scaleBy(x:y:)`.
    public func scaleBy(x: CGFloat, y: CGFloat) { canvas.scaleBy(x: x, y: y) }
    /// Core Graphics: `rotate(by:)`.
    public func rotate(by angle: CGFloat) { canvas.rotate(by: angle) }
    /// Core Graphics: `concatenate(_:)`.
    public func concatenate(_ transform: CGAffineTransform) { canvas.concatenate(transform.affineTransform) }
    /// Core Graphics: `ctm` (without the device's own transform).
    public var ctm: CGAffineTransform { CGAffineTransform(canvas.currentTransform) }

    /// Core Graphics: `textMatrix`.
    public var textMatrix: CGAffineTransform {
        get { CGAffineTransform(canvas.textMatrix) }
        set { canvas.textMatrix = newValue.affineTransform }
    }

    /// Core Graphics: `textPosition`.
    public var textPosition: CGPoint {
        get { canvas.textPosition }
        set { canvas.textPosition = newValue }
    }

    // MARK: Colours and lines

    /// Core Graphics: `setFillColor(_:)`.
    public func setFillColor(_ color: CGColor) { canvas.fillColor = color.color }
    /// Core Graphics: `setFillColor(red:green:blue:alpha:)`.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        canvas.fillColor = Color(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Core Graphics: `setStrokeColor(_:)`.
    public func setStrokeColor(_ color: CGColor) { strokeColor = color }
    /// Core Graphics: `setStrokeColor(red:green:blue:alpha:)`.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// Core Graphics: `setLineWidth(_:)`.
    public func setLineWidth(_ width: CGFloat) { lineWidth = width }

    // MARK: Paths

    /// Core Graphics: `beginPath()`.
    public func beginPath() { currentPath = Path() }
    /// Core Graphics: `addPath(_:)`.
    public func addPath(_ path: CGPath) { currentPath.addPath(path.path) }
    /// Core Graphics: `addRect(_:)`.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect) }
    /// Core Graphics: `addEllipse(in:)`.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect) }
    /// Core Graphics: `move(to:)`.
    public func move(to point: CGPoint) { currentPath.move(to: point) }
    /// Core Graphics: `addLine(to:)`.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point) }
    /// Core Graphics: `closePath()`.
    public func closePath() { currentPath.closeSubpath() }

    /// Fills and clears the current path. Core Graphics: `fillPath(using:)`.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        canvas.fill(currentPath, with: canvas.fillColor, rule: rule.galley)
        currentPath = Path()
    }

    /// Strokes and clears the current path. Core Graphics: `strokePath()`.
    public func strokePath() {
        canvas.stroke(currentPath, with: strokeColor.color, lineWidth: lineWidth)
        currentPath = Path()
    }

    /// Narrows the clip to the current path and clears it. Core Graphics: `clip(using:)`.
    public func clip(using rule: CGPathFillRule = .winding) {
        canvas.clip(to: currentPath, rule: rule.galley)
        currentPath = Path()
    }

    /// Core Graphics: `clip(to:)` with a rectangle.
    public func clip(to rect: CGRect) { canvas.clip(to: Path(rect: rect)) }

    /// Core Graphics: `fill(_:)` with a rectangle.
    public func fill(_ rect: CGRect) { canvas.fill(rect, with: canvas.fillColor) }

    /// Core Graphics: `stroke(_:)` with a rectangle.
    public func stroke(_ rect: CGRect) { canvas.stroke(Path(rect: rect), with: strokeColor.color, lineWidth: lineWidth) }

    /// Core Graphics: `fillEllipse(in:)`.
    public func fillEllipse(in rect: CGRect) { canvas.fill(Path(ellipseIn: rect), with: canvas.fillColor) }

    // MARK: Images

    /// Core Graphics: `draw(_:in:)`.
    public func draw(_ image: CGImage, in rect: CGRect) { canvas.draw(image, in: rect) }
}
