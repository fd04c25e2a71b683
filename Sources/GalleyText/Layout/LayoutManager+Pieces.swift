import Foundation
import Galley

/// A stretch of a long paragraph laid out by a framesetter of its own (see `LayoutManager+Pieces.swift`).
struct ParagraphPiece {
    /// The piece's text in its paragraph (UTF-16 offsets from the paragraph's start).
    var range: Range<Int>
    /// Typesets the piece's text and, past its end, at most the line after it (what was read to find the piece's
    /// end): string indices count from the piece's start.
    let framesetter: Framesetter
    /// How many units the framesetter's text holds (kept beside the range: an edit asks it of every piece before
    /// it, and reaching it through the framesetter cost two cache misses a piece).
    let textLength: Int
    /// Whether the framesetter's text past the piece's end is still the paragraph's (an edit there leaves the
    /// piece's lines as they are, but its glyphs can no longer be copied for an edit of the piece).
    var isCurrentPastEnd = true

    init(range: Range<Int>, framesetter: Framesetter) {
        self.range = range
        self.framesetter = framesetter
        textLength = framesetter.typesetter.length
    }

    /// Where the framesetter's text ends in the paragraph.
    var textEnd: Int { range.lowerBound + textLength }
}

/// How far non-contiguous layout needs a long paragraph in pieces laid out: to the first piece whose last line
/// reaches below a depth (a viewport's bottom), or whose text reaches past a paragraph offset (a character asked
/// about, with the line after it).
enum PieceLimit {
    case depth(CGFloat)
    case offset(Int)
}

extension LayoutManager.Placement {
    /// Whether this piece of a paragraph, or one before it, reaches `limit`.
    func reaches(_ limit: PieceLimit) -> Bool {
        switch limit {
        case .depth(let depth): top + frame.usedHeight > depth
        case .offset(let offset): self.offset + frame.visibleStringRange.upperBound > offset
        }
    }
}

extension LayoutManager.ParagraphLayout {
    /// Whether it reaches `limit`: complete, or laid out in part as far.
    func reaches(_ limit: PieceLimit) -> Bool { !isPartial || placements.last?.reaches(limit) ?? false }
}

/// An edit of a paragraph laid out in pieces, as the paragraph's next layout takes it: the pieces and layout before
/// it, and what it replaced (paragraph offsets before the edit) with how many units. An edit that split the
/// paragraph gives each side one: the first paragraph is the old one with its text from the edit on replaced, the
/// last the old one with its text up to the edit's end replaced. (A class: every paragraph's state has room for one,
/// and few ever hold one.)
final class PieceEdit {
    /// (Taken by the layout that takes the edit, which changes them in place: `takePieces()`.)
    private(set) var pieces: [ParagraphPiece]
    let layout: LayoutManager.ParagraphLayout
    let replaced: Range<Int>
    let insertedLength: Int

    init(pieces: [ParagraphPiece], layout: LayoutManager.ParagraphLayout, replaced: Range<Int>, insertedLength: Int) {
        self.pieces = pieces
        self.layout = layout
        self.replaced = replaced
        self.insertedLength = insertedLength
    }

    /// The pieces, left to the caller alone (the old paragraph that held them is gone by then), so that changing
    /// them copies nothing.
    func takePieces() -> [ParagraphPiece] {
        var taken: [ParagraphPiece] = []
        swap(&taken, &pieces)
        return taken
    }
}

