import Foundation

extension Typesetter {
    /// How far a line of `paragraph` hangs into the margins by its style's character protrusion: at its start, its
    /// first character (at `start`); at its end, its inserted hyphen when `hyphenated`, else its last visible
    /// character (before `visibleEnd`). The factors times those characters' advances; (0, 0) without protrusion.
    /// The breaker, the frame filler and the statistics all measure protrusion here.
    func protrusion(of paragraph: Paragraph, start: Int, visibleEnd: Int, hyphenated: Bool) -> (start: CGFloat, end: CGFloat) {
        guard let table = paragraph.style.characterProtrusion, visibleEnd > start else { return (0, 0) }
        var advances = paragraph.unitAdvances.reader
        return (startProtrusion(of: paragraph, at: start, table: table, advances: &advances),
                endProtrusion(of: paragraph, visibleEnd: visibleEnd, hyphenated: hyphenated, table: table, hyphenWidth: nil,
                              advances: &advances))
    }

    /// How far a line starting at `index` hangs its first character into the margin. `advances` reads the
    /// paragraph's advances (a reader kept across places in order finds each quickly).
    func startProtrusion(of paragraph: Paragraph, at index: Int, table: CharacterProtrusion,
                         advances: inout UnitAdvances.Reader) -> CGFloat {
        guard paragraph.range.contains(index) else { return 0 }
        let factor = table.start(UnicodeScalarReader.codePoint(in: text.units, at: index).0)
        guard factor > 0 else { return 0 }
        return factor * max(advances.advance(at: index), 0)
    }

    /// How far a line whose visible text ends at `visibleEnd` hangs its last character, or its hyphen, into the margin
    /// (`hyphenWidth`: the hyphen's width when the caller knows it, else asked of the font).
    func endProtrusion(of paragraph: Paragraph, visibleEnd: Int, hyphenated: Bool, table: CharacterProtrusion,
                       hyphenWidth knownHyphenWidth: CGFloat?, advances: inout UnitAdvances.Reader) -> CGFloat {
        guard visibleEnd > paragraph.range.lowerBound, visibleEnd <= paragraph.range.upperBound else { return 0 }
        if hyphenated {
            let factor = table.end(0x2010)
            return factor > 0 ? factor * (knownHyphenWidth ?? hyphenWidth(at: visibleEnd - 1)) : 0
        }
        let units = text.units
        let last = UnicodeScalarReader.characterStart(at: visibleEnd - 1, in: units, notBefore: paragraph.range.lowerBound)
        let factor = table.end(UnicodeScalarReader.codePoint(in: units, at: last).0)
        guard factor > 0 else { return 0 }
        return factor * max(advances.advance(at: last), 0)
    }
}

extension Typesetter {
    /// How much of a line's first character hangs into the margin because it is a fullwidth opening bracket starting
    /// a line other than its paragraph's first (`ParagraphStyle.trimsPunctuationAtLineStarts`): its blank half, half
    /// its advance; 0 when the style does not ask, in right-to-left paragraphs, after a forced line break (as CSS's
    /// `space-first` keeps those), and when the bracket is already set half-width after the punctuation that ends the
    /// line before (`trimsAdjacentPunctuation`). Frames give the line that much more room and set it that much further
    /// into the margin; breaking and size suggestions count it.
    func lineStartTrim(of paragraph: Paragraph, at start: Int) -> CGFloat {
        let style = paragraph.style
        guard style.trimsPunctuationAtLineStarts, start > paragraph.range.lowerBound, start < paragraph.range.upperBound,
            !paragraph.isRightToLeft, !endsWithForcedBreak(start)
        else { return 0 }
        let units = text.units
        guard PunctuationTrimming.role(units[start]) == .opening else { return 0 }
        if style.trimsAdjacentPunctuation, PunctuationTrimming.role(units[start - 1]) != nil { return 0 }
        var advances = paragraph.unitAdvances.reader
        return max(advances.advance(at: start), 0) / 2
    }
}

extension Typesetter {
    /// How far a line whose visible text ends at `visibleEnd` may pass its end when it would not fit otherwise: its
    /// last character's blank half when that is a fullwidth closing bracket (`lineEndTrim`), or what the style's
    /// character protrusion hangs it (burasage's stops wholly), the more of the two. Greedy breaking lets a line
    /// that overflows at its first break opportunity past the width end there when this takes it back within; 0 for
    /// styles with neither.
    func lineEndHang(of paragraph: Paragraph, visibleEnd: Int) -> CGFloat {
        let style = paragraph.style
        guard style.trimsPunctuationAtLineEnds || style.characterProtrusion != nil,
            visibleEnd > paragraph.range.lowerBound, visibleEnd <= paragraph.range.upperBound
        else { return 0 }
        var protrusion: CGFloat = 0
        if let table = style.characterProtrusion {
            var advances = paragraph.unitAdvances.reader
            protrusion = endProtrusion(of: paragraph, visibleEnd: visibleEnd, hyphenated: false, table: table, hyphenWidth: nil,
                                       advances: &advances)
        }
        return max(protrusion, lineEndTrim(of: paragraph, visibleEnd: visibleEnd))
    }

    /// How much of a line's last visible character (before `visibleEnd`) gives its blank half to the margin because it
    /// is a fullwidth closing bracket or quote ending a line that would not fit otherwise
    /// (`ParagraphStyle.trimsPunctuationAtLineEnds`): half its advance; 0 when the style does not ask, in right-to-left
    /// paragraphs, for stops and commas, and when the bracket is already set half-width before other punctuation
    /// (`trimsAdjacentPunctuation`). Frames set a line that needs it that much past the end margin.
    func lineEndTrim(of paragraph: Paragraph, visibleEnd: Int) -> CGFloat {
        let style = paragraph.style
        guard style.trimsPunctuationAtLineEnds, !paragraph.isRightToLeft, visibleEnd > paragraph.range.lowerBound,
            visibleEnd <= paragraph.range.upperBound
        else { return 0 }
        let units = text.units
        let last = visibleEnd - 1
        guard PunctuationTrimming.role(units[last]) == .closing, !PunctuationTrimming.isStop(units[last]) else { return 0 }
        if style.trimsAdjacentPunctuation, PunctuationTrimming.isTrimmed(units, at: last) { return 0 }
        var advances = paragraph.unitAdvances.reader
        return max(advances.advance(at: last), 0) / 2
    }
}
