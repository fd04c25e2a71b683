import Foundation
import Galley

/// Told before and after the text or the selection of a `TextInput` changes. UIKit: `UITextInputDelegate`.
public protocol TextInputDelegate: AnyObject {
    /// The selection (or marked range) is about to change. UIKit: `selectionWillChange(_:)`.
    func selectionWillChange(_ input: TextInput)
    /// The selection changed. UIKit: `selectionDidChange(_:)`.
    func selectionDidChange(_ input: TextInput)
    /// The text is about to change. UIKit: `textWillChange(_:)`.
    func textWillChange(_ input: TextInput)
    /// The text changed. UIKit: `textDidChange(_:)`.
    func textDidChange(_ input: TextInput)
}

/// The input model of an editor: a selection and marked (uncommitted input-method) text over a text storage, and
/// the edits keys and input methods make — in UTF-16 offsets throughout.
///
/// `deleteBackward()` removes a whole grapheme cluster (an emoji sequence, a Devanagari syllable, a letter with its
/// marks), where some platforms delete by code point. Marked text is laid out like any other text, with
/// `markedTextAttributes` (an underline by default) added; `unmarkText()` commits it.
///
/// UIKit: `UITextInput` and `UIKeyInput`.
public final class TextInput {
    /// The storage edited.
    public let textStorage: TextStorage
    /// The selected range; empty for a caret. UIKit: `selectedTextRange`.
    public private(set) var selectedRange: Range<Int>
    /// The range of marked text, nil when there is none. UIKit: `markedTextRange`.
    public private(set) var markedRange: Range<Int>?
    /// Attributes added to marked text. UIKit: `markedTextStyle`.
    public var markedTextAttributes: [NSAttributedString.Key: Any] = [.underlineStyle: UnderlineStyle.single.rawValue]
    /// Attributes of typed text; nil: those of the character before the caret. UIKit: `typingAttributes`.
    public var typingAttributes: [NSAttributedString.Key: Any]?
    /// Which line a caret at a line break belongs to: the end of the line before (upstream) or the start of the line
    /// after (downstream, the default); pass it to `LayoutManager.caretRect(for:affinity:)`. UIKit: `selectionAffinity`.
    public var selectionAffinity: TextAffinity = .downstream
    /// Told of changes.
    public weak var delegate: TextInputDelegate?

    /// An input model over a storage, with the caret at `selectedRange` (clamped).
    public init(textStorage: TextStorage, selectedRange: Range<Int> = 0..<0) {
        self.textStorage = textStorage
        self.selectedRange = 0..<0
        self.selectedRange = clamped(selectedRange)
    }

    /// Whether there is any text. UIKit: `hasText`.
    public var hasText: Bool { textStorage.length > 0 }

    /// Moves the selection (clamped, never inside a surrogate pair). UIKit: setting `selectedTextRange`.
    public func setSelectedRange(_ range: Range<Int>) {
        let range = clamped(range)
        guard range != selectedRange else { return }
        delegate?.selectionWillChange(self)
        selectedRange = range
        delegate?.selectionDidChange(self)
    }

    /// Replaces the selection (or the marked text, which it commits) with `text`; the caret ends after it.
    /// UIKit: `insertText(_:)`.
    public func insertText(_ text: String) {
        let target = markedRange ?? selectedRange
        replace(target, with: text)
    }

    /// Inserts text that came with alternatives (dictation, handwriting): the text as `insertText(_:)` does, its
    /// alternatives kept on it under `.textAlternatives` (`[String]`) for the host to offer later; no alternatives
    /// inserts plainly. UIKit: `insertText(_:alternatives:style:)` (the style of the alternatives' display is the
    /// host's). AppKit: `NSTextAlternatives`.
    public func insertText(_ text: String, alternatives: [String]) {
        let start = (markedRange ?? selectedRange).lowerBound
        insertText(text)
        let end = start + text.utf16.count
        guard !alternatives.isEmpty, end > start, end <= textStorage.length else { return }
        textStorage.addAttribute(.textAlternatives, value: alternatives, range: start..<end)
    }