// A long paragraph is laid out in pieces, each a frame of its own framesetter, so that an edit shapes and breaks
// the piece it falls in rather than the whole paragraph (issue 18: a keystroke in a 100,000-character paragraph).
// A piece starts at a line start the whole paragraph's layout has, where Galley says nothing that lays out the
// two sides reaches across (`Typesetter.isIndependentLineStart(at:)`: one left-to-right bidi level, an
// opportunity after a space, a character with a script of its own, a cut HarfBuzz marks safe, the same paragraph
// style and language): the lines of the pieces are then the lines of the whole paragraph, at the same places.
// Greedy word wrapping only (a line's break depends on its text and the next word; optimal breaking looks at the
// whole paragraph), in one growing rectangular container without a delegate (whose answers count paragraph
// offsets and containers); anything else lays the paragraph out whole, as does a paragraph with a right-to-left
// character or an embedding anywhere, or one with no such line start in a stretch (text without spaces).
extension LayoutManager {
    /// The length a piece aims at; paragraphs at least twice as long are laid out in pieces. (About half a
    /// keystroke's work is the piece's length, half fixed. 768 took the median keystroke in the long-paragraph
    /// megabyte from 533K instructions to 483K and its 90th percentile from 1,519K to 1,261K, but the layout from
    /// 23.3 to 25.5 MiB (a piece's typesetter and frame cost the same whatever its length, and its text reaches a
    /// line past its end), and at 8 MB, where a keystroke's time is cache misses more than instructions, its
    /// medians were no faster: 0.102–0.111 ms against 0.098–0.104.)
    static let pieceLength = 1024

    /// Whether `paragraph` is laid out in pieces in the containers as they are.
    private func laysOutInPieces(_ paragraph: Paragraph) -> Bool {
        guard paragraph.length >= 2 * Self.pieceLength, delegate == nil, !showsInvisibleCharacters, !showsControlCharacters,
            textContainers.count == 1, let container = textContainers.first, container.isSimpleRectangular,
            container.maximumNumberOfLines == 0, container.size.height == .infinity, container.lineWidth > 0, !textStorage.hasFormFeed
        else { return false }
        let style = paragraph.style
        return style.lineBreakStrategy == .greedy && style.lineBreakMode == .byWordWrapping && style.lineHeightPolicy == .fontMaximum
    }

    /// Paragraph `paragraph` (at storage offset `start`) laid out in pieces from flow position `position` — again
    /// after an edit when one is pending, from the piece before it — or nil when it is not laid out in pieces (the
    /// caller lays it out whole; its pieces are dropped).
    ///
    /// With `limit` (non-contiguous layout: a viewport's bottom, a character asked about), a new layout stops at the
    /// first piece that reaches it; the rest of the paragraph then has an estimated height (`ParagraphLayout.isPartial`), and
    /// `continuing`, that layout, is laid out on from its last piece. (The pieces are those a layout of the whole
    /// paragraph makes: each is cut where the text after it lays out as it would after the whole text before.)
    func layOutInPieces(_ paragraph: Paragraph, start: Int, from position: FlowPosition, continuing partial: ParagraphLayout? = nil,
                        upTo limit: PieceLimit? = nil) -> ParagraphLayout? {
        let state = paragraph.state
        let edit = state.pendingPieceEdit
        let kept = state.pieces
        state.pendingPieceEdit = nil
        state.pieces = nil
        guard laysOutInPieces(paragraph) else { return nil }
        if let edit, let layout = layOutPieces(paragraph, start: start, from: position, after: edit) { return layout }
        var pieces: [ParagraphPiece] = [], placements: [Placement] = [], from = 0, next = position
        if let partial, partial.start == position, let kept, kept.count == partial.placements.count, let last = kept.last,
            let lastPlacement = partial.placements.last
        {
            (pieces, placements, from) = (kept, partial.placements, last.range.upperBound)
            // After the last piece: on the line before the estimated rest's.
            next = self.position(after: lastPlacement.frame, top: lastPlacement.top, from: .start, closes: false, paragraph: paragraph, start: start)
            next.lines = partial.end.lines - 1
        } else {
            state.startLayout()
            guard !Typesetter.mayContainRightToLeft(textStorage.units(in: start..<(start + paragraph.length))[...]) else { return nil }
        }
        guard let (added, addedPlacements, end) = layOutPieces(paragraph, start: start, from: from, position: next, upTo: limit)
        else { return nil }
        pieces += added
        placements += addedPlacements
        state.framesetter = nil
        state.pieces = pieces
        let covered = pieces.last?.range.upperBound ?? 0
        measure(characters: covered - from, height: (placements.last.map { $0.top + $0.frame.usedHeight } ?? next.depth) - next.depth)
        guard covered < paragraph.length else {
            return checked(ParagraphLayout(start: position, placements: placements, end: end, isComplete: true), paragraph)
        }
        // The rest estimated, as a paragraph not laid out is (below the last piece's gap, on a line of its own).
        let rest = estimatedEnd(from: end, characters: paragraph.length - covered, paragraphs: 0)
        return checked(ParagraphLayout(start: position, placements: placements, end: rest, isComplete: true, isPartial: true), paragraph)
    }

