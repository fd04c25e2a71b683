import Foundation

/// A set of fonts: every face of a catalog, or the faces matching a list of query descriptors.
///
/// A collection is a value; resolving it (`matchingDescriptors()`) asks the catalog each time, so faces
/// registered later appear.
///
/// Core Text: `CTFontCollection`.
public struct FontCollection: Sendable {
    /// The queries; nil for "every available face". Core Text: `CTFontCollectionCopyQueryDescriptors`.
    public let queryDescriptors: [FontDescriptor]?
    /// The catalog the collection resolves against.
    public let catalog: FontCatalog
    /// Whether faces with the same PostScript name, family and style are listed once.
    /// Core Text: `kCTFontCollectionRemoveDuplicatesOption`.
    public let removesDuplicates: Bool

    /// Every face the catalog holds. Core Text: `CTFontCollectionCreateFromAvailableFonts`.
    ///
    /// - Parameters:
    ///   - catalog: the fonts to list.
    ///   - removeDuplicates: whether faces with the same PostScript name, family and style (the same face in two files)
    ///     appear once; as in Core Text, only when asked.
    public static func availableFonts(in catalog: FontCatalog = .system, removeDuplicates: Bool = false)
        -> FontCollection
    {
        FontCollection(queryDescriptors: nil, catalog: catalog, removesDuplicates: removeDuplicates)
    }

    /// The faces matching any of `queryDescriptors`: a face matches a query when it has every naming,
    /// trait, language, character-set and format attribute the query sets.
    ///
    /// - Parameters:
    ///   - queryDescriptors: the queries; a face matching any of them is in the collection.
    ///   - catalog: the fonts to choose from.
    ///   - removeDuplicates: whether faces with the same PostScript name, family and style (the same face in two files)
    ///     appear once; as in Core Text, only when asked.
    ///
    /// Core Text: `CTFontCollectionCreateWithFontDescriptors`.
    public init(queryDescriptors: [FontDescriptor], catalog: FontCatalog = .system, removeDuplicates: Bool = false) {
        self.init(queryDescriptors: Optional(queryDescriptors), catalog: catalog, removesDuplicates: removeDuplicates)
    }

    private init(queryDescriptors: [FontDescriptor]?, catalog: FontCatalog, removesDuplicates: Bool) {
        self.queryDescriptors = queryDescriptors
        self.catalog = catalog
        self.removesDuplicates = removesDuplicates
    }

    /// A collection with more queries. Core Text: `CTFontCollectionCreateCopyWithFontDescriptors`.
    public func adding(queryDescriptors more: [FontDescriptor]) -> FontCollection {
        FontCollection(
            queryDescriptors: (queryDescriptors ?? []) + more, catalog: catalog, removesDuplicates: removesDuplicates)
    }

    /// The faces, in Core Text's standard order: family name, then weight, width, slant and style name.
    /// Core Text: `CTFontCollectionCreateMatchingFontDescriptors`.
    public func matchingDescriptors() -> [FontDescriptor] {
        matchingDescriptors(sortedBy: FontCollection.standardOrder)
    }

    /// The faces in an order of the caller's. Core Text: `CTFontCollectionCreateMatchingFontDescriptorsSortedWithCallback`.
    public func matchingDescriptors(sortedBy areInIncreasingOrder: (FontDescriptor, FontDescriptor) -> Bool)
        -> [FontDescriptor]
    {
        var faces = catalog.allDescriptors()
        if let queries = queryDescriptors {
            faces = faces.filter { face in
                queries.contains { query in
                    query.isSatisfied(by: face, keys: query.attributeKeys.subtracting([.size, .matrix]))
                }
            }
        }
        if removesDuplicates {
            var seen = Set<String>()
            faces = faces.filter { face in
                let key = [face.postScriptName, face.family, face.styleName].map { $0 ?? "" }.joined(separator: "\u{0}")
                return seen.insert(key).inserted
            }
        }
        return faces.sorted(by: areInIncreasingOrder)
    }

    /// The faces of one family, in standard order. Core Text: `CTFontCollectionCreateMatchingFontDescriptorsForFamily`.
    public func matchingDescriptors(forFamily family: String) -> [FontDescriptor] {
        matchingDescriptors().filter { $0.family?.caseInsensitiveCompare(family) == .orderedSame }
    }

    /// The distinct family names, sorted.
    public var familyNames: [String] {
        var seen = Set<String>()
        return matchingDescriptors().compactMap(\.family).filter { seen.insert($0).inserted }
    }

    /// Core Text's standard sort (`kCTFontCollectionStandardSortOption`): family, weight, width, slant, style.
    public static func standardOrder(_ a: FontDescriptor, _ b: FontDescriptor) -> Bool {
        let familyOrder = (a.family ?? "").caseInsensitiveCompare(b.family ?? "")
        if familyOrder != .orderedSame { return familyOrder == .orderedAscending }
        let (ta, tb) = (a.traits ?? FontTraits(), b.traits ?? FontTraits())
        if (ta.weight ?? 0) != (tb.weight ?? 0) { return (ta.weight ?? 0) < (tb.weight ?? 0) }
        if (ta.width ?? 0) != (tb.width ?? 0) { return (ta.width ?? 0) < (tb.width ?? 0) }
        let (sa, sb) = (abs(ta.slant ?? 0), abs(tb.slant ?? 0))
        if sa != sb { return sa < sb }
        return (a.styleName ?? "") < (b.styleName ?? "")
    }
}
