import Foundation

extension Line {
    /// A copy of the line whose attachments that ask to fit their line fragment (`TextAttachment.fitsLineFragment`)
    /// are scaled down, all by one factor and keeping their proportions, so that the line's visible width (trailing
    /// whitespace hangs) is no more than `width`; where the rest of the line alone is wider than that, each is
    /// scaled to be no wider than `width` itself. The line itself when nothing needs to shrink. Heights follow the
    /// scaled bounds, so the line's box shrinks with its images.
    func fittingAttachments(toWidth width: CGFloat) -> Line {
        guard width.isFinite, width > 0 else { return self }
        var fitting: [(range: Range<Int>, glyphs: Range<Int>, attachment: TextAttachment)] = []
        for run in storage.runs {
            guard let delegate = run.runDelegate, let attachment = delegate as? TextAttachment, attachment.fitsLineFragment,
                attachment.width > 0 else { continue }
            fitting.append((run.stringRange, run.glyphRange, attachment))
        }
        // (Most lines have no attachment: their trailing whitespace is not measured.)
        guard !fitting.isEmpty else { return self }
        let visible = storage.width - trailingWhitespaceWidth
        guard visible > width + LayoutTolerance.negligibleGap else { return self }
        // Measured by their advances, which kerning and tracking may have changed from the images' widths.
        var advances = storage.collect { $0.advance($1) }
        let fittingAdvance = fitting.reduce(CGFloat(0)) { sum, run in run.glyphs.reduce(sum) { $0 + advances[$1] } }
        let widest = fitting.map { run in run.glyphs.map { advances[$0] }.max() ?? 0 }.max() ?? 0
        guard fittingAdvance > 0, widest > 0 else { return self }
        let room = width - (visible - fittingAdvance)
        let factor = room > 0 ? room / fittingAdvance : width / widest
        guard factor < 1 else { return self }
        for run in fitting { for glyph in run.glyphs { advances[glyph] *= factor } }
        // One scaled attachment for each attachment, however often the line shows it.
        var scaled: [ObjectIdentifier: TextAttachment] = [:]
        for run in fitting where scaled[ObjectIdentifier(run.attachment)] == nil {
            scaled[ObjectIdentifier(run.attachment)] = run.attachment.scaled(by: factor)
        }
        let spans = fitting.map { run in
            let replacement = scaled[ObjectIdentifier(run.attachment)]!
            return (range: run.range, apply: { (attributes: inout StringAttributes) in attributes.runDelegate = replacement })
        }
        return Line(storage: LineStorage(LineStorage(storage, advances: advances), overlaying: spans))
    }
}