    /// A layout in pieces, compared with the whole paragraph's in builds with internal checks.
    private func checked(_ layout: ParagraphLayout, _ paragraph: Paragraph) -> ParagraphLayout {
        #if GALLEY_INTERNAL_CHECKS
        checkPieces(layout, paragraph: paragraph)
        #endif
        return layout
    }

    /// Lays out the paragraph's text from paragraph offset `from` (a piece's start) to its end in new pieces, from
    /// flow position `position`: a stretch of about `pieceLength` at a time, typeset to a word's end and laid out,
    /// ends a piece at the start of its last line but one that is an independent line start (the lines before it
    /// are then the whole paragraph's: each ends where the next, complete before the stretch's end, says). Nil when a
    /// stretch has none, or is not at one left-to-right level. With `limit`, stops after the first piece that
    /// reaches it.
    private func layOutPieces(_ paragraph: Paragraph, start: Int, from: Int, position: FlowPosition, upTo limit: PieceLimit? = nil)
        -> (pieces: [ParagraphPiece], placements: [Placement], end: FlowPosition)?
    {
        var pieces: [ParagraphPiece] = [], placements: [Placement] = []
        var position = position
        var offset = from
        let length = paragraph.length
        while offset < length {
            if let limit, let last = placements.last, last.reaches(limit) { break }
            let end = stretchEnd(paragraph, start: start, from: offset)
            let framesetter = pieceFramesetter(start + offset..<start + end, startsInside: offset > 0, endsInside: end < length)
            guard framesetter.typesetter.isOneLeftToRightLevel else { return nil }
            let typesetter = framesetter.typesetter
            let (whole, top) = pieceFrame(framesetter, length: end - offset, at: position, opens: offset == 0, paragraph: paragraph, start: start)
            var frame = whole
            var pieceEnd = end
            if end < length {
                guard let (prefix, cut) = Self.cutAtLastIndependentLineStart(whole, typesetter: typesetter) else { return nil }
                frame = prefix
                pieceEnd = offset + cut
            }
            pieces.append(ParagraphPiece(range: offset..<pieceEnd, framesetter: framesetter))
            placements.append(Placement(container: 0, top: top, frame: frame, generation: paragraph.state.nextGeneration(), offset: offset))
            position = self.position(after: frame, top: top, from: position, closes: pieceEnd == length, paragraph: paragraph, start: start)
            offset = pieceEnd
        }
        return (pieces, placements, position)
    }

