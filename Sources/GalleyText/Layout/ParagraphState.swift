import Foundation
import Galley

/// What the layout manager keeps for one paragraph besides its length and style: where it starts now (for the
/// delegate's break vetoes, which its typesetter asks long after it was made, while earlier paragraphs grow and
/// shrink), its framesetter once layout has needed it, and the line fragments of its latest layout once a query
/// has asked for them. One object per paragraph.
///
/// `@unchecked Sendable`: the typesetter calls its veto synchronously, during layout on the layout manager's own
/// thread, which is also the only one that changes the state.
final class ParagraphState: @unchecked Sendable {
    /// Where the paragraph starts, as of its latest layout.
    var start: Int
    weak var manager: LayoutManager?
    /// The paragraph's framesetter: nil until layout first needs it (opening a document shapes only what is shown).
    var framesetter: Framesetter?
    /// Offsets just after each container break (a form feed, or a control character the delegate made one),
    /// relative to the paragraph.
    var containerBreaks: [Int] = []
    /// A long paragraph laid out in pieces (`LayoutManager+Pieces.swift`): each piece's range in the paragraph and
    /// its framesetter, in order; nil for a paragraph with one framesetter (`framesetter`).
    var pieces: [ParagraphPiece]?
    /// An edit of a paragraph laid out in pieces, waiting for the paragraph's next layout (which takes it).
    var pendingPieceEdit: PieceEdit?
    /// The latest number given to a placement: each placement carries its own, and its cached fragments are good
    /// for that number only (moved copies of a placement keep it).
    private(set) var generation = 0
    /// The line fragments of placements by their number, relative to the placement's top and with its text at
    /// offset 0.
    private var fragments: [Int: [LineFragment]] = [:]
    /// Its slot in the layout manager's ring of paragraphs with fragments, while it has one.
    var fragmentSlot: Int?

    init(start: Int, manager: LayoutManager) {
        self.start = start
        self.manager = manager
    }

    /// The veto for a paragraph-relative break offset.
    func shouldBreak(before index: Int, hyphenating: Bool) -> Bool {
        guard let manager, let delegate = manager.delegate else { return true }
        return delegate.layoutManager(manager, shouldBreakLineBefore: start + index, hyphenating: hyphenating)
    }

    /// The delegate's glyph substitution for glyphs of paragraph-relative characters `indexes`; its changes are kept
    /// only when it says it made some.
    func generateGlyphs(_ glyphs: inout [Glyph], _ properties: inout [GlyphProperty], _ advances: inout [CGFloat], _ indexes: [Int],
                        _ font: Font) {
        guard let manager, let first = indexes.min(), let last = indexes.max() else { return }
        // The storage's units under the glyphs, read once: the typesetter sees a control laid out as whitespace as
        // the space standing in for it; the storage says what it is.
        let units = manager.textStorage.units(in: (start + first)..<min(start + last + 1, manager.textStorage.length))
        if manager.showsInvisibleCharacters || manager.showsControlCharacters {
            showInvisibles(&glyphs, indexes, units: units, from: first, font, manager: manager)
        }
        guard let delegate = manager.delegate else { return }
        // Control characters laid out as whitespace take the width the delegate gives their box.
        for position in glyphs.indices where (position == 0 || indexes[position - 1] != indexes[position])
            && units.indices.contains(indexes[position] - first) && CharacterClasses.isLayoutControl(units[indexes[position] - first])
            && manager.action(at: start + indexes[position]) == .whitespace {
            let proposed = CGRect(x: 0, y: -font.descent, width: advances[position], height: font.ascent + font.descent)
            let box = delegate.layoutManager(manager, boundingBoxForControlCharacterAt: start + indexes[position], proposed: proposed)
            if box.width.isFinite, box.width >= 0 { advances[position] = box.width }
        }
        var proposed = glyphs, proposedProperties = properties
        if delegate.layoutManager(manager, shouldGenerateGlyphs: &proposed, properties: &proposedProperties,
                                  characterIndexes: indexes.map { start + $0 }, font: font) {
            glyphs = proposed
            properties = proposedProperties
        }
    }

    /// Visible symbols for invisible characters (`showsInvisibleCharacters`, `showsControlCharacters`), where the font
    /// has them; each cluster's first glyph only.
    /// `units` are the storage's from paragraph offset `first`.
    private func showInvisibles(_ glyphs: inout [Glyph], _ indexes: [Int], units: [UInt16], from first: Int, _ font: Font,
                                manager: LayoutManager) {
        for position in glyphs.indices where position == 0 || indexes[position - 1] != indexes[position] {
            let offset = indexes[position] - first
            guard offset >= 0, offset < units.count else { continue }
            let unit = units[offset]
            var symbol: UInt32?
            if manager.showsInvisibleCharacters {
                switch unit {
                case 0x20, 0xA0: symbol = 0xB7  // ·
                case 0x09: symbol = 0x2192  // →
                case 0x0A, 0x0D, 0x85, 0x2029: symbol = 0xB6  // ¶
                case 0x2028: symbol = 0x21B5  // ↵
                default: break
                }
            }
            if symbol == nil, manager.showsControlCharacters, unit < 0x20 || unit == 0x7F, ![0x09, 0x0A, 0x0D].contains(unit) {
                symbol = unit == 0x7F ? 0x2421 : 0x2400 + UInt32(unit)  // Unicode's control pictures
            }
            if let symbol, let glyph = font.glyph(forCodePoint: symbol) { glyphs[position] = glyph }
        }
    }

    /// Starts a new layout of the paragraph: the fragments of earlier placements no longer hold.
    func startLayout() { fragments.removeAll() }

    /// Forgets the fragments of the placements numbered `generations` (placements a layout in pieces replaced).
    func forgetFragments(of generations: some Sequence<Int>) {
        for generation in generations { fragments[generation] = nil }
    }

    /// Numbers placements after those of `other` (the paragraph before an edit, whose placements a layout in
    /// pieces keeps; their fragments are made again when asked for).
    func numberPlacements(after other: ParagraphState) { numberPlacements(after: other.generation) }

    /// Numbers placements after the number `last` (placements kept from elsewhere, renumbered up to it).
    func numberPlacements(after last: Int) { generation = max(generation, last) }

    /// A number for a new placement.
    func nextGeneration() -> Int {
        generation += 1
        return generation
    }

    /// The cached fragments of the placement numbered `generation`, made by `make` when missing.
    func fragments(ofPlacement generation: Int, make: () -> [LineFragment]) -> (fragments: [LineFragment], isNew: Bool) {
        if let cached = fragments[generation] { return (cached, false) }
        let made = make()
        fragments[generation] = made
        return (made, true)
    }

    /// Drops the cached fragments (the state is no longer among the recently asked).
    func forgetFragments() { fragments.removeAll() }
}
