import Foundation
import Galley
import GalleyText

/// Continuous spell checking for an editor: keeps the misspelled words of a layout manager's text underlined — a
/// red dotted line by default — as temporary attributes, which change neither the storage nor the layout, while the
/// text is edited. UIKit: a text view with `spellCheckingType = .yes`; AppKit: `NSTextView`'s continuous spell
/// checking.
///
/// - An edit is checked when the storage reports it, and only the stretch it touched: from the whitespace before
///   the edit to the whitespace after it (an edit cannot change the words further away). Marking
///   and unmarking takes O(log n) for each word (`LayoutManager`'s temporary attributes), so a keystroke costs the
///   same in a page and in a book.
/// - The word being typed is not flagged until it ends, as UIKit does: with a `textInput`, a misspelled word that
///   touches the caret after an edit waits until the caret leaves it (the next edit elsewhere, a separator typed, or
///   `selectionDidChange()`). Marked text (an input method's uncommitted text) is never checked.
/// - The rest of the document is checked in the background in bounded slices (`checkNextSlice(maximumLength:)`,
///   from an idle handler or a timer), in order, so opening a large document never waits for the whole of it;
///   edits between slices are taken into account.
/// - Text is checked per language: the `.language` attribute ("NSLanguage") where there is one, else `language`;
///   text in a language without a dictionary is not checked.
public final class SpellCheckingController: TextStorageObserver {
    /// The key that marks the controller's underlines among the temporary attributes.
    public static let misspelledKey = NSAttributedString.Key("GalleyMisspelled")

    public let layoutManager: LayoutManager
    public let checker: TextChecker
    /// The language of text without a `.language` attribute (a BCP 47 tag or a dictionary name).
    public var language: String
    /// The underline's style and colour. Changing them applies to words checked afterwards.
    public var underlineStyle: UnderlineStyle = [.single, .patternDot]
    public var underlineColor = Color(red: 0.86, green: 0.1, blue: 0.1)
    /// The text input whose caret and marked text checking respects (nil: every word is checked as soon as an edit
    /// reports it).
    public weak var textInput: TextInput?

    /// Stretches not yet checked (storage offsets, ascending, apart), moved by edits.
    private var unchecked: [Range<Int>]
    /// A misspelled word left unflagged because the caret was in it or at its end.
    private var pending: Range<Int>?

    /// Starts checking `layoutManager`'s text: nothing is checked until an edit or `checkNextSlice`.
    ///
    /// - Parameters:
    ///   - layoutManager: the layout manager whose storage is checked and which keeps the underlines.
    ///   - checker: the checker (its learned and ignored words apply).
    ///   - language: the language of text without a `.language` attribute.
    ///   - textInput: the editor's text input, for its caret and marked text.
    public init(layoutManager: LayoutManager, checker: TextChecker, language: String, textInput: TextInput? = nil) {
        self.layoutManager = layoutManager
        self.checker = checker
        self.language = language
        self.textInput = textInput
        let length = layoutManager.textStorage.length
        unchecked = length > 0 ? [0..<length] : []
        layoutManager.textStorage.addObserver(self)
    }

    private var storage: TextStorage { layoutManager.textStorage }

    /// Whether some text has not been checked yet.
    public var hasUncheckedText: Bool { !unchecked.isEmpty }

    /// The ranges of the words underlined as misspelled in `range`, in order.
    public func misspelledRanges(in range: Range<Int>? = nil) -> [Range<Int>] {
        layoutManager.temporaryAttributeRuns(in: range ?? 0..<storage.length)
            .filter { $0.attributes[Self.misspelledKey] != nil }.map(\.range)
    }

    /// Checks the first stretch not yet checked, at most about `maximumLength` units (whole paragraphs, or a long
    /// paragraph cut at a space), and tells whether more remains. Also flags a waiting word the caret has left.
    @discardableResult
    public func checkNextSlice(maximumLength: Int = 16_384) -> Bool {
        flushPending()
        guard let first = unchecked.first else { return false }
        var end = min(first.upperBound, first.lowerBound + max(maximumLength, 1))
        if end < first.upperBound {
            // Whole paragraphs when one ends in the slice, else up to a space.
            let paragraph = storage.paragraphRange(containing: (end - 1)..<(end - 1))
            if paragraph.lowerBound > first.lowerBound {
                end = paragraph.lowerBound
            } else {
                let units = storage.units(in: first.lowerBound..<end)
                if let space = units.lastIndex(where: CharacterClasses.isWhitespace), space > 0 { end = first.lowerBound + space + 1 }
            }
        }
        check(first.lowerBound..<end)
        return !unchecked.isEmpty
    }

    /// Checks everything not yet checked (`checkNextSlice` until done).
    public func checkEverything() {
        while checkNextSlice() {}
    }

    /// Tells the controller that the selection moved: a word left unflagged while the caret was in it is checked
    /// once the caret has left it.
    public func selectionDidChange() { flushPending() }

