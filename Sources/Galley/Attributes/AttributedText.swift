import Foundation

/// The one internal form of an attributed string: UTF-16 code units and a table of attribute runs over
/// them. Both `NSAttributedString` and Swift's `AttributedString` become this, since Foundation on Linux has
/// no bridge between them; layout reads nothing else.
final class AttributedText: Sendable {
    /// The text, as UTF-16 code units (unpaired surrogates kept).
    let units: [UInt16]
    /// Where each attribute run starts (UTF-16 offsets, ascending, first 0); the last run ends at `units.count`.
    let runStarts: [Int]
    /// The attributes of each run, with defaults resolved (a font always set), each on the heap once: the items
    /// and line runs that show a run's attributes share its box.
    let sharedRunAttributes: [SharedAttributes]
    /// Whether any run carries ruby (most texts: none, and shaping skips looking for it).
    let hasRuby: Bool
    /// The styles the text's items are shown with, each made once.
    let runStyles = RunStyles()

    /// The attributes of each run.
    var runAttributes: LazyMapCollection<[SharedAttributes], StringAttributes> { sharedRunAttributes.lazy.map(\.value) }

    var length: Int { units.count }

    /// Runs from contiguous (range, attributes) pairs in order; neighbours with equal attributes are merged, a
    /// missing font becomes `defaultFont` (asked only then: finding the default font queries fontconfig), and text
    /// the pairs do not cover gets default attributes.
    /// `boxes`: where the runs' attribute boxes come from when paragraphs share them (else each run gets its own).
    init(units: [UInt16], runs: [(range: Range<Int>, attributes: StringAttributes)], defaultFont: @autoclosure () -> Font?,
         boxes: AttributeBoxes? = nil) {
        self.units = units
        var starts: [Int] = []
        var attributes: [StringAttributes] = []
        var fallback: Font?? = nil
        var hasRuby = false
        func append(_ start: Int, _ value: StringAttributes) {
            var value = value
            if value.rubyAnnotation != nil { hasRuby = true }
            if value.font == nil {
                if fallback == nil { fallback = .some(defaultFont()) }
                value.font = fallback!
            }
            if attributes.last == value { return }
            starts.append(start)
            attributes.append(value)
        }
        var covered = 0
        for (range, value) in runs where range.upperBound > covered && range.lowerBound < units.count {
            if range.lowerBound > covered { append(covered, StringAttributes()) }
            append(max(range.lowerBound, covered), value)
            covered = range.upperBound
        }
        if covered < units.count || attributes.isEmpty { append(covered, StringAttributes()) }
        starts[0] = 0
        self.runStarts = starts
        self.sharedRunAttributes = boxes.map { boxes in attributes.map(boxes.box) } ?? attributes.map(SharedAttributes.init)
        self.hasRuby = hasRuby
    }

    /// A string's UTF-16 units, decoded from its UTF-8 by lead byte (faster than walking `String.UTF16View`).
    /// Decoded into room for a unit per byte; text where most characters take two or three bytes (Arabic, Chinese)
    /// then moves to an array of its own size, which it keeps as long as it is laid out (a copy is a fraction of the
    /// decoding; the spare room was 60% of a Chinese text's units).
    static func utf16(_ string: String) -> [UInt16] {
        let units = decodedUTF16(string)
        guard units.capacity - units.count > units.count / 8 else { return units }
        // (Copied by hand: an array made from the whole of another's slice shares its storage, room and all.)
        return [UInt16](uninitializedCapacity: units.count) { copy, written in
            _ = copy.initialize(fromContentsOf: units)
            written = units.count
        }
    }

