import Foundation

extension Font {
    /// A font able to draw the characters at the start of `range`: this font if it covers the first
    /// character, else the first font of the cascade list (the descriptor's, then fontconfig's sorted
    /// fallback for this font's family, style and `language`) that covers it. The caller draws with the
    /// answer as far as it covers and asks again for the rest, as with Core Text.
    ///
    /// Characters no font needs to cover are skipped when looking for "the first character": controls,
    /// joiners (ZWJ, ZWNJ), variation selectors and tag characters, unpaired surrogates. When no font in
    /// the catalog covers the character, the answer is this font (which draws .notdef).
    ///
    /// Answers are cached per (font, cascade list, language, code point) and the candidate order per
    /// (font, cascade list, language), so fallback asks fontconfig once per script, not per paragraph.
    ///
    /// - Parameters:
    ///   - string: the text to draw.
    ///   - range: UTF-16 offsets into `string`; nil or an empty range means the whole string.
    ///   - language: a BCP 47 tag ("ja", "zh-Hant", "ar"), which picks among fonts (Han unification).
    /// Core Text: `CTFontCreateForString`, `CTFontCreateForStringWithLanguage`.
    public func forString(_ string: String, range: Range<Int>? = nil, language: String? = nil) -> Font {
        forCharacters(Array(string.utf16), range: range, language: language)
    }

    /// `forString` over UTF-16 code units, which may hold unpaired surrogates (as an `NSString` can).
    ///
    /// - Parameters:
    ///   - units: the text, as UTF-16 code units.
    ///   - range: the units to cover (clamped); nil for all of them.
    ///   - language: a BCP 47 tag that steers the choice among fonts covering the text (Han glyph forms).
    /// - Returns: this font when it covers the first character of the range that needs a font, else the first font of
    ///   the cascade list that covers it (this font when none does).
    ///
    /// Core Text: `CTFontCreateForString` with a `CFString` of arbitrary UTF-16.
    public func forCharacters(_ units: [UInt16], range: Range<Int>? = nil, language: String? = nil) -> Font {
        let whole = 0..<units.count
        let range = range.map { $0.isEmpty ? whole : $0.clamped(to: whole) } ?? whole
        guard let codePoint = units.withUnsafeBufferPointer({ Font.firstCoverableCodePoint(in: $0, range: range) })
        else { return self }
        return fallback(for: codePoint, language: language)
    }

    /// The font to use for one code point (see `forString`).
    func fallback(for codePoint: UInt32, language: String?) -> Font {
        let memoKey = FallbackMemoKey(codePoint: codePoint, language: language)
        if let known = fallbackMemo.withLock({ $0[memoKey] }) { return known ?? self }
        let answer = uncachedFallback(for: codePoint, language: language)
        fallbackMemo.withLock { memo in
            if memo.count >= 4096 { memo.removeAll() }
            memo[memoKey] = .some(answer === self ? nil : answer)
        }
        return answer
    }

    /// What `fallback(for:language: nil)` answers for each ASCII unit, in a table of all 128 made on the first ask
    /// (see `ASCIIFallbacks`): Latin letters and digits in an Arabic or CJK font ask for each character, and a table
    /// held by the asker answers without a lock or a dictionary.
    func asciiFallbackTable() -> ASCIIFallbacks {
        if let table = asciiFallbacks.withLock({ $0 }) { return table }
        let table = ASCIIFallbacks(self)  // (made unlocked: fallback takes the memo's lock)
        return asciiFallbacks.withLock { stored in
            if stored == nil { stored = table }
            return stored!
        }
    }

    private func uncachedFallback(for codePoint: UInt32, language: String?) -> Font {
        if face.codePoints.contains(codePoint) { return self }
        let candidatesKey = FallbackCache.CandidatesKey(
            face: face.key, cascade: descriptor.cascadeList, language: language ?? "")
        let choice = catalog.fallbackCache.answer(.init(candidates: candidatesKey, codePoint: codePoint)) {
            catalog.fallbackCache.candidates(candidatesKey) { fallbackCandidates(language: language) }
                .first { $0.characterSet?.contains(codePoint) ?? false }
        }
        return choice.flatMap(fallbackFont) ?? self
    }

    /// This font's size and matrix on the face of a fallback descriptor (one object per catalog, face and size).
    func fallbackFont(_ choice: FontDescriptor) -> Font? {
        guard let url = choice.url else { return nil }
        let key = FallbackCache.FontKey(
            url: url, faceIndex: choice.faceIndex ?? 0, size: size, matrix: matrix, cascade: descriptor.cascadeList)
        return catalog.fallbackCache.font(key) {
            guard let face = try? FontFace.load(url: url, index: choice.faceIndex ?? 0) else { return nil }
            return try? Font(face: face, descriptor: choice, size: size, matrix: matrix, catalog: catalog)
        }
    }