    /// Takes in an edit: the edited stretch is checked now, stretches not yet checked move with the text.
    public func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) {
        let old = edit.rangeBeforeEdit
        let delta = edit.changeInLength
        // Unchecked stretches: moved past the edit; the edit's own text is checked below.
        unchecked = unchecked.compactMap { range in
            if range.upperBound <= old.lowerBound { return range }
            if range.lowerBound >= old.upperBound { return (range.lowerBound + delta)..<(range.upperBound + delta) }
            let lower = min(range.lowerBound, edit.range.lowerBound)
            let upper = max(range.upperBound + delta, edit.range.upperBound)
            return lower < upper ? lower..<upper : nil
        }
        // The waiting word: moved, or dropped when the edit touches it (the check below finds it again).
        if let word = pending {
            if word.upperBound < old.lowerBound {
                pending = word
            } else if word.lowerBound > old.upperBound {
                pending = (word.lowerBound + delta)..<(word.upperBound + delta)
            } else {
                pending = nil
            }
        }
        let length = storage.length
        guard length > 0 else { return }
        check(stretch(around: edit.range))
        flushPending()
    }

    /// From the whitespace before `range` to the whitespace after it (line and paragraph separators included): the
    /// words an edit of `range` can change. (Read 64 units at a time: the text can be long, its words are short.)
    private func stretch(around range: Range<Int>) -> Range<Int> {
        let length = storage.length
        var lower = max(min(range.lowerBound, length) - 1, 0)
        scan: while lower > 0 {
            let chunk = storage.units(in: max(lower - 64, 0)..<lower)
            for unit in chunk.reversed() {
                if CharacterClasses.isWhitespace(unit) { break scan }
                lower -= 1
            }
        }
        var upper = min(range.upperBound + 1, length)
        scan: while upper < length {
            for unit in storage.units(in: upper..<min(upper + 64, length)) {
                if CharacterClasses.isWhitespace(unit) { break scan }
                upper += 1
            }
        }
        return lower..<max(upper, lower)
    }

    /// Checks `range` (word-aligned), replacing the underlines there, and marks it checked.
    private func check(_ range: Range<Int>) {
        let range = max(range.lowerBound, 0)..<min(range.upperBound, storage.length)
        markChecked(range)
        guard !range.isEmpty else { return }
        layoutManager.removeTemporaryAttribute(Self.misspelledKey, forCharacterRange: range)
        layoutManager.removeTemporaryAttribute(.underlineStyle, forCharacterRange: range)
        layoutManager.removeTemporaryAttribute(.underlineColor, forCharacterRange: range)
        let marked = textInput?.markedRange
        let caret = textInput.flatMap { $0.selectedRange.isEmpty ? $0.selectedRange.lowerBound : nil }
        for word in misspelledWords(in: range) {
            if let marked, marked.overlaps(word) { continue }
            if let caret, word.lowerBound < caret, caret <= word.upperBound {
                pending = word
                continue
            }
            underline(word)
        }
    }

    /// Flags the waiting word once the caret is out of it (and it is still misspelled).
    private func flushPending() {
        guard let word = pending else { return }
        if let input = textInput, input.selectedRange.isEmpty, word.lowerBound < input.selectedRange.lowerBound,
            input.selectedRange.lowerBound <= word.upperBound
        {
            return
        }
        pending = nil
        guard word.upperBound <= storage.length else { return }
        check(stretch(around: word))
    }

    private func underline(_ word: Range<Int>) {
        layoutManager.addTemporaryAttributes([.underlineStyle: underlineStyle.rawValue, .underlineColor: underlineColor,
                                              Self.misspelledKey: true], forCharacterRange: word)
    }

    /// The misspelled words of `range`, each language run (the `.language` attribute, else `language`) checked with
    /// its own dictionary; runs without one are skipped.
    func misspelledWords(in range: Range<Int>) -> [Range<Int>] {
        guard !range.isEmpty else { return [] }
        let units = storage.units(in: range)
        // Runs of one language (offsets in `units`).
        var runs: [(range: Range<Int>, language: String)] = []
        for run in storage.attributeRuns(in: range) {
            let language = (run.attributes[.language] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? self.language
            if let last = runs.last, last.language == language, last.range.upperBound == run.range.lowerBound {
                runs[runs.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                runs.append((run.range, language))
            }
        }
        var words: [Range<Int>] = []
        for run in runs where checker.dictionaryLanguage(for: run.language) != nil {
            let text = String(decoding: units[run.range], as: UTF16.self)
            let found = (try? checker.misspelledWords(in: text, language: run.language)) ?? []
            let start = range.lowerBound + run.range.lowerBound
            words += found.map { ($0.lowerBound + start)..<($0.upperBound + start) }
        }
        return words
    }

    /// Takes `range` out of the unchecked stretches.
    private func markChecked(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        unchecked = unchecked.flatMap { stretch -> [Range<Int>] in
            guard stretch.overlaps(range) else { return [stretch] }
            var pieces: [Range<Int>] = []
            if stretch.lowerBound < range.lowerBound { pieces.append(stretch.lowerBound..<range.lowerBound) }
            if range.upperBound < stretch.upperBound { pieces.append(range.upperBound..<stretch.upperBound) }
            return pieces
        }
    }
}
