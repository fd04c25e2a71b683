internal import CHarfBuzz
import Foundation

extension Font {
    /// Where a strikethrough goes: its centre's height above the baseline, in points (OS/2
    /// yStrikeoutPosition; 0.3 em when the font has none). Core Text has no accessor; AppKit draws it there.
    public var strikethroughPosition: CGFloat {
        metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? size * 0.3
    }

    /// Strikethrough thickness in points (OS/2 yStrikeoutSize; the underline thickness when missing).
    public var strikethroughThickness: CGFloat {
        metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE).flatMap { $0 > 0 ? $0 : nil } ?? underlineThickness
    }

    /// The OS/2 superscript offset (points above the baseline) and size as a fraction of this size.
    var superscriptMetrics: (offset: CGFloat, sizeRatio: CGFloat) {
        let offset = metric(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET) ?? size * 0.35
        let height = metric(HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_SIZE) ?? 0
        return (offset, height > 0 ? min(height / size, 1) : 0.65)
    }

    /// The OS/2 subscript offset (points below the baseline, positive) and size as a fraction of this size.
    var subscriptMetrics: (offset: CGFloat, sizeRatio: CGFloat) {
        let offset = metric(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET) ?? size * 0.15
        let height = metric(HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_SIZE) ?? 0
        return (offset, height > 0 ? min(height / size, 1) : 0.65)
    }

    private func metric(_ tag: hb_ot_metrics_tag_t) -> CGFloat? {
        var position: hb_position_t = 0
        guard hb_ot_metrics_get_position(harfBuzzFont.pointer, tag, &position) != 0 else { return nil }
        return CGFloat(position) * scale
    }
}
