import Foundation
import Galley

/// Temporary attributes: drawing attributes kept beside the text, not in the storage — spelling underlines, find
/// highlights, the current line's background — that change no layout and are not saved with the text. An edit
/// removes them from the text it replaces; text typed in has none. Drawing takes them through
/// `lineForDrawing(_:)`, which lays the colours and decorations among them (`Line.renderingAttributeKeys`) over a
/// fragment's line.
extension LayoutManager {
    /// Sets the temporary attributes of a range (replacing what it had). TextKit:
    /// `setTemporaryAttributes(_:forCharacterRange:)`.
    public func setTemporaryAttributes(_ attributes: [NSAttributedString.Key: Any], forCharacterRange range: Range<Int>) {
        store { $0.set(attributes, range: range) }
    }

    /// Adds temporary attributes to a range, keeping the others it has. TextKit:
    /// `addTemporaryAttributes(_:forCharacterRange:)`.
    public func addTemporaryAttributes(_ attributes: [NSAttributedString.Key: Any], forCharacterRange range: Range<Int>) {
        store { $0.modify(range) { $0.merge(attributes) { $1 } } }
    }

    /// Adds one temporary attribute to a range. TextKit: `addTemporaryAttribute(_:value:forCharacterRange:)`.
    public func addTemporaryAttribute(_ key: NSAttributedString.Key, value: Any, forCharacterRange range: Range<Int>) {
        addTemporaryAttributes([key: value], forCharacterRange: range)
    }

    /// Removes one temporary attribute from a range. TextKit: `removeTemporaryAttribute(_:forCharacterRange:)`.
    public func removeTemporaryAttribute(_ key: NSAttributedString.Key, forCharacterRange range: Range<Int>) {
        guard temporaryAttributeStore != nil else { return }
        store { $0.modify(range) { $0[key] = nil } }
    }

    /// The temporary attributes at a character and the range around it that has the same ones (empty attributes
    /// where none are set). TextKit: `temporaryAttributes(atCharacterIndex:effectiveRange:)`.
    public func temporaryAttributes(atCharacterIndex index: Int) -> (attributes: [NSAttributedString.Key: Any], effectiveRange: Range<Int>) {
        guard let store = temporaryAttributeStore else { return ([:], 0..<textStorage.length) }
        let found = store.attributes(at: index)
        return (found.attributes, found.range)
    }

    /// The stretches of a range that have temporary attributes, in order, with their attributes (stretches without
    /// any left out). Galley only (TextKit asks character by character).
    public func temporaryAttributeRuns(in range: Range<Int>) -> [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] {
        temporaryAttributeStore?.runs(in: range) ?? []
    }

    /// A fragment's line with the temporary attributes over its text laid on for drawing (the line itself when it
    /// has none): colours, underlines and strikethroughs, cut between glyphs where a stretch starts or ends.
    /// TextKit draws them in `drawGlyphs(forGlyphRange:at:)`; TextKit 2's rendering attributes.
    public func lineForDrawing(_ fragment: LineFragment) -> Line {
        var runs = temporaryAttributeRuns(in: fragment.characterRange)
        // Links the delegate styles for drawing go first: temporary attributes over them win.
        if let delegate {
            var links: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] = []
            for (range, attributes) in textStorage.attributeRuns(in: fragment.characterRange) {
                guard let link = attributes[.link],
                    let styled = delegate.layoutManager(self, renderingAttributesForLink: link, at: range.lowerBound), !styled.isEmpty
                else { continue }
                links.append((range, styled))
            }
            runs = links + runs
        }
        guard !runs.isEmpty else { return fragment.line }
        let start = fragment.paragraphStart
        return fragment.line.applyingRenderingAttributes(runs.map { ((($0.range.lowerBound - start)..<($0.range.upperBound - start)), $0.attributes) })
    }

    /// Changes the store, made for the storage's length first if there is none (or it is out of step).
    private func store(_ change: (inout TemporaryAttributes) -> Void) {
        if temporaryAttributeStore?.length != textStorage.length { temporaryAttributeStore = TemporaryAttributes(length: textStorage.length) }
        change(&temporaryAttributeStore!)
    }
}