    /// Deletes the selection, or the grapheme cluster before the caret. UIKit: `deleteBackward()`.
    public func deleteBackward() {
        if let marked = markedRange {
            replace(marked, with: "")
            return
        }
        if !selectedRange.isEmpty {
            replace(selectedRange, with: "")
            return
        }
        let caret = selectedRange.lowerBound
        guard caret > 0 else { return }
        replace(clusterStart(before: caret)..<caret, with: "")
    }

    /// Replaces `range` with `text`; the caret ends after the new text. UIKit: `replace(_:withText:)`.
    public func replace(_ range: Range<Int>, with text: String) {
        let range = clamped(range)
        delegate?.textWillChange(self)
        delegate?.selectionWillChange(self)
        let attributes = typingAttributes ?? baseAttributes(for: range)
        // Replacing commits marked text: what replaces it is ordinary text.
        markedRange = nil
        // The selection is the one the edit leaves before the storage tells its observers (a spelling controller
        // reads the caret).
        let end = range.lowerBound + text.utf16.count
        selectedRange = end..<end
        textStorage.replaceCharacters(in: range, with: NSAttributedString(string: text, attributes: attributes))
        delegate?.selectionDidChange(self)
        delegate?.textDidChange(self)
    }

    /// Replaces a misspelled word with a correction (a guess the user picked) through the ordinary edit path — one
    /// edit, one notification to the storage's observers, one undo step — keeping the word's own attributes (not
    /// the typing attributes); the caret ends after the correction. UIKit does this in
    /// `replace(_:withText:)` when a suggestion is chosen.
    public func replace(misspelledRange range: Range<Int>, with correction: String) {
        let range = clamped(range)
        let typing = typingAttributes
        typingAttributes = baseAttributes(for: range)
        replace(range, with: correction)
        typingAttributes = typing
    }

    /// Shows uncommitted input-method text in place of the marked text (or the selection), with
    /// `markedTextAttributes`, and selects `selectedRange` within it (relative to its start). An empty text removes
    /// the marked text. UIKit: `setMarkedText(_:selectedRange:)`.
    ///
    /// - Parameters:
    ///   - text: the input method's uncommitted text; empty removes the marked text.
    ///   - relative: the selection within `text`, as UTF-16 offsets from its start.
    public func setMarkedText(_ text: String, selectedRange relative: Range<Int>) {
        setAttributedMarkedText(NSAttributedString(string: text), selectedRange: relative)
    }

    /// `setMarkedText(_:selectedRange:)` with styled text: its own attributes go over the typing attributes and
    /// `markedTextAttributes` (an input method that colours its clauses). UIKit: `setAttributedMarkedText(_:selectedRange:)`.
    public func setAttributedMarkedText(_ marked: NSAttributedString, selectedRange relative: Range<Int>) {
        let target = markedRange ?? selectedRange
        let text = marked.string
        let length = text.utf16.count
        delegate?.textWillChange(self)
        delegate?.selectionWillChange(self)
        var attributes = typingAttributes ?? baseAttributes(for: target)
        attributes.merge(markedTextAttributes) { $1 }
        let styled = NSMutableAttributedString(string: text, attributes: attributes)
        marked.enumerateAttributes(in: NSRange(location: 0, length: length)) { own, range, _ in
            if !own.isEmpty { styled.addAttributes(own, range: range) }
        }
        // The marked text and selection the edit leaves, set before the storage tells its observers.
        markedRange = length > 0 ? target.lowerBound..<(target.lowerBound + length) : nil
        let start = min(max(relative.lowerBound, 0), length)
        let end = min(max(relative.upperBound, start), length)
        selectedRange = (target.lowerBound + start)..<(target.lowerBound + end)
        textStorage.replaceCharacters(in: target, with: styled)
        delegate?.selectionDidChange(self)
        delegate?.textDidChange(self)
    }

    // MARK: Positions

    /// The first position: 0. UIKit: `beginningOfDocument` (positions here are UTF-16 offsets).
    public var beginningOfDocument: Int { 0 }

