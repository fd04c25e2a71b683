internal import CUnicode
import Foundation

/// A unit of text to move or select by. UIKit: `UITextGranularity`.
public enum TextGranularity: Hashable, Sendable, CaseIterable {
    /// A grapheme cluster (what a user sees as one character).
    case character
    /// A word: letters, numbers, kana or ideographs (ICU's word boundaries with dictionaries for Thai, Chinese,
    /// Japanese); spaces and punctuation between words belong to no word.
    case word
    /// A sentence (ICU's sentence boundaries).
    case sentence
    /// A paragraph, without its separator.
    case paragraph
    /// A laid-out line, without a paragraph separator at its end (this one needs the layout).
    case line
    /// The whole text.
    case document
}

/// Which way along the text: forward is toward the end of the storage. UIKit: `UITextStorageDirection`.
public enum TextStorageDirection: Hashable, Sendable {
    /// Toward the end of the text.
    case forward
    /// Toward its start.
    case backward
}

/// Text units and their boundaries at positions of a laid-out text: characters, words and sentences from ICU
/// (per paragraph, locale-tailored by the text's language), paragraphs from the storage, lines from the layout.
///
/// Positions are UTF-16 offsets. Forward boundaries are unit ends, backward boundaries unit starts, so moving
/// forward by words goes to the end of the next word and backward to the start of the previous one, as on every
/// platform's editors.
///
/// UIKit: `UITextInputTokenizer` (`UITextInputStringTokenizer`).
public struct TextTokenizer {
    /// The layout the tokenizer asks for lines and paragraphs.
    public let layoutManager: LayoutManager

    /// A tokenizer over a layout manager's text.
    public init(layoutManager: LayoutManager) {
        self.layoutManager = layoutManager
    }

    /// The units of a granularity near `position`: those of its paragraph (and, at the paragraph's edges, of the
    /// neighbouring paragraph in `direction`).
    func units(_ granularity: TextGranularity, near position: Int) -> [Range<Int>] {
        let storage = layoutManager.textStorage
        let length = storage.length
        let position = min(max(position, 0), length)
        switch granularity {
        case .document:
            return [0..<length]
        case .paragraph:
            let index = layoutManager.paragraphIndex(containing: position)
            return (max(index - 1, 0)...min(index + 1, layoutManager.numberOfParagraphs - 1)).map(layoutManager.paragraphContentRange(at:))
        case .line:
            let index = layoutManager.paragraphIndex(containing: position)
            var result: [Range<Int>] = []
            for paragraph in max(index - 1, 0)...min(index + 1, layoutManager.numberOfParagraphs - 1) {
                let content = layoutManager.paragraphContentRange(at: paragraph)
                for fragment in layoutManager.lineFragments(ofParagraph: paragraph) {
                    let range = fragment.characterRange
                    result.append(range.lowerBound..<max(min(range.upperBound, content.upperBound), range.lowerBound))
                }
            }
            return result
        case .character, .word, .sentence:
            let index = layoutManager.paragraphIndex(containing: position)
            var result: [Range<Int>] = []
            for paragraph in max(index - 1, 0)...min(index + 1, layoutManager.numberOfParagraphs - 1) {
                result += segments(granularity, inParagraph: paragraph)
            }
            return result
        }
    }

    /// Graphemes, words or sentences of one paragraph (separator excluded), by ICU.
    private func segments(_ granularity: TextGranularity, inParagraph index: Int) -> [Range<Int>] {
        let content = layoutManager.paragraphContentRange(at: index)
        let units = layoutManager.textStorage.units(in: content)
        guard !units.isEmpty else { return [] }
        var boundaries: [Int]
        var wordLike = [UInt8](repeating: 0, count: units.count + 1)
        if granularity == .character {
            boundaries = graphemeBoundaries(units)
        } else {
            let language = layoutManager.textStorage.attributes(at: content.lowerBound).attributes[.language] as? String ?? ""
            var found = [Int32](repeating: 0, count: units.count + 1)
            let count = units.withUnsafeBufferPointer { text in
                galley_text_boundaries(granularity == .word ? 0 : 1, text.baseAddress, Int32(units.count), language, &found,
                                       &wordLike, Int32(found.count))
            }
            boundaries = found.prefix(max(Int(count), 0)).map(Int.init)
        }
        let count = boundaries.count
        guard count > 1 else { return [content] }
        var result: [Range<Int>] = []
        for index in 1..<count where granularity != .word || wordLike[index] != 0 {
            let start = content.lowerBound + boundaries[index - 1]
            let end = content.lowerBound + boundaries[index]
            // A sentence keeps its trailing spaces in ICU; a unit for selection does not need to drop them.
            if end > start { result.append(start..<end) }
        }
        return result
    }

