import Foundation
import Synchronization

/// What a run's glyphs are shown with: their font, the attributes with that font, how far their baseline moves up,
/// and, for text that is not in the string (a hyphen, a truncation token), what was inserted. One object for all
/// the items and line runs that show the same (`RunStyles` makes them once per text), each of which keeps a
/// reference, 8 bytes, instead of the four.
final class RunStyle: Sendable {
    let font: Font
    /// The attributes, with `font` set.
    let sharedAttributes: SharedAttributes
    /// Points the run sits above the baseline (baseline offset and superscript).
    let baselineShift: CGFloat
    /// Text a line shows that is not in the string: a truncation token or a hyphen (its glyphs stand for no
    /// characters; their string indices are the point where it was put).
    let insertion: Insertion?

    init(font: Font, sharedAttributes: SharedAttributes, baselineShift: CGFloat, insertion: Insertion? = nil) {
        self.font = font
        self.sharedAttributes = sharedAttributes
        self.baselineShift = baselineShift
        self.insertion = insertion
    }

    var attributes: StringAttributes { sharedAttributes.value }

    /// This style with other attributes (and their font): a line's runs under drawing attributes or font expansion.
    func with(font: Font, attributes: SharedAttributes) -> RunStyle {
        RunStyle(font: font, sharedAttributes: attributes, baselineShift: baselineShift, insertion: insertion)
    }
}

/// The run styles of one text's items, each made once per attribute run, font and baseline shift: a megabyte of
/// Arabic has thousands of items in a few styles (the Arabic font and the one its digits and Latin words fall back
/// to), where a box of attributes for each item in a fallback font once took 7.8 MB.
final class RunStyles: Sendable {
    private struct Key: Hashable {
        let run: Int
        let font: ObjectIdentifier
        let shift: UInt
    }

    /// (The styles keep their fonts alive, so a font's identifier is not reused while its key is here.)
    private let styles = Mutex<[Key: RunStyle]>([:])

    /// The style of attribute run `run` (whose attributes are `attributes`) shaped in `font`, shifted up by
    /// `baselineShift`.
    func style(run: Int, attributes: SharedAttributes, font: Font, baselineShift: CGFloat) -> RunStyle {
        let key = Key(run: run, font: ObjectIdentifier(font), shift: baselineShift.bitPattern)
        return styles.withLock { styles in
            if let known = styles[key] { return known }
            var inFont = attributes
            if attributes.value.font !== font {
                var changed = attributes.value
                changed.font = font
                inFont = SharedAttributes(changed)
            }
            let made = RunStyle(font: font, sharedAttributes: inFont, baselineShift: baselineShift)
            styles[key] = made
            return made
        }
    }

    /// The style of attribute run `run` in `style`'s font and shift, taken to be `style` when the text has none yet:
    /// an edited paragraph's items keep the styles the old paragraph's had (the caller has checked that their
    /// attributes are equal), so that lines the edit did not change keep pointing at styles the paragraph holds.
    func adopting(_ style: RunStyle, run: Int) -> RunStyle {
        let key = Key(run: run, font: ObjectIdentifier(style.font), shift: style.baselineShift.bitPattern)
        return styles.withLock { styles in
            if let known = styles[key] { return known }
            styles[key] = style
            return style
        }
    }
}
