import Foundation

extension FontDescriptor {
    /// The attributes that name or locate a face; the default mandatory keys when matching.
    static let identifyingKeys: Set<AttributeKey> = [.family, .styleName, .postScriptName, .displayName, .url]

    /// Every face in `catalog` that matches this descriptor, best first.
    ///
    /// fontconfig ranks the faces (`FcFontSort` after the configuration's substitutions); a face is kept
    /// only when it agrees with every mandatory attribute this descriptor sets: names compare without
    /// regard to case (a PostScript-name query also accepts the full name, as Core Text's does), traits
    /// require the symbolic bits and numeric values within 0.1, languages and character sets require
    /// coverage. Size, matrix, features, variations and the cascade list are copied into the results.
    ///
    /// - Parameters:
    ///   - mandatoryKeys: the attributes that must match; nil means the naming and file attributes the
    ///     descriptor sets (family, style, PostScript name, display name, URL).
    ///   - catalog: the fonts to look in (the system's by default).
    /// Core Text: `CTFontDescriptorCreateMatchingFontDescriptors`.
    public func matchingDescriptors(mandatoryKeys: Set<AttributeKey>? = nil, in catalog: FontCatalog = .system)
        -> [FontDescriptor]
    {
        let keys = (mandatoryKeys ?? Self.identifyingKeys).intersection(attributeKeys)
        var seen = Set<FaceIdentity>()
        return catalog.sortedMatches(for: self)
            .filter { isSatisfied(by: $0, keys: keys) && seen.insert(FaceIdentity($0)).inserted }
            .map(carryingRenderingAttributes(into:))
    }

    /// The single best face in `catalog` for this descriptor, or nil when no face has the mandatory
    /// attributes. With no mandatory attribute set this is exactly fontconfig's `FcFontMatch` (what
    /// `fc-match` prints), so an unknown family still gets the configuration's default face.
    ///
    /// - Parameters:
    ///   - mandatoryKeys: attributes the face must have exactly; nil or empty for fontconfig's best match.
    ///   - catalog: the fonts to choose from.
    /// - Returns: the face's descriptor, or nil when no face has the mandatory attributes.
    ///
    /// Core Text: `CTFontDescriptorCreateMatchingFontDescriptor`.
    public func matchingDescriptor(mandatoryKeys: Set<AttributeKey>? = nil, in catalog: FontCatalog = .system)
        -> FontDescriptor?
    {
        let keys = (mandatoryKeys ?? Self.identifyingKeys).intersection(attributeKeys)
        if let best = catalog.bestMatch(for: self), isSatisfied(by: best, keys: keys) {
            return carryingRenderingAttributes(into: best)
        }
        if keys.isEmpty { return nil }
        return matchingDescriptors(mandatoryKeys: keys, in: catalog).first
    }

    /// Whether a face descriptor has every attribute of this query named in `keys`.
    func isSatisfied(by face: FontDescriptor, keys: Set<AttributeKey>) -> Bool {
        func same(_ a: String?, _ b: String?) -> Bool {
            guard let a, let b else { return false }
            return a.caseInsensitiveCompare(b) == .orderedSame
        }
        for key in keys {
            switch key {
            case .family:
                guard same(family, face.family) else { return false }
            case .styleName:
                guard same(styleName, face.styleName) else { return false }
            case .postScriptName:
                guard same(postScriptName, face.postScriptName) || same(postScriptName, face.displayName) else {
                    return false
                }
            case .displayName:
                guard same(displayName, face.displayName) else { return false }
            case .url:
                guard url?.standardizedFileURL.path == face.url?.standardizedFileURL.path else { return false }
                if let faceIndex, faceIndex != (face.faceIndex ?? 0) { return false }
            case .traits:
                guard let wanted = traits else { continue }
                let found = face.traits ?? FontTraits()
                let bits: SymbolicTraits = [.bold, .italic, .condensed, .expanded, .monoSpace, .colorGlyphs]
                guard found.symbolic.isSuperset(of: wanted.symbolic.intersection(bits)) else { return false }
                if let weight = wanted.weight, abs(weight - (found.weight ?? 0)) > 0.1 { return false }
                if let width = wanted.width, abs(width - (found.width ?? 0)) > 0.1 { return false }
                if let slant = wanted.slant, (slant != 0) != ((found.slant ?? 0) != 0 || found.symbolic.contains(.italic)) {
                    return false
                }
            case .languages:
                for language in languages {
                    let lower = language.lowercased().replacingOccurrences(of: "_", with: "-")
                    guard face.languages.contains(where: { $0 == lower || $0.hasPrefix(lower + "-") || lower.hasPrefix($0 + "-") })
                    else { return false }
                }
            case .characterSet:
                guard let wanted = characterSet, let found = face.characterSet, found.isSuperset(of: wanted) else {
                    return false
                }
            case .format:
                guard format == face.format else { return false }
            case .size, .matrix, .featureSettings, .variation, .cascadeList:
                continue  // not properties of a face: they travel with the result
            }
        }
        return true
    }

    /// A face descriptor with this query's size, matrix, features, variations and cascade list.
    func carryingRenderingAttributes(into face: FontDescriptor) -> FontDescriptor {
        var result = face
        result.size = size
        result.matrix = matrix
        result.featureSettings = featureSettings
        result.variation.merge(variation) { $1 }
        result.cascadeList = cascadeList
        return result
    }
}

/// What makes two descriptors the same face: the file and index, or the names when there is no file.
struct FaceIdentity: Hashable {
    let path: String?
    let index: Int
    let names: String

    init(_ descriptor: FontDescriptor) {
        path = descriptor.url?.standardizedFileURL.path
        index = descriptor.faceIndex ?? 0
        names = [descriptor.postScriptName, descriptor.family, descriptor.styleName]
            .map { $0 ?? "" }.joined(separator: "\u{0}")
    }
}
