import Foundation
import Galley

/// Told once per batch of edits to a text storage (after its attributes are fixed).
/// TextKit: the layout managers of `NSTextStorage`, `NSTextStorageObserving`.
public protocol TextStorageObserver: AnyObject {
    /// The storage changed: `edit` says where, by how much, and whether characters or only attributes.
    /// TextKit: `NSLayoutManager.processEditing(for:edited:range:changeInLength:invalidatedRange:)`.
    func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit)
}

/// Told of a batch of edits before the storage fixes its attributes and tells its layout managers, and after: a
/// syntax highlighter sets attributes in `willProcessEditing` and they are laid out with the edit.
/// TextKit: `NSTextStorageDelegate`.
public protocol TextStorageDelegate: AnyObject {
    /// A batch ended; characters and attributes may still change, and are part of this edit.
    /// TextKit: `textStorage(_:willProcessEditing:range:changeInLength:)`.
    func textStorage(_ storage: TextStorage, willProcessEditing edit: TextStorage.Edit)
    /// Attributes were fixed; only attributes may change now (they are laid out with the edit, not fixed again).
    /// TextKit: `textStorage(_:didProcessEditing:range:changeInLength:)`.
    func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit)
}

extension TextStorageDelegate {
    /// Nothing by default.
    public func textStorage(_ storage: TextStorage, willProcessEditing edit: TextStorage.Edit) {}
    /// Nothing by default.
    public func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) {}
}

