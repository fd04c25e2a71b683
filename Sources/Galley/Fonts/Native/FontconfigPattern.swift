internal import CFontconfig
import Foundation

/// Owns (or holds a reference to) one `FcPattern`, with typed getters and setters for the objects Galley
/// reads and writes.
final class FontconfigPattern: @unchecked Sendable {  // a query is built and read by one caller; shared patterns are only read
    let pointer: OpaquePointer

    /// An empty pattern.
    init() { pointer = FcPatternCreate() }

    /// Takes ownership of a pattern (create rule).
    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    /// Adds a reference to a pattern owned elsewhere (get rule).
    init(referencing pointer: OpaquePointer) {
        FcPatternReference(pointer)
        self.pointer = pointer
    }

    /// The pattern fontconfig's text form names (`FcNameParse`: what `fc-match` and `fc-list` print), or nil when the
    /// text is not one.
    convenience init?(text: String) {
        guard let parsed = FcNameParse(text) else { return nil }
        self.init(owning: parsed)
    }

    deinit { FcPatternDestroy(pointer) }

    /// The pattern in fontconfig's text form (`FcNameUnparse`), every object and value: `init(text:)` reads it back
    /// to an equal pattern.
    var text: String? {
        guard let unparsed = FcNameUnparse(pointer) else { return nil }
        defer { free(unparsed) }
        return String(cString: unparsed)
    }

    // MARK: Reading

    func string(_ object: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pointer, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    func strings(_ object: String) -> [String] {
        var result: [String] = []
        var n: Int32 = 0
        while let value = string(object, n) {
            result.append(value)
            n += 1
        }
        return result
    }

    func integer(_ object: String) -> Int? {
        var value: Int32 = 0
        guard FcPatternGetInteger(pointer, object, 0, &value) == FcResultMatch else { return nil }
        return Int(value)
    }

    /// A number, also from an integer value; nil for ranges (variable fonts) and absent objects.
    func double(_ object: String) -> Double? {
        var value: Double = 0
        if FcPatternGetDouble(pointer, object, 0, &value) == FcResultMatch { return value }
        return integer(object).map(Double.init)
    }

    /// The lower and upper ends of a range value (a variable font's weight or width range).
    func range(_ object: String) -> ClosedRange<Double>? {
        var range: OpaquePointer?
        guard FcPatternGetRange(pointer, object, 0, &range) == FcResultMatch, let range else { return nil }
        var low: Double = 0
        var high: Double = 0
        guard FcRangeGetDouble(range, &low, &high) != 0, low <= high else { return nil }
        return low...high
    }

    func bool(_ object: String) -> Bool? {
        var value: FcBool = 0
        guard FcPatternGetBool(pointer, object, 0, &value) == FcResultMatch else { return nil }
        return value != 0
    }

    /// The languages of the pattern's `lang` object (RFC 3066-style tags as fontconfig spells them).
    func languages() -> [String] {
        var set: OpaquePointer?
        guard FcPatternGetLangSet(pointer, FC_LANG, 0, &set) == FcResultMatch, let set,
            let strings = FcLangSetGetLangs(set)
        else { return [] }
        defer { FcStrSetDestroy(strings) }
        var result: [String] = []
        if let list = FcStrListCreate(strings) {
            // (An empty set written as text reads back holding "", which names no language.)
            while let next = FcStrListNext(list) {
                if next.pointee != 0 { result.append(String(cString: next)) }
            }
            FcStrListDone(list)
        }
        return result.sorted()
    }

    /// The pattern's character set as ranges of code points.
    func codePoints() -> CodePointSet? {
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pointer, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return nil }
        var map = [FcChar32](repeating: 0, count: 8)  // FC_CHARSET_MAP_SIZE: a 256-code-point page as 32-bit words
        var next: FcChar32 = 0
        var ranges: [ClosedRange<UInt32>] = []
        var base = FcCharSetFirstPage(charset, &map, &next)
        while base != FC_CHARSET_DONE {
            for word in 0..<map.count where map[word] != 0 {
                var bits = map[word]
                var bit: UInt32 = 0
                while bits != 0 {
                    let skip = UInt32(bits.trailingZeroBitCount)
                    bits >>= skip
                    bit += skip
                    let run = UInt32((~bits).trailingZeroBitCount)
                    let start = base + UInt32(word) * 32 + bit
                    let end = start + run - 1
                    if let last = ranges.last, last.upperBound + 1 == start {
                        ranges[ranges.count - 1] = last.lowerBound...end
                    } else {
                        ranges.append(start...end)
                    }
                    bits = run == 32 ? 0 : bits >> run
                    bit += run
                }
            }
            base = FcCharSetNextPage(charset, &map, &next)
        }
        return CodePointSet(sortedRanges: ranges)
    }

    // MARK: Writing

    func add(_ object: String, string value: String) { FcPatternAddString(pointer, object, value) }
    func add(_ object: String, integer value: Int) { FcPatternAddInteger(pointer, object, Int32(value)) }
    func add(_ object: String, double value: Double) { FcPatternAddDouble(pointer, object, value) }
    func add(_ object: String, bool value: Bool) { FcPatternAddBool(pointer, object, value ? 1 : 0) }

    func add(languages: [String]) {
        guard !languages.isEmpty, let set = FcLangSetCreate() else { return }
        defer { FcLangSetDestroy(set) }
        for language in languages { FcLangSetAdd(set, language) }
        FcPatternAddLangSet(pointer, FC_LANG, set)
    }

    func add(codePoints: CodePointSet) {
        guard let charset = FcCharSetCreate() else { return }
        defer { FcCharSetDestroy(charset) }
        for range in codePoints.ranges {
            for codePoint in range { FcCharSetAddChar(charset, codePoint) }
        }
        FcPatternAddCharSet(pointer, FC_CHARSET, charset)
    }
}

/// fontconfig's end-of-iteration page marker, which Swift does not import as a constant.
private let FC_CHARSET_DONE: FcChar32 = .max  // ((FcChar32) -1)
