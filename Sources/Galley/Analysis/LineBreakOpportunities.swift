internal import CUnicode
import Synchronization

/// Where lines may end in a paragraph: UAX #14 through ICU's line break iterator, tailored by locale, with
/// dictionaries for scripts written without spaces (Thai, Lao, Khmer, Burmese, CJK).
struct LineBreakOpportunities: Sendable {
    /// Offsets (UTF-16, relative to the text given) after which a line may end, ascending; the text's end is last.
    let positions: BoundaryOffsets
    /// Whether the break at the same index is mandatory (after a character that `CharacterClasses.forcesLineBreak`).
    let isMandatory: MandatoryFlags
    /// How many of the first opportunities are those of the paragraph before an edit, unchanged (found from them:
    /// `init(_:language:strictness:reusing:replaced:insertedLength:)`); 0 for opportunities found afresh.
    var sharedPrefix: Int { sharing?.prefix ?? 0 }
    /// Where the opportunities become those of the paragraph before an edit again, moved by the edit's change of
    /// length: from `new` on, each is the old one at `old` as many places on (nil for opportunities found afresh).
    var sharedSuffix: (new: Int, old: Int)? { sharing?.suffix }
    /// What these opportunities share with the paragraph's before an edit (a reference: most paragraphs have none).
    private let sharing: Sharing?

    private final class Sharing: Sendable {
        let prefix: Int
        let suffix: (new: Int, old: Int)?

        init(prefix: Int, suffix: (new: Int, old: Int)?) {
            self.prefix = prefix
            self.suffix = suffix
        }
    }

    /// Edited paragraphs whose opportunities came from a window (the old ones kept after it), in this process: for
    /// tests and benchmarks.
    static let windowsUsed = Atomic<Int>(0)

    /// The first mandatory break at index `index` or later.
    func firstMandatory(atOrAfter index: Int) -> Int? { isMandatory.first(atOrAfter: index) }

    /// Opportunities of `units` for a BCP 47 language (nil: the root rules), as strict as asked.
    init(_ units: ArraySlice<UInt16>, language: String?, strictness: LineBreakStrictness = .automatic) {
        self.init(units, locale: strictness.icuLocale(language: language))
    }

    /// Opportunities of `units` for an ICU locale (`LineBreakStrictness.icuLocale(language:)`).
    init(_ units: ArraySlice<UInt16>, locale: String) {
        // (ICU's answer read in place, out of a buffer made for the call: no array for it.)
        guard !units.isEmpty else {
            self.init(offsets: UnsafeBufferPointer(start: nil, count: 0), units: units)
            return
        }
        let found = UnsafeMutableBufferPointer<Int32>.allocate(capacity: units.count + 1)
        defer { found.deallocate() }
        let count = Self.find(units, locale: locale, into: found)
        self.init(offsets: UnsafeBufferPointer(rebasing: found[..<count]), units: units)
    }

    /// The opportunities of a text's paragraphs (`ranges`: adjacent, in order), each for its ICU locale: the
    /// paragraphs that end in a mandatory break are read with those after them that share their locale, in one pass
    /// of ICU, and the answer cut at their ends. That changes nothing but the time: no rule of UAX #14 looks through a
    /// mandatory break (LB4, LB5: always a break after one, and every rule's context is a run of other classes), so
    /// ICU finds the same opportunities in each paragraph whatever comes after it; the paragraphs' starting and
    /// finishing the iterator over again was a fifth of ICU's time in short paragraphs. (A piece of a longer paragraph
    /// (`TypesetterOptions.maximumParagraphLength`) that does not end in one is read up to its end, as alone. A test
    /// compares with reading each paragraph alone.) Optionals, all present: a caller takes each out as its paragraph
    /// is made (converting the array copied every one, a reference counted on each of its arrays).
    static func ofParagraphs(_ units: [UInt16], ranges: [Range<Int>], locales: [String]) -> [LineBreakOpportunities?] {
        var result: [LineBreakOpportunities?] = []
        result.reserveCapacity(ranges.count)
        var first = 0
        while first < ranges.count {
            var last = first
            // (Not a CR before an LF: ICU keeps the two together.)
            while last + 1 < ranges.count, locales[last + 1] == locales[first], !ranges[last].isEmpty,
                  ranges[last].upperBound == ranges[last + 1].lowerBound,
                  CharacterClasses.forcesLineBreak(units[ranges[last].upperBound - 1]),
                  !(units[ranges[last].upperBound - 1] == 0x0D && ranges[last + 1].upperBound > ranges[last + 1].lowerBound
                      && units[ranges[last + 1].lowerBound] == 0x0A) {
                last += 1
            }
            let span = ranges[first].lowerBound..<ranges[last].upperBound
            let found = UnsafeMutableBufferPointer<Int32>.allocate(capacity: span.count + 1)
            defer { found.deallocate() }
            let count = find(units[span], locale: locales[first], into: found)
            var position = 0
            for index in first...last {
                let range = ranges[index]
                let shift = Int32(range.lowerBound - span.lowerBound), end = Int32(range.upperBound - span.lowerBound)
                let start = position
                while position < count, found[position] <= end {
                    found[position] -= shift
                    position += 1
                }
                result.append(LineBreakOpportunities(offsets: UnsafeBufferPointer(rebasing: found[start..<position]), units: units[range]))
            }
            first = last + 1
        }
        return result
    }

