import Foundation
import Galley

/// One underline or strikethrough as it is drawn: a stretch of a line's glyphs with the same style and colour,
/// in the space the line is drawn in (y up). Runs whose decorations meet join into one stretch, as in Core Text and
/// TextKit; underlining by word leaves whitespace out.
///
/// Drawing code that wants its own decorations (a wavy spelling underline, a highlighter's stroke) receives these
/// from `Canvas.draw(_:characters:at:parts:decorations:)` or `LayoutManager.drawGlyphs(forGlyphRange:at:in:decorations:)`
/// and draws them itself, or hands some back to `Canvas.draw(_ decoration:)`.
/// TextKit: the arguments of `NSLayoutManager.drawUnderline(forGlyphRange:underlineType:baselineOffset:
/// lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)` and `drawStrikethrough(…)`.
public struct TextDecoration: Sendable, Equatable {
    /// Underline or strikethrough.
    public enum Kind: Sendable, Equatable {
        /// Under the baseline: `StringAttributes.underlineStyle`. TextKit: `NSUnderlineStyleAttributeName`.
        case underline
        /// Through the glyphs: `StringAttributes.strikethroughStyle`. TextKit: `NSStrikethroughStyleAttributeName`.
        case strikethrough
    }

    /// Underline or strikethrough.
    public let kind: Kind
    /// The style (single, thick, double; solid or a pattern; by word).
    public let style: UnderlineStyle
    /// The colour: the decoration's own colour attribute, else the text's.
    public let color: Color
    /// Where the stroke starts and ends along the baseline.
    public let start: CGFloat
    /// Where the stroke ends.
    public let end: CGFloat
    /// The y of the line's baseline.
    public let baseline: CGFloat
    /// The centre of the (first) stroke above the baseline (negative below it): from the fonts' `post` and `OS/2`
    /// tables, the lowest of the joined runs'.
    public let position: CGFloat
    /// The stroke's thickness before the style's (`.thick` doubles it), the thickest of the joined runs'.
    public let thickness: CGFloat
    /// The characters (the line's string indices) the stretch covers: from its first cluster's start to one past its
    /// last cluster's start.
    public let characterRange: Range<Int>

    /// The rectangle the strokes cover: thick doubles the thickness, double adds a second stroke below.
    public var bounds: CGRect {
        let width = style.line == .thick ? thickness * 2 : thickness
        let low = baseline + position - width / 2 - (style.line == .double ? width * 2 : 0)
        let high = baseline + position + width / 2
        return CGRect(x: min(start, end), y: low, width: abs(end - start), height: high - low)
    }

    /// The decorations of `line` drawn with its origin at `origin`, underlines first, in visual order.
    ///
    /// - Parameters:
    ///   - line: the line.
    ///   - origin: where its baseline starts.
    ///   - characters: only the glyphs of these characters (the line's string indices); nil for all.
    ///   - contextColor: the colour of text whose foreground comes from the context.
    public static func decorations(of line: Line, origin: CGPoint, characters: Range<Int>? = nil,
                                   contextColor: Color = .black) -> [TextDecoration] {
        let text = line.utf16Text
        var result: [TextDecoration] = []
        for kind in [Kind.underline, .strikethrough] {
            var current: TextDecoration?
            var pen = origin.x
            func close() {
                if let segment = current { result.append(segment) }
                current = nil
            }
            for run in line.runs {
                let attributes = run.attributes
                let style = kind == .strikethrough ? attributes.strikethroughStyle : attributes.underlineStyle
                let foreground = attributes.foregroundColorFromContext ? contextColor : (attributes.foregroundColor ?? .black)
                let color = (kind == .strikethrough ? attributes.strikethroughColor : attributes.underlineColor) ?? foreground
                let font = run.font
                // Both metrics give the top of the stroke; decorations are stroked along their centre.
                let thickness = max(kind == .strikethrough ? font.strikethroughThickness : font.underlineThickness, 0.5)
                let position = (kind == .strikethrough ? font.strikethroughPosition : font.underlinePosition) - thickness / 2
                let advances = run.advances
                let indices = run.stringIndices
                for index in 0..<run.glyphCount {
                    let width = advances[index].width
                    defer { pen += width }
                    let character = indices[index]
                    let skip = style.line == .none || (characters.map { !$0.contains(character) } ?? false)
                        || (style.isByWord && character >= 0 && character < text.count && CharacterClasses.isWhitespace(text[character]))
                    if skip {
                        close()
                        continue
                    }
                    if let segment = current, segment.style == style, segment.color == color, abs(segment.end - pen) < 0.01 {
                        current = TextDecoration(
                            kind: kind, style: style, color: color, start: segment.start, end: pen + width, baseline: origin.y,
                            position: min(segment.position, position), thickness: max(segment.thickness, thickness),
                            characterRange: min(segment.characterRange.lowerBound, character)..<max(segment.characterRange.upperBound, character + 1))
                    } else {
                        close()
                        current = TextDecoration(kind: kind, style: style, color: color, start: pen, end: pen + width, baseline: origin.y,
                                                 position: position, thickness: thickness, characterRange: character..<(character + 1))
                    }
                }
            }
            close()
        }
        return result
    }
}
