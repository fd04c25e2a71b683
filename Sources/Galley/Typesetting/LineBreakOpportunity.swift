import Foundation

/// A place where a line may end, as line breaking sees it: a Unicode line-break opportunity (UAX #14, from ICU) or a
/// hyphenation point of the paragraph style's language, with what kind of break it is.
///
/// These are the candidates both greedy and optimal breaking choose from; an editor can use them to move by line-break
/// units, and a comparison with another typesetter can give it the same candidates. Core Text has no equivalent (it
/// answers only `CTTypesetterSuggestLineBreak`); Pango: `pango_get_log_attrs` (`is_line_break`,
/// `is_mandatory_break`), without hyphenation points.
public struct LineBreakOpportunity: Hashable, Sendable {
    /// What a line ending here ends with.
    public enum Kind: String, Hashable, Sendable {
        /// A hard break: a paragraph or line separator, or the end of the text.
        case mandatory
        /// After whitespace (the whitespace hangs past the line's end).
        case space
        /// A hyphenation point inside a word: the line shows an inserted hyphen.
        case hyphenationPoint
        /// After a soft hyphen (U+00AD), which shows as a hyphen at a line's end.
        case softHyphen
        /// After a hyphen written in the text (hyphen-minus or U+2010), which stays.
        case explicitHyphen
        /// Between two characters with nothing shown or hanging (after a dash, between ideographs).
        case betweenCharacters
    }

    /// The UTF-16 offset a line ending here ends at (the next line starts there).
    public var position: Int
    /// The kind of break.
    public var kind: Kind

    /// An opportunity at `position` of `kind`.
    public init(position: Int, kind: Kind) {
        self.position = position
        self.kind = kind
    }
}

extension Typesetter {
    /// The line-break opportunities in a range, ascending: every place a line may end, hyphenation points included
    /// when the paragraph style hyphenates (`ParagraphStyle.hyphenationFactor` above 0). A paragraph's end is a
    /// mandatory opportunity. No Core Text equivalent (see `LineBreakOpportunity`).
    ///
    /// - Parameter range: UTF-16 offsets; clamped to the text.
    public func lineBreakOpportunities(in range: Range<Int>? = nil) -> [LineBreakOpportunity] {
        let range = range.map { max($0.lowerBound, 0)..<min(max($0.upperBound, 0), length) } ?? 0..<length
        guard !range.isEmpty else { return [] }
        let units = text.units
        var result: [LineBreakOpportunity] = []
        var paragraphIndex = paragraphIndex(at: range.lowerBound)
        while paragraphIndex < paragraphs.count, paragraphs[paragraphIndex].range.lowerBound < range.upperBound {
            let paragraph = paragraphs[paragraphIndex]
            let start = max(paragraph.range.lowerBound, range.lowerBound)
            let breaker = OptimalLineBreaker(typesetter: self, paragraph: paragraph, start: start, width: { _ in 0 }, looseness: 0)
            for candidate in breaker.candidates(measuring: false) where candidate.position <= range.upperBound {
                let kind: LineBreakOpportunity.Kind
                let before = units[candidate.position - 1]
                if candidate.isForced {
                    kind = .mandatory
                } else if candidate.isHyphen {
                    kind = before == 0xAD ? .softHyphen : .hyphenationPoint
                } else if candidate.visibleEnd < candidate.position {
                    kind = .space
                } else if Self.isExplicitHyphen(before) {
                    kind = .explicitHyphen
                } else {
                    kind = .betweenCharacters
                }
                result.append(LineBreakOpportunity(position: candidate.position, kind: kind))
            }
            paragraphIndex += 1
        }
        return result
    }
}
