import Foundation
import Galley

/// A colour in device RGB, as Core Text code passes for `kCTForegroundColorAttributeName` and friends; Galley's
/// attributes read it as the `Color` it is. Core Graphics: `CGColor`.
public final class CGColor: NSObject, AttributeValueConvertible, @unchecked Sendable {
    // Must stay the first stored property: CoreFoundation on Linux reads it when it compares attribute values
    // (Galley's FoundationAttributeValue.swift).
    private let typeTag = CoreFoundationTypeTag.value
    /// The colour.
    public let color: Color

    /// Core Graphics: `CGColor(red:green:blue:alpha:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Core Graphics: `CGColor(srgbRed:green:blue:alpha:)`.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Core Graphics: `CGColor(gray:alpha:)`.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Galley's colour as a `CGColor`.
    public init(_ color: Color) { self.color = color }

    /// Core Graphics: `CGColor.black`.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Core Graphics: `CGColor.white`.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Core Graphics: `CGColor.clear`.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Red, green, blue and alpha. Core Graphics: `CGColor.components`.
    public var components: [CGFloat]? { [color.red, color.green, color.blue, color.alpha] }
    /// Core Graphics: `CGColor.alpha`.
    public var alpha: CGFloat { color.alpha }
    /// Core Graphics: `CGColor.numberOfComponents`.
    public var numberOfComponents: Int { 4 }

    /// The `Color` attributed strings read.
    public var galleyAttributeValue: Any { color }

    /// Equal colours are equal. Core Graphics: `CGColorEqualToColor`.
    public override func isEqual(_ object: Any?) -> Bool { (object as? CGColor)?.color == color }
    /// The colour's hash.
    public override var hash: Int { color.hashValue }
}

/// Core Graphics: `CGColor(red:green:blue:alpha:)` under its C name.
public func CGColorCreateSRGB(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat) -> CGColor {
    CGColor(red: red, green: green, blue: blue, alpha: alpha)
}
