import Foundation

/// A shadow drawn under text: the glyphs again, in `color`, moved by `offset` and blurred by `blurRadius`. An
/// `NSObject` so that Foundation's attribute dictionaries on Linux compare shadows through `isEqual`
/// (FoundationAttributeValue.swift); equal when their values are.
///
/// UIKit and AppKit: `NSShadow` (`shadowOffset`, `shadowBlurRadius`, `shadowColor`) under `.shadow` ("NSShadow").
public final class Shadow: NSObject, @unchecked Sendable {
    // Must stay the first stored property: CoreFoundation reads it (FoundationAttributeValue.swift).
    private let typeTag = CoreFoundationTypeTag.value
    /// How far the shadow sits from the glyphs, in points, y up (UIKit's offsets are y down: negate `height`).
    public let offset: CGSize
    /// The blur's radius in points (0: a sharp shadow); at most 100.
    public let blurRadius: CGFloat
    /// The shadow's colour; UIKit's default is black at a third opacity.
    public let color: Color

    /// A shadow; non-finite values count as 0, the radius is limited to 0…100 points and offsets to ±10,000.
    /// UIKit: `NSShadow()` with its properties set.
    public init(offset: CGSize = CGSize(width: 0, height: -3), blurRadius: CGFloat = 0,
                color: Color = Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3)) {
        func clean(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { value.isFinite ? min(max(value, -limit), limit) : 0 }
        self.offset = CGSize(width: clean(offset.width, 10_000), height: clean(offset.height, 10_000))
        self.blurRadius = max(clean(blurRadius, 100), 0)
        self.color = color
        super.init()
    }

    /// Equal when offset, radius and colour are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Shadow else { return false }
        return other.offset == offset && other.blurRadius == blurRadius && other.color == color
    }

    /// The hash of the colour and radius.
    public override var hash: Int { color.hashValue ^ blurRadius.hashValue }
}
