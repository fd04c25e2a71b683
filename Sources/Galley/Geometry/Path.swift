import Foundation

/// A vector path of subpaths made of lines and quadratic and cubic Bézier curves, in y-up coordinates:
/// glyph outlines, frame shapes and exclusion areas. An immutable-by-default value with mutating builders.
///
/// Core Graphics: `CGPath` / `CGMutablePath`, which Linux lacks.
public struct Path: Hashable, Sendable {
    /// One drawing command. Core Graphics: `CGPathElement` and `CGPathElementType`.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath. Core Graphics: `.moveToPoint`.
        case move(to: CGPoint)
        /// A straight segment. Core Graphics: `.addLineToPoint`.
        case line(to: CGPoint)
        /// A quadratic Bézier segment. Core Graphics: `.addQuadCurveToPoint`.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier segment. Core Graphics: `.addCurveToPoint`.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the subpath with a line to its start. Core Graphics: `.closeSubpath`.
        case closeSubpath
    }

    /// How a self-overlapping or nested path decides what is inside.
    /// Core Graphics: `CGPathFillRule`; Core Text: `kCTFramePathFillRuleAttribute`.
    public enum FillRule: Hashable, Sendable {
        /// Inside where the winding number is not zero. Core Text: `kCTFramePathFillWindingNumber`.
        case winding
        /// Inside where a ray crosses an odd number of edges. Core Text: `kCTFramePathFillEvenOdd`.
        case evenOdd
    }

    /// The commands, in order. Core Graphics: `CGPath.applyWithBlock`.
    public private(set) var elements: [Element] = []
    private var subpathStart: CGPoint?

    /// An empty path.
    public init() {}

    /// A path of the given elements.
    public init(elements: [Element]) {
        for element in elements { append(element) }
    }

    /// A closed rectangle, counter-clockwise in y-up coordinates. Core Graphics: `CGPath(rect:transform:)`.
    public init(rect: CGRect) {
        addRect(rect)
    }

    /// A closed ellipse inscribed in a rectangle (four cubic arcs). Core Graphics: `CGPath(ellipseIn:transform:)`.
    public init(ellipseIn rect: CGRect) {
        addEllipse(in: rect)
    }

    /// A closed rectangle with rounded corners; radii are clamped to half the sides.
    /// Core Graphics: `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`.
    public init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
    }

    /// Whether the path has no elements. Core Graphics: `CGPath.isEmpty`.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment starts from, or nil for an empty path. Core Graphics: `currentPoint`.
    public var currentPoint: CGPoint? {
        switch elements.last {
        case .move(let point), .line(let point), .quadCurve(let point, _), .curve(let point, _, _): point
        case .closeSubpath: subpathStart
        case nil: nil
        }
    }

    // MARK: Building

    /// Starts a new subpath. Core Graphics: `move(to:)`.
    public mutating func move(to point: CGPoint) { append(.move(to: point)) }

    /// Adds a line; starts a subpath at `point` when there is none. Core Graphics: `addLine(to:)`.
    public mutating func addLine(to point: CGPoint) { append(.line(to: point)) }

    /// Adds a quadratic curve. Core Graphics: `addQuadCurve(to:control:)`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) { append(.quadCurve(to: point, control: control)) }

    /// Adds a cubic curve. Core Graphics: `addCurve(to:control1:control2:)`.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath. Core Graphics: `closeSubpath()`.
    public mutating func closeSubpath() { append(.closeSubpath) }

    /// Adds a closed rectangle. Core Graphics: `addRect(_:)`.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds a closed ellipse of four cubic arcs. Core Graphics: `addEllipse(in:)`.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let k: CGFloat = 0.552_284_749_830_793_6  // 4/3·(√2−1): a cubic's best fit to a quarter circle
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    /// Adds a closed rounded rectangle. Core Graphics: `addRoundedRect(in:cornerWidth:cornerHeight:)`.
    public mutating func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        let r = rect.standardized
        let rx = min(max(cornerWidth, 0), r.width / 2)
        let ry = min(max(cornerHeight, 0), r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r) }
        let k: CGFloat = 0.552_284_749_830_793_6
        move(to: CGPoint(x: r.minX + rx, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + k * rx, y: r.minY), control2: CGPoint(x: r.maxX, y: r.minY + ry - k * ry))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        addCurve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + k * ry), control2: CGPoint(x: r.maxX - rx + k * rx, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - k * rx, y: r.maxY), control2: CGPoint(x: r.minX, y: r.maxY - ry + k * ry))
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        addCurve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - k * ry), control2: CGPoint(x: r.minX + rx - k * rx, y: r.minY))
        closeSubpath()
    }

    /// Appends every element of another path. Core Graphics: `addPath(_:transform:)`.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    /// Appends another path with every point through `transform` (`AffineTransform`'s fields are Core Graphics'
    /// `a b c d tx ty`: a point maps to (x·m11 + y·m21 + tX, x·m12 + y·m22 + tY)). Core Graphics:
    /// `addPath(_:transform:)`.
    public mutating func addPath(_ other: Path, transform: AffineTransform) {
        addPath(other.applying(transform))
    }

    private mutating func append(_ element: Element) {
        switch element {
        case .move(let point):
            subpathStart = point
        case .line(let point), .quadCurve(let point, _), .curve(let point, _, _):
            if subpathStart == nil || elements.last == .closeSubpath {
                let start = subpathStart ?? point
                if subpathStart == nil {
                    elements.append(.move(to: point))
                    subpathStart = point
                    if case .line = element { return }
                } else {
                    elements.append(.move(to: start))
                }
            }
        case .closeSubpath:
            guard subpathStart != nil, elements.last != .closeSubpath else { return }
        }
        elements.append(element)
    }

    // MARK: Transforming and measuring

    /// Transforms every point in place.
    public mutating func apply(_ transform: AffineTransform) {
        func t(_ p: CGPoint) -> CGPoint { transform.transform(p) }
        elements = elements.map { element in
            switch element {
            case .move(let p): .move(to: t(p))
            case .line(let p): .line(to: t(p))
            case .quadCurve(let p, let c): .quadCurve(to: t(p), control: t(c))
            case .curve(let p, let c1, let c2): .curve(to: t(p), control1: t(c1), control2: t(c2))
            case .closeSubpath: .closeSubpath
            }
        }
        subpathStart = subpathStart.map(t)
    }

    /// A transformed copy. Core Graphics: `copy(using:)`.
    public func applying(_ transform: AffineTransform) -> Path {
        var copy = self
        copy.apply(transform)
        return copy
    }

    /// The smallest rectangle containing every point, control points included; `.null` when empty.
    /// Core Graphics: `CGPath.boundingBox`.
    public var boundingBox: CGRect {
        var box = Box()
        for element in elements {
            switch element {
            case .move(let p), .line(let p): box.add(p)
            case .quadCurve(let p, let c): box.add(p); box.add(c)
            case .curve(let p, let c1, let c2): box.add(p); box.add(c1); box.add(c2)
            case .closeSubpath: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle containing the path itself (curve extrema, not control points); `.null` when
    /// empty. Core Graphics: `CGPath.boundingBoxOfPath`.
    public var boundingBoxOfPath: CGRect {
        var box = Box()
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                box.add(p)
                current = p
            case .quadCurve(let p, let c):
                box.add(p)
                for t in Path.quadExtrema(current.x, c.x, p.x) + Path.quadExtrema(current.y, c.y, p.y) {
                    let u = 1 - t
                    box.add(CGPoint(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                                    y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .curve(let p, let c1, let c2):
                box.add(p)
                for t in Path.cubicExtrema(current.x, c1.x, c2.x, p.x) + Path.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    box.add(Path.cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .closeSubpath:
                break
            }
        }
        return box.rect
    }

    private struct Box {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        mutating func add(_ p: CGPoint) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        var rect: CGRect { minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
    }

    /// Parameters in (0, 1) where a quadratic Bézier coordinate has a zero derivative.
    static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return [] }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic Bézier coordinate has a zero derivative.
    static func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        // derivative / 3 = a t² + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}
