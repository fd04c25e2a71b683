import Foundation

// Why Galley's values carry a type tag in Foundation's attribute dictionaries (Linux only).
//
// swift-corelibs-foundation keeps an `NSAttributedString`'s runs in CoreFoundation, which compares neighbouring
// runs' dictionaries with `CFEqual` whenever a run is set or appended and whenever the longest effective range
// is asked for. `CFEqual` decides whether an object is a Swift object (and so asks Swift's `isEqual`) by reading a
// CoreFoundation type ID from bits 8–17 of the object's third word; when both values read type ID 0 it calls the
// "not a type" class's equality, which halts the process (`__HALT`, SIGILL). That word is no type ID for most
// Swift values: for an `NSObject` subclass it is the first stored property, for a boxed Swift value (`__SwiftValue`)
// it is the value's first word or the address of its out-of-line storage. So two neighbouring runs halt the
// process when they differ in a small struct (an option set's 1 and 2), in two `NSObject`s whose first property is
// small, or — one time in a thousand or so — in two structs or class instances whose storage happens to sit at an
// address with those bits clear (found by the `markdown` fuzzer after thousands of documents; bisected to `Font`).
//
// Galley's own attribute values therefore put a tag there: `Font` and `RunDelegate` are `NSObject`s whose first
// stored property is `CoreFoundationTypeTag.value`, and `Color`, `ParagraphStyle`, `FontFeatureSetting`,
// `UnderlineStyle` and `WritingDirectionEmbedding` cross into Foundation as a `FoundationAttributeValue` object that
// starts with the same tag. The tag reads as
// `_kCFRuntimeIDCFType`, a type ID no CoreFoundation object has, so `CFEqual` and `CFHash` hand them to Swift's
// `isEqual` and `hash`. Values of other types in an `NSAttributedString` on Linux should be Foundation's own
// (`String`, `NSNumber`, `URL`, `Data`), as on Apple platforms — and numbers `Int` or `Double`, not `CGFloat`, which
// this toolchain's Foundation boxes rather than bridging to NSNumber (a boxed 1.0 reads as type ID 0): Galley's
// own dictionaries write lengths as `Double`. AttributesBridgingTests checks the layout and runs
// the pattern that used to halt.

/// The word CoreFoundation reads as an object's type information: type ID 1 (`_kCFRuntimeIDCFType`, which no
/// CoreFoundation object has) in bits 8–17, nothing else.
package enum CoreFoundationTypeTag {
    package static let value: UInt = 1 << 8
}

/// A Galley value as it sits in an `NSAttributedString`'s attribute dictionary on Linux: Foundation stores this
/// object, and hands the value back (`as? Color`) when the dictionary is read. Wrap values of your own types in one
/// for the same safety (the README's bad-input table explains why).
///
/// TextKit: none (on Apple platforms these values are Objective-C objects already).
public final class FoundationAttributeValue<Value: Hashable & Sendable>: NSObject, @unchecked Sendable {
    // Must stay the first stored property: CoreFoundation reads it (see the comment at the top of the file).
    private let typeTag = CoreFoundationTypeTag.value
    /// The value.
    public let value: Value

    /// Wraps a value of your own for an `NSAttributedString` on Linux: stored under any key, it compares through the
    /// value's `==` and reads back as the value (`attributes[key] as? Value`).
    public init(_ value: Value) {
        self.value = value
    }

    /// Equal when the values are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? FoundationAttributeValue<Value>)?.value == value
    }

    /// The value's hash.
    public override var hash: Int { value.hashValue }

    /// The value's description.
    public override var description: String { String(describing: value) }
}

#if !canImport(ObjectiveC)
extension FoundationAttributeValue: _StructBridgeable {
    /// The value, when Foundation reads the dictionary back into Swift.
    public func _bridgeToAny() -> Any { value }
}

/// A Galley value type that crosses into Foundation's dictionaries as a `FoundationAttributeValue`.
protocol FoundationAttributeBridging: _ObjectiveCBridgeable, Hashable, Sendable
where _ObjectiveCType == FoundationAttributeValue<Self> {}

extension FoundationAttributeBridging {
    public func _bridgeToObjectiveC() -> FoundationAttributeValue<Self> { FoundationAttributeValue(self) }

    public static func _forceBridgeFromObjectiveC(_ source: FoundationAttributeValue<Self>, result: inout Self?) {
        result = source.value
    }

    public static func _conditionallyBridgeFromObjectiveC(
        _ source: FoundationAttributeValue<Self>, result: inout Self?
    ) -> Bool {
        result = source.value
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: FoundationAttributeValue<Self>?) -> Self {
        guard let source else { preconditionFailure("no \(Self.self) to bridge from") }
        return source.value
    }
}

extension Color: FoundationAttributeBridging {}
extension ParagraphStyle: FoundationAttributeBridging {}
extension FontFeatureSetting: FoundationAttributeBridging {}
extension UnderlineStyle: FoundationAttributeBridging {}
extension WritingDirectionEmbedding: FoundationAttributeBridging {}
#endif
