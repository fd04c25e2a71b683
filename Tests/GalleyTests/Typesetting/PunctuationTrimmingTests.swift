import Foundation
import Testing

@testable import Galley

/// Fullwidth punctuation trimmed at line edges: a bracket opening a line other than its paragraph's first hangs its
/// blank half into the margin (`trimsPunctuationAtLineStarts`), and a closing bracket ending a line that would not
/// fit otherwise hangs its blank half past the end (`trimsPunctuationAtLineEnds`); greedy breaking gives the line that
/// room, size suggestions count it. (Chromium's agreement over whole paragraphs: `VerticalFrameTests`.)
@Suite struct PunctuationTrimmingTests {
    static func string(_ text: String, trims: Bool) throws -> NSAttributedString {
        var style = ParagraphStyle()
        style.trimsAdjacentPunctuation = trims
        style.trimsPunctuationAtLineStarts = trims
        style.trimsPunctuationAtLineEnds = trims
        return NSAttributedString(string: text, attributes: [.font: try TestFonts.font("NotoSerifCJKjp-Regular-Subset.otf", size: 10),
                                                             .paragraphStyle: style])
    }

    /// 「 opening the second line is set half into the margin: the line's origin moves back 5 pt (half its 10 pt).
    @Test func anOpeningBracketHangsHalfIntoTheMargin() throws {
        let text = "下人は雨やみを待つ「羅生門の下」"  // nine characters, then the bracket
        let path = Path(rect: CGRect(x: 0, y: 0, width: 90, height: 100))
        let plain = Framesetter(attributedString: try Self.string(text, trims: false)).frame(path: path)
        let trimmed = Framesetter(attributedString: try Self.string(text, trims: true)).frame(path: path)
        #expect(plain.lines.map(\.stringRange) == trimmed.lines.map(\.stringRange) && trimmed.lines[1].stringRange.lowerBound == 9)
        #expect(plain.lineOrigins[1].x == 0 && trimmed.lineOrigins[1].x == -5)
        #expect(trimmed.lineOrigins[0].x == 0, "a paragraph's first line keeps its bracket whole")
    }

    /// The half gives a line room: at 95 pt, ten characters with a bracket starting the line fit only trimmed.
    @Test func theHalfGivesTheLineRoom() throws {
        let text = "下人は雨やみを待つ。「羅生門の下で」と"
        let path = Path(rect: CGRect(x: 0, y: 0, width: 95, height: 100))
        let trimmed = Framesetter(attributedString: try Self.string("あ\n" + text, trims: true)).frame(path: path)
        let plain = Framesetter(attributedString: try Self.string("あ\n" + text, trims: false)).frame(path: path)
        #expect(trimmed.lines.map(\.stringRange) != plain.lines.map(\.stringRange))
        // Every size a suggestion gives shows what it says, with and without the trimming.
        for trims in [false, true] {
            let framesetter = Framesetter(attributedString: try Self.string(String(repeating: text, count: 6), trims: trims))
            for width in stride(from: 60.0, through: 200.0, by: 7.5) {
                let suggestion = framesetter.suggestFrameSize(constraints: CGSize(width: width, height: .greatestFiniteMagnitude))
                let frame = framesetter.frame(path: Path(rect: CGRect(origin: CGPoint(x: 3, y: -2), size: suggestion.size)))
                #expect(frame.visibleStringRange == suggestion.fitRange, "trims \(trims), width \(width)")
            }
        }
    }

