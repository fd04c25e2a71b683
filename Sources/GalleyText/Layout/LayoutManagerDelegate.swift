import Foundation
import Galley

/// Hooks into a layout manager's work, as TextKit's layout manager delegate. Every method has a default that
/// changes nothing. When a hook's answers change, call `invalidateLayout()`.
///
/// TextKit: `NSLayoutManagerDelegate`.
public protocol LayoutManagerDelegate: AnyObject {
    /// Whether a line may end before the character at `index` (a storage offset): at a word break, or at a
    /// hyphenation point when `hyphenating`. Return false to keep text together (a link, a URL, a name).
    /// TextKit: `layoutManager(_:shouldBreakLineByWordBeforeCharacterAt:)`,
    /// `layoutManager(_:shouldBreakLineByHyphenatingBeforeCharacterAt:)`.
    func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineBefore index: Int, hyphenating: Bool) -> Bool

    /// The space above the paragraph starting at `index`, given the paragraph style's. Not used at the top of a
    /// container. TextKit: `layoutManager(_:paragraphSpacingBeforeGlyphAt:withProposedLineFragmentRect:)`.
    func layoutManager(_ layoutManager: LayoutManager, paragraphSpacingBeforeParagraphAt index: Int, proposed: CGFloat) -> CGFloat

    /// The space below the paragraph starting at `index`, given the paragraph style's.
    /// TextKit: `layoutManager(_:paragraphSpacingAfterGlyphAt:withProposedLineFragmentRect:)`.
    func layoutManager(_ layoutManager: LayoutManager, paragraphSpacingAfterParagraphAt index: Int, proposed: CGFloat) -> CGFloat

    /// Extra space below the line that ends at storage offset `index` (its last character's offset plus one), given
    /// none. Added to the line's own spacing; the next line moves down. TextKit:
    /// `layoutManager(_:lineSpacingAfterGlyphAt:withProposedLineFragmentRect:)`.
    func layoutManager(_ layoutManager: LayoutManager, lineSpacingAfterLineEndingAt index: Int) -> CGFloat

    /// What the control character at `index` does, given what it does by default: a paragraph separator (LF, CR
    /// or CR LF — asked once, at the CR —, NEL, U+2029) ends its paragraph, a tab goes to the next tab stop, a form
    /// feed (U+000C) ends its container, a line separator (U+2028) ends its line, other controls take no space.
    /// Any of them may be given any action: an LF that only ends its line keeps the text around it one paragraph
    /// (one style, one spacing), a control that breaks the paragraph starts a new one.
    ///
    /// Answers are applied when a paragraph is shaped; an edit asks again only about the paragraphs it touches. After
    /// answers change, call `invalidateGlyphs()`. The storage's own paragraphs (for `paragraphRange(containing:)`
    /// and uniform paragraph styles) stay those of the separators.
    /// TextKit: `layoutManager(_:shouldUse:forControlCharacterAt:)`.
    func layoutManager(_ layoutManager: LayoutManager, shouldUse action: ControlCharacterAction, forControlCharacterAt index: Int)
        -> ControlCharacterAction

    /// The last word on a line fragment before it is placed: `rect` is the fragment proposed (in the container's
    /// coordinates, y down; as tall as the line by the paragraph style), `baselineOffset` the baseline's distance below
    /// its top. Change the height or the baseline offset and return true to have them used — a fixed line height,
    /// a baseline moved down in a taller fragment; the fragment's position and width stay the container's, and a
    /// height that is not finite or negative is ignored. The lines below move by what the height changes.
    /// TextKit: `layoutManager(_:shouldSetLineFragmentRect:lineFragmentUsedRect:baselineOffset:in:forGlyphRange:)`.
    func layoutManager(_ layoutManager: LayoutManager, shouldSetLineFragmentRect rect: inout CGRect, baselineOffset: inout CGFloat,
                       forCharacterRange range: Range<Int>, inContainerAt index: Int) -> Bool

    /// The glyphs shaping gave a stretch of text in one font, before lines are broken: change glyph IDs (bullets for a
    /// password, a symbol for a tab) or set `.null` among a glyph's properties to hide it (markup an editor folds away)
    /// and return true; the changed glyphs take their advances from `font`, hidden ones none. `characterIndexes` are
    /// the storage offsets each glyph stands for; `properties` say which are controls, whitespace and marks. Arrays
    /// whose lengths change are ignored. The layout manager may ask again about glyphs it asked about before (after
    /// an edit nearby), with the glyphs as they were answered: answer by the characters. After answers change, call
    /// `invalidateGlyphs()`. TextKit:
    /// `layoutManager(_:shouldGenerateGlyphs:properties:characterIndexes:font:forGlyphRange:)`.
    func layoutManager(_ layoutManager: LayoutManager, shouldGenerateGlyphs glyphs: inout [Glyph], properties: inout [GlyphProperty],
                       characterIndexes: [Int], font: Font) -> Bool

    /// The box of a control character laid out as whitespace (`ControlCharacterAction.whitespace`): `proposed` is a
    /// space's (its width the advance, its height the font's ascent and descent from the baseline); the width
    /// returned becomes the character's advance. TextKit:
    /// `layoutManager(_:boundingBoxForControlGlyphAt:for:proposedLineFragment:glyphPosition:characterIndex:)`.
    func layoutManager(_ layoutManager: LayoutManager, boundingBoxForControlCharacterAt index: Int, proposed: CGRect) -> CGRect

    /// The drawing attributes of a link (the text's `.link` attribute, at storage offset `index`): colours,
    /// underline and strikethrough (`Line.renderingAttributeKeys`), laid over the text when it is drawn without
    /// changing its layout; nil draws the link with the text's own attributes (the default: Galley styles no links).
    /// TextKit 2: `textLayoutManager(_:renderingAttributesForLink:at:defaultAttributes:)`.
    func layoutManager(_ layoutManager: LayoutManager, renderingAttributesForLink link: Any, at index: Int) -> [NSAttributedString.Key: Any]?

    /// Layout was dropped (after an edit, `invalidateLayout()` or `invalidateGlyphs()`): views redraw.
    /// TextKit: `layoutManagerDidInvalidateLayout(_:)`.
    func layoutManagerDidInvalidateLayout(_ layoutManager: LayoutManager)

    /// Contiguous layout went on: it reached container `index` (nil when the text ran out of containers), and
    /// `atEnd` says the whole text is laid out. Non-contiguous layout (estimates, a viewport) does not report.
    /// TextKit: `layoutManager(_:didCompleteLayoutFor:atEnd:)`.
    func layoutManager(_ layoutManager: LayoutManager, didCompleteLayoutForContainerAt index: Int?, atEnd: Bool)
}

