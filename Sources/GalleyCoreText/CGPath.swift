import Foundation
import Galley

/// The kind of a path element. Core Graphics: `CGPathElementType`.
public enum CGPathElementType: Int32, Sendable {
    /// Core Graphics' element kinds, in its order.
    case moveToPoint = 0, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// One element of a path with its points (1 for moves and lines, 2 for quadratic curves — control first — 3 for
/// cubic curves, none for closing). Core Graphics: `CGPathElement`.
public struct CGPathElement {
    /// The kind.
    public var type: CGPathElementType
    /// Its points (valid during the call that gives the element).
    public var points: UnsafeMutablePointer<CGPoint>
}

/// Core Graphics: `CGPathApplierFunction`.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// How a path decides what is inside. Core Graphics: `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
    /// Core Graphics: `winding`, `evenOdd`.
    case winding = 0, evenOdd
    var galley: Path.FillRule { self == .winding ? .winding : .evenOdd }
}

/// An immutable path over Galley's `Path`. Core Graphics: `CGPath`.
public class CGPath: @unchecked Sendable {
    /// The path.
    public internal(set) var path: Path

    /// Galley's path as a `CGPath`.
    public init(_ path: Path) { self.path = path }

    /// Core Graphics: `CGPath(rect:transform:)`.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(rect: rect).applying(transform?.pointee.affineTransform ?? AffineTransform()))
    }

    /// Core Graphics: `CGPath(ellipseIn:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(ellipseIn: rect).applying(transform?.pointee.affineTransform ?? AffineTransform()))
    }

    /// Core Graphics: `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
            .applying(transform?.pointee.affineTransform ?? AffineTransform()))
    }

    /// Core Graphics: `CGPath.isEmpty`.
    public var isEmpty: Bool { path.isEmpty }
    /// The box of every point, control points included. Core Graphics: `CGPath.boundingBox`.
    public var boundingBox: CGRect { path.boundingBox }
    /// The box of the curves themselves. Core Graphics: `CGPath.boundingBoxOfPath`.
    public var boundingBoxOfPath: CGRect { path.boundingBoxOfPath }
    /// Core Graphics: `CGPath.currentPoint`.
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }

    /// A transformed copy (nil never; the optional is Core Graphics'). Core Graphics: `copy(using:)`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(path.applying(transform?.pointee.affineTransform ?? AffineTransform()))
    }

    /// Core Graphics: `mutableCopy()`.
    public func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.path = path
        return copy
    }

    /// Calls `function` with each element. Core Graphics: `apply(info:function:)`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { element in function(info, element) }
    }

    /// Calls `block` with each element. Core Graphics: `applyWithBlock(_:)`.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { points.deallocate() }
        for element in path.elements {
            let type: CGPathElementType
            switch element {
            case .move(let p): (type, points[0]) = (.moveToPoint, p)
            case .line(let p): (type, points[0]) = (.addLineToPoint, p)
            case .quadCurve(let p, let c): (type, points[0], points[1]) = (.addQuadCurveToPoint, c, p)
            case .curve(let p, let c1, let c2): (type, points[0], points[1], points[2]) = (.addCurveToPoint, c1, c2, p)
            case .closeSubpath: type = .closeSubpath
            }
            var value = CGPathElement(type: type, points: points)
            block(&value)
        }
    }
}

/// A path to build. Core Graphics: `CGMutablePath`.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path. Core Graphics: `CGMutablePath()`.
    public init() { super.init(Path()) }

    private func add(_ other: Path, _ transform: CGAffineTransform) {
        if transform.isIdentity { path.addPath(other) } else { path.addPath(other, transform: transform.affineTransform) }
    }

    private func point(_ p: CGPoint, _ transform: CGAffineTransform) -> CGPoint { p.applying(transform) }

    /// Core Graphics: `move(to:transform:)`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { path.move(to: self.point(point, transform)) }
    /// Core Graphics: `addLine(to:transform:)`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { path.addLine(to: self.point(point, transform)) }
    /// Core Graphics: `addQuadCurve(to:control:transform:)`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: point(end, transform), control: point(control, transform))
    }
    /// Core Graphics: `addCurve(to:control1:control2:transform:)`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(to: point(end, transform), control1: point(control1, transform), control2: point(control2, transform))
    }
    /// Core Graphics: `closeSubpath()`.
    public func closeSubpath() { path.closeSubpath() }
    /// Core Graphics: `addRect(_:transform:)`.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) { add(Path(rect: rect), transform) }
    /// Core Graphics: `addRects(_:transform:)`.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) { for rect in rects { addRect(rect, transform: transform) } }
    /// Core Graphics: `addEllipse(in:transform:)`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) { add(Path(ellipseIn: rect), transform) }
    /// Core Graphics: `addRoundedRect(in:cornerWidth:cornerHeight:transform:)`.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        add(Path(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight), transform)
    }
    /// Core Graphics: `addLines(between:transform:)`.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }
    /// Another path, transformed. Core Graphics: `addPath(_:transform:)`.
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) { add(other.path, transform) }
}

/// Core Graphics: `CGPathCreateMutable`.
public func CGPathCreateMutable() -> CGMutablePath { CGMutablePath() }

/// Core Graphics: `CGPathCreateWithRect`.
public func CGPathCreateWithRect(_ rect: CGRect, _ transform: UnsafePointer<CGAffineTransform>?) -> CGPath {
    CGPath(rect: rect, transform: transform)
}

/// Core Graphics: `CGPathAddRect`.
public func CGPathAddRect(_ path: CGMutablePath?, _ transform: UnsafePointer<CGAffineTransform>?, _ rect: CGRect) {
    path?.addRect(rect, transform: transform?.pointee ?? .identity)
}

/// Core Graphics: `CGPathAddEllipseInRect`.
public func CGPathAddEllipseInRect(_ path: CGMutablePath?, _ transform: UnsafePointer<CGAffineTransform>?, _ rect: CGRect) {
    path?.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
}

/// Core Graphics: `CGPathGetBoundingBox`.
public func CGPathGetBoundingBox(_ path: CGPath?) -> CGRect { path?.boundingBox ?? .null }