    /// Gives the paragraphs `replacements`, which replace paragraphs `old` that an edit of storage range `edit`
    /// touched (`regionStart`: where the first of them starts), the piece edits their next layouts take, where the
    /// old paragraphs were laid out in pieces (complete, not estimated) with the same paragraph style; returns
    /// whether it gave any. An edit inside one paragraph is an edit of it; otherwise the first new paragraph is the
    /// first old one with its text from the edit on replaced, and the last new one the last old one with its text up
    /// to the edit's end replaced — a paragraph split keeps its pieces on both sides. A paragraph joined from two
    /// laid out in pieces, one after the other, is an edit of both, their pieces one after the other.
    func pendPieceEdits(replacing old: ClosedRange<Int>, with replacements: [Paragraph], edit: Range<Int>, regionStart: Int) -> Bool {
        guard let firstNew = replacements.first, let lastNew = replacements.last, old.lowerBound < layouts.count else { return false }
        /// An old paragraph laid out in pieces: it, its pieces and its layout.
        func laidOutInPieces(_ index: Int) -> (paragraph: Paragraph, pieces: [ParagraphPiece], layout: ParagraphLayout)? {
            guard index < layouts.count, case let paragraph = self.paragraph(index), let pieces = paragraph.state.pieces,
                case let layout = layouts[index], !layout.isEstimated, !layout.isPartial
            else { return nil }
            return (paragraph, pieces, layout)
        }
        let head = laidOutInPieces(old.lowerBound), tail = old.count == 1 ? head : laidOutInPieces(old.upperBound)
        // The edit in the first old paragraph's offsets and in the last one's.
        let lower = edit.lowerBound - regionStart, upper = edit.upperBound - (old.count == 1 ? regionStart : paragraphStart(old.upperBound))
        var pended = false
        /// Gives `replacement` the edit of the old text `previous` (`length` units) that replaced `range` of it.
        func pend(_ replacement: Paragraph, _ previous: (paragraph: Paragraph, pieces: [ParagraphPiece], layout: ParagraphLayout),
                  length: Int? = nil, replacing range: Range<Int>) {
            guard replacement.style == previous.paragraph.style else { return }
            replacement.state.numberPlacements(after: previous.paragraph.state)
            replacement.state.pendingPieceEdit = PieceEdit(pieces: previous.pieces, layout: previous.layout, replaced: range,
                                                           insertedLength: replacement.length - ((length ?? previous.paragraph.length) - range.count))
            pended = true
        }
        if old.count == 1, replacements.count == 1, let head {
            pend(firstNew, head, replacing: lower..<upper)
            return pended
        }
        if old.count == 2, replacements.count == 1, let head, let tail, head.layout.end == tail.layout.start, head.paragraph.style == tail.paragraph.style {
            // Joined: the two paragraphs' pieces one after the other, the second's placements numbered after the first's.
            let shift = head.paragraph.length
            var generation = head.paragraph.state.generation
            let pieces = head.pieces + tail.pieces.map { piece in
                var piece = piece
                piece.range = (piece.range.lowerBound + shift)..<(piece.range.upperBound + shift)
                return piece
            }
            let placements = head.layout.placements + tail.layout.placements.map { placement in
                var placement = placement
                placement.offset += shift
                generation += 1
                placement.generation = generation
                return placement
            }
            let layout = ParagraphLayout(start: head.layout.start, placements: placements, end: tail.layout.end, isComplete: true)
            pend(firstNew, (head.paragraph, pieces, layout), length: shift + tail.paragraph.length, replacing: lower..<(shift + upper))
            if pended {
                firstNew.state.numberPlacements(after: generation)
                return true
            }
        }
        if let head { pend(firstNew, head, replacing: lower..<head.paragraph.length) }
        if let tail, replacements.count > 1 || lastNew.state.pendingPieceEdit == nil { pend(lastNew, tail, replacing: 0..<upper) }
        return pended
    }

    /// A stretch's frame cut before its last independent line start that is followed by a line ending at a break
    /// opportunity before the stretch's last line (the lines before it then end where the whole paragraph's do:
    /// each as the next says, complete before the stretch's end), with that start; nil when there is none.
    private static func cutAtLastIndependentLineStart(_ frame: Frame, typesetter: Typesetter) -> (frame: Frame, cut: Int)? {
        let lines = frame.lines
        guard lines.count >= 3,
            let cut = (1...(lines.count - 2)).reversed().first(where: {
                typesetter.isIndependentLineStart(at: lines[$0].stringRange.lowerBound)
                    && typesetter.isBreakOpportunity(at: lines[$0].stringRange.upperBound)
            }),
            let prefix = frame.prefix(lines: cut)
        else { return nil }
        return (prefix, lines[cut].stringRange.lowerBound)
    }

    /// Where the stretch typeset from paragraph offset `from` ends: the paragraph's end when less than twice
    /// `pieceLength` is left, else the first word's end (a space before a character that is none) from `pieceLength`
    /// on, or the paragraph's end when there is none near.
    private func stretchEnd(_ paragraph: Paragraph, start: Int, from: Int) -> Int {
        let length = paragraph.length
        guard length - from >= 2 * Self.pieceLength else { return length }
        let look = from + Self.pieceLength
        let units = textStorage.units(in: (start + look - 1)..<(start + min(look + 512, length)))
        for index in 1..<max(units.count, 1) where units[index - 1] == 0x20 && units[index] != 0x20 {
            return look - 1 + index
        }
        return length
    }