    private static func decodedUTF16(_ string: String) -> [UInt16] {
        var string = string
        return string.withUTF8 { bytes in
            // A Swift string's UTF-8 is valid (Swift checks it on the way in), so each sequence decodes by its lead
            // byte alone; a unit per byte at most.
            [UInt16](uninitializedCapacity: bytes.count) { units, written in
                var index = 0, out = 0
                let count = bytes.count
                guard let source = bytes.baseAddress, let target = units.baseAddress else {
                    written = 0
                    return
                }
                let lastThree = count &- 2, lastTwo = count &- 1  // (a three- or two-byte sequence starts before it)
                while index < count {
                    // Runs of three-byte sequences (CJK, Indic), of two-byte ones (Arabic, Hebrew, Cyrillic, Greek)
                    // and of ASCII in loops of their own, on plain pointers: text alternates between them far less
                    // often than from character to character.
                    while index < lastTwo, source[index] & 0xE0 == 0xC0 {
                        target[out] = UInt16(truncatingIfNeeded: (UInt32(source[index]) & 0x1F) << 6 | UInt32(source[index &+ 1] & 0x3F))
                        index &+= 2
                        out &+= 1
                    }
                    while index < lastThree, source[index] & 0xF0 == 0xE0 {
                        target[out] = UInt16(truncatingIfNeeded: (UInt32(source[index]) & 0x0F) << 12 | UInt32(source[index &+ 1] & 0x3F) << 6
                            | UInt32(source[index &+ 2] & 0x3F))
                        index &+= 3
                        out &+= 1
                    }
                    while index < count, source[index] < 0x80 {
                        target[out] = UInt16(source[index])
                        index &+= 1
                        out &+= 1
                    }
                    guard index < count else { break }
                    let lead = UInt32(bytes[index])
                    if lead < 0x80 {
                        units[out] = UInt16(lead)
                        index += 1
                        out += 1
                    } else if lead < 0xE0 {
                        units[out] = UInt16((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F))
                        index += 2
                        out += 1
                    } else if lead < 0xF0 {
                        units[out] = UInt16((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F))
                        index += 3
                        out += 1
                    } else {
                        let scalar = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                            | UInt32(bytes[index + 3] & 0x3F)
                        let value = scalar - 0x10000
                        units[out] = UInt16(0xD800 | value >> 10)
                        units[out + 1] = UInt16(0xDC00 | value & 0x3FF)
                        index += 4
                        out += 2
                    }
                }
                written = out
            }
        }
    }

    /// Reads an `NSAttributedString` (its UTF-16 storage and attribute dictionaries).
    convenience init(_ string: NSAttributedString, defaultFont: @autoclosure () -> Font?) {
        let text = string.string
        var runs: [(range: Range<Int>, attributes: StringAttributes)] = []
        // Stored runs as they are: asking for the longest effective range makes Foundation compare neighbouring
        // dictionaries with CFEqual, which halts on some values on Linux (FoundationAttributeValue.swift).
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: .longestEffectiveRangeNotRequired) { dictionary, range, _ in
            runs.append((range.location..<(range.location + range.length), StringAttributes(dictionary)))
        }
        self.init(units: Self.utf16(text), runs: runs, defaultFont: defaultFont())
    }

    /// Reads a Swift `AttributedString` through Galley's attribute scope (other scopes are ignored).
    convenience init(_ string: AttributedString, defaultFont: @autoclosure () -> Font?) {
        var runs: [(range: Range<Int>, attributes: StringAttributes)] = []
        var offset = 0
        for run in string.runs {
            let length = string.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            runs.append((offset..<(offset + length), StringAttributes(run.attributes)))
            offset += length
        }
        self.init(units: Self.utf16(String(string.characters)), runs: runs, defaultFont: defaultFont())
    }

    /// The index of the attribute run holding UTF-16 offset `index` (binary search).
    func runIndex(at index: Int) -> Int {
        max(runStarts.partitioningIndex { $0 > index } - 1, 0)
    }

    /// The attributes of the UTF-16 unit at `index` (clamped to the text; the default run for empty text).
    func attributes(at index: Int) -> StringAttributes {
        runAttributes[runIndex(at: min(max(index, 0), max(units.count - 1, 0)))]
    }

    /// The end of attribute run `run`.
    func runEnd(_ run: Int) -> Int { run + 1 < runStarts.count ? runStarts[run + 1] : units.count }
}

