import Foundation

/// A value that another API puts in attributed strings and that stands for one of Galley's attribute values: a Core
/// Graphics colour for a `Color`, a Core Text paragraph style for a `ParagraphStyle`. `StringAttributes` reads the
/// value it stands for, so code written against those APIs (GalleyCoreText's `CGColor`, `CTParagraphStyle`) lays out
/// as it would on Apple platforms, where the types are the same objects.
///
/// Galley only (Core Text's attribute values are CoreFoundation objects of these types already).
public protocol AttributeValueConvertible {
    /// The Galley value this stands for (`Color`, `ParagraphStyle`, `Font`, `RunDelegate`, a number, …).
    var galleyAttributeValue: Any { get }
}
