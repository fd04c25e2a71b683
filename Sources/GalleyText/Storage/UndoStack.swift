import Foundation
import Galley

/// Undo and redo for a text storage, grouped as editors group them: typing into one word is one step, as is
/// deleting through one word with backspace or forward delete; every other batch of edits is a step of its own.
///
/// The storage tells the stack the inverse of each change as it makes it (`TextStorage.InverseEdit`), attribute
/// fixes included, so undoing restores the characters and attributes exactly. Undo and redo are batches of edits
/// like any other: layout managers bring themselves up to date incrementally.
///
/// TextKit: `NSTextStorage` with an `UndoManager` (`undo()`, `redo()`, `canUndo`, `canRedo`, `levelsOfUndo`,
/// `groupsByEvent` typing coalescing as NSTextView does it).
public final class UndoStack: TextStorageObserver {
    /// The storage whose edits are recorded.
    public let textStorage: TextStorage

    /// The most undo steps kept (0: no limit); the oldest go first. UndoManager: `levelsOfUndo`.
    public var levelsOfUndo = 0 {
        didSet { trim() }
    }

    /// One undo or redo step: the inverses of its changes, in the order they were made.
    private struct Step {
        var inverses: [TextStorage.InverseEdit]
        /// For typing: where the inserted text ends, and whether the last character typed was whitespace.
        var typing: (end: Int, endsWithSpace: Bool)?
        /// For deleting: where the last deletion left the caret, and whether it deleted whitespace.
        var deleting: (at: Int, deletedSpace: Bool)?
    }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// The inverses of the batch being made.
    private var pending: [TextStorage.InverseEdit] = []
    private enum Mode { case recording, undoing, redoing }
    private var mode = Mode.recording
    /// Whether the next batch starts a new step even if it continues typing.
    private var groupIsClosed = true

    /// A stack recording every later edit of `textStorage`.
    public init(textStorage: TextStorage) {
        self.textStorage = textStorage
        textStorage.addObserver(self)
        textStorage.inverseRecorder = { [weak self] inverse in self?.pending.append(inverse) }
    }

    deinit {
        textStorage.inverseRecorder = nil
        textStorage.removeObserver(self)
    }

    /// Whether there is a step to undo. UndoManager: `canUndo`.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is a step to redo. UndoManager: `canRedo`.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Ends the current typing step: the next edit starts a new one (a caret move or a pause, in an editor).
    /// UndoManager: `endUndoGrouping()`.
    public func closeGroup() { groupIsClosed = true }

    /// Undoes the last step. UndoManager: `undo()`.
    public func undo() {
        guard let step = undoSteps.popLast() else { return }
        redoSteps.append(Step(inverses: replay(step, as: .undoing)))
        groupIsClosed = true
    }

    /// Redoes the last undone step. UndoManager: `redo()`.
    public func redo() {
        guard let step = redoSteps.popLast() else { return }
        undoSteps.append(Step(inverses: replay(step, as: .redoing)))
        groupIsClosed = true
    }

    /// Forgets every step. UndoManager: `removeAllActions()`.
    public func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        groupIsClosed = true
    }

    /// Applies a step's inverses, newest first, as one batch; returns the inverses of that (the step back).
    private func replay(_ step: Step, as mode: Mode) -> [TextStorage.InverseEdit] {
        self.mode = mode
        defer { self.mode = .recording }
        pending = []
        textStorage.beginEditing()
        for inverse in step.inverses.reversed() { textStorage.apply(inverse) }
        textStorage.endEditing()
        defer { pending = [] }
        return pending
    }

    /// A batch of edits ended: its inverses become a step, or join the typing or deleting step before them.
    public func textStorage(_ storage: TextStorage, didProcessEditing edit: TextStorage.Edit) {
        guard mode == .recording, !pending.isEmpty else { return }
        let inverses = pending
        pending = []
        redoSteps.removeAll()
        let typing = Self.typing(inverses, in: storage)
        let deleting = Self.deletion(inverses)
        if !groupIsClosed, var last = undoSteps.last {
            if let typing, let previous = last.typing, typing.start == previous.end, !(previous.endsWithSpace && !typing.isSpace) {
                last.inverses += inverses
                last.typing = (typing.end, typing.isSpace)
                undoSteps[undoSteps.count - 1] = last
                return
            }
            // Deleting mirrors typing: whitespace deleted after a word starts the step of the word before it.
            if let deleting, let previous = last.deleting, previous.deletedSpace || !deleting.isSpace,
                deleting.range.upperBound == previous.at || deleting.range.lowerBound == previous.at
            {
                last.inverses += inverses
                last.deleting = (deleting.range.lowerBound, deleting.isSpace)
                undoSteps[undoSteps.count - 1] = last
                return
            }
        }
        undoSteps.append(Step(inverses: inverses, typing: typing.map { ($0.end, $0.isSpace) },
                              deleting: deleting.map { ($0.range.lowerBound, $0.isSpace) }))
        groupIsClosed = typing == nil && deleting == nil
        trim()
    }

    /// A batch that typed one character (a grapheme's units, inserted without replacing anything): where, and
    /// whether it is whitespace.
    private static func typing(_ inverses: [TextStorage.InverseEdit], in storage: TextStorage) -> (start: Int, end: Int, isSpace: Bool)? {
        guard case .replace(let range, let old)? = inverses.first, old.length == 0, range.count >= 1, range.count <= 2,
            inverses.dropFirst().allSatisfy({ if case .attributes = $0 { true } else { false } })
        else { return nil }
        let units = storage.units(in: range)
        return (range.lowerBound, range.upperBound, units.allSatisfy(CharacterClasses.isWhitespace))
    }

    /// A batch that deleted one character (backspace or forward delete): the range it deleted, and whether that was
    /// whitespace.
    private static func deletion(_ inverses: [TextStorage.InverseEdit]) -> (range: Range<Int>, isSpace: Bool)? {
        guard case .replace(let range, let old)? = inverses.first, range.isEmpty, old.length >= 1, old.length <= 2,
            inverses.dropFirst().allSatisfy({ if case .attributes = $0 { true } else { false } })
        else { return nil }
        return (range.lowerBound..<(range.lowerBound + old.length), Array(old.string.utf16).allSatisfy(CharacterClasses.isWhitespace))
    }

    private func trim() {
        if levelsOfUndo > 0, undoSteps.count > levelsOfUndo { undoSteps.removeFirst(undoSteps.count - levelsOfUndo) }
    }
}
