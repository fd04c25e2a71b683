import Foundation

/// The font and attributes of a run whose glyphs font expansion scales (`FontExpansion`): the run's font with the
/// horizontal scale in its matrix, and the run's attributes with that font. Made once per run style and scale while
/// a small cache holds them: every expanded line of a justified page asks, and in steps of `FontExpansion.step` a
/// page has a handful of scales. The cache keeps the objects it was asked about, so that their identities stay
/// theirs.
enum ExpandedRunStyles {
    private struct Key: Hashable {
        let font: ObjectIdentifier
        let attributes: ObjectIdentifier
        let scale: CGFloat
    }

    private struct Entry {
        let sources: (Font, SharedAttributes)
        let font: Font
        let attributes: SharedAttributes
    }

    private static let cache = Locked<[Key: Entry]>([:])
    /// Past this many styles the cache starts again.
    private static let capacity = 256

    /// `font` scaled horizontally by `scale`, and `attributes` with that font.
    static func style(font: Font, attributes: SharedAttributes, scale: CGFloat) -> (font: Font, attributes: SharedAttributes) {
        let key = Key(font: ObjectIdentifier(font), attributes: ObjectIdentifier(attributes), scale: scale)
        if let known = cache.withLock({ $0[key] }) { return (known.font, known.attributes) }
        let m = font.matrix
        let scaled = font.derived(size: font.size, matrix: AffineTransform(m11: m.m11 * scale, m12: m.m12, m21: m.m21 * scale,
                                                                          m22: m.m22, tX: m.tX, tY: m.tY))
        var value = attributes.value
        value.font = scaled
        let entry = Entry(sources: (font, attributes), font: scaled, attributes: SharedAttributes(value))
        cache.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[key] = entry
        }
        return (entry.font, entry.attributes)
    }
}
