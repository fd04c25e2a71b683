import Foundation

// What GalleyText (the editing layer) needs from inside Galley and nobody else should: `package` access keeps it out
// of the public interface. (The paragraph rule the two layers share is `package`: `ParagraphBoundaries`,
// `CharacterClasses.endsParagraph`.)

extension Typesetter {
    /// A typesetter over UTF-16 text and attribute runs (ranges within the text, as in an attributed string), for
    /// the editing layer, whose storage is not an `NSAttributedString`. `controlCharacterRoles` says what the
    /// controls at some offsets do in layout, where the caller decides rather than Unicode (`ControlCharacterRole`).
    ///
    /// `reusing` and `replacing`: the same paragraph's typesetter before an edit that replaced `replacing.range` (of
    /// its text) with `replacing.length` units; the glyphs away from the edit are copied rather than shaped again
    /// (`ShapingReuse`), with the same result. `attributeBoxes`: the text's boxes of attributes, shared with the other
    /// paragraphs that have the same.
    package convenience init(units: [UInt16], runs: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])],
                             options: TypesetterOptions = TypesetterOptions(), defaultFont: Font? = nil,
                             controlCharacterRoles: [Int: ControlCharacterRole] = [:],
                             shouldBreak: (@Sendable (_ index: Int, _ isHyphenation: Bool) -> Bool)? = nil,
                             reusing previous: Typesetter? = nil, replacing edit: (range: Range<Int>, length: Int)? = nil,
                             attributeBoxes: AttributeBoxes? = nil) {
        let units = ControlCharacterRole.applying(controlCharacterRoles, to: units)
        let text = AttributedText(units: units, runs: runs.map { ($0.range, StringAttributes($0.attributes)) },
                                  defaultFont: defaultFont ?? Font.defaultFont, boxes: attributeBoxes)
        var reuse: ShapingReuse? = nil
        if let previous, let edit, previous.paragraphs.count == 1, previous.options == options,
            edit.range.lowerBound >= 0, edit.range.upperBound <= previous.length, edit.length >= 0,
            previous.length - edit.range.count + edit.length == units.count
        {
            let paragraph = previous.paragraphs[0]
            reuse = ShapingReuse(paragraph: paragraph.shaped, replaced: edit.range, insertedLength: edit.length,
                                 breaks: previous.length == 0 ? nil : (paragraph.breaks, paragraph.shaped.text.attributes(at: 0).language,
                                                                       paragraph.style.lineBreakStrictness),
                                 widths: paragraph.opportunityWidths)
        }
        self.init(text: text, options: options, breakVeto: shouldBreak, reusing: reuse)
    }
}

extension Typesetter {
    /// How far greedy breaking of this text and of `other` (one paragraph each, as the editing layer's) agrees, looked
    /// for no further than `limit`: the last break opportunity up to which both have the same opportunities, mandatory
    /// or not, and the same widths and hanging whitespace up to each (0 when none, or when either paragraph has tabs). A line of one whose next
    /// line ends by then breaks alike in the other, whatever differs after: an edit further on can still change
    /// the shaping or the dictionary segmentation (Thai, Khmer) before it, which this catches.
    package func breakingAgreement(with other: Typesetter, upTo limit: Int) -> Int {
        guard paragraphs.count == 1, other.paragraphs.count == 1, let widths = paragraphs[0].opportunityWidths,
            let otherWidths = other.paragraphs[0].opportunityWidths
        else { return 0 }
        let breaks = paragraphs[0].breaks, otherBreaks = other.paragraphs[0].breaks
        /// The agreement, compared from opportunity `first` on (all before it agree), `agreed` the last agreeing.
        func compared(from first: Int, agreed: Int) -> Int {
            var agreed = agreed
            for index in first..<min(breaks.positions.count, otherBreaks.positions.count) {
                guard breaks.positions[index] <= limit, breaks.positions[index] == otherBreaks.positions[index],
                    breaks.isMandatory[index] == otherBreaks.isMandatory[index], widths.agrees(with: otherWidths, at: index)
                else { break }
                agreed = breaks.positions[index]
            }
            return agreed
        }
        // A paragraph made from this one by an edit shares its first opportunities, widths and all (see
        // `Typesetter.Paragraph.sharedOpportunities`): compared from after them.
        guard let shared = other.paragraphs[0].sharedOpportunities, shared.count > 0, shared.with == ObjectIdentifier(paragraphs[0].shaped)
        else { return compared(from: 0, agreed: 0) }
        let first = breaks.positions.prefix(shared.count).partitioningIndex { $0 > limit }
        let agreed = first == 0 ? 0 : first < shared.count ? breaks.positions[first - 1] : compared(from: first, agreed: breaks.positions[first - 1])
        _internalInvariant(agreed == compared(from: 0, agreed: 0), "shared opportunities do not agree")
        return agreed
    }

