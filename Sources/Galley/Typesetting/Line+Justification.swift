import Foundation

extension Line {
    /// A copy of the line stretched (or squeezed) to `width` by changing the width of its inter-word spaces.
    ///
    /// `factor` ≥ 1 justifies fully, between 0 and 1 closes that fraction of the gap, ≤ 0 returns the line as it
    /// is. A `width` below the line's natural width squeezes the spaces, down to nothing. Trailing whitespace
    /// hangs and is left alone. Returns nil when the line has no inter-word space to adjust (a single word, or
    /// text in scripts written without spaces), as Core Text returns NULL when it cannot justify.
    ///
    /// Core Text: `CTLineCreateJustifiedLine`.
    public func justified(factor: CGFloat, width: CGFloat) -> Line? {
        guard factor.isFinite, width.isFinite, factor > 0 else { return self }
        let trailing = trailingWhitespaceWidth
        let visible = storage.width - trailing
        let gap = (width - visible) * min(factor, 1)
        guard abs(gap) > 1e-9 else { return self }
        let units = storage.paragraph.text.units
        // The whitespace at the logical end hangs: its string indices are excluded.
        let trailingStart = storage.trailingWhitespaceStart
        let spaces = storage.stringIndices.indices.filter { index in
            let unit = units[storage.stringIndices[index]]
            return (unit == 0x20 || unit == 0xA0 || unit == 0x3000) && storage.stringIndices[index] < trailingStart
                && storage.advances[index] > 0
        }
        guard !spaces.isEmpty else { return nil }
        var advances = storage.advances
        let total = spaces.reduce(CGFloat(0)) { $0 + advances[$1] }
        // Squeezing takes from every space in proportion; stretching adds the same amount to each.
        let each = gap / CGFloat(spaces.count)
        for index in spaces {
            advances[index] = gap < 0 ? max(advances[index] + gap * advances[index] / total, 0) : advances[index] + each
        }
        return Line(storage: LineStorage(storage, advances: advances))
    }
}