    private init(offsets: [Int32], units: ArraySlice<UInt16>, sharedPrefix: Int = 0, sharedSuffix: (new: Int, old: Int)? = nil) {
        self = offsets.withUnsafeBufferPointer {
            LineBreakOpportunities(offsets: $0, units: units, sharedPrefix: sharedPrefix, sharedSuffix: sharedSuffix)
        }
    }

    private init(offsets: UnsafeBufferPointer<Int32>, units: ArraySlice<UInt16>, sharedPrefix: Int = 0,
                 sharedSuffix: (new: Int, old: Int)? = nil) {
        sharing = sharedPrefix > 0 || sharedSuffix != nil ? Sharing(prefix: sharedPrefix, suffix: sharedSuffix) : nil
        guard !units.isEmpty else {
            positions = BoundaryOffsets(base: 0, offsets: [])
            isMandatory = MandatoryFlags([], count: 0)
            return
        }
        guard !offsets.isEmpty else {
            positions = BoundaryOffsets(base: 0, offsets: [Int32(units.count)])
            isMandatory = MandatoryFlags([0], count: 1)
            return
        }
        positions = BoundaryOffsets(base: 0, offsets: offsets)
        // UAX #14 LB4 and LB5: mandatory after a character that forces a break, and only there. Decided from the
        // character, not from ICU's rule status, which for breaks its dictionaries find (Thai, Lao, Khmer, Burmese)
        // reports the status of the rule-based break ending the dictionary's run: every word before a line
        // separator came out mandatory.
        // (The last, a paragraph's end, apart: most paragraphs have no other, and need no array.)
        let base = units.startIndex
        func forcesBreak(_ position: Int32) -> Bool { position > 0 && CharacterClasses.forcesLineBreak(units[base + Int(position) - 1]) }
        var inner: [Int32] = []
        for index in 0..<(offsets.count - 1) where forcesBreak(offsets[index]) { inner.append(Int32(index)) }
        isMandatory = MandatoryFlags(inner: inner, lastIsMandatory: forcesBreak(offsets[offsets.count - 1]), count: offsets.count)
    }

    /// These opportunities without those strictly inside `ranges` (ascending and apart, offsets relative to the text
    /// given): where a ruby's base must not break. One pass over both.
    func removing(inside ranges: [Range<Int>]) -> LineBreakOpportunities {
        guard !ranges.isEmpty else { return self }
        var kept: [Int32] = []
        var mandatory: [Int32] = []
        var range = 0
        for index in 0..<positions.count {
            let position = positions[index]
            while range < ranges.count, ranges[range].upperBound <= position { range += 1 }
            if range < ranges.count, ranges[range].lowerBound < position { continue }
            if isMandatory[index] { mandatory.append(Int32(kept.count)) }
            kept.append(Int32(position))
        }
        return LineBreakOpportunities(positions: BoundaryOffsets(base: 0, offsets: kept), isMandatory: MandatoryFlags(mandatory, count: kept.count))
    }

    private init(positions: BoundaryOffsets, isMandatory: MandatoryFlags) {
        self.positions = positions
        self.isMandatory = isMandatory
        sharing = nil
    }

    /// ICU's opportunities of `units` (offsets from their start; their end last) for an ICU locale, none when ICU fails.
    private static func find(_ units: ArraySlice<UInt16>, locale: String) -> [Int32] {
        guard !units.isEmpty else { return [] }
        let found = UnsafeMutableBufferPointer<Int32>.allocate(capacity: units.count + 1)
        defer { found.deallocate() }
        return Array(found[..<find(units, locale: locale, into: found)])
    }

    /// `find`, written to `found` (room for one a unit and the end); gives how many.
    private static func find(_ units: ArraySlice<UInt16>, locale: String, into found: UnsafeMutableBufferPointer<Int32>) -> Int {
        let count = units.withUnsafeBufferPointer { text in
            galley_line_break_opportunities(text.baseAddress, Int32(text.count), locale, found.baseAddress, Int32(found.count))
        }
        return Int(max(count, 0))
    }

