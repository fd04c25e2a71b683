import Foundation
import Galley

// The NSMutableAttributedString calls apps make on a text storage, over its own edits.

extension TextStorage {
    /// Adds `string` at the end. TextKit: `NSMutableAttributedString.append(_:)`.
    public func append(_ string: NSAttributedString) {
        replaceCharacters(in: length..<length, with: string)
    }

    /// Inserts `string` at `index` (clamped). TextKit: `NSMutableAttributedString.insert(_:at:)`.
    public func insert(_ string: NSAttributedString, at index: Int) {
        let index = min(max(index, 0), length)
        replaceCharacters(in: index..<index, with: string)
    }

    /// Removes the characters in `range` (clamped). TextKit: `NSMutableAttributedString.deleteCharacters(in:)`.
    public func deleteCharacters(in range: Range<Int>) {
        replaceCharacters(in: range, with: "")
    }

    /// The value of `key` at `index`, and through `effectiveRange` the attribute run holding it (a range over which
    /// the value holds, not necessarily the longest). Nil outside the text. TextKit:
    /// `NSAttributedString.attribute(_:at:effectiveRange:)`.
    public func attribute(_ key: NSAttributedString.Key, at index: Int, effectiveRange: UnsafeMutablePointer<Range<Int>>? = nil) -> Any? {
        guard index >= 0, index < length else { return nil }
        let found = attributes(at: index)
        effectiveRange?.pointee = found.effectiveRange
        return found.attributes[key]
    }

    /// Calls `body` with each attribute run of `range` (clamped) in order, its attributes and its range (in the
    /// storage's offsets); setting `stop` ends it. TextKit: `enumerateAttributes(in:options:using:)`.
    public func enumerateAttributes(in range: Range<Int>,
                                    using body: (_ attributes: [NSAttributedString.Key: Any], _ range: Range<Int>, _ stop: inout Bool) -> Void) {
        let range = min(max(range.lowerBound, 0), length)..<min(max(range.upperBound, range.lowerBound), length)
        var stop = false
        for run in attributeRuns(in: range) {
            body(run.attributes, (run.range.lowerBound + range.lowerBound)..<(run.range.upperBound + range.lowerBound), &stop)
            if stop { return }
        }
    }

    /// Calls `body` with each stretch of `range` over which `key` has one value (nil where it is absent), longest
    /// stretches: neighbouring runs with equal values (hashable and equal, or the same object) are one. TextKit:
    /// `enumerateAttribute(_:in:options:using:)`.
    public func enumerateAttribute(_ key: NSAttributedString.Key, in range: Range<Int>,
                                   using body: (_ value: Any?, _ range: Range<Int>, _ stop: inout Bool) -> Void) {
        func same(_ a: Any?, _ b: Any?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (a?, b?):
                if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
                return (a as AnyObject) === (b as AnyObject)
            default: return false
            }
        }
        var current: (value: Any?, range: Range<Int>)? = nil
        var stop = false
        enumerateAttributes(in: range) { attributes, runRange, runsStop in
            let value = attributes[key]
            if let open = current, same(open.value, value), open.range.upperBound == runRange.lowerBound {
                current = (open.value, open.range.lowerBound..<runRange.upperBound)
                return
            }
            if let open = current { body(open.value, open.range, &stop) }
            current = stop ? nil : (value, runRange)
            runsStop = stop
        }
        if !stop, let open = current { body(open.value, open.range, &stop) }
    }
}
