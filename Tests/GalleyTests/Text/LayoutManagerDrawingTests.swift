import Foundation
import Galley
import GalleyRendering
import GalleyText
import Testing

/// TextKit 1's drawing over a layout manager: backgrounds and glyphs in two steps, glyph ranges that draw only
/// their characters, decorations handed to the caller, and `boundingRect(forGlyphRange:in:)` checked against the
/// pixels Cairo draws (every inked pixel lies inside it).
@Suite struct LayoutManagerDrawingTests {
    static let size = CGSize(width: 240, height: 120)

    static func manager(_ text: NSAttributedString) -> LayoutManager {
        LayoutManager(textStorage: TextStorage(attributedString: text),
                      textContainers: [TextContainer(size: CGSize(width: size.width, height: CGFloat.infinity))])
    }

    /// The canvas's inked pixels (alpha over 8) in container coordinates (points, y down from the top left; the
    /// container's origin at the canvas's top left).
    static func inkedPoints(_ canvas: Canvas, where include: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool = { $0.alpha > 8 }) -> [CGPoint] {
        var points: [CGPoint] = []
        for y in 0..<Int(canvas.height * canvas.scale) {
            for x in 0..<Int(canvas.width * canvas.scale) {
                if let pixel = canvas.pixel(x: x, y: y), include(pixel) {
                    points.append(CGPoint(x: (CGFloat(x) + 0.5) / canvas.scale, y: (CGFloat(y) + 0.5) / canvas.scale))
                }
            }
        }
        return points
    }

    static func canvas() throws -> Canvas { try Canvas(width: size.width, height: size.height, scale: 2) }

    @Test func glyphRangesDrawTheirCharactersOnly() throws {
        let font = try TestFonts.font("DejaVuSansMono.ttf", size: 14)
        let manager = Self.manager(NSAttributedString(string: "aaaa bbbb cccc", attributes: [.font: font]))
        let whole = try Self.canvas()
        manager.drawGlyphs(forGlyphRange: 0..<manager.numberOfGlyphs, at: CGPoint(x: 0, y: Self.size.height), in: whole)
        let split = try Self.canvas()
        manager.drawGlyphs(forGlyphRange: 0..<5, at: CGPoint(x: 0, y: Self.size.height), in: split)
        manager.drawGlyphs(forGlyphRange: 5..<manager.numberOfGlyphs, at: CGPoint(x: 0, y: Self.size.height), in: split)
        #expect(Self.inkedPoints(whole) == Self.inkedPoints(split), "two ranges draw what the whole does")
        // The middle word alone: ink only between its caret positions.
        let middle = try Self.canvas()
        manager.drawGlyphs(forGlyphRange: 5..<9, at: CGPoint(x: 0, y: Self.size.height), in: middle)
        let fragment = try #require(manager.lineFragment(forCharacterAt: 5))
        let left = fragment.caretOffsets(forCharacterIndex: 5).primary, right = fragment.caretOffsets(forCharacterIndex: 9).primary
        let ink = Self.inkedPoints(middle)
        #expect(!ink.isEmpty && ink.allSatisfy { $0.x > left && $0.x < right })
    }

