import Foundation
import Galley

/// Core Text: `CTRubyAnnotation` (Galley's `RubyAnnotation`).
public typealias CTRubyAnnotation = RubyAnnotation
/// Core Text: `CTRubyAlignment` (`.auto`, `.start`, `.center`, `.end`, `.distributeLetter`, `.distributeSpace`,
/// `.lineEdge`; Core Text's `.invalid` is not there).
public typealias CTRubyAlignment = RubyAlignment
/// Core Text: `CTRubyOverhang` (`.auto`, `.start`, `.end`, `.none`).
public typealias CTRubyOverhang = RubyOverhang
/// Core Text: `CTRubyPosition` (`.before`, `.after`, `.interCharacter`, `.inline`).
public typealias CTRubyPosition = RubyPosition

/// Core Text: `kCTRubyPositionCount`.
public let kCTRubyPositionCount = 4
/// Core Text: `kCTRubyAnnotationSizeFactorAttributeName` (a number among the attributes of
/// `CTRubyAnnotationCreateWithAttributes`).
public var kCTRubyAnnotationSizeFactorAttributeName: CFString { "CTRubyAnnotationSizeFactor" }
/// Core Text: `kCTRubyAnnotationScaleToFitAttributeName` (accepted; Galley spreads or hangs a longer ruby instead).
public var kCTRubyAnnotationScaleToFitAttributeName: CFString { "CTRubyAnnotationScaleToFit" }
/// Core Text: `kCTRubyAnnotationAttributeName`.
public var kCTRubyAnnotationAttributeName: CFString { "CTRubyAnnotation" }

/// A ruby from a C array of `kCTRubyPositionCount` strings by position (nil where a position has none).
/// Core Text: `CTRubyAnnotationCreate`.
public func CTRubyAnnotationCreate(_ alignment: CTRubyAlignment, _ overhang: CTRubyOverhang, _ sizeFactor: CGFloat,
                                   _ text: UnsafeMutablePointer<Unmanaged<CFString>?>) -> CTRubyAnnotation {
    var texts: [RubyPosition: String] = [:]
    for position in RubyPosition.allCases {
        if let string = text[position.rawValue]?.takeUnretainedValue() { texts[position] = string as String }
    }
    return RubyAnnotation(text: texts, alignment: alignment, overhang: overhang, sizeFactor: sizeFactor)
}

/// A ruby with one string at one position and attributes for it: its font and colour, and a size factor (else 0.5).
/// Core Text: `CTRubyAnnotationCreateWithAttributes`.
public func CTRubyAnnotationCreateWithAttributes(_ alignment: CTRubyAlignment, _ overhang: CTRubyOverhang, _ position: CTRubyPosition,
                                                 _ string: CFString, _ attributes: CFDictionary) -> CTRubyAnnotation {
    var dictionary: [NSAttributedString.Key: Any] = [:]
    var sizeFactor: CGFloat = 0.5
    for (key, value) in (attributes as NSDictionary) {
        let name = (key as? String) ?? (key as? NSString).map { $0 as String } ?? ""
        if name == kCTRubyAnnotationSizeFactorAttributeName as String {
            sizeFactor = (value as? NSNumber).map { CGFloat($0.doubleValue) } ?? (value as? Double).map { CGFloat($0) } ?? sizeFactor
        } else {
            dictionary[NSAttributedString.Key(name)] = value
        }
    }
    // The ruby's font and colour, read as Galley reads attributes (Core Text's keys and values).
    let read = StringAttributes(dictionary)
    var values: [NSAttributedString.Key: any Sendable] = [:]
    if let font = read.font { values[.font] = font }
    if let color = read.foregroundColor { values[.foregroundColor] = color }
    return RubyAnnotation(text: [position: string as String], alignment: alignment, overhang: overhang, sizeFactor: sizeFactor, attributes: values)
}

/// A copy. Core Text: `CTRubyAnnotationCreateCopy`.
public func CTRubyAnnotationCreateCopy(_ annotation: CTRubyAnnotation) -> CTRubyAnnotation {
    RubyAnnotation(text: annotation.text, alignment: annotation.alignment, overhang: annotation.overhang, sizeFactor: annotation.sizeFactor,
                   attributes: annotation.attributes)
}

/// Core Text: `CTRubyAnnotationGetAlignment`.
public func CTRubyAnnotationGetAlignment(_ annotation: CTRubyAnnotation) -> CTRubyAlignment { annotation.alignment }
/// Core Text: `CTRubyAnnotationGetOverhang`.
public func CTRubyAnnotationGetOverhang(_ annotation: CTRubyAnnotation) -> CTRubyOverhang { annotation.overhang }
/// Core Text: `CTRubyAnnotationGetSizeFactor`.
public func CTRubyAnnotationGetSizeFactor(_ annotation: CTRubyAnnotation) -> CGFloat { annotation.sizeFactor }
/// Core Text: `CTRubyAnnotationGetTextForPosition`.
public func CTRubyAnnotationGetTextForPosition(_ annotation: CTRubyAnnotation, _ position: CTRubyPosition) -> CFString? {
    annotation.text[position].map { $0 as NSString }
}
