import Foundation
import Galley

/// A Swift `AttributedString` with Galley's attributes, `Codable` as Galley's archive (`DocumentType.galleyArchive`):
/// every attribute in Galley's scope comes back exactly — fonts by PostScript name, size and matrix, found again in
/// the catalog the decoder's `userInfo` holds under `fontCatalogKey` (the system's when it holds none), attachments
/// with their contents. Attributes of other scopes are not kept.
///
/// `AttributedString` itself encodes only attributes whose keys are `CodableAttributedStringKey`s, which fonts and
/// run delegates cannot be without a catalog to decode them in; put this in a `Codable` model instead.
/// Foundation: `AttributedString`'s `Codable` conformance with `@CodableConfiguration(from: \.galley)`.
public struct ArchivedAttributedString: Codable, Sendable, Equatable {
    /// The decoder's `userInfo` key for the `FontCatalog` fonts are found in.
    public static let fontCatalogKey = CodingUserInfoKey(rawValue: "GalleyFontCatalog")!

    /// The string.
    public var value: AttributedString

    /// Wraps `value` for encoding.
    public init(_ value: AttributedString) {
        self.value = value
    }

    /// Decodes Galley's archive.
    ///
    /// - Throws: `DocumentError.invalidArchive` when the archive is not Galley's (another format name), or the
    ///   decoder's error when the data is not an archive at all.
    public init(from decoder: any Decoder) throws {
        let archive = try DocumentArchive(from: decoder)
        guard archive.format == "galley-archive" else { throw DocumentError.invalidArchive("format \(archive.format)") }
        let catalog = decoder.userInfo[Self.fontCatalogKey] as? FontCatalog ?? .system
        value = AttributedString(archive.attributedString(catalog: catalog), including: \.galley)
    }

    /// Encodes Galley's archive of the string.
    public func encode(to encoder: any Encoder) throws {
        try DocumentArchive(NSAttributedString(value, including: \.galley)).encode(to: encoder)
    }
}
