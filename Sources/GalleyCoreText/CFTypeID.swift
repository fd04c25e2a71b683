import Foundation
import Galley

/// CoreFoundation: `CFTypeID`.
public typealias CFTypeID = UInt

/// Core Text's types' IDs: distinct numbers, equal to `CFGetTypeID` of their objects.
private enum TypeIDs {
    static let framesetter: CFTypeID = 0x4754_0001
    static let frame: CFTypeID = 0x4754_0002
    static let typesetter: CFTypeID = 0x4754_0003
    static let line: CFTypeID = 0x4754_0004
    static let run: CFTypeID = 0x4754_0005
    static let font: CFTypeID = 0x4754_0006
    static let runDelegate: CFTypeID = 0x4754_0007
    static let paragraphStyle: CFTypeID = 0x4754_0008
    static let textTab: CFTypeID = 0x4754_0009
    static let rubyAnnotation: CFTypeID = 0x4754_000A
}

/// Core Text: `CTFramesetterGetTypeID`.
public func CTFramesetterGetTypeID() -> CFTypeID { TypeIDs.framesetter }
/// Core Text: `CTFrameGetTypeID`.
public func CTFrameGetTypeID() -> CFTypeID { TypeIDs.frame }
/// Core Text: `CTTypesetterGetTypeID`.
public func CTTypesetterGetTypeID() -> CFTypeID { TypeIDs.typesetter }
/// Core Text: `CTLineGetTypeID`.
public func CTLineGetTypeID() -> CFTypeID { TypeIDs.line }
/// Core Text: `CTRunGetTypeID`.
public func CTRunGetTypeID() -> CFTypeID { TypeIDs.run }
/// Core Text: `CTFontGetTypeID`.
public func CTFontGetTypeID() -> CFTypeID { TypeIDs.font }
/// Core Text: `CTRunDelegateGetTypeID`.
public func CTRunDelegateGetTypeID() -> CFTypeID { TypeIDs.runDelegate }
/// Core Text: `CTParagraphStyleGetTypeID`.
public func CTParagraphStyleGetTypeID() -> CFTypeID { TypeIDs.paragraphStyle }
/// Core Text: `CTTextTabGetTypeID`.
public func CTTextTabGetTypeID() -> CFTypeID { TypeIDs.textTab }
/// Core Text: `CTRubyAnnotationGetTypeID`.
public func CTRubyAnnotationGetTypeID() -> CFTypeID { TypeIDs.rubyAnnotation }

/// The type ID of a Core Text object (0 for anything else), so that `CFGetTypeID(value) == CTFontGetTypeID()` checks
/// work on attribute values. CoreFoundation: `CFGetTypeID`.
public func CFGetTypeID(_ object: CFTypeRef?) -> CFTypeID {
    switch object {
    case is CTFramesetter: TypeIDs.framesetter
    case is CTFrame: TypeIDs.frame
    case is CTTypesetter: TypeIDs.typesetter
    case is CTLine: TypeIDs.line
    case is CTRun: TypeIDs.run
    case is Font: TypeIDs.font
    case is RunDelegate: TypeIDs.runDelegate
    case is CTParagraphStyle: TypeIDs.paragraphStyle
    case is CTTextTab: TypeIDs.textTab
    case is RubyAnnotation: TypeIDs.rubyAnnotation
    default: 0
    }
}
