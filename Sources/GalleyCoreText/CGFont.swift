import Foundation
import Galley

/// Bytes a font or image is read from. Core Graphics: `CGDataProvider`.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes.
    public let data: Data

    /// Core Graphics: `CGDataProvider(data:)`.
    public init?(data: CFData) { self.data = data as Data }

    /// The file's bytes; nil when it cannot be read. Core Graphics: `CGDataProvider(url:)`.
    public init?(url: CFURL) {
        guard let data = try? Data(contentsOf: url as URL) else { return nil }
        self.data = data
    }
}

/// A font file's face without a size. Core Graphics: `CGFont`.
public final class CGFont: @unchecked Sendable {
    /// The face at Core Text's default size.
    public let font: Font

    init(font: Font) { self.font = font }

    /// The first face of the provider's bytes; nil when they are not a font. Core Graphics: `CGFont(_:)`.
    public convenience init?(_ provider: CGDataProvider) {
        guard let font = try? Font(data: provider.data, catalog: CoreTextEnvironment.fontCatalog) else { return nil }
        self.init(font: font)
    }

    /// Core Graphics: `CGFont.postScriptName`.
    public var postScriptName: CFString? { font.postScriptName as NSString }
    /// Core Graphics: `CGFont.unitsPerEm`.
    public var unitsPerEm: Int32 { Int32(font.unitsPerEm) }
    /// Core Graphics: `CGFont.numberOfGlyphs`.
    public var numberOfGlyphs: Int { font.glyphCount }
}

/// The font's face as a `CGFont`, and its descriptor through `attributes` (a plain pointer: Galley's descriptor is a
/// value; callers pass nil). Core Text: `CTFontCopyGraphicsFont`.
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<CTFontDescriptor?>?) -> CGFont {
    attributes?.pointee = font.descriptor
    return CGFont(font: font)
}

/// A font of a `CGFont` at `size` (0: 12 pt). Core Text: `CTFontCreateWithGraphicsFont`.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                         _ attributes: CTFontDescriptor?) -> CTFont {
    (try? graphicsFont.font.withSize(size == 0 ? 12 : size, matrix: matrix?.pointee.affineTransform)) ?? graphicsFont.font
}

/// Font options. Core Text: `CTFontOptions`.
public struct CTFontOptions: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Core Text: `kCTFontOptionsDefault`.
    public static let `default` = CTFontOptions([])
    /// Core Text: `kCTFontOptionsPreventAutoActivation` (nothing is activated automatically here).
    public static let preventAutoActivation = CTFontOptions(rawValue: 1 << 0)
    /// Core Text: `kCTFontOptionsPreferSystemFont`.
    public static let preferSystemFont = CTFontOptions(rawValue: 1 << 2)
}

/// `CTFontCreateWithName`; the options change nothing here. Core Text: `CTFontCreateWithNameAndOptions`.
public func CTFontCreateWithNameAndOptions(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ options: CTFontOptions) -> CTFont! {
    CTFontCreateWithName(name, size, matrix)
}

/// `CTFontCreateWithFontDescriptor`; the options change nothing here. Core Text:
/// `CTFontCreateWithFontDescriptorAndOptions`.
public func CTFontCreateWithFontDescriptorAndOptions(_ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                                     _ options: CTFontOptions) -> CTFont! {
    CTFontCreateWithFontDescriptor(descriptor, size, matrix)
}

/// An attribute of the font's descriptor by Core Text's key. Core Text: `CTFontCopyAttribute`.
public func CTFontCopyAttribute(_ font: CTFont, _ attribute: CFString) -> CFTypeRef? {
    var descriptor = font.descriptor
    descriptor.postScriptName = descriptor.postScriptName ?? font.postScriptName
    descriptor.family = descriptor.family ?? font.familyName
    descriptor.size = font.size
    return CTFontDescriptorCopyAttribute(descriptor, attribute)
}

/// An attribute and the language of its value (Galley's names are the English ones). Core Text:
/// `CTFontDescriptorCopyLocalizedAttribute`.
public func CTFontDescriptorCopyLocalizedAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString,
                                                   _ language: UnsafeMutablePointer<Unmanaged<CFString>?>?) -> CFTypeRef? {
    let value = CTFontDescriptorCopyAttribute(descriptor, attribute)
    if value != nil { language?.pointee = Unmanaged.passRetained("en" as NSString) }
    return value
}
