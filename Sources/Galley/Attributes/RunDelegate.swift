import Foundation

/// Space reserved in a line for an inline object (an image, a view, a formula): the characters it is attached
/// to (normally one U+FFFC) form their own run whose width, ascent and descent are the delegate's, and draw
/// nothing. Lines grow to hold the object's ascent and descent.
///
/// Core Text: `CTRunDelegate` (the callbacks become stored values; `userInfo` stands for the refCon). Not final:
/// `TextAttachment` is a delegate that also draws. An `NSObject` so that Foundation's attribute dictionaries on Linux
/// compare delegates through `isEqual` (FoundationAttributeValue.swift); equal only to itself.
public class RunDelegate: NSObject, @unchecked Sendable {
    // Must stay the first stored property: CoreFoundation reads it (FoundationAttributeValue.swift).
    private let typeTag = CoreFoundationTypeTag.value
    /// Height above the baseline, in points (negative values count as 0).
    /// Core Text: `CTRunDelegateCallbacks.getAscent`.
    public let ascent: CGFloat
    /// Depth below the baseline, positive downwards, in points (negative values count as 0).
    /// Core Text: `CTRunDelegateCallbacks.getDescent`.
    public let descent: CGFloat
    /// Advance width, in points (negative values count as 0).
    /// Core Text: `CTRunDelegateCallbacks.getWidth`.
    public let width: CGFloat
    /// Anything the host needs to find its object again. Core Text: `CTRunDelegateGetRefCon`.
    public let userInfo: (any Sendable & Hashable)?

    /// A delegate with fixed metrics; NaN, negative and negative infinite values become 0, values above
    /// `LayoutLimits.maximumExtent` (positive infinity included) become that limit.
    /// Core Text: `CTRunDelegateCreate`.
    public init(width: CGFloat, ascent: CGFloat, descent: CGFloat, userInfo: (any Sendable & Hashable)? = nil) {
        func clean(_ value: CGFloat) -> CGFloat { LayoutLimits.clampedExtent(value) }
        self.width = clean(width)
        self.ascent = clean(ascent)
        self.descent = clean(descent)
        self.userInfo = userInfo
        super.init()
    }
}