    /// Whether a line may end at `index` other than by cutting a word: a line-break opportunity (UAX #14), or the
    /// end of a paragraph. A line's break depends on its text up to the first such place after its end.
    package func isBreakOpportunity(at index: Int) -> Bool {
        guard index > 0, index <= length else { return false }
        let paragraph = paragraphs[paragraphIndex(at: index - 1)]
        if index == paragraph.range.upperBound { return true }
        let relative = index - paragraph.range.lowerBound
        let found = paragraph.breaks.positions.partitioningIndex { $0 >= relative }
        return found < paragraph.breaks.positions.count && paragraph.breaks.positions[found] == relative
    }
}

extension Typesetter {
    /// Whether every character here is at bidi level 0. A paragraph laid out in pieces is at level 0 throughout
    /// exactly when each of its pieces, typeset alone, is: a right-to-left character or an embedding lifts some
    /// level of the piece that holds it whatever the piece's base direction, and without them every piece and the
    /// paragraph resolve to a left-to-right base.
    package var isOneLeftToRightLevel: Bool { paragraphs.allSatisfy { $0.shaped.levels.uniform == 0 } }

    /// Whether `units` may hold a right-to-left character or a bidi control (false: a paragraph of them, not
    /// right to left by its style or attributes, is at level 0 throughout). A scan four units at a time.
    package static func mayContainRightToLeft(_ units: ArraySlice<UInt16>) -> Bool { BidiLevels.mayContainRightToLeft(units) }

    /// Whether a line starting at `index` starts a piece its paragraph can be laid out in on its own: typeset alone
    /// from there as a continuation (`TypesetterOptions.startsInsideParagraph`), the rest of the paragraph breaks
    /// into the same lines, and the text before it, typeset alone as continued (`endsInsideParagraph`), into the
    /// same lines as here. The editing layer lays long paragraphs out in such pieces, so that an edit reshapes and
    /// breaks a piece, not the paragraph. True only where nothing either side is analysed with reaches across:
    /// - bidi: the whole paragraph at one left-to-right level (a right-to-left character anywhere can move the
    ///   levels on both sides of any cut: UAX #9's weak and neutral rules look back to the paragraph's start);
    /// - line breaking: a UAX #14 opportunity after a space (the rules that look back across an opportunity do so
    ///   through spaces only, LB14–LB17, and those forbid the opportunity itself);
    /// - scripts: the character there has a script of its own (Common and Inherited characters take theirs from
    ///   the text before them);
    /// - shaping: HarfBuzz does not mark the glyph there unsafe to break, in a left-to-right item shown as shaped;
    /// - what a paragraph takes from its first character (its paragraph style, the language of its breaks) is the
    ///   same there.
    /// Greedy breaking only: a line's break then depends on its own text and the word after it.
    package func isIndependentLineStart(at index: Int) -> Bool {
        guard isOneLeftToRightLevel else { return false }
        guard index > 0, index < length else { return false }
        let paragraph = paragraphs[paragraphIndex(at: index)]
        let shaped = paragraph.shaped
        let units = text.units
        guard index > paragraph.range.lowerBound, index < paragraph.range.upperBound, units[index - 1] == 0x20,
            isBreakOpportunity(at: index)
        else { return false }
        let (_, width) = UnicodeScalarReader.codePoint(in: units, at: index)
        guard ScriptRuns.ownScript(units, start: index, end: min(index + width, units.count)) != ScriptRuns.common else { return false }
        let found = shaped.items.partitioningIndex { $0.item.range.upperBound > index }
        guard found < shaped.items.count else { return false }
        let item = shaped.items[found]
        guard item.insertion == nil, item.clustersAreMonotonic, item.item.level == 0 else { return false }
        let glyph = shaped.glyphs.firstGlyph(atOrAfter: index, in: item.glyphRange)
        guard glyph < item.glyphRange.upperBound, shaped.glyphs.stringIndex(glyph) == index, !shaped.glyphs.isUnsafeToBreak(glyph)
        else { return false }
        let here = text.sharedRunAttributes[text.runIndex(at: index)]
        let first = text.sharedRunAttributes[text.runIndex(at: paragraph.range.lowerBound)]
        return here === first || here.paragraphStyle == first.paragraphStyle && here.value.language == first.value.language
    }
}