    /// CSS's `allow-end` as Chromium sets it (`text-spacing-trim: space-first`), horizontally and in vertical-rl
    /// columns: ten ideographs then one closing character, in a line 10.5 ems long. A closing bracket or quote stays
    /// on the line, its blank half past the end; a stop, comma, colon, middle dot or exclamation mark does not
    /// (kinsoku then takes the ideograph before it along to the next line). For each character, the first line holds
    /// as many characters in Galley as in Chromium, and a trimmed bracket passes the end by half its advance.
    @Test(arguments: [false, true])
    func closingBracketsEndingALineAreTrimmedAsChromiumTrimsThem(vertical: Bool) throws {
        let closers = Array("」』）】〕〉》〗〙〛〞〟］｝｠、。，．：；・！？")
        let size = 20, font = "NotoSerifCJKjp-Regular-Subset.otf"
        let texts = closers.map { "永永永永永永永永永永\($0)永永永" }
        let boxes = texts.enumerated().map { index, text in
            "<div class=t style=\"\(vertical ? "left" : "top"):\(index * 3 * size)px\">\(text)</div>"
        }
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><style>
            @font-face { font-family: T; src: url("\(TestFonts.url(font).absoluteString)"); }
            body { margin: 0 }
            .t { font-family: T; font-size: \(size)px; line-height: \(size)px; position: absolute; line-break: strict;
                 text-spacing-trim: space-first; writing-mode: \(vertical ? "vertical-rl" : "horizontal-tb");
                 \(vertical ? "height" : "width"): \(size * 21 / 2)px }
            </style></head><body>\(boxes.joined())<pre id=out></pre><script>
            document.fonts.ready.then(() => {
              const all = [];
              for (const div of document.querySelectorAll('.t')) {
                const node = div.firstChild, first = [];
                for (let i = 0; i < node.data.length; i++) {
                  const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
                  const r = range.getClientRects()[0];
                  first.push(\(vertical ? "Math.round(r.left)" : "Math.round(r.top)"));
                }
                all.push(first.filter(x => x === first[0]).length);
              }
              document.getElementById('out').textContent = JSON.stringify(all);
            });
            </script></body></html>
            """
        let dump = try Chromium.dom(of: page)
        let json = try #require(dump.components(separatedBy: "<pre id=\"out\">").dropFirst().first?.components(separatedBy: "</pre>").first)
        let theirs = try JSONDecoder().decode([Int].self, from: Data(json.utf8))
        try #require(theirs.count == texts.count)
        var style = ParagraphStyle()
        style.lineBreakStrictness = .strict
        style.trimsAdjacentPunctuation = true
        style.trimsPunctuationAtLineStarts = true
        style.trimsPunctuationAtLineEnds = true
        var attributes = FrameAttributes()
        if vertical { attributes.progression = .rightToLeft }
        let length = CGFloat(size * 21) / 2
        let path = Path(rect: vertical ? CGRect(x: 0, y: 0, width: 400, height: length) : CGRect(x: 0, y: 0, width: length, height: 400))
        var trimmed = 0
        for (index, text) in texts.enumerated() {
            let string = NSAttributedString(string: text, attributes: [.font: try TestFonts.font(font, size: CGFloat(size)), .verticalForms: vertical,
                                                                       .paragraphStyle: style])
            let frame = Framesetter(attributedString: string).frame(path: path, attributes: attributes)
            let first = try #require(frame.lines.first)
            #expect(first.stringRange.count == theirs[index], "\(text): Galley \(first.stringRange.count), Chromium \(theirs[index])")
            if first.stringRange.count == 11 {
                trimmed += 1
                // The line passes the end by the bracket's blank half; its ink stays within.
                let over = first.typographicBounds.width - length
                #expect(abs(over - CGFloat(size) / 2) < 0.01, "\(text) passes the end by \(over)")
            }
        }
        #expect(trimmed == 15, "\(trimmed) closing brackets trimmed at the line's end")
        // Without the setting, none stays.
        style.trimsPunctuationAtLineEnds = false
        let plain = NSAttributedString(string: texts[0], attributes: [.font: try TestFonts.font(font, size: CGFloat(size)), .paragraphStyle: style])
        #expect(Framesetter(attributedString: plain).frame(path: Path(rect: CGRect(x: 0, y: 0, width: length, height: 400))).lines[0].stringRange.count == 9)
    }

    /// Size suggestions count the end's half: every suggested size shows what it says, and text of lines ending in
    /// closing brackets needs a narrower frame than without the trimming.
    @Test func suggestionsCountTheEndsHalf() throws {
        let text = String(repeating: "下人は雨やみを待った「羅生門」『今昔物語』（平安朝）。", count: 5)
        let framesetter = Framesetter(attributedString: try Self.string(text, trims: true))
        var narrower = 0
        for width in stride(from: 40.0, through: 240.0, by: 2.5) {
            let constraints = CGSize(width: width, height: .greatestFiniteMagnitude)
            let suggestion = framesetter.suggestFrameSize(constraints: constraints)
            let frame = framesetter.frame(path: Path(rect: CGRect(origin: CGPoint(x: 3, y: -2), size: suggestion.size)))
            #expect(frame.visibleStringRange == suggestion.fitRange, "width \(width)")
            let widest = frame.lines.map { $0.typographicBounds.width - $0.trailingWhitespaceWidth }.max() ?? 0
            if widest > suggestion.size.width + 0.01 { narrower += 1 }
        }
        #expect(narrower > 0, "no suggestion let a line's closing bracket hang")
    }

    /// Optimal breaking plans with the trimmed halves as greedy breaking takes them: a closing bracket that would not
    /// fit otherwise stays on its line (its blank half past the end), and a line opened by a bracket has its half more
    /// room; the line statistics measure both as the breaker does (no overfull line).
    @Test(arguments: [LineBreakStrategy.greedy, .optimal()])
    func breakingPlansWithTheTrimmedHalves(strategy: LineBreakStrategy) throws {
        func frame(_ text: String, width: CGFloat, trims: Bool) throws -> (Framesetter, Frame) {
            var style = ParagraphStyle()
            style.lineBreakStrategy = strategy
            style.lineBreakStrictness = .strict
            style.trimsAdjacentPunctuation = trims
            style.trimsPunctuationAtLineStarts = trims
            style.trimsPunctuationAtLineEnds = trims
            let string = NSAttributedString(string: text, attributes: [.font: try TestFonts.font("NotoSerifCJKjp-Regular-Subset.otf", size: 10),
                                                                       .paragraphStyle: style])
            let framesetter = Framesetter(attributedString: string)
            return (framesetter, framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 200))))
        }
        // Ten ideographs and a bracket in 105 pt: eleven characters on the first line only trimmed.
        let closing = "永永永永永永永永永永」永永永"
        #expect(try frame(closing, width: 105, trims: true).1.lines[0].stringRange.count == 11)
        #expect(try frame(closing, width: 105, trims: false).1.lines[0].stringRange.count == 9)
        // A second line opened by 「 holds ten ideographs after it in 105 pt only trimmed.
        let opening = "永永永永永永永永永永「永永永永永永永永永永"
        let (setter, trimmed) = try frame(opening, width: 105, trims: true)
        #expect(trimmed.lines.count == 2 && trimmed.lines[1].stringRange == 10..<21 && trimmed.lineOrigins[1].x == -5)
        for (framesetter, frame) in [(setter, trimmed), try frame(closing, width: 105, trims: true)] {
            #expect(framesetter.statistics(of: frame).lines.allSatisfy { !$0.isOverfull })
        }
    }
}
