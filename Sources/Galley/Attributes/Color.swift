import Foundation

/// A colour in sRGB with alpha, each component from 0 to 1 (values outside are clamped when drawing).
///
/// Core Text: a `CGColor` in the sRGB colour space.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: CGFloat
    /// Green, 0…1.
    public var green: CGFloat
    /// Blue, 0…1.
    public var blue: CGFloat
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: CGFloat

    /// A colour from sRGB components; NaN components become 0.
    /// Core Text: `CGColor(srgbRed:green:blue:alpha:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        func clean(_ value: CGFloat) -> CGFloat { value.isNaN ? 0 : value }
        self.red = clean(red)
        self.green = clean(green)
        self.blue = clean(blue)
        self.alpha = clean(alpha)
    }

    /// A colour from a hexadecimal string: "#rrggbb", "#rrggbbaa", "#rgb" (the "#" is optional); nil if malformed.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 3 { digits = Substring(digits.map { "\($0)\($0)" }.joined()) }
        guard digits.count == 6 || digits.count == 8, let value = UInt64(digits, radix: 16) else { return nil }
        let components = digits.count == 8
            ? [(value >> 24) & 0xFF, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
            : [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF, 0xFF]
        self.init(
            red: CGFloat(components[0]) / 255, green: CGFloat(components[1]) / 255,
            blue: CGFloat(components[2]) / 255, alpha: CGFloat(components[3]) / 255)
    }

    /// Opaque black, the default foreground. Core Text: the default of `kCTForegroundColorAttributeName`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// "#rrggbbaa".
    public var description: String {
        func byte(_ value: CGFloat) -> String {
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }
}