/// A line an earlier layout made: its string range, whether it ended hyphenated, and the width of the fragment it
/// was broken for (the same start breaks the same way only in a fragment as wide).
package struct KnownLineBreak: Sendable {
    package var range: Range<Int>
    package var hyphenated: Bool
    package var width: CGFloat

    package init(range: Range<Int>, hyphenated: Bool, width: CGFloat) {
        self.range = range
        self.hyphenated = hyphenated
        self.width = width
    }
}

extension Framesetter {
    /// `frame(stringRange:path:attributes:)` with extra space below lines: `spacingAfterLine` gets each line's string
    /// range and returns the points to add below it (TextKit's line spacing hook); `adjustingLineFragment` may change
    /// each line fragment's height and baseline (TextKit's `shouldSetLineFragmentRect`).
    ///
    /// `knownBreaks`: lines a greedy word-wrapping paragraph is known to break into, from an earlier layout of text
    /// they do not depend on: a line starting where one of them starts, in a fragment as wide, takes its end without
    /// breaking again (the editing layer re-breaks from the first changed line).
    ///
    /// `earlierLines`: the paragraph's lines before an edit, for a typesetter shaped from that paragraph's
    /// (`Typesetter(units:…reusing:replacing:)`): a line whose glyphs the edit left alone, broken as before, is shown
    /// again instead of built (`FrameFiller.earlierLine`).
    package func frame(stringRange: Range<Int>, path: Path, attributes: FrameAttributes,
                                        spacingAfterLine: ((Range<Int>) -> CGFloat)?,
                                        knownBreaks: [KnownLineBreak] = [], earlierLines: EarlierLines? = nil,
                                        adjustingLineFragment: ((Range<Int>, inout CGRect, inout CGFloat) -> Void)? = nil) -> Frame {
        var filler = FrameFiller(typesetter: typesetter, path: path, attributes: attributes)
        filler.extraSpacingAfterLine = spacingAfterLine
        filler.lineFragmentAdjustment = adjustingLineFragment
        filler.earlierLines = earlierLines
        filler.knownBreaks = Dictionary(knownBreaks.map { ($0.range.lowerBound, $0) }) { first, _ in first }
        return filler.fill(resolved(stringRange))
    }
}

/// Which characters a text's fonts cannot draw, and the fonts Galley draws them with: what TextKit's storage marks
/// when it fixes font attributes.
package enum FontSubstitution {
    /// Ranges of `units` (relative to it) whose requested font lacks their characters, each with the font the
    /// itemizer chooses instead (fallback, emoji fonts, neutrals kept with their neighbours). Runs with a
    /// superscript are left out (their fonts are scaled, not substituted).
    package static func substitutions(units: [UInt16], runs: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])],
                                     defaultFont: Font? = nil) -> [(range: Range<Int>, font: Font)] {
        let text = AttributedText(units: units, runs: runs.map { ($0.range, StringAttributes($0.attributes)) },
                                  defaultFont: defaultFont ?? Font.defaultFont)
        var result: [(range: Range<Int>, font: Font)] = []
        for paragraph in ParagraphBoundaries.ranges(units) where !paragraph.isEmpty {
            let base = text.attributes(at: paragraph.lowerBound).paragraphStyle?.baseWritingDirection ?? .natural
            let levels = BidiLevels.resolve(text, range: paragraph, base: base)
            let graphemes = GraphemeBoundaries.compute(units[paragraph])
            for item in Itemizer.items(text, levels: levels, graphemes: graphemes) {
                let attributes = text.runAttributes[item.attributeRun]
                guard let requested = attributes.font, attributes.superscript == 0, item.font.face !== requested.face else { continue }
                if let last = result.last, last.range.upperBound == item.range.lowerBound, last.font === item.font {
                    result[result.count - 1].range = last.range.lowerBound..<item.range.upperBound
                } else {
                    result.append((item.range, item.font))
                }
            }
        }
        return result
    }
}

extension Line {
    /// Whether the line has an inserted hyphen (`Run.isInsertedHyphen`) and a truncation token
    /// (`Run.isTruncationToken`), told in one pass over its runs without making them.
    package var insertions: (hyphen: Bool, truncationToken: Bool) { storage.insertionKinds }
}