/// A mutable attributed string that records its edits and tells its observers (layout managers) once per batch.
///
/// Offsets are UTF-16 code units, as in `NSString` and Core Text. Edits between `beginEditing()` and
/// `endEditing()` make one batch; an edit outside a batch is a batch of its own. After a batch the storage fixes
/// attributes — every paragraph takes the paragraph style of its first character, as TextKit's
/// `fixAttributes(in:)` makes paragraph styles uniform — then tells its observers.
///
/// TextKit: `NSTextStorage`.
public final class TextStorage {
    /// What an edit changed. TextKit: `NSTextStorage.EditActions`.
    public struct EditActions: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: Int
        /// A creation from the raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Characters were inserted, deleted or replaced. TextKit: `.editedCharacters`.
        public static let characters = EditActions(rawValue: 2)
        /// Only attributes changed. TextKit: `.editedAttributes`.
        public static let attributes = EditActions(rawValue: 1)
    }

    /// One batch of edits: the range that changed in the new text (every edit of the batch inside it), and how
    /// much longer the text became. TextKit: `editedMask`, `editedRange`, `changeInLength`.
    public struct Edit: Hashable, Sendable {
        /// What changed.
        public var actions: EditActions
        /// The changed range, in the text after the edit.
        public var range: Range<Int>
        /// New length minus old length.
        public var changeInLength: Int

        /// A record.
        public init(actions: EditActions, range: Range<Int>, changeInLength: Int) {
            self.actions = actions
            self.range = range
            self.changeInLength = changeInLength
        }

        /// The changed range in the text before the edit.
        public var rangeBeforeEdit: Range<Int> { range.lowerBound..<(range.upperBound - changeInLength) }
    }

    /// The text's UTF-16 units in a rope, and the attributes as runs in a tree summed by length: an edit costs
    /// O(log n) plus its own size, wherever it falls in however long a text.
    /// Galley keeps its own runs rather than an `NSMutableAttributedString`: on Linux, Foundation's mutable
    /// attributed string corrupts its memory after some sequences of replacements (a copy then crashes).
    private var utf16 = TextRope()
    private var runs = SummedTree<AttributeRun>()
    private var editingDepth = 0
    private var pending: Edit?
    /// Whether an edit of the pending batch may have left a paragraph with more than one paragraph style.
    private var pendingNeedsFixing = false
    private var observers: [ObjectIdentifier: Weak] = [:]
    /// Told before and after each batch is processed. TextKit: `NSTextStorage.delegate`.
    public weak var delegate: TextStorageDelegate?
    private var observerOrder: [ObjectIdentifier] = []
    private struct Weak { weak var observer: TextStorageObserver? }

    /// Whether fixing attributes also marks font substitution: characters the font attribute cannot draw get the
    /// font Galley draws them with (fallback, emoji), so that the `.font` attribute tells what is shown, as
    /// TextKit's storage does. Off by default (layout is the same either way). Turning it on fixes the whole text.
    /// TextKit: `NSTextStorage.fixFontAttribute(in:)`.
    public var substitutesFonts = false {
        didSet {
            guard substitutesFonts, !oldValue, !utf16.isEmpty else { return }
            pending = Edit(actions: .attributes, range: 0..<utf16.count, changeInLength: 0)
            if editingDepth == 0 { processEditing() }
        }
    }

    /// The last batch, as told to observers (nil before the first).
    public private(set) var lastEdit: Edit?

    /// A storage holding a copy of `attributedString`.
    public init(attributedString: NSAttributedString = NSAttributedString(string: "")) {
        let (units, runs) = Self.split(attributedString)
        utf16 = TextRope(units)
        self.runs = SummedTree(runs)
        fixAttributes(in: 0..<utf16.count)
    }

    /// A storage holding `string` with `attributes` throughout.
    public convenience init(string: String, attributes: [NSAttributedString.Key: Any] = [:]) {
        self.init(attributedString: NSAttributedString(string: string, attributes: attributes))
    }

    /// The length in UTF-16 code units.
    public var length: Int { utf16.count }

    /// The characters.
    public var string: String { String(decoding: utf16.units, as: UTF16.self) }

    /// A copy of the whole text.
    public var attributedString: NSAttributedString { attributedSubstring(from: 0..<utf16.count) }

    /// A copy of part of the text (clamped to the text).
    public func attributedSubstring(from range: Range<Int>) -> NSAttributedString {
        let range = clamped(range)
        let result = NSMutableAttributedString(string: String(decoding: utf16[range], as: UTF16.self))
        for run in attributeRuns(in: range) { result.setAttributes(run.attributes, range: NSRange(run.range)) }
        return result
    }

    /// The attribute runs of part of the text, with ranges relative to its start (clamped to the text).
    public func attributeRuns(in range: Range<Int>) -> [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] {
        let range = clamped(range)
        guard !range.isEmpty else { return [] }
        var result: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] = []
        let (first, start) = run(at: range.lowerBound)
        var runStart = start
        runs.forEach(in: first..<runs.count) { run in
            let lower = max(runStart, range.lowerBound), upper = min(runStart + run.length, range.upperBound)
            result.append(((lower - range.lowerBound)..<(upper - range.lowerBound), run.attributes))
            runStart += run.length
            return runStart < range.upperBound
        }
        return result
    }

    /// An independent copy of the storage (its text and attributes; no observers).
    public func copy() -> TextStorage {
        let copy = TextStorage()
        copy.utf16 = utf16
        copy.runs = runs
        return copy
    }

    /// The UTF-16 units of part of the text (clamped to the text).
    public func units(in range: Range<Int>) -> [UInt16] { utf16[clamped(range)] }

    /// The attributes at `index` and the range over which they are the same (an empty dictionary past the end).
    public func attributes(at index: Int) -> (attributes: [NSAttributedString.Key: Any], effectiveRange: Range<Int>) {
        guard index >= 0, index < utf16.count else { return ([:], index..<index) }
        let (run, start) = run(at: index)
        let record = runs[run]
        return (record.attributes, start..<(start + record.length))
    }

    // MARK: Batches

    /// Starts a batch: observers hear of the edits once, at the matching `endEditing()`.
    /// TextKit: `NSTextStorage.beginEditing()`.
    public func beginEditing() { editingDepth += 1 }

    /// Ends a batch; at the outermost one the storage fixes attributes and tells its observers.
    /// TextKit: `NSTextStorage.endEditing()`.
    public func endEditing() {
        guard editingDepth > 0 else { return }
        editingDepth -= 1
        if editingDepth == 0 { processEditing() }
    }

    // MARK: Edits

    /// Replaces the characters in `range` (clamped to the text) with `string`, which takes the attributes of the
    /// first replaced character (or of the character before, when inserting). TextKit:
    /// `replaceCharacters(in:with:)`.
    public func replaceCharacters(in range: Range<Int>, with string: String) {
        let range = clamped(range)
        let attributeIndex = range.isEmpty ? range.lowerBound - 1 : range.lowerBound
        let units = Array(string.utf16)
        if attributeIndex >= 0, attributeIndex < utf16.count, !(range.isEmpty && units.isEmpty) {
            // Typing: the new text takes the attributes of the run it lands in; when the replaced range lies in that
            // run too, the run only changes its length (no split, no merge, no attribute comparison). Paragraph
            // styles stay uniform unless the edit removes a paragraph break (joining a paragraph that may have
            // another style): splitting a paragraph inside one run leaves both parts with its style.
            let (index, start) = run(at: attributeIndex)
            let length = runs[index].length
            // (Not text put at the end of a run that ends a paragraph: it starts the next paragraph, in other runs.)
            let startsParagraph = range.lowerBound > 0 && CharacterClasses.endsParagraph(utf16[range.lowerBound - 1])
            if range.lowerBound >= start, range.upperBound < start + length || (range.upperBound == start + length && !startsParagraph),
                length - range.count + units.count > 0
            {
                let joins = range.isEmpty ? false : utf16[range].contains(where: CharacterClasses.endsParagraph)
                    // A CR and an LF brought together: the LF's paragraph joins the CR's.
                    || (range.upperBound < utf16.count && utf16[range.upperBound] == 0x0A
                        && ((units.last ?? (range.lowerBound > 0 ? utf16[range.lowerBound - 1] : 0)) == 0x0D))
                inverseRecorder?(.replace(range.lowerBound..<(range.lowerBound + units.count), with: attributedSubstring(from: range)))
                runs.modify(at: index) { $0.length += units.count - range.count }
                utf16.replaceSubrange(range, with: units)
                edited(.characters, range: range, changeInLength: units.count - range.count, keepsParagraphStyles: !joins)
                return
            }
        }
        let attributes = attributeIndex >= 0 && attributeIndex < utf16.count ? self.attributes(at: attributeIndex).attributes
            : runs.isEmpty ? [:] : runs[0].attributes
        replaceCharacters(in: range, with: units, runs: units.isEmpty ? [] : [AttributeRun(length: units.count, attributes: attributes)])
    }

    /// Replaces the characters in `range` (clamped to the text, and widened so that it never splits a surrogate
    /// pair) with an attributed string. TextKit: `replaceCharacters(in:with:)`.
    public func replaceCharacters(in range: Range<Int>, with attributedString: NSAttributedString) {
        let (newCharacters, newRuns) = Self.split(attributedString)
        replaceCharacters(in: range, with: newCharacters, runs: newRuns)
    }

    /// Replaces `range` (clamped as above) with units and their attribute runs.
    private func replaceCharacters(in range: Range<Int>, with newCharacters: [UInt16], runs newRuns: [AttributeRun]) {
        let range = clamped(range)
        guard !range.isEmpty || !newCharacters.isEmpty else { return }
        inverseRecorder?(.replace(range.lowerBound..<(range.lowerBound + newCharacters.count), with: attributedSubstring(from: range)))
        let first = splitRun(at: range.lowerBound)
        let last = splitRun(at: range.upperBound)
        let inserted = newRuns.filter { $0.length > 0 }
        runs.replaceSubrange(first..<last, with: inserted)
        utf16.replaceSubrange(range, with: newCharacters)
        coalesceRuns(first - 1..<(first + inserted.count + 1))
        edited(.characters, range: range, changeInLength: newCharacters.count - range.count)
    }

    /// Replaces the attributes of `range` (nil: removes them all). TextKit: `setAttributes(_:range:)`.
    public func setAttributes(_ attributes: [NSAttributedString.Key: Any]?, range: Range<Int>) {
        changeAttributes(in: range) { $0 = attributes ?? [:] }
    }

    /// Adds one attribute over `range`. TextKit: `addAttribute(_:value:range:)`.
    public func addAttribute(_ key: NSAttributedString.Key, value: Any, range: Range<Int>) {
        addAttributes([key: value], range: range)
    }

    /// Adds attributes over `range`, keeping the others. TextKit: `addAttributes(_:range:)`.
    public func addAttributes(_ attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        guard !attributes.isEmpty else { return }
        changeAttributes(in: range, keepsParagraphStyles: attributes[.paragraphStyle] == nil) { $0.merge(attributes) { $1 } }
    }

    /// Removes one attribute over `range`. TextKit: `removeAttribute(_:range:)`.
    public func removeAttribute(_ key: NSAttributedString.Key, range: Range<Int>) {
        changeAttributes(in: range, keepsParagraphStyles: key != .paragraphStyle) { $0[key] = nil }
    }

    /// `keepsParagraphStyles`: the change leaves every paragraph style as it was (it neither sets nor removes one),
    /// so paragraphs need no fixing after it (a fix reads each paragraph it touches, however long).
    private func changeAttributes(in range: Range<Int>, keepsParagraphStyles: Bool = false, _ change: (inout [NSAttributedString.Key: Any]) -> Void) {
        let range = clamped(range)
        guard !range.isEmpty else { return }
        recordAttributes(of: range)
        let first = splitRun(at: range.lowerBound)
        let last = splitRun(at: range.upperBound)
        for run in first..<last { runs.modify(at: run) { change(&$0.attributes) } }
        coalesceRuns(first - 1..<(last + 1))
        edited(.attributes, range: range, changeInLength: 0, keepsParagraphStyles: keepsParagraphStyles)
    }

    /// Merges neighbouring runs with equal attributes among `range` (clamped), so that typing does not leave a run
    /// per keystroke.
    private func coalesceRuns(_ range: Range<Int>) {
        var index = max(range.upperBound, 0)
        index = min(index, runs.count - 1)
        let lower = max(range.lowerBound, 0)
        while index > lower {
            if Self.equal(runs[index - 1].attributes, runs[index].attributes) {
                let length = runs.remove(at: index).length
                runs.modify(at: index - 1) { $0.length += length }
            }
            index -= 1
        }
    }

    /// Attribute dictionaries with the same keys and equal values (hashable values by ==, objects by identity).
    static func equal(_ a: [NSAttributedString.Key: Any], _ b: [NSAttributedString.Key: Any]) -> Bool {
        guard a.count == b.count else { return false }
        for (key, value) in a {
            guard let other = b[key] else { return false }
            // Numbers may come back from Foundation as NSNumber: compare them as numbers.
            if let value = value as? NSNumber, let other = other as? NSNumber {
                if !value.isEqual(to: other) { return false }
            } else if let value = value as? AnyHashable, let other = other as? AnyHashable {
                if value != other { return false }
            } else if type(of: value) is AnyClass, type(of: other) is AnyClass {
                if (value as AnyObject) !== (other as AnyObject) { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// Splits the run holding `index` so that a run starts there; returns that run's index (runs.count at the end).
    private func splitRun(at index: Int) -> Int {
        guard index < utf16.count else { return runs.count }
        let (run, start) = run(at: index)
        let offset = index - start
        guard offset > 0 else { return run }
        let record = runs[run]
        runs.modify(at: run) { $0.length = offset }
        runs.insert(AttributeRun(length: record.length - offset, attributes: record.attributes), at: run + 1)
        return run + 1
    }

    /// The run holding `index` (0 ≤ index < length) and where it starts.
    private func run(at index: Int) -> (index: Int, start: Int) {
        if let (run, before) = runs.first(where: { $0.length > index }) { return (run, before.length) }
        guard !runs.isEmpty else { return (0, 0) }
        return (runs.count - 1, runs.summary.length - runs[runs.count - 1].length)
    }

    /// An attributed string's UTF-16 units and attribute runs.
    private static func split(_ string: NSAttributedString) -> ([UInt16], [AttributeRun]) {
        let units = Array(string.string.utf16)
        var runs: [AttributeRun] = []
        var index = 0
        while index < string.length {
            var range = NSRange()
            let attributes = string.attributes(at: index, effectiveRange: &range)
            let end = min(max(range.location + range.length, index + 1), string.length)
            runs.append(AttributeRun(length: end - index, attributes: attributes))
            index = end
        }
        return (units, runs)
    }

    // MARK: Inverse edits

    /// What undoes one change to the storage, in the coordinates of the text right after that change: applied in
    /// the reverse order of the changes, the inverses of a batch restore the text and attributes before it.
    /// Galley's `UndoStack` records them; TextKit registers the same with its undo manager.
    public enum InverseEdit {
        /// Put `text` (characters and attributes) back in place of `range`.
        case replace(Range<Int>, with: NSAttributedString)
        /// Put these attribute runs (ranges relative to the range's start) back over `range`.
        case attributes(Range<Int>, runs: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])])
    }

    /// Told the inverse of every change as it is made (edits, attribute changes, and the attributes fixing
    /// changes), for an undo stack: `UndoStack` sets it; set it yourself to feed an undo manager of your own (one
    /// recorder per storage). TextKit: what `NSTextView` registers with its `UndoManager` for each change.
    public var inverseRecorder: ((InverseEdit) -> Void)?

    private func recordAttributes(of range: Range<Int>) {
        guard let inverseRecorder, !range.isEmpty else { return }
        inverseRecorder(.attributes(range, runs: attributeRuns(in: range)))
    }

    /// Makes an inverse edit (as one edit of the current batch), which records its own inverse in turn: the way to
    /// undo, and then redo. TextKit: the undo manager's registered actions replacing characters and attributes.
    public func apply(_ inverse: InverseEdit) {
        switch inverse {
        case .replace(let range, let text):
            replaceCharacters(in: range, with: text)
        case .attributes(let range, let runs):
            beginEditing()
            for run in runs {
                setAttributes(run.attributes, range: (range.lowerBound + run.range.lowerBound)..<(range.lowerBound + run.range.upperBound))
            }
            endEditing()
        }
    }

    // MARK: Observers

    /// Adds an observer (held weakly); it hears of every later batch. TextKit: `addLayoutManager(_:)`.
    public func addObserver(_ observer: TextStorageObserver) {
        let key = ObjectIdentifier(observer)
        if observers[key] == nil { observerOrder.append(key) }
        observers[key] = Weak(observer: observer)
    }

    /// Removes an observer. TextKit: `removeLayoutManager(_:)`.
    public func removeObserver(_ observer: TextStorageObserver) {
        let key = ObjectIdentifier(observer)
        observers[key] = nil
        observerOrder.removeAll { $0 == key }
    }

    // MARK: Bookkeeping

    /// A range within the text that does not split a surrogate pair.
    private func clamped(_ range: Range<Int>) -> Range<Int> {
        var start = min(max(range.lowerBound, 0), utf16.count)
        var end = min(max(range.upperBound, start), utf16.count)
        if utf16.splitsSurrogatePair(at: start) { start -= 1 }
        if end != start, utf16.splitsSurrogatePair(at: end) { end += 1 }
        return start..<end
    }

    /// Merges an edit of `range` (in the text before this edit) into the batch's record.
    private func edited(_ actions: EditActions, range: Range<Int>, changeInLength delta: Int, keepsParagraphStyles: Bool = false) {
        if !keepsParagraphStyles { pendingNeedsFixing = true }
        let after = range.lowerBound..<(range.upperBound + delta)
        if var record = pending {
            // The batch's range moves with this edit where it lies after it, and grows to cover it.
            let oldUpper = record.range.upperBound >= range.upperBound ? record.range.upperBound + delta
                : min(record.range.upperBound, after.upperBound)
            let lower = min(record.range.lowerBound, after.lowerBound)
            let upper = min(max(oldUpper, after.upperBound), utf16.count)
            record.range = lower..<max(upper, lower)
            record.actions.formUnion(actions)
            record.changeInLength += delta
            pending = record
        } else {
            pending = Edit(actions: actions, range: after, changeInLength: delta)
        }
        if editingDepth == 0 { processEditing() }
    }

    /// Posted on `NotificationCenter.default` (object: the storage) before a batch is processed: before the delegate's
    /// `willProcessEditing`, the attribute fixes and the observers. TextKit: `NSTextStorage.willProcessEditingNotification`.
    public static let willProcessEditingNotification = Notification.Name("NSTextStorageWillProcessEditingNotification")
    /// Posted after a batch is processed, before the observers (layout managers) hear of it: the delegate's
    /// `didProcessEditing` has run. TextKit: `NSTextStorage.didProcessEditingNotification`.
    public static let didProcessEditingNotification = Notification.Name("NSTextStorageDidProcessEditingNotification")

    /// Fixes the attributes of the paragraphs `range` touches now, as an edit of their attributes: paragraph styles
    /// made uniform per paragraph, fonts marked for fallback when `substitutesFonts` is on. Every batch does this
    /// itself at its end (attributes are never left unfixed, so there is nothing lazy to force); this is for a
    /// subclass-free host that wants it done again. TextKit: `fixAttributes(in:)`, `ensureAttributesAreFixed(in:)`.
    public func ensureAttributesAreFixed(in range: Range<Int>) {
        let range = clamped(range)
        beginEditing()
        edited(.attributes, range: range, changeInLength: 0)
        endEditing()
    }

    private func processEditing() {
        guard let before = pending else { return }
        NotificationCenter.default.post(name: Self.willProcessEditingNotification, object: self)
        // The delegate's own edits join the batch (recorded into `pending` as if inside it).
        if let delegate {
            editingDepth += 1
            delegate.textStorage(self, willProcessEditing: before)
            editingDepth -= 1
        }
        guard var edit = pending else { return }
        pending = nil
        let needsFixing = pendingNeedsFixing || substitutesFonts
        pendingNeedsFixing = false
        let fixed = needsFixing ? fixAttributes(in: edit.range) : 0..<0
        if !fixed.isEmpty {
            edit.range = min(edit.range.lowerBound, fixed.lowerBound)..<max(edit.range.upperBound, fixed.upperBound)
        }
        if let delegate {
            pending = edit
            editingDepth += 1
            delegate.textStorage(self, didProcessEditing: edit)
            editingDepth -= 1
            edit = pending ?? edit
            pending = nil
            pendingNeedsFixing = false
        }
        lastEdit = edit
        NotificationCenter.default.post(name: Self.didProcessEditingNotification, object: self)
        for key in observerOrder {
            observers[key]?.observer?.textStorage(self, didProcessEditing: edit)
        }
        observerOrder.removeAll { observers[$0]?.observer == nil }
        observers = observers.filter { $0.value.observer != nil }
    }

    /// Makes the paragraph style uniform in every paragraph touching `range` (each takes its first character's);
    /// returns the range of the paragraphs it changed (empty when none).
    @discardableResult
    private func fixAttributes(in range: Range<Int>) -> Range<Int> {
        guard !utf16.isEmpty else { return 0..<0 }
        let paragraphs = paragraphRange(containing: range)
        var changed: Range<Int>? = nil
        for local in ParagraphBoundaries.ranges(utf16[paragraphs]) where !local.isEmpty {
            let paragraph = (local.lowerBound + paragraphs.lowerBound)..<(local.upperBound + paragraphs.lowerBound)
            let first = attributes(at: paragraph.lowerBound).attributes[.paragraphStyle]
            // Equal when both are absent, or both hashable and equal (values that are not hashable never match).
            func matches(_ value: Any?) -> Bool {
                switch (value, first) {
                case (nil, nil): return true
                case let (value?, first?):
                    guard let value = value as? AnyHashable, let first = first as? AnyHashable else { return false }
                    return value == first
                default: return false
                }
            }
            var uniform = true
            let (firstRun, start) = run(at: paragraph.lowerBound)
            var runStart = start
            runs.forEach(in: firstRun..<runs.count) { run in
                guard runStart < paragraph.upperBound else { return false }
                uniform = matches(run.attributes[.paragraphStyle])
                runStart += run.length
                return uniform
            }
            guard !uniform else { continue }
            recordAttributes(of: paragraph)
            let begin = splitRun(at: paragraph.lowerBound)
            let end = splitRun(at: paragraph.upperBound)
            for index in begin..<end { runs.modify(at: index) { $0.attributes[.paragraphStyle] = first } }
            coalesceRuns((begin - 1)..<(end + 1))
            changed = changed.map { $0.lowerBound..<paragraph.upperBound } ?? paragraph
        }
        if substitutesFonts {
            let units = utf16[paragraphs]
            for substitution in FontSubstitution.substitutions(units: units, runs: attributeRuns(in: paragraphs)) {
                let range = (substitution.range.lowerBound + paragraphs.lowerBound)..<(substitution.range.upperBound + paragraphs.lowerBound)
                recordAttributes(of: range)
                let begin = splitRun(at: range.lowerBound)
                let end = splitRun(at: range.upperBound)
                for index in begin..<end { runs.modify(at: index) { $0.attributes[.font] = substitution.font } }
                coalesceRuns((begin - 1)..<(end + 1))
                changed = changed.map { min($0.lowerBound, range.lowerBound)..<max($0.upperBound, range.upperBound) } ?? range
            }
        }
        return changed ?? 0..<0
    }

    // MARK: Paragraphs by number (Galley's paragraph breaks: LF, CR, CR LF, NEL, U+2029), each O(log n)

    /// How many paragraphs the text has (one for empty text).
    var paragraphCount: Int { utf16.paragraphCount }

    /// Whether the text has a form feed (a container break).
    var hasFormFeed: Bool { utf16.formFeedCount > 0 }

    /// Where paragraph `number` starts (the text's end past the last).
    func startOfParagraph(number: Int) -> Int { utf16.startOfParagraph(number: number) }

    /// How many paragraphs end at or before `index`.
    func paragraphsEnded(before index: Int) -> Int { utf16.paragraphsEnded(before: index) }

    /// The offset just after the last paragraph separator before `index` (0 when none).
    func startOfParagraph(before index: Int) -> Int { utf16.startOfParagraph(before: index) }

    /// The offset of the first paragraph separator at or after `index`, or nil when none.
    func firstSeparator(from index: Int) -> Int? { utf16.firstSeparator(from: index) }

    /// The range of whole paragraphs covering `range` (a paragraph's separator belongs to it).
    public func paragraphRange(containing range: Range<Int>) -> Range<Int> {
        let range = clamped(range)
        let count = utf16.count
        var start = range.lowerBound
        // Inside a CR LF pair: the pair ends the paragraph before.
        if start > 0, start < count, utf16[start - 1] == 0x0D, utf16[start] == 0x0A { start -= 1 }
        start = utf16.startOfParagraph(before: start)
        var end = range.upperBound
        let endsAtSeparator = !range.isEmpty && CharacterClasses.endsParagraph(utf16[end - 1])
            && !(utf16[end - 1] == 0x0D && end < count && utf16[end] == 0x0A)
        if !endsAtSeparator {
            end = utf16.firstSeparator(from: end).map { $0 + 1 } ?? count
            if end < count, utf16[end - 1] == 0x0D, utf16[end] == 0x0A { end += 1 }
        }
        return start..<end
    }
}

/// A stretch of text with the same attributes.
private struct AttributeRun: Summarized {
    var length: Int
    var attributes: [NSAttributedString.Key: Any]

    var summary: TextRope.TextSpan { TextRope.TextSpan(length: length) }
}