    @Test func backgroundsAndGlyphsAreSeparateSteps() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = NSMutableAttributedString(string: "plain highlighted plain", attributes: [.font: font])
        text.addAttribute(.backgroundColor, value: Color(red: 1, green: 1, blue: 0, alpha: 1), range: NSRange(location: 6, length: 11))
        let manager = Self.manager(text)
        manager.addTemporaryAttribute(.backgroundColor, value: Color(red: 0, green: 0, blue: 1, alpha: 1), forCharacterRange: 0..<5)
        let origin = CGPoint(x: 0, y: Self.size.height)
        let backgrounds = try Self.canvas()
        manager.drawBackground(forGlyphRange: 0..<manager.numberOfGlyphs, at: origin, in: backgrounds)
        let fragment = try #require(manager.lineFragment(forCharacterAt: 0))
        let y = Int(fragment.baselineOrigin.y * 2) - 4
        func pixelAt(character index: Int, _ canvas: Canvas) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
            let x = (fragment.caretOffsets(forCharacterIndex: index).primary + fragment.caretOffsets(forCharacterIndex: index + 1).primary) / 2
            return canvas.pixel(x: Int(x * 2), y: y)
        }
        #expect(pixelAt(character: 10, backgrounds).map { $0.red == 255 && $0.green == 255 && $0.blue == 0 } == true, "the storage's yellow")
        #expect(pixelAt(character: 2, backgrounds).map { $0.blue == 255 && $0.red == 0 } == true, "the temporary attribute's blue")
        #expect(pixelAt(character: 20, backgrounds)?.alpha == 0, "no background where none is set")
        #expect(Self.inkedPoints(backgrounds) { $0.alpha > 8 && $0.red < 100 && $0.green < 100 && $0.blue < 100 }.isEmpty, "no glyphs")
        let glyphs = try Self.canvas()
        manager.drawGlyphs(forGlyphRange: 0..<manager.numberOfGlyphs, at: origin, in: glyphs)
        #expect(pixelAt(character: 10, glyphs).map { !($0.red == 255 && $0.green == 255 && $0.blue == 0) } == true, "no backgrounds")
        #expect(!Self.inkedPoints(glyphs).isEmpty)
    }

    @Test func decorationsGoToTheCaller() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = NSMutableAttributedString(string: "one two three", attributes: [.font: font])
        text.addAttribute(.underlineStyle, value: UnderlineStyle.single.rawValue, range: NSRange(location: 4, length: 3))
        text.addAttribute(.strikethroughStyle, value: UnderlineStyle.single.rawValue, range: NSRange(location: 8, length: 5))
        let manager = Self.manager(text)
        // A spelling underline as a temporary attribute is a decoration too.
        manager.addTemporaryAttribute(.underlineStyle, value: UnderlineStyle([.single, .patternDot]).rawValue, forCharacterRange: 0..<3)
        let origin = CGPoint(x: 0, y: Self.size.height)
        var received: [TextDecoration] = []
        let custom = try Self.canvas()
        manager.drawGlyphs(forGlyphRange: 0..<manager.numberOfGlyphs, at: origin, in: custom) { decoration, fragment in
            #expect(fragment.characterRange == 0..<13)
            received.append(decoration)
        }
        #expect(received.map(\.kind) == [.underline, .underline, .strikethrough])
        #expect(received.map(\.characterRange) == [0..<3, 4..<7, 8..<13])
        #expect(received[0].style.pattern == .dot)
        // Handing every decoration back draws what drawing without a handler draws.
        let handedBack = try Self.canvas()
        manager.drawGlyphs(forGlyphRange: 0..<manager.numberOfGlyphs, at: origin, in: handedBack) { decoration, _ in handedBack.draw(decoration) }
        let plain = try Self.canvas()
        manager.drawGlyphs(forGlyphRange: 0..<manager.numberOfGlyphs, at: origin, in: plain)
        #expect(Self.inkedPoints(handedBack) == Self.inkedPoints(plain))
        #expect(Self.inkedPoints(custom).count < Self.inkedPoints(plain).count, "the handler drew no decorations")
    }

    /// Every pixel Cairo inks for a range lies inside the range's bounding rect, which grows past the line box for
    /// stacked marks above it, and holds a double underline's strokes.
    @Test func boundingRectHoldsEveryInkedPixel() throws {
        let font = try TestFonts.font("DejaVuSans.ttf", size: 14)
        let text = NSMutableAttributedString(string: "Line one\nA\u{301}\u{301}\u{301}\u{301}\u{301} tall g\u{327}\u{327}\u{327} deep", attributes: [.font: font])
        text.addAttribute(.underlineStyle, value: UnderlineStyle.double.rawValue, range: NSRange(location: 16, length: 4))
        let manager = Self.manager(text)
        let origin = CGPoint(x: 0, y: Self.size.height - 20)
        let marks = try #require(manager.glyphRange(forCharacterRange: 9..<15)), underlined = try #require(manager.glyphRange(forCharacterRange: 16..<20))
        for range in [marks, underlined, 0..<manager.numberOfGlyphs] {
            let canvas = try Self.canvas()
            manager.drawGlyphs(forGlyphRange: range, at: origin, in: canvas)
            let bounds = manager.boundingRect(forGlyphRange: range)
            let ink = Self.inkedPoints(canvas).map { CGPoint(x: $0.x, y: $0.y - 20) }
            let outside = ink.filter { !bounds.insetBy(dx: -0.5, dy: -0.5).contains($0) }
            #expect(!ink.isEmpty && outside.isEmpty, "\(range): \(outside.count) of \(ink.count) inked pixels outside \(bounds)")
        }
        let tall = try #require(manager.lineFragment(forCharacterAt: 9))
        #expect(manager.boundingRect(forGlyphRange: marks).minY < tall.lineTop, "the marks reach above the line box")
        // The double underline's second stroke is inside the box (the pixels above say so); it is also in the rect.
        let underline = try #require(TextDecoration.decorations(of: tall.line, origin: .zero).first).bounds
        #expect(manager.boundingRect(forGlyphRange: underlined).maxY >= tall.baselineOrigin.y - underline.minY)
    }
}