    /// A framesetter for storage range `range`, a piece of a paragraph.
    private func pieceFramesetter(_ range: Range<Int>, startsInside: Bool, endsInside: Bool, reusing previous: Typesetter? = nil,
                                  replacing edit: (range: Range<Int>, length: Int)? = nil) -> Framesetter {
        statistics.paragraphsShaped += 1
        var options = typesetterOptions
        options.startsInsideParagraph = startsInside
        options.endsInsideParagraph = endsInside
        let typesetter = Typesetter(units: textStorage.units(in: range), runs: textStorage.attributeRuns(in: range), options: options,
                                    defaultFont: defaultFont, reusing: previous, replacing: edit, attributeBoxes: attributeBoxes)
        return Framesetter(typesetter: typesetter)
    }

    /// The frame of a piece's first `length` units at flow position `position` in the (one) container, and its box's
    /// top: below the previous text's gap, and the paragraph's spacing before it when the piece opens the paragraph.
    /// `knownBreaks` and `earlierLines`: from the piece's layout before an edit, as for a whole paragraph.
    private func pieceFrame(_ framesetter: Framesetter, length: Int, at position: FlowPosition, opens: Bool, paragraph: Paragraph,
                            start: Int, knownBreaks: [KnownLineBreak] = [], earlierLines: EarlierLines? = nil) -> (frame: Frame, top: CGFloat) {
        let container = textContainers[0]
        var depth = position.depth
        if position.lines > 0 { depth += position.gap + (opens ? spacing(before: true, style: paragraph.style, start: start) : 0) }
        let height = container.layoutHeight
        var attributes = FrameAttributes()
        attributes.usesFontLeading = usesFontLeading
        attributes.lastLineTruncation = container.lastLineTruncation
        attributes.pathFillRule = container.fillRule
        let framePath = framePath(of: container)
        attributes.startingDepth = depth - (height - framePath.boundingBox.maxY)
        attributes.recordsLineDepths = true
        let frame = framesetter.frame(stringRange: 0..<length, path: framePath, attributes: attributes, spacingAfterLine: nil,
                                      knownBreaks: knownBreaks, earlierLines: earlierLines, adjustingLineFragment: nil)
        return (frame, height - frame.bounds.maxY)
    }

    /// The flow position after a piece's frame: the paragraph's spacing after it when the piece closes the paragraph.
    private func position(after frame: Frame, top: CGFloat, from position: FlowPosition, closes: Bool, paragraph: Paragraph,
                          start: Int) -> FlowPosition {
        FlowPosition(container: 0, depth: top + frame.usedHeight, lines: position.lines + frame.lines.count,
                     gap: frame.gapAfterLastLine + (closes ? spacing(before: false, style: paragraph.style, start: start) : 0))
    }

