import Foundation

/// An affine transform with Core Graphics' semantics: a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty), and
/// `translatedBy`, `scaledBy` and `rotated(by:)` apply their change *before* the transform (to the input), as Core
/// Graphics' do — where Foundation's `AffineTransform.translate(x:y:)` on Linux applies it after, a silent trap for
/// ported code. Core Graphics: `CGAffineTransform`.
public struct CGAffineTransform: Hashable, Sendable {
    /// The x scale (and rotation) term. Core Graphics: `a`.
    public var a: CGFloat
    /// The x-to-y shear (and rotation) term. Core Graphics: `b`.
    public var b: CGFloat
    /// The y-to-x shear (and rotation) term. Core Graphics: `c`.
    public var c: CGFloat
    /// The y scale (and rotation) term. Core Graphics: `d`.
    public var d: CGFloat
    /// The x translation. Core Graphics: `tx`.
    public var tx: CGFloat
    /// The y translation. Core Graphics: `ty`.
    public var ty: CGFloat

    /// Core Graphics: `CGAffineTransform(a:b:c:d:tx:ty:)`.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity. Core Graphics: `CGAffineTransform.identity`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Core Graphics: `CGAffineTransform(translationX:y:)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// Core Graphics: `CGAffineTransform(scaleX:y:)`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// Counterclockwise by `angle` radians (y up). Core Graphics: `CGAffineTransform(rotationAngle:)`.
    public init(rotationAngle angle: CGFloat) { self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0) }

    /// Whether this is the identity. Core Graphics: `CGAffineTransform.isIdentity`.
    public var isIdentity: Bool { self == .identity }

    /// Points go through `self`, then through `other`. Core Graphics: `concatenating(_:)`.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                          c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                          tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The translation first, then this transform. Core Graphics: `translatedBy(x:y:)`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// The scale first, then this transform. Core Graphics: `scaledBy(x:y:)`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// The rotation first, then this transform. Core Graphics: `rotated(by:)`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or the transform itself when it has none (as Core Graphics returns it). Core Graphics: `inverted()`.
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                                 tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// The same transform in Foundation's type (fields `m11 m12 m21 m22 tX tY` are `a b c d tx ty`).
    public var affineTransform: AffineTransform { AffineTransform(m11: a, m12: b, m21: c, m22: d, tX: tx, tY: ty) }

    /// Foundation's transform in Core Graphics' type.
    public init(_ transform: AffineTransform) {
        self.init(a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22, tx: transform.tX, ty: transform.tY)
    }
}

extension CGPoint {
    /// The point through `transform`. Core Graphics: `CGPoint.applying(_:)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGRect {
    /// The bounding box of the rectangle's corners through `transform`. Core Graphics: `CGRect.applying(_:)`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