    /// The opportunities of an edited paragraph from those of the paragraph before the edit, which replaced `replaced`
    /// (offsets in the old text) with `insertedLength` units: ICU runs only over a window around the edit.
    ///
    /// The window starts at a clean restart before the edit and ends at one after it where ICU's answers meet the old
    /// ones again. A clean restart is an opportunity after a space (U+0020) before a letter: UAX #14's rules look
    /// back across spaces only to decide the break just after them (LB8, LB14–LB17), and no rule's context runs
    /// through a space into the letters after it, so the opportunities after one depend on the text from its space
    /// on alone. Two restarts of margin go before the edit; after it, the window grows (256 units, then four times
    /// as far each time) until a restart past the edit, clear of the window's end by 64 units, is an opportunity in
    /// both the new answer and the old (moved by the edit), and the old ones are taken from there. Text without
    /// spaces between words (Thai, Chinese, Japanese) has no restarts: ICU then reads to the paragraph's ends.
    init(_ units: ArraySlice<UInt16>, language: String?, strictness: LineBreakStrictness = .automatic, reusing old: LineBreakOpportunities,
         replaced: Range<Int>, insertedLength: Int) {
        let count = units.count
        let delta = insertedLength - replaced.count
        let editEnd = replaced.lowerBound + insertedLength
        let base = units.startIndex
        guard count > 0, old.positions.last == count - delta else {
            self.init(units, language: language, strictness: strictness)
            return
        }
        func isRestart(_ offset: Int) -> Bool {
            guard offset > 0, offset < count, units[base + offset - 1] == 0x20 else { return false }
            let unit = units[base + offset]
            if unit < 0x80 { return (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A) || (unit >= 0x30 && unit <= 0x39) }
            guard let scalar = Unicode.Scalar(unit) else { return false }
            let properties = scalar.properties
            return properties.isAlphabetic && ![.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
        }
        let oldPositions = old.positions
        // The second restart before the edit (text before the edit is the same in both).
        var restart = 0
        var index = oldPositions.partitioningIndex { $0 >= replaced.lowerBound } - 1
        var margin = 0
        while index >= 0 {
            let position = oldPositions[index]
            if isRestart(position) {
                margin += 1
                if margin == 2 {
                    restart = position
                    break
                }
            }
            index -= 1
        }
        let prefixCount = restart == 0 ? 0 : index + 1  // old opportunities up to the restart, itself included
        var windowEnd = min(count, editEnd + 256)
        while true {
            let found = Self.find(units[(base + restart)..<(base + windowEnd)], locale: strictness.icuLocale(language: language))
            guard !found.isEmpty else { break }
            // Where the new answer meets the old one again (the window reaching the end: there).
            var met: (new: Int, old: Int)? = windowEnd == count ? (found.count - 1, oldPositions.count - 1) : nil
            for (position, offset) in found.enumerated() where met == nil {
                let new = Int(offset) + restart
                guard new <= windowEnd - 64 else { break }
                guard new > editEnd, isRestart(new) else { continue }
                let oldIndex = oldPositions.partitioningIndex { $0 >= new - delta }
                if oldIndex < oldPositions.count, oldPositions[oldIndex] == new - delta { met = (position, oldIndex) }
            }
            guard let met else {
                windowEnd = min(count, editEnd + (windowEnd - editEnd) * 4)
                continue
            }
            // The old opportunities before the window, the window's, and the old ones after it, moved.
            var offsets: [Int32] = []
            offsets.reserveCapacity(oldPositions.count + found.count)
            for position in 0..<prefixCount { offsets.append(Int32(oldPositions[position])) }
            for position in found[...met.new] { offsets.append(position + Int32(restart)) }
            for position in (met.old + 1)..<oldPositions.count { offsets.append(Int32(oldPositions[position] + delta)) }
            if windowEnd < count { Self.windowsUsed.add(1, ordering: .relaxed) }
            self.init(offsets: offsets, units: units, sharedPrefix: prefixCount, sharedSuffix: (prefixCount + met.new, met.old))
            return
        }
        self.init(units, language: language, strictness: strictness)
    }
}

/// Which line-break opportunities are mandatory, read from the few that are (a paragraph's end, line separators):
/// nothing stored an opportunity, and for a paragraph whose only mandatory break is its end no array.
struct MandatoryFlags: Equatable, Sendable {
    /// The indices of the mandatory breaks but the last opportunity's, ascending.
    private let inner: [Int32]
    /// The last opportunity's index when its break is mandatory, else -1.
    private let last: Int

    /// Flags from the ascending indices of the mandatory breaks but the last opportunity's, and whether that one is.
    init(inner: [Int32], lastIsMandatory: Bool, count: Int) {
        self.inner = inner
        last = lastIsMandatory ? count - 1 : -1
    }

    /// Flags from the ascending indices of the mandatory breaks among `count` opportunities.
    init(_ indices: [Int32], count: Int) {
        if let final = indices.last, Int(final) == count - 1 {
            self.init(inner: indices.count == 1 ? [] : Array(indices.dropLast()), lastIsMandatory: true, count: count)
        } else {
            self.init(inner: indices, lastIsMandatory: false, count: count)
        }
    }

    @inline(__always)
    subscript(index: Int) -> Bool {
        if index == last { return true }
        if inner.isEmpty { return false }
        let found = inner.partitioningIndex { Int($0) >= index }
        return found < inner.count && Int(inner[found]) == index
    }

    /// The first mandatory break at index `index` or later.
    func first(atOrAfter index: Int) -> Int? {
        let found = inner.partitioningIndex { Int($0) >= index }
        if found < inner.count { return Int(inner[found]) }
        return last >= index ? last : nil
    }
}