    /// The last position: the text's length. UIKit: `endOfDocument`.
    public var endOfDocument: Int { textStorage.length }

    /// The position `offset` UTF-16 units from `position`, nil outside the text. UIKit: `position(from:offset:)`.
    public func position(from position: Int, offset: Int) -> Int? {
        let (moved, overflow) = position.addingReportingOverflow(offset)
        return !overflow && moved >= 0 && moved <= textStorage.length ? moved : nil
    }

    /// How many UTF-16 units lie from one position to another (negative backwards). UIKit: `offset(from:to:)`.
    public func offset(from start: Int, to end: Int) -> Int { end - start }

    /// The order of two positions. UIKit: `compare(_:to:)`.
    public func compare(_ position: Int, to other: Int) -> ComparisonResult {
        position < other ? .orderedAscending : position > other ? .orderedDescending : .orderedSame
    }

    /// The range between two positions in either order, nil when one is outside the text. UIKit:
    /// `textRange(from:to:)`.
    public func textRange(from start: Int, to end: Int) -> Range<Int>? {
        guard start >= 0, end >= 0, start <= textStorage.length, end <= textStorage.length else { return nil }
        return min(start, end)..<max(start, end)
    }

    /// Commits the marked text as it is: its marked-text attributes go, the caret stays. UIKit: `unmarkText()`.
    public func unmarkText() {
        guard let marked = markedRange else { return }
        delegate?.textWillChange(self)
        let base = typingAttributes ?? baseAttributes(for: marked)
        markedRange = nil
        textStorage.beginEditing()
        for key in markedTextAttributes.keys {
            if let value = base[key] { textStorage.addAttribute(key, value: value, range: marked) } else { textStorage.removeAttribute(key, range: marked) }
        }
        textStorage.endEditing()
        delegate?.textDidChange(self)
    }

    // MARK: Helpers

    /// The attributes new text in place of `range` takes: those of the first replaced character, else of the one
    /// before, else of the first one — never the marked-text style (taken from outside the marked text, or dropped).
    private func baseAttributes(for range: Range<Int>) -> [NSAttributedString.Key: Any] {
        let length = textStorage.length
        guard length > 0 else { return [:] }
        var index = !range.isEmpty ? range.lowerBound : max(range.lowerBound - 1, 0)
        if let marked = markedRange, marked.contains(index) {
            index = marked.lowerBound > 0 ? marked.lowerBound - 1 : marked.upperBound < length ? marked.upperBound : index
        }
        var attributes = textStorage.attributes(at: min(index, length - 1)).attributes
        if markedRange?.contains(index) ?? false {
            for key in markedTextAttributes.keys { attributes[key] = nil }
        }
        // Alternatives belong to the words they came with, never to text typed next to them.
        attributes[.textAlternatives] = nil
        return attributes
    }

    /// The start of the grapheme cluster that ends at `caret` (ICU's boundaries in the caret's paragraph).
    private func clusterStart(before caret: Int) -> Int {
        let paragraph = textStorage.paragraphRange(containing: (caret - 1)..<(caret - 1))
        let boundaries = graphemeBoundaries(textStorage.units(in: paragraph.lowerBound..<caret))
        guard boundaries.count >= 2 else { return caret - 1 }
        return paragraph.lowerBound + boundaries[boundaries.count - 2]
    }

    private func clamped(_ range: Range<Int>) -> Range<Int> {
        let length = textStorage.length
        let start = min(max(range.lowerBound, 0), length)
        return start..<min(max(range.upperBound, start), length)
    }
}

extension NSAttributedString.Key {
    /// `[String]`: other readings of the text it is on, as dictation or handwriting offered them
    /// (`TextInput.insertText(_:alternatives:)`). Layout ignores it. AppKit: `NSAttributedString.Key.textAlternatives`
    /// ("NSTextAlternatives", whose value there is an `NSTextAlternatives` object).
    public static let textAlternatives = NSAttributedString.Key("NSTextAlternatives")
}
