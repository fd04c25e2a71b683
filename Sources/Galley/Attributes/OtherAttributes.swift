import Foundation

/// The attributes of a run that Galley does not lay out — a link, an app's own keys (a media id, a comment), other
/// libraries' — kept with their values as given, so that runs split wherever any attribute changes and hand every
/// attribute back, as Core Text's runs do (`CTRunGetAttributes`): an app finds what was tapped from the run.
///
/// Values are compared as `Hashable` values where they are (strings, numbers, URLs, `NSObject`s through
/// `isEqual`), else by identity; the hash covers the keys only. Like Foundation and Core Text, Galley takes attribute
/// values to be immutable once in an attributed string: that is what makes the type `Sendable`, which `Any` cannot
/// be checked for.
///
/// Core Text: the keys of a run's attribute dictionary that are not `CTStringAttributes` keys.
public struct OtherAttributes: Hashable, @unchecked Sendable {
    /// The attributes by key.
    public private(set) var values: [NSAttributedString.Key: Any] = [:]

    /// No attributes.
    public init() {}

    /// Whether there are none.
    public var isEmpty: Bool { values.isEmpty }

    /// The value for `key`, or nil.
    public subscript(key: NSAttributedString.Key) -> Any? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Keeps a value an attributed string holds.
    mutating func keep(_ value: Any, for key: NSAttributedString.Key) {
        values[key] = value
    }

    public static func == (lhs: OtherAttributes, rhs: OtherAttributes) -> Bool {
        guard lhs.values.count == rhs.values.count else { return false }
        for (key, value) in lhs.values {
            guard let other = rhs.values[key], same(value, other) else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: the keys' hashes summed.
        hasher.combine(values.keys.reduce(0) { $0 &+ $1.hashValue })
    }

    /// Equal as hashable values, or the same object.
    private static func same(_ value: Any, _ other: Any) -> Bool {
        if let value = value as? AnyHashable, let other = other as? AnyHashable { return value == other }
        return (value as AnyObject) === (other as AnyObject)
    }
}
