/// A four-character OpenType tag ("liga", "wght", "GSUB") as the 32-bit big-endian number fonts store.
///
/// Written as a string literal: `let tag: OpenTypeTag = "wght"`. Strings shorter than four characters are
/// padded with spaces, as the OpenType specification asks.
///
/// Core Text: the `CFNumber` or four-character `CFString` used by `kCTFontOpenTypeFeatureTag`,
/// `kCTFontVariationAxisIdentifierKey` and `CTFontTableTag`.
public struct OpenTypeTag: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The tag packed big-endian into 32 bits ("wght" → 0x77676874).
    public let rawValue: UInt32

    /// A tag from its packed number.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A tag from up to four ASCII characters; nil if the string is longer or not printable ASCII.
    public init?(string text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count <= 4, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let padded = bytes + [UInt8](repeating: 0x20, count: 4 - bytes.count)
        rawValue = padded.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A tag from a literal; the literal must be a valid tag.
    public init(stringLiteral value: String) {
        guard let tag = OpenTypeTag(string: value) else { preconditionFailure("not an OpenType tag: \(value)") }
        self = tag
    }

    /// The four characters.
    public var description: String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> UInt32($0)) }
        return String(decoding: bytes.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
    }

    public static func < (lhs: OpenTypeTag, rhs: OpenTypeTag) -> Bool { lhs.rawValue < rhs.rawValue }
}