    /// The paragraph laid out again after `edit` from the piece whose lines it can change: that piece (or the one
    /// before, when the edit is in the piece's first line, whose break the line before depends on) is typeset again —
    /// from its old glyphs, HarfBuzz only around the edit, when the edit lies in one piece's text — and laid out to
    /// its old end. The pieces after it go on as they were, moved, when the new lines meet the old ones after the
    /// edit (a line starts where one started, moved by the edit's change of length, and every line after it is the
    /// old one, moved): the stretch then ends as it did. Until they meet, the stretch is cut at its last independent
    /// line start, as a new layout cuts it, and the next stretch runs from there to the next old piece's end: work
    /// in proportion to how far the edit moves the lines. The paragraph starts at flow position `flowStart`: where
    /// the old one did when pieces before the edit are kept, anywhere when none are (the second paragraph of a
    /// split). Nil when a stretch is not at one left-to-right level or has no independent line start, or the start
    /// moved under kept pieces (the paragraph is then laid out again whole).
    private func layOutPieces(_ paragraph: Paragraph, start: Int, from flowStart: FlowPosition, after edit: PieceEdit) -> ParagraphLayout? {
        var old = edit.takePieces()
        let placements = edit.layout.placements
        guard old.count == placements.count, !old.isEmpty, edit.replaced.upperBound <= old[old.count - 1].range.upperBound else { return nil }
        let delta = edit.insertedLength - edit.replaced.count
        let length = paragraph.length
        let editEnd = edit.replaced.lowerBound + edit.insertedLength
        var first = max(old.lastIndex { $0.range.lowerBound <= edit.replaced.lowerBound } ?? 0, 0)
        // A piece's start stays a line start while its first line's decision stands: the line before it ends there
        // because the first word after it did not fit, measured up to the first opportunity after it.
        while first > 0 {
            let typesetter = old[first].framesetter.typesetter
            let lines = placements[first].frame.lines
            let decided = lines.first { typesetter.isBreakOpportunity(at: $0.stringRange.upperBound) }?.stringRange.upperBound ?? typesetter.length
            guard edit.replaced.lowerBound <= old[first].range.lowerBound + decided + 1 else { break }
            first -= 1
        }
        var last = max(old.lastIndex { $0.range.lowerBound <= max(edit.replaced.upperBound - 1, edit.replaced.lowerBound) } ?? first, first)
        // The flow position before piece `first`: the pieces before it are kept where they were, so the paragraph
        // must start where it did (the second paragraph of a split starts elsewhere, and keeps none).
        guard first == 0 || flowStart == edit.layout.start else { return nil }
        // The flow position before piece `first`: after the last piece before it (kept where it was), the lines of
        // the others counted from the placements' kept line counts — an edit visits no other frame.
        let keptLines = placements[..<first].reduce(0) { $0 + $1.lineCount }
        var position = flowStart
        if first > 0 {
            let before = placements[first - 1]
            var from = flowStart
            from.lines += keptLines - before.lineCount
            position = self.position(after: before.frame, top: before.top, from: from, closes: false, paragraph: paragraph, start: start)
        }
        let state = paragraph.state
        // A piece before the edit whose text reaches into it (a line or two past its end) can no longer be copied.
        for index in 0..<first where old[index].textEnd > edit.replaced.lowerBound { old[index].isCurrentPastEnd = false }
        var pieceStart = old[first].range.lowerBound
        // The first old piece the stretch may meet again.
        var meetFrom = first
        // The new pieces and their placements, which replace old pieces `first` through `last`.
        var added: [ParagraphPiece] = [], addedPlacements: [Placement] = []
        /// The layout that replaces old pieces `first` through `last` with the new ones (the lines of those before
        /// kept), the ones after them moved by the edit's change of length and `shift` points, in place.
        func finished(end: FlowPosition, last: Int, shift: CGFloat = 0) -> ParagraphLayout {
            statistics.linesKept += keptLines
            state.forgetFragments(of: placements[first...last].map(\.generation))
            var laidOut = placements
            Self.splice(&old, &laidOut, first...last, with: added, addedPlacements, delta: delta, shift: shift)
            state.framesetter = nil
            state.pieces = old
            return measuring(checked(ParagraphLayout(start: flowStart, placements: laidOut, end: end, isComplete: true), paragraph), of: paragraph)
        }
        while true {
            let closes = last == old.count - 1
            let pieceEnd = closes ? length : old[last].range.upperBound + delta
            // The rest of the paragraph, longer than any piece and with no old piece after it (a long paste at the
            // end, the text after a join whose pieces could not be taken): in new pieces, as a first layout makes them.
            if closes, pieceEnd - pieceStart >= 4 * Self.pieceLength {
                guard let (fresh, freshPlacements, end) = layOutPieces(paragraph, start: start, from: pieceStart, position: position) else { return nil }
                added += fresh
                addedPlacements += freshPlacements
                return finished(end: end, last: last)
            }
            // From old glyphs where it can: the old piece's when the edit lies in its text (its options are the same
            // then); for a stretch that goes on after the edit, the next old piece's, the lines before it (text the
            // edit did not change) put in at its start. The old text past a piece's end must still be the paragraph's.
            // Afresh otherwise, the stretch's own text.
            // (Either way the old piece is `last`, whose text past its end the stretch then takes too.)
            var reuse: (edit: (range: Range<Int>, length: Int), isEdited: Bool)? = nil
            if pieceStart == old[first].range.lowerBound, first == last, edit.replaced.upperBound <= old[first].textEnd, old[first].isCurrentPastEnd {
                reuse = (((edit.replaced.lowerBound - pieceStart)..<(edit.replaced.upperBound - pieceStart), edit.insertedLength), true)
            } else if pieceStart > editEnd, old[last].isCurrentPastEnd, pieceStart <= old[last].range.lowerBound + delta {
                reuse = ((0..<0, old[last].range.lowerBound + delta - pieceStart), false)
            }
            let textEnd = reuse == nil ? pieceEnd : closes ? length : old[last].textEnd + delta
            let framesetter = pieceFramesetter((start + pieceStart)..<(start + textEnd), startsInside: pieceStart > 0, endsInside: textEnd < length,
                                               reusing: reuse == nil ? nil : old[last].framesetter.typesetter, replacing: reuse?.edit)
            guard framesetter.typesetter.isOneLeftToRightLevel else { return nil }
            // Shaped from the edited piece, its lines before the edit break as they did; shaped from any old piece, its
            // lines the edit left alone are shown again (`EarlierLines`), as for a whole paragraph.
            let known = reuse?.isEdited == true
                ? Self.knownBreaks(in: placements[first...first], of: old[first].framesetter.typesetter, keptBy: framesetter.typesetter,
                                   before: edit.replaced.lowerBound - pieceStart) : []
            let (frame, top) = pieceFrame(framesetter, length: pieceEnd - pieceStart, at: position, opens: pieceStart == 0, paragraph: paragraph,
                                          start: start, knownBreaks: known,
                                          earlierLines: reuse == nil ? nil : EarlierLines(frames: [placements[last].frame]))
            // Lines before the edit kept: every line of the pieces before it, and those of this piece that ended where
            // a known line ended.
            if !known.isEmpty {
                let starts = Set(known.map(\.range.lowerBound))
                statistics.linesKept += frame.lines.prefix(known.count).filter { starts.contains($0.stringRange.lowerBound) }.count
            }
            if closes || meets(frame, pieceStart: pieceStart, old: old[meetFrom...last], placements: placements[meetFrom...last], after: editEnd,
                               delta: delta)
            {
                added.append(ParagraphPiece(range: pieceStart..<pieceEnd, framesetter: framesetter))
                addedPlacements.append(Placement(container: 0, top: top, frame: frame, generation: state.nextGeneration(), offset: pieceStart))
                let end = self.position(after: frame, top: top, from: position, closes: closes, paragraph: paragraph, start: start)
                var layoutEnd = end
                var shift: CGFloat = 0
                if !closes {
                    // The pieces after it move as their lines do.
                    shift = end.depth - (placements[last].top + placements[last].frame.usedHeight)
                    let lineShift = addedPlacements.reduce(0) { $0 + $1.lineCount } - placements[first...last].reduce(0) { $0 + $1.lineCount }
                    layoutEnd = edit.layout.end
                    layoutEnd.depth += shift
                    layoutEnd.lines += lineShift + flowStart.lines - edit.layout.start.lines
                }
                return finished(end: layoutEnd, last: last, shift: shift)
            }
            // Not met: the stretch keeps its lines up to its last independent line start, and the next one runs from
            // there to the end of the next old piece.
            guard let (prefix, cut) = Self.cutAtLastIndependentLineStart(frame, typesetter: framesetter.typesetter) else { return nil }
            added.append(ParagraphPiece(range: pieceStart..<(pieceStart + cut), framesetter: framesetter))
            addedPlacements.append(Placement(container: 0, top: top, frame: prefix, generation: state.nextGeneration(), offset: pieceStart))
            position = self.position(after: prefix, top: top, from: position, closes: false, paragraph: paragraph, start: start)
            pieceStart += cut
            meetFrom = old.lastIndex { $0.range.lowerBound + delta <= pieceStart } ?? last
            last += 1
        }
    }

