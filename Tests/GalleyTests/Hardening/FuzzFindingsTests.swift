import Foundation
import Galley
import GalleyText
import Testing

@testable import GalleyRendering

/// One regression test per finding of the fuzzing campaign (issue 16), each from its reproducer through the public
/// API, and each checking the class of input, not only the one the fuzzer found.
@Suite struct FuzzFindingsTests {
    static let sans = try! TestFonts.font("DejaVuSans.ttf", size: 12)
    static let serif = try! TestFonts.font("DejaVuSerif.ttf", size: 12)

    /// Every character in exactly one line or in the unshown remainder, lines in order.
    static func checkCoverage(_ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        var next = frame.stringRange.lowerBound
        for line in frame.lines {
            #expect(line.stringRange.lowerBound == next, "a line starts at \(line.stringRange.lowerBound), not \(next)",
                    sourceLocation: sourceLocation)
            next = line.stringRange.upperBound
        }
        #expect(frame.visibleStringRange == frame.stringRange.lowerBound..<next, sourceLocation: sourceLocation)
    }

    // MARK: 1. Writing direction with an attribute run outside the paragraph

    @Test func writingDirectionWithAnAttributeRunOutsideTheParagraph() {
        let text = NSMutableAttributedString(string: "a\nbcd", attributes: [
            .font: Self.sans, .writingDirection: [WritingDirectionEmbedding(.leftToRight)],
        ])
        text.addAttribute(.font, value: Self.serif, range: NSRange(location: 3, length: 2))
        let frame = Framesetter(attributedString: text).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 200, height: 200)))
        #expect(frame.lines.map(\.stringRange) == [0..<2, 2..<5])
        // The class: every paragraph of a text whose runs start and end anywhere, with embeddings and overrides.
        let mixed = NSMutableAttributedString(string: "one\ntwo שלום\nthree\n\nfour", attributes: [.font: Self.sans])
        for (location, length, direction) in [(1, 2, WritingDirection.rightToLeft), (6, 9, .leftToRight), (19, 1, .rightToLeft)] {
            mixed.addAttribute(.writingDirection, value: [WritingDirectionEmbedding(direction, isOverride: location == 6)],
                               range: NSRange(location: location, length: length))
            mixed.addAttribute(.font, value: Self.serif, range: NSRange(location: location + 1, length: 1))
        }
        let lines = Framesetter(attributedString: mixed).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 300, height: 300)))
        Self.checkCoverage(lines)
        #expect(lines.visibleStringRange == 0..<mixed.length)
    }

    // MARK: 2. An edit spanning paragraphs that lazy layout has not reached

    @Test func editSpanningParagraphsBeyondLazyLayout() {
        let storage = TextStorage(string: "a\nb\nc\nd\ne", attributes: [.font: Self.sans])
        let manager = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 200, height: 400))])
        manager.ensureLayout(forCharacterRange: 0..<1)
        storage.replaceCharacters(in: 1..<7, with: "")
        manager.ensureLayoutForAllText()
        let fresh = LayoutManager(textStorage: storage.copy(), textContainers: manager.textContainers)
        #expect(LayoutManagerTests.dump(manager) == LayoutManagerTests.dump(fresh))
        // Deleting everything, and replacing across every paragraph, with nothing laid out.
        let untouched = LayoutManager(textStorage: storage, textContainers: [TextContainer(size: CGSize(width: 200, height: 400))])
        storage.replaceCharacters(in: 0..<storage.length, with: "x\ny\nz")
        storage.replaceCharacters(in: 0..<storage.length, with: "")
        untouched.ensureLayoutForAllText()
        #expect(untouched.numberOfParagraphs == 1)
    }

    // MARK: 3. Band search time independent of the frame's height

    /// A frame whose every band is blocked lays out nothing, and as fast in a frame 1e9 pt tall as in one 100 pt
    /// tall: the search jumps to where the shape changes and stops where nothing changes below.
    @Test(arguments: ["exclusion covering the width", "indent wider than the frame", "exclusion at the top, text below"])
    func bandSearchDoesNotWalkTheFrameHeight(case name: String) {
        var style = ParagraphStyle()
        var attributes = FrameAttributes()
        let height: CGFloat = 1e9
        switch name {
        case "exclusion covering the width":
            attributes.clippingPaths = [ClippingPath(Path(rect: CGRect(x: -10, y: -10, width: 300, height: height + 20)))]
        case "indent wider than the frame":
            style.headIndent = 500
            style.firstLineHeadIndent = 500
        default:
            // Text resumes below an exclusion nearly as tall as the frame.
            attributes.clippingPaths = [ClippingPath(Path(rect: CGRect(x: -10, y: 1000, width: 300, height: height)))]
        }
        let text = NSAttributedString(string: "Some words to lay out.", attributes: [.font: Self.sans, .paragraphStyle: style])
        let framesetter = Framesetter(attributedString: text)
        let clock = ContinuousClock()
        var frame: Frame? = nil
        let elapsed = clock.measure {
            frame = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 200, height: height)), attributes: attributes)
        }
        // Not a timing test: a walk in 4-pt steps would take minutes; this bound only stops a hang.
        #expect(elapsed < .seconds(20))
        guard let frame else { return }
        Self.checkCoverage(frame)
        if name == "exclusion at the top, text below" {
            #expect(frame.visibleStringRange == 0..<text.length)
            // The first line sits just below the exclusion's bottom edge (at y 1000), not somewhere past it.
            let firstTop = frame.lineFragments[0].maxY
            #expect(firstTop <= 1000 + 1e-6 && firstTop > 1000 - 5, "\(firstTop)")
        } else {
            #expect(frame.lines.isEmpty)
        }
    }

    @Test func suggestingASizeWithBlockedBandsReturns() {
        var style = ParagraphStyle()
        style.headIndent = 1e8
        style.firstLineHeadIndent = 1e8
        let text = NSAttributedString(string: "Unplaceable.", attributes: [.font: Self.sans, .paragraphStyle: style])
        let (size, fit) = Framesetter(attributedString: text).suggestFrameSize(constraints: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
        #expect(fit == 0..<0)
        #expect(size.height == 0)
    }

    @Test func growingContainerUnderATallExclusion() {
        let storage = TextStorage(string: "Text below a tall picture.\nAnd a second paragraph.", attributes: [.font: Self.sans])
        let container = TextContainer(size: CGSize(width: 200, height: CGFloat.infinity),
                                      exclusionPaths: [Path(rect: CGRect(x: -5, y: 0, width: 300, height: 5e8))])
        let manager = LayoutManager(textStorage: storage, textContainers: [container])
        manager.ensureLayoutForAllText()
        let dump = LayoutManagerTests.dump(manager)
        #expect(dump.lines.map { $0.range } == [0..<27, 27..<50])
        // Below the exclusion, one line after the other.
        #expect(dump.lines[0].origin.y > 5e8 && dump.lines[0].origin.y < 5e8 + 20)
        #expect(abs(dump.lines[1].origin.y - dump.lines[0].origin.y - (Self.sans.ascent + Self.sans.descent + Self.sans.leading)) < 1e-6)
    }

    /// "Unbounded height", Core Text's idiom: a rectangle `CGFloat.greatestFiniteMagnitude` tall. Lines go down from
    /// its top at exact depths however tall the rectangle (the frame is filled to `LayoutLimits.maximumExtent` at most).
    @Test(arguments: [CGFloat.greatestFiniteMagnitude, 1e20, 1e17, 1e9, 1000])
    func linesKeepExactDepthsInTallFrames(height: CGFloat) {
        let text = NSAttributedString(string: String(repeating: "word ", count: 60), attributes: [.font: Self.sans])
        let framesetter = Framesetter(attributedString: text)
        let frame = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: height)))
        #expect(frame.visibleStringRange == 0..<text.length)
        let reference = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 1000)))
        #expect(frame.lines.count == reference.lines.count)
        // Depth below the frame's top: bounds' height minus the origin, as in the reference.
        for (index, origin) in frame.lineOrigins.enumerated() where index < reference.lines.count {
            let depth = frame.bounds.height - origin.y
            let expected = reference.bounds.height - reference.lineOrigins[index].y
            #expect(abs(depth - expected) < 1e-6, "line \(index): depth \(depth), expected \(expected)")
        }
        #expect(frame.bounds.height <= LayoutLimits.maximumExtent)
    }

    // MARK: 4. Suggested size for a range ending inside a paragraph

    @Test func suggestedSizeForARangeEndingInsideAParagraph() {
        let text = NSAttributedString(string: "abcd efgh ijkl", attributes: [.font: Self.sans])
        let framesetter = Framesetter(attributedString: text)
        let (size, fit) = framesetter.suggestFrameSize(stringRange: 4..<12, constraints: CGSize(width: 300, height: 300))
        #expect(fit == 4..<12)
        let frame = framesetter.frame(stringRange: 4..<12, path: Path(rect: CGRect(origin: .zero, size: size)))
        #expect(frame.visibleStringRange == fit)
        // The class: every range of a longer text, greedy and optimal, suggests what its frame then shows.
        let long = NSAttributedString(string: "The quick brown fox jumps over the lazy dog again and again.", attributes: [.font: Self.sans])
        for strategy in [LineBreakStrategy.greedy, .optimal()] {
            var style = ParagraphStyle()
            style.lineBreakStrategy = strategy
            let styled = NSMutableAttributedString(attributedString: long)
            styled.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: styled.length))
            let setter = Framesetter(attributedString: styled)
            for start in stride(from: 0, to: styled.length, by: 7) {
                for end in stride(from: start + 1, through: styled.length, by: 5) {
                    for width in [60.0, 150, 1000] as [CGFloat] {
                        let (size, fit) = setter.suggestFrameSize(stringRange: start..<end, constraints: CGSize(width: width, height: 1000))
                        let shown = setter.frame(stringRange: start..<end, path: Path(rect: CGRect(origin: .zero, size: size))).visibleStringRange
                        #expect(shown == fit, "\(strategy) \(start)..<\(end) at \(width): suggested \(fit), shown \(shown)")
                    }
                }
            }
        }
    }

    /// Text left over, and a suggestion narrower than the frame it measured: a line too tall for any frame stopped the
    /// measuring frame, but in a frame of the suggested width the text before it breaks into shorter lines of no
    /// height that fit. The suggestion's range is what that frame shows (found by the frames fuzzer).
    @Test func suggestedSizeWhenALineTooTallLeavesTextOver() {
        let text = NSMutableAttributedString(string: "Hello world\n", attributes: [.font: Self.sans])
        let flat = RunDelegate(width: 40, ascent: 0, descent: 0)
        // A line of no height of its own first (so that the suggestion leaves a sliver below the last line), then more.
        text.append(NSAttributedString(string: "\u{FFFC}\u{2028}", attributes: [.font: Self.sans, .runDelegate: flat]))
        for _ in 0..<4 { text.append(NSAttributedString(string: "\u{FFFC} ", attributes: [.font: Self.sans, .runDelegate: flat])) }
        text.append(NSAttributedString(string: "\u{FFFC}", attributes: [.font: Self.sans, .runDelegate: RunDelegate(width: 40, ascent: 1e9, descent: 0)]))
        let framesetter = Framesetter(attributedString: text)
        let (size, fit) = framesetter.suggestFrameSize(constraints: .zero)
        let shown = framesetter.frame(path: Path(rect: CGRect(origin: .zero, size: size))).visibleStringRange
        #expect(shown == fit, "suggested \(fit) in \(size), shown \(shown)")
        // The lines of no height after the first do fit at the suggested width (or the test proves nothing).
        #expect(fit.upperBound > 14, "\(fit)")
        #expect(fit.upperBound < text.length)
    }

    // MARK: 5. Incremental layout with a line taller than its container

    @Test func incrementalLayoutWithALineTallerThanItsContainer() throws {
        let libertine12 = try TestFonts.font("LinLibertine_R.otf", size: 12)
        let libertine150 = try TestFonts.font("LinLibertine_R.otf", size: 150)
        let text = NSMutableAttributedString(string: String(repeating: "abc ", count: 9) + "d", attributes: [.font: libertine12])
        text.addAttribute(.font, value: libertine150, range: NSRange(location: 2, length: 4))
        let containers = [TextContainer(size: CGSize(width: 254, height: 170)), TextContainer(size: CGSize(width: 45, height: CGFloat.infinity))]
        let storage = TextStorage(attributedString: text)
        let manager = LayoutManager(textStorage: storage, textContainers: containers)
        manager.ensureLayoutForAllText()
        storage.replaceCharacters(in: 0..<0, with: "漢字")
        storage.replaceCharacters(in: 9..<29, with: "")
        let fresh = LayoutManager(textStorage: storage.copy(), textContainers: containers)
        #expect(LayoutManagerTests.dump(manager) == LayoutManagerTests.dump(fresh))
    }

    // MARK: 6. Fonts made from data are freed

    /// `body` with a font made from DejaVu Serif's bytes (its words go through the word cache: spaces take part in
    /// none of its lookups) and a text in it, as Swift's `AttributedString` (Foundation's NSAttributedString on Linux
    /// leaks its attribute dictionaries, and the font with them); returns the font, weakly.
    static func withFontFromData(_ string: String, _ body: (AttributedString) throws -> Void) throws -> () -> Font? {
        let data = try Data(contentsOf: TestFonts.url("DejaVuSerif.ttf"))
        weak var weakFont: Font?
        do {
            let font = try Font(data: data, size: 12, catalog: TestFonts.catalog)
            weakFont = font
            var text = AttributedString(string)
            text.galley.font = font
            try body(text)
        }
        return { weakFont }
    }

    @Test func fontsFromDataAreFreedAfterTheirLastUse() throws {
        let weakFont = try Self.withFontFromData("office words, and a paragraph\nlaid out in a frame") { text in
            let line = Line(attributedString: text)
            #expect(line.glyphCount > 0)
            let frame = Framesetter(attributedString: text).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100)))
            #expect(!frame.lines.isEmpty)
        }
        #expect(weakFont() == nil, "a font made from data outlived its last use")
    }

    /// Drawing keeps a cairo face per font face, which owns the font its FreeType face reads; when the cache lets go
    /// and no canvas uses the face, cairo's destroy callback releases the font (it used to be retained for good).
    @Test func fontsFromDataAreFreedAfterDrawing() throws {
        let weakFont = try Self.withFontFromData("drawn once") { text in
            let canvas = try Canvas(width: 100, height: 30)
            canvas.textPosition = CGPoint(x: 2, y: 10)
            canvas.draw(Line(attributedString: text))
            #expect(canvas.pixelSize.width == 100)
        }
        #expect(weakFont() != nil, "the cache keeps the face it drew with")
        CairoFontFaces.shared.removeAll()
        // Cairo itself keeps the last 256 scaled fonts it used (and their faces): draw with as many others.
        let canvas = try Canvas(width: 20, height: 20)
        for size in 0..<300 {
            canvas.draw(Line(string: "x", font: try Self.sans.withSize(5 + CGFloat(size) / 16)))
        }
        #expect(weakFont() == nil, "a font made from data outlived its cairo face")
    }

    // MARK: 7. Infinite and huge sizes

    @Test func hugeSizesAreRejectedOrClamped() throws {
        #expect(throws: FontError.self) { try TestFonts.font("DejaVuSans.ttf", size: .greatestFiniteMagnitude) }
        #expect(throws: FontError.self) { try TestFonts.font("DejaVuSans.ttf", size: LayoutLimits.maximumFontSize * 2) }
        let largest = try TestFonts.font("DejaVuSans.ttf", size: LayoutLimits.maximumFontSize)
        #expect(largest.ascent.isFinite && largest.ascent > 0)
        #expect(throws: FontError.self) { try Self.sans.withSize(.greatestFiniteMagnitude) }
        let line = Line(attributedString: NSAttributedString(string: "a few words here", attributes: [.font: Self.sans]))
        for width in [CGFloat.greatestFiniteMagnitude, .infinity, 1e300] {
            let justified = line.justified(factor: 1, width: width)
            let bounds = (justified ?? line).typographicBounds
            // Glyph advances are stored as 32-bit floats: a stretched space keeps 7 digits.
            #expect(bounds.width.isFinite && bounds.width <= LayoutLimits.maximumExtent * (1 + 1e-6), "\(bounds.width)")
        }
        let object = RunDelegate(width: .greatestFiniteMagnitude, ascent: .greatestFiniteMagnitude, descent: 1e300)
        #expect(object.width == LayoutLimits.maximumExtent && object.ascent == LayoutLimits.maximumExtent)
        let withObject = NSAttributedString(string: "a\u{FFFC}b", attributes: [.font: Self.sans, .runDelegate: object])
        let bounds = Line(attributedString: withObject).typographicBounds
        #expect(bounds.width.isFinite && bounds.ascent.isFinite && bounds.descent.isFinite)
    }

    // MARK: 8. Hostile values that reach Cairo

    /// The fraction of a PNG canvas's pixels with ink.
    static func inkFraction(_ canvas: Canvas) -> Double {
        let columns = Int(canvas.width * canvas.scale), rows = Int(canvas.height * canvas.scale)
        var inked = 0
        for y in 0..<rows { for x in 0..<columns where (canvas.pixel(x: x, y: y)?.alpha ?? 0) > 127 { inked += 1 } }
        return Double(inked) / Double(columns * rows)
    }

    /// Glyphs magnified past what Cairo rasterizes (an em of 8,192 device pixels and more) are filled as outlines and
    /// look as Cairo draws them just below that size; colour bitmap glyphs that large draw nothing; either way the
    /// canvas goes on drawing, as it does after glyphs flattened to less than 1/20 pixel. (The fuzzer's canvases
    /// reported "invalid value (typically too big) for the size of the input" for an emoji under a 4,000× text matrix,
    /// "out of memory" for one under a nearly singular matrix, and "error occurred in libfreetype" for outlines.)
    @Test func glyphsLargerThanCairoRasterizesAreFilledAsOutlines() throws {
        let line = Line(attributedString: NSAttributedString(string: "O", attributes: [.font: Self.sans]))
        // The same 0.2 × 0.2 pt of the O's left side, at 600× (an em of 7,200 pixels: Cairo) and 700× (8,400: outlines).
        var fractions: [Double] = []
        for magnification in [600.0, 700.0] {
            let side = 0.2 * magnification
            let canvas = try Canvas(width: side, height: side, scale: 1)
            canvas.scaleBy(x: magnification, y: magnification)
            canvas.translateBy(x: -0.57, y: -4.3)
            canvas.draw(line)
            #expect(canvas.cairoFailure == nil)
            fractions.append(Self.inkFraction(canvas))
        }
        #expect(fractions[0] > 0.1 && fractions[0] < 0.9, "the window shows part of the stroke: \(fractions)")
        #expect(abs(fractions[0] - fractions[1]) < 0.02, "outlines cover what Cairo's glyphs cover: \(fractions)")
        // A stroked run (NSStrokeWidth) that large strokes its outlines.
        let stroked = Line(attributedString: NSAttributedString(string: "O", attributes: [.font: Self.sans, .strokeWidth: 3]))
        let outline = try Canvas(width: 140, height: 140, scale: 1)
        outline.scaleBy(x: 700, y: 700)
        outline.translateBy(x: -0.57, y: -4.3)
        outline.draw(stroked)
        #expect(outline.cairoFailure == nil && Self.inkFraction(outline) > 0)
        // Colour bitmap glyphs that large: nothing, and later drawing still works, in every kind of canvas.
        let emoji = Line(attributedString: NSAttributedString(string: "😀", attributes: [
            .font: try TestFonts.font("NotoColorEmoji-subset-retaingids.ttf"),
        ]))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-huge-glyphs-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for canvas in [try Canvas(width: 50, height: 50, scale: 1), try Canvas(pdfURL: directory.appendingPathComponent("e.pdf"), width: 50, height: 50),
                       try Canvas(svgURL: directory.appendingPathComponent("e.svg"), width: 50, height: 50)] {
            // Magnified 4,000 times across; then flattened (rows almost parallel: a determinant of about 0.1).
            for matrix in [AffineTransform(m11: 4000, m12: 2.5, m21: 2.9, m22: 2.7, tX: -45, tY: 28),
                           AffineTransform(m11: -101.3608865987577, m12: 101.36021815092712, m21: 22.26687013603699,
                                           m22: -22.265716046319348, tX: 24, tY: 18)] {
                canvas.textMatrix = matrix
                canvas.draw(emoji)
            }
            canvas.textMatrix = AffineTransform()
            canvas.textPosition = CGPoint(x: 5, y: 20)
            canvas.draw(line)
            #expect(canvas.cairoFailure == nil, "\(canvas.kind)")
            if canvas.kind == .png { #expect(Self.inkFraction(canvas) > 0) } else { try canvas.finish() }
        }
    }

    /// Glyphs stretched hundreds of pixels one way and squeezed the other (a text matrix of 1,000 × 1, or 4,000 × 2.7
    /// with a shear) are filled as outlines: FreeType's rasterizer fails on them ("error occurred in libfreetype",
    /// found by the rendering fuzzer with Linux Libertine at 1 pt), and the canvas would fail every later drawing.
    /// The outlines cover what Cairo's glyphs cover just below the threshold.
    @Test func glyphsStretchedOneWayAndSqueezedTheOtherAreFilledAsOutlines() throws {
        for file in ["LinLibertine_R.otf", "DejaVuSans.ttf", "NotoSerifCJKjp-Regular-Subset.otf"] {
            let font = try TestFonts.font(file, size: 1)
            let line = Line(attributedString: NSAttributedString(string: "Shadow", attributes: [.font: font]))
            for matrix in [AffineTransform(m11: 4000, m12: -2.4955, m21: 2.9412, m22: -2.7360, tX: -45.17, tY: 59.9),
                           AffineTransform(m11: 1000, m12: 0, m21: 0, m22: 1, tX: -45.17, tY: 59.9),
                           AffineTransform(m11: 4000, m12: 0, m21: 0, m22: 30, tX: -45.17, tY: 59.9)] {
                let canvas = try Canvas(width: 81, height: 138, scale: 1)
                canvas.textMatrix = matrix
                canvas.draw(line)
                #expect(canvas.cairoFailure == nil, "\(file) under \(matrix)")
            }
        }
        // Just either side of the threshold (256 pixels an em, 16 times as long as wide) the ink is the same.
        let line = Line(attributedString: NSAttributedString(string: "O", attributes: [.font: try TestFonts.font("DejaVuSans.ttf", size: 1)]))
        var fractions: [Double] = []
        for across in [250.0, 262.0] {
            let canvas = try Canvas(width: 60, height: 40, scale: 1)
            canvas.textMatrix = AffineTransform(m11: across, m12: 0, m21: 0, m22: 15.5, tX: -across * 0.1, tY: 5)
            canvas.draw(line)
            #expect(canvas.cairoFailure == nil)
            fractions.append(Self.inkFraction(canvas))
        }
        #expect(fractions[0] > 0.05 && abs(fractions[0] - fractions[1]) < 0.05, "outlines cover what Cairo's glyphs cover: \(fractions)")
    }

    /// Under a text matrix that stretches x by 10⁹ (and squeezes y to nothing), an underlined line draws nothing that
    /// breaks the document: Cairo stroked the dotted underline and filled the glyphs' outlines there, and then failed
    /// to write the SVG or PDF ("out of memory", found by the rendering fuzzer:
    /// Fuzz/Corpus/rendering/regression-squeezed-glyphs-in-a-pdf).
    @Test func linesUnderAStretchPastAMillionPixelsLeaveTheDocumentWritable() throws {
        // (As the fuzzer had it: a dotted underline under a run delegate next to no width, in a 150 pt font.)
        let string = NSMutableAttributedString(string: "Under\u{FFFC}\u{FFFC}", attributes: [
            .font: try TestFonts.font("Amiri-Regular.ttf", size: 150), .underlineStyle: UnderlineStyle([.single, .patternDot]).rawValue,
        ])
        string.addAttribute(.runDelegate, value: RunDelegate(width: 1e-9, ascent: 15, descent: 60), range: NSRange(location: 5, length: 1))
        string.addAttribute(.runDelegate, value: RunDelegate(width: 73.5, ascent: 84, descent: 45), range: NSRange(location: 6, length: 1))
        let line = Line(attributedString: string)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for canvas in [try Canvas(svgURL: directory.appendingPathComponent("s.svg"), width: 52, height: 197),
                       try Canvas(pdfURL: directory.appendingPathComponent("s.pdf"), width: 52, height: 197)] {
            canvas.textMatrix = AffineTransform(m11: 1e9, m12: 0.853, m21: -3, m22: 0, tX: 0, tY: 0)
            canvas.draw(line)
            canvas.textMatrix = AffineTransform()
            canvas.textPosition = CGPoint(x: 2, y: 20)
            canvas.draw(line)
            #expect(throws: Never.self) { try canvas.finish() }
        }
    }

    /// A path with NaN or infinite points is drawn without them (as layout drops them from exclusions); Cairo 1.16
    /// kept them and failed the next image drawn on the canvas with "out of memory". A non-finite text position
    /// draws no text; an image or a shadow 10¹⁷ points away draws nothing. The canvas draws on after each.
    @Test func nonFiniteAndFarAwayGeometryLeavesTheCanvasDrawing() throws {
        let canvas = try Canvas(width: 95.47, height: 222.57, scale: 2)
        var path = Path()
        path.move(to: CGPoint(x: 281, y: 129))
        path.addLine(to: CGPoint(x: 265, y: 26))
        path.addLine(to: CGPoint(x: 132, y: -.infinity))
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 310))
        path.closeSubpath()
        canvas.stroke(path, with: .black, lineWidth: 6)
        var dropped = Path()  // a dropped move: the next finite point starts the subpath
        dropped.move(to: CGPoint(x: CGFloat.nan, y: 0))
        dropped.addLine(to: CGPoint(x: 10, y: 10))
        dropped.addLine(to: CGPoint(x: 40, y: 10))
        dropped.addLine(to: CGPoint(x: 40, y: 40))
        dropped.closeSubpath()
        canvas.fill(dropped, with: .black)
        #expect(canvas.pixel(x: 70, y: Int((222.57 - 20) * 2))?.alpha == 255, "the triangle from the finite points is filled")
        canvas.rotate(by: 4.2685740444037545)
        let jpeg = try #require(CanvasImage(data: try JPEGAttachmentTests.jpeg(width: 8, height: 8) { _, _ in (255, 0, 0) }))
        canvas.draw(jpeg, in: CGRect(x: 231.1, y: 208.3, width: 190.2, height: 290.9))
        canvas.draw(jpeg, in: CGRect(x: 0, y: 1e17, width: 100, height: 100))
        canvas.textPosition = CGPoint(x: CGFloat.nan, y: 10)
        canvas.draw(Line(attributedString: NSAttributedString(string: "NaN", attributes: [.font: Self.sans])))
        canvas.textMatrix = AffineTransform(m11: 1.5, m12: 0, m21: 0, m22: 1, tX: 0, tY: 1e17)
        let shadow = Shadow(offset: CGSize(width: 3, height: -3), blurRadius: 4, color: .black)
        canvas.draw(Line(attributedString: NSAttributedString(string: "Shadow", attributes: [.font: Self.sans, .shadow: shadow])))
        // A transform that squeezes user space to a sliver (area scale 7.6·10⁻¹⁰): the shadow's mask and images are
        // not painted (pixman could not invert the squeeze).
        canvas.textMatrix = AffineTransform()
        canvas.saveGraphicsState()
        canvas.concatenate(AffineTransform(m11: -9.752893534374525e-10, m12: -0.023524694269999903, m21: -4.840008201942557e-09,
                                           m22: 0.6658071371722843, tX: 1.0116671080254242e-06, tY: -113.29187737844131))
        canvas.textPosition = CGPoint(x: 20, y: 200)
        canvas.draw(Line(attributedString: NSAttributedString(string: "Shadow", attributes: [.font: Self.sans, .shadow: shadow])))
        canvas.draw(jpeg, in: CGRect(x: -10.9, y: 60.6, width: 20.4, height: 3.1))
        canvas.restoreGraphicsState()
        #expect(canvas.cairoFailure == nil)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-far-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try canvas.writePNG(to: directory.appendingPathComponent("far.png"))
    }
}