    /// The colour emoji font to draw `codePoint` in an emoji presentation sequence: this font when it has
    /// colour glyphs for it, else the first colour font of fontconfig's "emoji" family list that covers it; nil
    /// when none does (the sequence then falls back as text).
    func emojiFallback(for codePoint: UInt32) -> Font? {
        if symbolicTraits.contains(.colorGlyphs), face.codePoints.contains(codePoint) { return self }
        let candidatesKey = FallbackCache.CandidatesKey(face: face.key, cascade: [], language: "und-zsye")
        let choice = catalog.fallbackCache.answer(.init(candidates: candidatesKey, codePoint: codePoint)) {
            catalog.fallbackCache.candidates(candidatesKey) {
                var query = FontDescriptor(family: "emoji")
                query.languages = ["und-zsye"]
                // Only colour fonts: a text font with a black heart must not take an emoji sequence.
                return catalog.sortedMatches(for: query).filter { $0.traits?.symbolic.contains(.colorGlyphs) ?? false }
            }
            .first { $0.characterSet?.contains(codePoint) ?? false }
        }
        return choice.flatMap(fallbackFont)
    }

    /// The fallback order: the descriptor's cascade list (each entry resolved in the catalog), then
    /// fontconfig's sorted list for this font's family, traits and the language.
    private func fallbackCandidates(language: String?) -> [FontDescriptor] {
        var list: [FontDescriptor] = []
        for entry in descriptor.cascadeList {
            if entry.url != nil, entry.characterSet != nil {
                list.append(entry)
            } else if let found = entry.matchingDescriptor(mandatoryKeys: [], in: catalog) {
                list.append(found)
            }
        }
        return list + defaultCascadeList(forLanguages: language.map { [$0] } ?? [])
    }

    /// The fonts fontconfig would fall back to for this font and the preferred languages, best first, with
    /// this font's own face left out.
    /// Core Text: `CTFontCopyDefaultCascadeListForLanguages`.
    public func defaultCascadeList(forLanguages languages: [String]) -> [FontDescriptor] {
        var query = FontDescriptor()
        query.family = familyName
        query.traits = FontTraits(symbolic: traits.symbolic.intersection([.bold, .italic, .monoSpace]), weight: traits.weight)
        query.languages = languages.map(Font.fontconfigLanguage)
        let own = FaceIdentity(descriptor)
        return catalog.sortedMatches(for: query).filter { FaceIdentity($0) != own }
    }

    /// fontconfig spells languages in lower case with "-" (zh-tw); BCP 47 script subtags map to regions.
    static func fontconfigLanguage(_ tag: String) -> String {
        let lower = tag.lowercased().replacingOccurrences(of: "_", with: "-")
        switch lower {
        case "zh-hant", "zh-hant-tw": return "zh-tw"
        case "zh-hant-hk": return "zh-hk"
        case "zh-hans", "zh-hans-cn", "zh": return "zh-cn"
        default: return lower
        }
    }

    /// The first code point in `range` that some font must draw, or nil.
    static func firstCoverableCodePoint(in units: UnsafeBufferPointer<UInt16>, range: Range<Int>) -> UInt32? {
        var index = range.lowerBound
        while index < range.upperBound {
            let unit = units[index]
            var codePoint = UInt32(unit)
            var width = 1
            if UTF16.isLeadSurrogate(unit) {
                guard index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) else {
                    index += 1
                    continue
                }
                codePoint = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
                width = 2
            } else if UTF16.isTrailSurrogate(unit) {
                index += 1
                continue
            }
            if !isIgnorableForCoverage(codePoint) { return codePoint }
            index += width
        }
        return nil
    }

    /// Code points that need no glyph of their own: controls, joiners, variation selectors, tags.
    static func isIgnorableForCoverage(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0..<0x20, 0x7F..<0xA0, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF,
            0xE0000...0xE007F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}

/// A fallback question to one font: which font draws this code point for this language.
struct FallbackMemoKey: Hashable, Sendable {
    let codePoint: UInt32
    let language: String?
}

/// The fonts fallback gives a font's ASCII characters with no language (see `Font.asciiFallbackTable()`): nil where
/// the font itself draws the character (it covers it, or it is a control, which needs no font).
final class ASCIIFallbacks: Sendable {
    private let fonts: [Font?]

    /// What `font.fallback(for: unit, language: nil)` answers, for a unit below 0x80.
    @inline(__always)
    func font(for unit: UInt16, in font: Font) -> Font { fonts[Int(unit & 0x7F)] ?? font }

    init(_ font: Font) {
        fonts = (0..<128).map { unit in
            let codePoint = UInt32(unit)
            guard codePoint >= 0x20, codePoint != 0x7F, !font.face.codePoints.contains(codePoint) else { return nil }
            let fallback = font.fallback(for: codePoint, language: nil)
            return fallback === font ? nil : fallback
        }
    }
}