    /// Replaces pieces `range` and their placements with `newPieces` and `newPlacements`, and moves the ones after them
    /// by `delta` units and `shift` points, in place: the old ones are not copied when the arrays are the caller's
    /// alone, and the moved ones' frames are not visited.
    private static func splice(_ pieces: inout [ParagraphPiece], _ placements: inout [Placement], _ range: ClosedRange<Int>,
                               with newPieces: [ParagraphPiece], _ newPlacements: [Placement], delta: Int, shift: CGFloat) {
        pieces.replaceSubrange(range, with: newPieces)
        placements.replaceSubrange(range, with: newPlacements)
        for index in (range.lowerBound + newPieces.count)..<pieces.count {
            pieces[index].range = (pieces[index].range.lowerBound + delta)..<(pieces[index].range.upperBound + delta)
            placements[index].top += shift
            placements[index].offset += delta
        }
    }

    /// Whether the lines of `frame` (a piece from paragraph offset `pieceStart`) meet the old pieces' lines after
    /// paragraph offset `after` (the edit's end): a line starts where an old one started, moved by `delta`, and every
    /// line from it on is the old one, moved.
    private func meets(_ frame: Frame, pieceStart: Int, old: ArraySlice<ParagraphPiece>, placements: ArraySlice<Placement>, after: Int,
                       delta: Int) -> Bool {
        var oldRanges: [Range<Int>] = []
        for (piece, placement) in zip(old, placements) {
            oldRanges.append(contentsOf: placement.frame.lines.map { ($0.stringRange.lowerBound + piece.range.lowerBound)..<($0.stringRange.upperBound + piece.range.lowerBound) })
        }
        let lines = frame.lines
        guard let first = lines.firstIndex(where: { pieceStart + $0.stringRange.lowerBound > after }) else { return false }
        for index in first..<lines.count {
            let lower = pieceStart + lines[index].stringRange.lowerBound - delta
            let found = oldRanges.partitioningIndex { $0.lowerBound >= lower }
            guard found < oldRanges.count, oldRanges[found].lowerBound == lower else { continue }
            // From here on, the old lines, moved.
            let rest = lines.count - index
            guard oldRanges.count - found == rest else { return false }
            return (0..<rest).allSatisfy { step in
                let range = lines[index + step].stringRange
                return oldRanges[found + step] == (pieceStart + range.lowerBound - delta)..<(pieceStart + range.upperBound - delta)
            }
        }
        return false
    }

