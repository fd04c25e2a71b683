internal import CHarfBuzz
import Foundation

/// A `name`-table entry.
///
/// Core Text: the `kCTFont…NameKey` constants (the raw values are Core Text's strings) used with
/// `CTFontCopyName`.
public enum FontNameKey: String, CaseIterable, Sendable {
    case copyright = "Copyright"
    case family = "Family"
    case subfamily = "Subfamily"
    case style = "Style"
    case unique = "UniqueID"
    case full = "Full"
    case version = "Version"
    case postScript = "PostScript"
    case trademark = "Trademark"
    case manufacturer = "Manufacturer"
    case designer = "Designer"
    case description = "Description"
    case vendorURL = "VendorURL"
    case designerURL = "DesignerURL"
    case license = "License"
    case licenseURL = "LicenseURL"
    case sampleText = "SampleText"
    case postScriptCID = "CIDFontName"

    /// The OpenType name IDs to try, most specific first.
    var nameIDs: [UInt32] {
        switch self {
        case .copyright: [0]
        case .family: [16, 1]
        case .subfamily: [2]
        case .style: [17, 2]
        case .unique: [3]
        case .full: [4]
        case .version: [5]
        case .postScript: [6]
        case .trademark: [7]
        case .manufacturer: [8]
        case .designer: [9]
        case .description: [10]
        case .vendorURL: [11]
        case .designerURL: [12]
        case .license: [13]
        case .licenseURL: [14]
        case .sampleText: [19]
        case .postScriptCID: [20]
        }
    }
}

extension Font {
    /// The PostScript name (name ID 6, or the named instance's). Core Text: `CTFontCopyPostScriptName`.
    public var postScriptName: String { descriptor.postScriptName ?? face.harfBuzz.name(id: 6) ?? "" }
    /// The family name (typographic family, else name ID 1). Core Text: `CTFontCopyFamilyName`.
    public var familyName: String { descriptor.family ?? name(for: .family) ?? "" }
    /// The full name (name ID 4). Core Text: `CTFontCopyFullName`.
    public var fullName: String { name(for: .full) ?? postScriptName }
    /// The name to show a user: the descriptor's display name, else the full name.
    /// Core Text: `CTFontCopyDisplayName`.
    public var displayName: String { descriptor.displayName ?? fullName }

    /// A `name`-table string in English (or the table's first language), or nil.
    /// Core Text: `CTFontCopyName`.
    public func name(for key: FontNameKey) -> String? {
        for id in key.nameIDs {
            if let name = face.harfBuzz.name(id: id) { return name }
        }
        return nil
    }

    /// Any `name`-table entry by numeric ID, or nil.
    public func name(id: Int) -> String? { face.harfBuzz.name(id: UInt32(id)) }

    // MARK: Tables

    /// The tags of the tables in the font file. Core Text: `CTFontCopyAvailableTables`.
    public var availableTables: [OpenTypeTag] { face.harfBuzz.tableTags }

    /// A table's bytes, or nil when the font has no such table. Core Text: `CTFontCopyTable`.
    public func table(_ tag: OpenTypeTag) -> Data? {
        let data = face.harfBuzz.table(tag)
        return data.isEmpty ? nil : data
    }

    // MARK: Coverage

    /// Every code point the font maps to a glyph. Core Text: `CTFontCopyCharacterSet`.
    public var characterSet: CodePointSet { face.codePoints }

    /// The languages fontconfig judges the font to cover (orthographies fully in its cmap), sorted;
    /// empty for fonts made from data. Core Text: `CTFontCopySupportedLanguages`.
    public var supportedLanguages: [String] { face.languages }

    // MARK: Features and variations

    /// The OpenType feature tags the font's GSUB and GPOS tables define, sorted, without duplicates.
    /// Core Text: `CTFontCopyFeatures` (as OpenType tags rather than AAT dictionaries).
    public var openTypeFeatures: [OpenTypeTag] {
        var tags = Set<OpenTypeTag>()
        for table in [OpenTypeTag("GSUB"), OpenTypeTag("GPOS")] {
            var offset: UInt32 = 0
            var buffer = [hb_tag_t](repeating: 0, count: 64)
            while true {
                var count = UInt32(buffer.count)
                let total = hb_ot_layout_table_get_feature_tags(face.harfBuzz.pointer, table.rawValue, offset, &count, &buffer)
                tags.formUnion(buffer.prefix(Int(count)).map(OpenTypeTag.init(rawValue:)))
                offset += count
                if count == 0 || offset >= total { break }
            }
        }
        return tags.sorted()
    }

    /// The feature settings applied to this font. Core Text: `CTFontCopyFeatureSettings`.
    public var featureSettings: [FontFeatureSetting] { descriptor.featureSettings }

    /// The variation axes; empty for fonts that are not variable. Core Text: `CTFontCopyVariationAxes`.
    public var variationAxes: [VariationAxis] { face.axes }

    /// The value of every axis, the defaults included, clamped to the axis range; empty for fonts that are
    /// not variable. Core Text: `CTFontCopyVariation`.
    public var variation: [OpenTypeTag: Double] {
        var values: [OpenTypeTag: Double] = [:]
        for axis in face.axes {
            values[axis.tag] = min(max(descriptor.variation[axis.tag] ?? axis.defaultValue, axis.minimum), axis.maximum)
        }
        return values
    }
}