    /// The unit holding `position`; at a boundary, the unit after it (forward) or before it (backward). Nil where
    /// no unit is (between words). UIKit: `rangeEnclosingPosition(_:with:inDirection:)`.
    ///
    /// - Parameters:
    ///   - position: a UTF-16 offset.
    ///   - granularity: the unit: character, word, sentence, paragraph, line or document.
    ///   - direction: which unit to take at a boundary: forward the one after, backward the one before.
    public func rangeEnclosingPosition(_ position: Int, with granularity: TextGranularity, inDirection direction: TextStorageDirection)
        -> Range<Int>?
    {
        let units = units(granularity, near: position)
        switch direction {
        case .forward:
            return units.first { $0.contains(position) } ?? units.first { $0.isEmpty && $0.lowerBound == position }
        case .backward:
            return units.first { $0.lowerBound < position && position <= $0.upperBound }
                ?? units.first { $0.contains(position) } ?? units.first { $0.isEmpty && $0.lowerBound == position }
        }
    }

    /// Whether `position` ends a unit (forward) or starts one (backward). UIKit:
    /// `isPosition(_:atBoundary:inDirection:)`.
    ///
    /// - Parameters:
    ///   - position: a UTF-16 offset.
    ///   - granularity: the unit.
    ///   - direction: forward asks whether a unit ends there, backward whether one starts there.
    public func isPosition(_ position: Int, atBoundary granularity: TextGranularity, inDirection direction: TextStorageDirection) -> Bool {
        let units = units(granularity, near: position)
        return direction == .forward ? units.contains { $0.upperBound == position } : units.contains { $0.lowerBound == position }
    }

    /// Whether `position` is inside a unit or at its start (forward), or inside one or at its end (backward).
    ///
    /// - Parameters:
    ///   - position: a UTF-16 offset.
    ///   - granularity: the unit.
    ///   - direction: forward counts a unit's start as within it, backward its end.
    ///
    /// UIKit: `isPosition(_:withinTextUnit:inDirection:)`.
    public func isPosition(_ position: Int, withinTextUnit granularity: TextGranularity, inDirection direction: TextStorageDirection) -> Bool {
        let units = units(granularity, near: position)
        return direction == .forward ? units.contains { $0.contains(position) }
            : units.contains { $0.lowerBound < position && position <= $0.upperBound }
    }

    /// The next unit end after `position` (forward) or the previous unit start before it (backward); nil at the
    /// text's ends. UIKit: `position(from:toBoundary:inDirection:)`.
    ///
    /// - Parameters:
    ///   - position: a UTF-16 offset.
    ///   - granularity: the unit.
    ///   - direction: forward to the next unit end, backward to the previous unit start.
    /// - Returns: the boundary's offset, or nil at the text's ends.
    public func position(from position: Int, toBoundary granularity: TextGranularity, inDirection direction: TextStorageDirection) -> Int? {
        let length = layoutManager.textStorage.length
        var probe = min(max(position, 0), length)
        // Skip whole paragraphs without units (empty lines between words, say) until one is found.
        for _ in 0..<max(layoutManager.numberOfParagraphs, 1) {
            let units = units(granularity, near: probe)
            switch direction {
            case .forward:
                if let end = units.map(\.upperBound).filter({ $0 > position }).min() { return end }
                let next = layoutManager.paragraphRange(at: min(layoutManager.paragraphIndex(containing: probe) + 2, layoutManager.numberOfParagraphs - 1))
                guard next.upperBound > probe, probe < length else { return position < length ? length : nil }
                probe = next.lowerBound
            case .backward:
                if let start = units.map(\.lowerBound).filter({ $0 < position }).max() { return start }
                let previous = layoutManager.paragraphRange(at: max(layoutManager.paragraphIndex(containing: probe) - 2, 0))
                guard previous.lowerBound < probe, probe > 0 else { return position > 0 ? 0 : nil }
                probe = previous.lowerBound
            }
        }
        return nil
    }
}
