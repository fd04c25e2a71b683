internal import CUnicode

/// Where lines may end in a paragraph: UAX #14 through ICU's line break iterator, tailored by locale, with
/// dictionaries for scripts written without spaces (Thai, Lao, Khmer, Burmese, CJK).
struct LineBreakOpportunities: Sendable {
    /// Offsets (UTF-16, relative to the text given) after which a line may end, ascending; the text's end is last.
    let positions: BoundaryOffsets
    /// Whether the break at the same index is mandatory (after a character that `CharacterClasses.forcesLineBreak`).
    let isMandatory: [Bool]
    /// The indices of the mandatory breaks (few: line separators and the paragraph's end).
    private let mandatoryIndices: [Int32]

    /// The first mandatory break at index `index` or later.
    func firstMandatory(atOrAfter index: Int) -> Int? {
        let found = mandatoryIndices.partitioningIndex { Int($0) >= index }
        return found < mandatoryIndices.count ? Int(mandatoryIndices[found]) : nil
    }

    /// Opportunities of `units` for a BCP 47 language (nil: the root rules).
    init(_ units: ArraySlice<UInt16>, language: String?) {
        guard !units.isEmpty else {
            positions = BoundaryOffsets(base: 0, offsets: [])
            isMandatory = []
            mandatoryIndices = []
            return
        }
        var found = [Int32](repeating: 0, count: units.count + 1)
        let locale = (language ?? "").replacingOccurrences(of: "-", with: "_")
        let count = units.withUnsafeBufferPointer { text in
            galley_line_break_opportunities(text.baseAddress, Int32(text.count), locale, &found, Int32(found.count))
        }
        guard count > 0 else {
            positions = BoundaryOffsets(base: 0, offsets: [Int32(units.count)])
            isMandatory = [true]
            mandatoryIndices = [0]
            return
        }
        positions = BoundaryOffsets(base: 0, offsets: Array(found.prefix(Int(count))))
        // UAX #14 LB4 and LB5: mandatory after a character that forces a break, and only there. Decided from the
        // character, not from ICU's rule status, which for breaks its dictionaries find (Thai, Lao, Khmer, Burmese)
        // reports the status of the rule-based break ending the dictionary's run: every word before a line
        // separator came out mandatory.
        let base = units.startIndex
        let flags = found.prefix(Int(count)).map { position in
            position > 0 && CharacterClasses.forcesLineBreak(units[base + Int(position) - 1])
        }
        isMandatory = flags
        mandatoryIndices = flags.indices.filter { flags[$0] }.map { Int32($0) }
    }
}