/// What a control character does in layout. TextKit: `NSLayoutManager.ControlCharacterAction`.
public enum ControlCharacterAction: Hashable, Sendable {
    /// Nothing: no width, no break.
    case zeroAdvancement
    /// As wide as a space.
    case whitespace
    /// To the next tab stop.
    case horizontalTab
    /// Ends the line (the paragraph goes on, as after U+2028).
    case lineBreak
    /// Ends the line and the container: the text after it starts at the top of the next container.
    case containerBreak
    /// Ends the paragraph: the text after it is a new paragraph (paragraph spacing, its own style).
    case paragraphBreak
}

extension LayoutManagerDelegate {
    /// The proposed box.
    public func layoutManager(_ layoutManager: LayoutManager, boundingBoxForControlCharacterAt index: Int, proposed: CGRect) -> CGRect {
        proposed
    }
    /// No styling of links.
    public func layoutManager(_ layoutManager: LayoutManager, renderingAttributesForLink link: Any, at index: Int) -> [NSAttributedString.Key: Any]? {
        nil
    }
    /// The glyphs as shaped.
    public func layoutManager(_ layoutManager: LayoutManager, shouldGenerateGlyphs glyphs: inout [Glyph], properties: inout [GlyphProperty],
                              characterIndexes: [Int], font: Font) -> Bool { false }
    /// The proposal as it is.
    public func layoutManager(_ layoutManager: LayoutManager, shouldSetLineFragmentRect rect: inout CGRect, baselineOffset: inout CGFloat,
                              forCharacterRange range: Range<Int>, inContainerAt index: Int) -> Bool { false }
    /// Nothing by default.
    public func layoutManagerDidInvalidateLayout(_ layoutManager: LayoutManager) {}
    /// Nothing by default.
    public func layoutManager(_ layoutManager: LayoutManager, didCompleteLayoutForContainerAt index: Int?, atEnd: Bool) {}
    /// Every break allowed.
    public func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineBefore index: Int, hyphenating: Bool) -> Bool { true }

    /// The style's spacing.
    public func layoutManager(_ layoutManager: LayoutManager, paragraphSpacingBeforeParagraphAt index: Int, proposed: CGFloat) -> CGFloat {
        proposed
    }

    /// The style's spacing.
    public func layoutManager(_ layoutManager: LayoutManager, paragraphSpacingAfterParagraphAt index: Int, proposed: CGFloat) -> CGFloat {
        proposed
    }

    /// No extra line spacing.
    public func layoutManager(_ layoutManager: LayoutManager, lineSpacingAfterLineEndingAt index: Int) -> CGFloat { 0 }

    /// The default action.
    public func layoutManager(_ layoutManager: LayoutManager, shouldUse action: ControlCharacterAction, forControlCharacterAt index: Int)
        -> ControlCharacterAction { action }
}
