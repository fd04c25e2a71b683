import Foundation
import Galley

/// Core Text: `CTTextAlignment`.
public enum CTTextAlignment: UInt8, Sendable {
    /// Core Text: `left`, `right`, `center`, `justified`, `natural`.
    case left = 0, right = 1, center = 2, justified = 3, natural = 4
    var galley: TextAlignment {
        switch self {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        case .natural: .natural
        }
    }
}

/// Core Text: `CTLineBreakMode`.
public enum CTLineBreakMode: UInt8, Sendable {
    /// Core Text's modes, in its order.
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
    var galley: LineBreakMode {
        switch self {
        case .byWordWrapping: .byWordWrapping
        case .byCharWrapping: .byCharWrapping
        case .byClipping: .byClipping
        case .byTruncatingHead: .byTruncatingHead
        case .byTruncatingTail: .byTruncatingTail
        case .byTruncatingMiddle: .byTruncatingMiddle
        }
    }
}

/// Core Text: `CTWritingDirection`.
public enum CTWritingDirection: Int8, Sendable {
    /// Core Text: `natural`, `leftToRight`, `rightToLeft`.
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// Which setting a `CTParagraphStyleSetting` holds. Core Text: `CTParagraphStyleSpecifier`.
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    /// Core Text's specifiers with their values.
    case alignment = 0, firstLineHeadIndent = 1, headIndent = 2, tailIndent = 3, tabStops = 4, defaultTabInterval = 5,
        lineBreakMode = 6, lineHeightMultiple = 7, maximumLineHeight = 8, minimumLineHeight = 9, lineSpacing = 10,
        paragraphSpacing = 11, paragraphSpacingBefore = 12, baseWritingDirection = 13, maximumLineSpacing = 14,
        minimumLineSpacing = 15, lineSpacingAdjustment = 16, lineBoundsOptions = 17
}

/// One setting: which, and a pointer to its value (`CGFloat`, `CTTextAlignment`, `CTLineBreakMode`,
/// `CTWritingDirection`). Core Text: `CTParagraphStyleSetting`.
public struct CTParagraphStyleSetting {
    /// Which setting.
    public var spec: CTParagraphStyleSpecifier
    /// The value's size in bytes.
    public var valueSize: Int
    /// The value.
    public var value: UnsafeRawPointer

    /// Core Text: `CTParagraphStyleSetting(spec:valueSize:value:)`.
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// A paragraph style made from settings; attributed strings read it as Galley's `ParagraphStyle`.
/// Core Text: `CTParagraphStyle`.
public final class CTParagraphStyle: NSObject, AttributeValueConvertible, @unchecked Sendable {
    // Must stay the first stored property (Galley's FoundationAttributeValue.swift).
    private let typeTag = CoreFoundationTypeTag.value
    /// The style.
    public let style: ParagraphStyle

    /// Galley's style as a `CTParagraphStyle`.
    public init(_ style: ParagraphStyle) { self.style = style }

    /// The `ParagraphStyle` attributed strings read.
    public var galleyAttributeValue: Any { style }

    /// Equal styles are equal.
    public override func isEqual(_ object: Any?) -> Bool { (object as? CTParagraphStyle)?.style == style }
    /// The style's hash.
    public override var hash: Int { style.hashValue }
}

/// A style from `count` settings; values whose size does not match their kind are skipped. Tab stops are a `CFArray`
/// of `CTTextTab`s. Core Text: `CTParagraphStyleCreate`.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ count: Int) -> CTParagraphStyle {
    var style = ParagraphStyle()
    for index in 0..<(settings == nil ? 0 : max(count, 0)) {
        let setting = settings![index]
        func length() -> CGFloat? {
            setting.valueSize == MemoryLayout<CGFloat>.size ? setting.value.loadUnaligned(as: CGFloat.self) : nil
        }
        switch setting.spec {
        case .alignment:
            if setting.valueSize == 1, let value = CTTextAlignment(rawValue: setting.value.load(as: UInt8.self)) { style.alignment = value.galley }
        case .lineBreakMode:
            if setting.valueSize == 1, let value = CTLineBreakMode(rawValue: setting.value.load(as: UInt8.self)) { style.lineBreakMode = value.galley }
        case .baseWritingDirection:
            if setting.valueSize == 1, let value = CTWritingDirection(rawValue: setting.value.load(as: Int8.self)) {
                style.baseWritingDirection = value == .rightToLeft ? .rightToLeft : value == .leftToRight ? .leftToRight : .natural
            }
        case .firstLineHeadIndent: if let value = length() { style.firstLineHeadIndent = value }
        case .headIndent: if let value = length() { style.headIndent = value }
        case .tailIndent: if let value = length() { style.tailIndent = value }
        case .defaultTabInterval: if let value = length() { style.defaultTabInterval = value }
        case .lineHeightMultiple: if let value = length() { style.lineHeightMultiple = value }
        case .maximumLineHeight: if let value = length() { style.maximumLineHeight = value }
        case .minimumLineHeight: if let value = length() { style.minimumLineHeight = value }
        case .lineSpacing, .lineSpacingAdjustment: if let value = length() { style.lineSpacingAdjustment = value }
        case .paragraphSpacing: if let value = length() { style.paragraphSpacing = value }
        case .paragraphSpacingBefore: if let value = length() { style.paragraphSpacingBefore = value }
        case .maximumLineSpacing: if let value = length() { style.maximumLineSpacing = value }
        case .minimumLineSpacing: if let value = length() { style.minimumLineSpacing = value }
        case .tabStops:
            if setting.valueSize == MemoryLayout<CFArray>.size, let tabs = setting.value.load(as: CFArray?.self) as? [CTTextTab] {
                style.tabStops = tabs.map(\.tab)
            }
        case .lineBoundsOptions: break
        }
    }
    return CTParagraphStyle(style)
}
