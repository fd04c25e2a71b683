import Foundation

// The CoreFoundation names Core Text code uses around Core Text. Foundation on Linux exposes no CF types, and its
// CF objects do not bridge with `as` (`"x" as CFString` fails), while `as NSString`, `NSArray`, `NSDictionary` and
// `NSURL` do: so each CF name here is the Foundation class it is toll-free bridged to on Apple platforms, and
// `"x" as CFString`, `lines as! [CTLine]`, `kCTFontAttributeName as NSAttributedString.Key` compile and work as there.

/// CoreFoundation: `CFIndex`.
public typealias CFIndex = Int
/// CoreFoundation: `CFTypeRef`.
public typealias CFTypeRef = AnyObject
/// CoreFoundation: `CFString` (toll-free bridged to `NSString`).
public typealias CFString = NSString
/// CoreFoundation: `CFAttributedString`.
public typealias CFAttributedString = NSAttributedString
/// CoreFoundation: `CFMutableAttributedString`.
public typealias CFMutableAttributedString = NSMutableAttributedString
/// CoreFoundation: `CFArray`.
public typealias CFArray = NSArray
/// CoreFoundation: `CFDictionary`.
public typealias CFDictionary = NSDictionary
/// CoreFoundation: `CFURL`.
public typealias CFURL = NSURL
/// CoreFoundation: `CFNumber`.
public typealias CFNumber = NSNumber
/// CoreFoundation: `CFData`.
public typealias CFData = NSData

/// An allocator: only the default one exists, so every `CFAllocator?` argument is ignored. CoreFoundation:
/// `CFAllocator`.
public final class CFAllocator: Sendable {
    private init() {}
}

/// The default allocator (nil, as `kCFAllocatorDefault` is `NULL`). CoreFoundation: `kCFAllocatorDefault`.
public let kCFAllocatorDefault: CFAllocator? = nil

/// A range of UTF-16 offsets; in Core Text calls a length of 0 means "to the end". CoreFoundation: `CFRange`.
public struct CFRange: Hashable, Sendable {
    /// The first offset.
    public var location: CFIndex
    /// The number of offsets.
    public var length: CFIndex

    /// A range. CoreFoundation: `CFRange(location:length:)`.
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    /// The empty range at 0.
    public init() { self.init(location: 0, length: 0) }

    /// The range as Swift's (negative lengths are empty).
    var range: Range<Int> { location..<(location + max(length, 0)) }

    /// A Swift range as a `CFRange`.
    init(_ range: Range<Int>) { self.init(location: range.lowerBound, length: range.count) }
}

/// CoreFoundation: `CFRangeMake`.
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}

/// A string with attributes, empty. CoreFoundation: `CFAttributedStringCreateMutable`.
public func CFAttributedStringCreateMutable(_ allocator: CFAllocator?, _ maxLength: CFIndex) -> CFMutableAttributedString {
    NSMutableAttributedString(string: "")
}

/// A string with attributes. CoreFoundation: `CFAttributedStringCreate`.
public func CFAttributedStringCreate(_ allocator: CFAllocator?, _ string: CFString, _ attributes: CFDictionary?) -> CFAttributedString {
    NSAttributedString(string: string as String, attributes: attributes.map(attributeDictionary))
}

/// A mutable copy of `string`. CoreFoundation: `CFAttributedStringCreateMutableCopy`.
public func CFAttributedStringCreateMutableCopy(_ allocator: CFAllocator?, _ maxLength: CFIndex, _ string: CFAttributedString)
    -> CFMutableAttributedString
{
    NSMutableAttributedString(attributedString: string)
}

/// Replaces the characters in `range` with `replacement` (a zero-length range at 0 of an empty string inserts).
/// CoreFoundation: `CFAttributedStringReplaceString`.
public func CFAttributedStringReplaceString(_ string: CFMutableAttributedString, _ range: CFRange, _ replacement: CFString) {
    string.replaceCharacters(in: NSRange(location: range.location, length: range.length), with: replacement as String)
}

/// Sets one attribute over `range`. CoreFoundation: `CFAttributedStringSetAttribute`.
public func CFAttributedStringSetAttribute(_ string: CFMutableAttributedString, _ range: CFRange, _ name: CFString, _ value: CFTypeRef?) {
    let nsRange = NSRange(location: range.location, length: range.length)
    let key = NSAttributedString.Key(name as String)
    if let value { string.addAttribute(key, value: value, range: nsRange) } else { string.removeAttribute(key, range: nsRange) }
}

/// Sets attributes over `range`, replacing those there when `clearOtherAttributes`.
/// CoreFoundation: `CFAttributedStringSetAttributes`.
public func CFAttributedStringSetAttributes(_ string: CFMutableAttributedString, _ range: CFRange, _ attributes: CFDictionary?,
                                            _ clearOtherAttributes: Bool) {
    let nsRange = NSRange(location: range.location, length: range.length)
    let dictionary = attributes.map(attributeDictionary) ?? [:]
    if clearOtherAttributes { string.setAttributes(dictionary, range: nsRange) } else { string.addAttributes(dictionary, range: nsRange) }
}

/// The number of UTF-16 units. CoreFoundation: `CFAttributedStringGetLength`.
public func CFAttributedStringGetLength(_ string: CFAttributedString) -> CFIndex { string.length }

/// The characters. CoreFoundation: `CFAttributedStringGetString`.
public func CFAttributedStringGetString(_ string: CFAttributedString) -> CFString { string.string as NSString }

/// Groups edits (nothing to do here). CoreFoundation: `CFAttributedStringBeginEditing`.
public func CFAttributedStringBeginEditing(_ string: CFMutableAttributedString) { string.beginEditing() }

/// CoreFoundation: `CFAttributedStringEndEditing`.
public func CFAttributedStringEndEditing(_ string: CFMutableAttributedString) { string.endEditing() }

/// The number of elements. CoreFoundation: `CFArrayGetCount`.
public func CFArrayGetCount(_ array: CFArray) -> CFIndex { array.count }

/// An `NSDictionary` of attributes as Foundation's attribute dictionary (keys as strings).
func attributeDictionary(_ dictionary: CFDictionary) -> [NSAttributedString.Key: Any] {
    var result: [NSAttributedString.Key: Any] = [:]
    for (key, value) in dictionary {
        if let name = key as? String { result[NSAttributedString.Key(name)] = value }
        else if let name = key as? NSString { result[NSAttributedString.Key(name as String)] = value }
        else if let name = key as? NSAttributedString.Key { result[name] = value }
    }
    return result
}

/// The part of `string` in `range`, with its attributes. CoreFoundation: `CFAttributedStringCreateWithSubstring`.
public func CFAttributedStringCreateWithSubstring(_ allocator: CFAllocator?, _ string: CFAttributedString, _ range: CFRange) -> CFAttributedString {
    string.attributedSubstring(from: NSRange(location: range.location, length: range.length))
}
