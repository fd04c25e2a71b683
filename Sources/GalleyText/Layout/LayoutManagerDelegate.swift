import Foundation

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

    /// Whether the form feed (U+000C) at `index` ends its container, so that the text after it starts at the top of
    /// the next one (by default it does); declined, it only ends its line. TextKit: `layoutManager(_:shouldUse:
    /// forControlCharacterAt:)` answering `.containerBreak`.
    func layoutManager(_ layoutManager: LayoutManager, shouldBreakContainerAt index: Int) -> Bool
}

extension LayoutManagerDelegate {
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

    /// Form feeds break containers.
    public func layoutManager(_ layoutManager: LayoutManager, shouldBreakContainerAt index: Int) -> Bool { true }
}

/// Where a paragraph starts now, and the manager whose delegate vetoes its breaks: what a paragraph's typesetter
/// asks, long after it was made, while earlier paragraphs grow and shrink.
///
/// `@unchecked Sendable`: the typesetter calls its veto synchronously, during layout on the layout manager's own
/// thread, which is also the only one that changes `start`.
final class ParagraphOrigin: @unchecked Sendable {
    var start: Int
    weak var manager: LayoutManager?

    init(start: Int, manager: LayoutManager) {
        self.start = start
        self.manager = manager
    }

    /// The veto for a paragraph-relative break offset.
    func shouldBreak(before index: Int, hyphenating: Bool) -> Bool {
        guard let manager, let delegate = manager.delegate else { return true }
        return delegate.layoutManager(manager, shouldBreakLineBefore: start + index, hyphenating: hyphenating)
    }
}
