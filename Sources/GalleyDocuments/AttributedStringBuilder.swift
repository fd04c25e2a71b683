import Foundation

/// Builds the attributed string a reader made, fast on Linux: the whole text starts with the attributes most of it
/// has, and each other run gets only what differs from them (`addAttributes`, `removeAttribute`).
///
/// Setting each run's whole dictionary (`setAttributes`) bridges it to an `NSDictionary` that Foundation compares
/// with its neighbours through Swift (`NSDictionary.isEqual` bridges the other one back): for a megabyte of RTF
/// with formatting every few words that took four fifths of the reading. Dictionaries Foundation derives itself
/// compare in CoreFoundation, and the small differences bridge cheaply.
enum AttributedStringBuilder {
    /// The string of `units` with each run's attributes; runs are keyed by a value that stands for their attributes
    /// (`attributes(key)` is asked once per distinct key), and need not cover the text (the rest takes the most
    /// common attributes).
    static func build<Key: Hashable>(units: [UInt16], runs: [(range: Range<Int>, key: Key)],
                                     attributes: (Key) -> [NSAttributedString.Key: Any]) -> NSAttributedString {
        // Each distinct key once: its number, its dictionary, how much text it covers.
        var numbers: [Key: Int] = [:]
        var dictionaries: [[NSAttributedString.Key: Any]] = []
        var lengths: [Int] = []
        let numbered = runs.map { run -> (range: Range<Int>, number: Int) in
            let number = numbers[run.key] ?? {
                numbers[run.key] = dictionaries.count
                dictionaries.append(attributes(run.key))
                lengths.append(0)
                return dictionaries.count - 1
            }()
            lengths[number] += run.range.count
            return (run.range, number)
        }
        // (Foundation's UTF-16 initializer: the standard library's generic decoding took a quarter of the reading.)
        let text = units.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { String(utf16CodeUnits: $0, count: buffer.count) } ?? ""
        }
        guard let base = lengths.indices.max(by: { lengths[$0] < lengths[$1] }) else { return NSAttributedString(string: text) }
        let baseAttributes = dictionaries[base]
        // Added to an empty string rather than given to its initializer: CoreFoundation then makes the dictionaries
        // itself, and compares neighbours in C.
        let result = NSMutableAttributedString(string: text)
        if !text.isEmpty { result.addAttributes(baseAttributes, range: NSRange(location: 0, length: result.length)) }
        let differences = dictionaries.map { own in
            (added: own.filter { key, value in !same(value, baseAttributes[key]) }, removed: baseAttributes.keys.filter { own[$0] == nil })
        }
        for run in numbered where run.number != base && !run.range.isEmpty {
            let difference = differences[run.number]
            let range = NSRange(location: run.range.lowerBound, length: run.range.count)
            if !difference.added.isEmpty { result.addAttributes(difference.added, range: range) }
            for key in difference.removed { result.removeAttribute(key, range: range) }
        }
        return result
    }

    /// Whether two attribute values are equal: as hashable values, else as the same object.
    private static func same(_ value: Any, _ other: Any?) -> Bool {
        guard let other else { return false }
        if let value = value as? AnyHashable, let other = other as? AnyHashable { return value == other }
        return (value as AnyObject) === (other as AnyObject)
    }
}
