import Foundation
import Testing

@testable import Galley
import GalleyRendering

/// Ruby (`RubyAnnotation`): beside its base, never split from it, the line grown to hold it, the base spread or the
/// ruby hung over kana as JIS X 4051 §3.3 asks, and drawn as decoration.
@Suite struct RubyTests {
    static let size: CGFloat = 20

    static func font() throws -> Font { try TestFonts.font("NotoSerifCJKjp-Regular-Subset.otf", size: size) }

    /// `text` with rubies over ranges, horizontal or vertical.
    static func string(_ text: String, _ rubies: [(NSRange, RubyAnnotation)], vertical: Bool = false) throws -> NSAttributedString {
        let string = NSMutableAttributedString(string: text, attributes: [.font: try font(), .verticalForms: vertical])
        for (range, ruby) in rubies { string.addAttribute(.rubyAnnotation, value: ruby, range: range) }
        return string
    }

    /// The pen position of each glyph of a line's characters in `range`, in string order.
    static func positions(_ line: Line, _ range: Range<Int>) -> [CGFloat] {
        var found: [(Int, CGFloat)] = []
        for run in line.runs {
            for (index, position) in zip(run.stringIndices, run.positions) where range.contains(index) { found.append((index, position.x)) }
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    @Test func rubySitsAboveItsBaseAndTheLineGrows() throws {
        let plain = Line(attributedString: try Self.string("東京に行く", []))
        let line = Line(attributedString: try Self.string("東京に行く", [(NSRange(location: 0, length: 2), RubyAnnotation("とうきょう"))]))
        let ruby = try #require(line.rubies.first)
        let rubyBounds = ruby.line.typographicBounds
        // The ruby's baseline: its descent above the base's ascent; the line's ascent grows to the ruby's top.
        let ascent = try Self.font().ascent
        #expect(abs(ruby.origin.y - (ascent + rubyBounds.descent)) < 1e-9)
        #expect(abs(line.typographicBounds.ascent - max(plain.typographicBounds.ascent, ruby.origin.y + rubyBounds.ascent)) < 1e-9)
        #expect(line.typographicBounds.descent == plain.typographicBounds.descent)
        // Half the size: ten-point kana over a twenty-point base.
        #expect(ruby.line.runs.first?.font.size == Self.size / 2)
        // Carets and the line's characters are the base's: the ruby adds none.
        #expect(line.stringRange == 0..<5 && line.glyphCount == plain.glyphCount)
    }

    /// とうきょう (five ten-point kana, 50 pt) over 東京 (40 pt): with no overhang the base spreads to 50 pt, a 2.5 pt
    /// gap at each end and 5 pt between (1:2:1); with overhang it hangs 10 pt over に after the base and the base stays.
    @Test func aLongerRubySpreadsItsBaseOrHangsOverKana() throws {
        let none = Line(attributedString: try Self.string("東京に行く", [(NSRange(location: 0, length: 2), RubyAnnotation("とうきょう", overhang: .none))]))
        #expect(Self.positions(none, 0..<3) == [2.5, 27.5, 50], "\(Self.positions(none, 0..<3))")
        #expect(none.rubies.first?.origin.x == 0)
        let auto = Line(attributedString: try Self.string("東京に行く", [(NSRange(location: 0, length: 2), RubyAnnotation("とうきょう"))]))
        #expect(Self.positions(auto, 0..<3) == [0, 20, 40], "\(Self.positions(auto, 0..<3))")
        #expect(auto.rubies.first?.origin.x == 0)
        // Kanji on both sides: nothing to hang over, the base spreads.
        let kanji = Line(attributedString: try Self.string("大東京市", [(NSRange(location: 1, length: 2), RubyAnnotation("とうきょう"))]))
        #expect(Self.positions(kanji, 0..<4) == [0, 22.5, 47.5, 70], "\(Self.positions(kanji, 0..<4))")
        // Kana on both sides: half the excess over each.
        let both = Line(attributedString: try Self.string("の東京に", [(NSRange(location: 1, length: 2), RubyAnnotation("とうきょう"))]))
        #expect(Self.positions(both, 0..<4) == [0, 20, 40, 60] && both.rubies.first?.origin.x == 15)
    }

    /// A ruby shorter than its base spreads over it by the alignment; its text stays out of the caret table.
    @Test func aShorterRubyIsAligned() throws {
        func rubyPositions(_ alignment: RubyAlignment) throws -> [CGFloat] {
            let line = Line(attributedString: try Self.string("羅生門", [(NSRange(location: 0, length: 3), RubyAnnotation("らしょう", alignment: alignment))]))
            let ruby = try #require(line.rubies.first)
            return Self.positions(ruby.line, 0..<4).map { $0 + ruby.origin.x }
        }
        var found: [RubyAlignment: [CGFloat]] = [:]
        for alignment in RubyAlignment.allCases { found[alignment] = try rubyPositions(alignment) }
        #expect(found[.start] == [0, 10, 20, 30])
        #expect(found[.end] == [20, 30, 40, 50])
        #expect(found[.center] == [10, 20, 30, 40])
        let letter = found[.distributeLetter] ?? []
        #expect(zip(letter, [0, 50.0 / 3, 100.0 / 3, 50]).allSatisfy { abs($0 - $1) < 1e-4 }, "\(letter)")
        // 1:2:1 over 60 pt: four gaps of 5 pt, 2.5 pt at the ends.
        let space = found[.distributeSpace] ?? []
        #expect(zip(space, [2.5, 17.5, 32.5, 47.5]).allSatisfy { abs($0 - $1) < 1e-4 }, "\(space)")
        #expect(found[.auto] == found[.distributeSpace])
    }

    /// A base never breaks: in a frame too narrow for the line, 羅生門 goes to the next line whole.
    @Test func aBaseNeverBreaksApart() throws {
        let string = try Self.string("あいう羅生門えお", [(NSRange(location: 3, length: 3), RubyAnnotation("らしょうもん"))])
        let frame = Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 105, height: 400)))
        #expect(frame.lines.map(\.stringRange) == [0..<3, 3..<8], "\(frame.lines.map(\.stringRange))")
        // Without the ruby the line would take two characters of the base.
        let plain = Framesetter(attributedString: try Self.string("あいう羅生門えお", [])).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 105, height: 400)))
        #expect(plain.lines.first?.stringRange == 0..<5)
        #expect(frame.lines[1].rubies.count == 1 && frame.lines[0].rubies.isEmpty)
    }

    /// In vertical text the ruby stands on the base's right: in the line's coordinates, on the ascent side.
    @Test func verticalRubyStandsRightOfItsBase() throws {
        let string = try Self.string("東京に行く", [(NSRange(location: 0, length: 2), RubyAnnotation("とうきょう"))], vertical: true)
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        let frame = Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 200)), attributes: attributes)
        let ruby = try #require(frame.lines.first?.rubies.first)
        #expect(ruby.origin.y > 0 && ruby.line.runs.allSatisfy(\.isVertical))
        // The column is wide enough for both: its fragment holds the base's half height plus the ruby.
        let half = try Self.font().halfHeight
        #expect(frame.lineFragments[0].width >= half * 2 + ruby.line.typographicBounds.ascent)
    }

    /// A PDF's text is the base's: the ruby is drawn, but as outlines, so copying gives 東京に行く.
    @Test func pdfTextHoldsTheBaseOnly() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("ruby.pdf")
        let canvas = try Canvas(pdfURL: url, width: 200, height: 80)
        canvas.textPosition = CGPoint(x: 10, y: 20)
        canvas.draw(Line(attributedString: try Self.string("東京に行く", [(NSRange(location: 0, length: 2), RubyAnnotation("とうきょう"))])))
        try canvas.finish()
        let text = try runProgram("/usr/bin/pdftotext", [url.path, "-"]).filter { !$0.isWhitespace }
        #expect(text == "東京に行く", "\(text)")
        #expect(try Data(contentsOf: url).count > 1000)
    }

    /// Positions for every alignment × overhang, with a ruby longer and a ruby shorter than its base, between kana and
    /// between kanji, horizontal and vertical: each base character's pen position and each ruby character's, along
    /// the line (Golden/ruby.tsv; GALLEY_RECORD=1 rewrites it). The cases above check the rules by hand; this keeps
    /// every combination from drifting.
    @Test func positionsForEveryAlignmentAndOverhang() throws {
        var rows = ["vertical\talignment\toverhang\ttext\truby\tbase positions\truby positions"]
        let cases: [(text: String, base: NSRange, ruby: String)] = [
            ("かな東京かな", NSRange(location: 2, length: 2), "とうきょうと"), ("大東京市", NSRange(location: 1, length: 2), "とうきょうと"),
            ("かな羅生門かな", NSRange(location: 2, length: 3), "らしょう"), ("大羅生門市", NSRange(location: 1, length: 3), "ら"),
        ]
        for vertical in [false, true] {
            for alignment in RubyAlignment.allCases {
                for overhang in RubyOverhang.allCases {
                    for sample in cases {
                        let ruby = RubyAnnotation(sample.ruby, alignment: alignment, overhang: overhang)
                        let line = Line(attributedString: try Self.string(sample.text, [(sample.base, ruby)], vertical: vertical))
                        let placed = try #require(line.rubies.first)
                        let base = Self.positions(line, 0..<sample.text.utf16.count).map { String(format: "%.3f", $0) }
                        let glyphs = Self.positions(placed.line, 0..<sample.ruby.utf16.count).map { String(format: "%.3f", $0 + placed.origin.x) }
                        rows.append([String(vertical), "\(alignment)", "\(overhang)", sample.text, sample.ruby, base.joined(separator: " "),
                                     glyphs.joined(separator: " ")].joined(separator: "\t"))
                    }
                }
            }
        }
        Golden.compare(rows.joined(separator: "\n") + "\n", to: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/ruby.tsv"))
    }

    /// Hostile rubies lay out: over bases of controls, format characters and a run delegate, longer than the base
    /// (the lines fuzzer found a base without glyphs at a paragraph's end, where spreading indexed past the glyphs:
    /// Fuzz/Corpus/lines/regression-ruby-over-a-base-without-glyphs), with empty texts, a size factor out of range,
    /// and over text too long for its line.
    @Test func hostileRubiesLayOut() throws {
        let long = RubyAnnotation(String(repeating: "ルビ", count: 40), overhang: .none, sizeFactor: .nan)
        for (text, range) in [("\u{2028}", NSRange(location: 0, length: 1)), ("あ\u{2028}", NSRange(location: 1, length: 1)),
                              ("\u{FFFC}", NSRange(location: 0, length: 1)), ("東京", NSRange(location: 0, length: 2)),
                              ("あ\u{202B}", NSRange(location: 1, length: 1)), ("あ\u{FEFF}\u{FEFF}", NSRange(location: 1, length: 2))] {
            let string = NSMutableAttributedString(attributedString: try Self.string(text, [(range, long)]))
            if text == "\u{FFFC}" { string.addAttribute(.runDelegate, value: RunDelegate(width: 0, ascent: 0, descent: 0), range: range) }
            let line = Line(attributedString: string)
            #expect(line.typographicBounds.width.isFinite && line.rubies.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite })
            let frame = Framesetter(attributedString: string).frame(path: Path(rect: CGRect(x: 0, y: 0, width: 30, height: 500)))
            #expect(frame.visibleStringRange == 0..<string.length)
        }
        let empty = Line(attributedString: try Self.string("東京", [(NSRange(location: 0, length: 2), RubyAnnotation(""))]))
        #expect(empty.rubies.isEmpty)
    }

    /// Inline ruby follows its base on the baseline at the base's size: the character after the base moves along by
    /// the ruby's width, and carets skip it (the ruby is not the line's text).
    @Test func inlineRubyFollowsItsBase() throws {
        let plain = Line(attributedString: try Self.string("東京に行く", []))
        let line = Line(attributedString: try Self.string("東京に行く", [(NSRange(location: 0, length: 2), RubyAnnotation("とうきょう", position: .inline))]))
        let ruby = try #require(line.rubies.first)
        #expect(!ruby.isColumn && ruby.origin == CGPoint(x: 2 * Self.size, y: 0))
        #expect(ruby.line.runs.first?.font.size == Self.size)
        let width = ruby.line.typographicBounds.width
        #expect(abs(width - 5 * Self.size) < 0.01)
        #expect(Self.positions(line, 0..<5) == [0, 20, 40 + width, 60 + width, 80 + width])
        #expect(abs(line.typographicBounds.width - (plain.typographicBounds.width + width)) < 0.01)
        #expect(line.typographicBounds.ascent == plain.typographicBounds.ascent)
        #expect(line.offset(forStringIndex: 2).primary == 40 + width && line.stringIndex(forPosition: CGPoint(x: 40 + width + 1, y: 0)) == 2)
    }

    /// Inter-character ruby stands on the right whether the text is horizontal or vertical: in a horizontal line a
    /// column of upright kana right of the base, centred on its height, the base widened by the column; in a vertical
    /// frame where `before` stands. Drawn, the column's ink is a tall narrow block right of the base.
    @Test func interCharacterRubyStandsOnTheRight() throws {
        let ruby = RubyAnnotation("ちゅう", position: .interCharacter)
        let line = Line(attributedString: try Self.string("中文", [(NSRange(location: 0, length: 1), ruby)]))
        let placed = try #require(line.rubies.first)
        let font = try Self.font()
        let across = Self.size / 2  // an em of the ruby's font
        let length = placed.line.typographicBounds.width
        #expect(placed.isColumn && placed.line.runs.allSatisfy(\.isVertical))
        #expect(abs(length - 3 * Self.size / 2) < 0.01)
        #expect(abs(placed.origin.x - (Self.size + across / 2)) < 1e-9)
        #expect(abs(placed.origin.y - ((font.ascent - font.descent) / 2 + length / 2)) < 1e-9)
        #expect(zip(Self.positions(line, 0..<2), [0, Self.size + across]).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(line.typographicBounds.ascent >= placed.origin.y - 1e-9)
        // Vertical text: on the right, as `before` (and not a column of its own).
        let vertical = Line(attributedString: try Self.string("中文", [(NSRange(location: 0, length: 1), ruby)], vertical: true))
        let before = Line(attributedString: try Self.string("中文", [(NSRange(location: 0, length: 1), RubyAnnotation("ちゅう"))], vertical: true))
        let (right, usual) = (try #require(vertical.rubies.first), try #require(before.rubies.first))
        #expect(!right.isColumn && right.origin == usual.origin && Self.positions(vertical, 0..<2) == Self.positions(before, 0..<2))
        // Drawn: only the column differs from the base alone, and it is a column.
        func drawn(_ line: Line) throws -> Canvas {
            let canvas = try Canvas(width: 80, height: 80)
            canvas.textPosition = CGPoint(x: 10, y: 30)
            canvas.draw(line)
            return canvas
        }
        let alone = try drawn(Line(attributedString: try Self.string("中", [])))
        let with = try drawn(Line(attributedString: try Self.string("中", [(NSRange(location: 0, length: 1), ruby)])))
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = nil
        for y in 0..<80 {
            for x in 0..<80 where with.pixel(x: x, y: y)?.alpha != alone.pixel(x: x, y: y)?.alpha {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y))
            }
        }
        let ink = try #require(box)
        // Pixel rows from the top: the column spans x 30…40 and, from the baseline at row 50, its extent above it.
        #expect(ink.minX >= 29 && ink.maxX <= 41, "\(ink)")
        #expect(ink.maxY - ink.minY > 2 * (ink.maxX - ink.minX), "\(ink)")
        #expect(CGFloat(ink.minY) >= 50 - placed.origin.y - 1 && CGFloat(ink.maxY) <= 50 - placed.origin.y + length + 1, "\(ink)")
    }
}