    #if GALLEY_INTERNAL_CHECKS
    /// In builds with internal checks, the pieces' lines must be the whole paragraph's (its first ones, for a layout
    /// in part): the same ranges at the same depths, from one framesetter of the paragraph laid out from the same
    /// flow position.
    private func checkPieces(_ layout: ParagraphLayout, paragraph: Paragraph) {
        let start = paragraph.state.start
        let range = start..<(start + paragraph.length)
        let whole = Framesetter(typesetter: Typesetter(units: textStorage.units(in: range), runs: textStorage.attributeRuns(in: range),
                                                       options: typesetterOptions, defaultFont: defaultFont))
        let (frame, top) = pieceFrame(whole, length: paragraph.length, at: layout.start, opens: true, paragraph: paragraph, start: start)
        var lines: [(range: Range<Int>, baseline: CGFloat)] = []
        for placement in layout.placements {
            for (index, line) in placement.frame.lines.enumerated() {
                let range = line.stringRange
                lines.append(((range.lowerBound + placement.offset)..<(range.upperBound + placement.offset),
                              placement.top + placement.boxHeight - placement.frame.lineOrigins[index].y))
            }
        }
        // (Laid out in part: its first lines.)
        precondition(layout.isPartial ? lines.count < frame.lines.count : lines.count == frame.lines.count,
                     "pieces give \(lines.count) lines, the whole paragraph \(frame.lines.count)")
        // The placements' kept line counts, and the flow's line count after a complete layout.
        precondition(layout.placements.allSatisfy { $0.lineCount == $0.frame.lines.count }, "a placement's line count is not its frame's")
        precondition(layout.isPartial || layout.end.lines == layout.start.lines + frame.lines.count,
                     "the flow after the pieces counts \(layout.end.lines - layout.start.lines) lines, the whole paragraph \(frame.lines.count)")
        for (index, line) in frame.lines.prefix(lines.count).enumerated() {
            let baseline = top + frame.bounds.height - frame.lineOrigins[index].y
            precondition(lines[index].range == line.stringRange && abs(lines[index].baseline - baseline) < 1e-5,
                         "piece line \(lines[index]) is \(line.stringRange) at \(baseline) in the whole paragraph")
        }
    }
    #endif
}
