import Foundation
import Testing

@testable import Galley
import GalleyDocuments

/// Vertical frames (`FrameProgression.rightToLeft`) against Chromium's `writing-mode: vertical-rl`: the same text in
/// the same font and column pitch, in a box of the same size, must fall into the same columns, each character at the
/// same place down its column, and the columns at the same places across the page. Chromium is run headless on a
/// page that reports every character's box (`Range.getClientRects`).
@Suite struct VerticalFrameTests {
    /// Noto Serif CJK JP cut to the corpus (real `vert`, `vhea`, `vmtx` and `VORG`; Han, kana, Hangul and Latin).
    static let font = "NotoSerifCJKjp-Regular-Subset.otf"
    /// For characters the CJK font lacks: the next family in Chromium.
    static let latinFont = "DejaVuSans.ttf"
    static let size: CGFloat = 16
    /// Each column's width: a fixed line height on both sides (Chromium rounds the font's ascent and descent to whole
    /// pixels for `line-height: normal`).
    static let pitch: CGFloat = 24
    static let box = CGSize(width: 312, height: 232)

    /// A paragraph of each corpus text (its first lines, up to about what the box holds) and one of Japanese mixed with
    /// Latin words and digits, which both set sideways.
    static let samples: [(name: String, text: String)] = {
        var samples: [(String, String)] = []
        for file in ["rashomon.txt", "ja_Jpan.txt", "sunzi-bingfa-simplified.txt", "sunzi-bingfa-traditional.txt", "zh_Hans.txt", "zh_Hant.txt",
                     "ko_Kore.txt", "unsu-joh-eun-nal.txt"] {
            var text = ""
            // (After the header lines in English that some of the files open with.)
            for line in (try? Corpus.lines(file)) ?? [] where text.utf16.count < 200 && line.unicodeScalars.contains(where: { $0.value >= 0x1100 }) {
                text += line.trimmingCharacters(in: .whitespaces)
            }
            samples.append((file, text))
        }
        samples.append(("mixed", "縦書きの組版では Core Text も HarfBuzz も 2026 年の今、欧文を九十度回して組む。"
            + "数字 12345 や ABC は横倒し、漢字と仮名は正立する。Galley はその両方を Chromium と同じ位置に置くか。"))
        // Latin words and digits right beside kanji and kana, where autospacing adds its space.
        samples.append(("adjoining", "縦書きでもCore TextとHarfBuzzは2026年に欧文を組む。数字12345やABCは横倒し、Galleyは同じ位置に置く。"))
        return samples
    }()

    /// The frame Galley makes of a sample: the box, columns from the right, vertical forms, a fixed line height. Each
    /// character is given the font CSS's font matching gives it — the first of the two families that has it — so that
    /// fallback (where Galley keeps spaces and punctuation between fallback text in the fallback font) is not what is
    /// compared.
    static func frame(_ text: String, combining combined: [NSRange] = [], autospace: CGFloat = 0) throws -> Frame {
        let cjk = try TestFonts.font(font, size: size), latin = try TestFonts.font(latinFont, size: size)
        var style = ParagraphStyle()
        style.eastAsianAutospace = autospace
        style.minimumLineHeight = pitch
        style.maximumLineHeight = pitch
        let string = NSMutableAttributedString(string: text, attributes: [.font: cjk, .verticalForms: true, .paragraphStyle: style])
        var index = 0
        for scalar in text.unicodeScalars {
            let length = scalar.utf16.count
            if cjk.glyph(forCodePoint: scalar.value) == nil { string.addAttribute(.font, value: latin, range: NSRange(location: index, length: length)) }
            index += length
        }
        for range in combined { string.addAttribute(.horizontalInVerticalForms, value: 4, range: range) }
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        attributes.usesFontLeading = false
        return Framesetter(attributedString: string).frame(path: Path(rect: CGRect(origin: .zero, size: box)), attributes: attributes)
    }

    /// A page with the samples in boxes like Galley's frame, one below the other (`top` CSS pixels apart), and a
    /// script.
    static func page(_ samples: [String], top: Int = 400, script: String = "", markup: Bool = false) -> String {
        func escaped(_ text: String) -> String {
            markup ? text : text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let boxes = samples.enumerated().map { index, text in "<div class=v style=\"top:\(index * top)px\">\(escaped(text))</div>" }
        return """
            <!doctype html><html><head><meta charset="utf-8"><style>
            @font-face { font-family: T; src: url("\(TestFonts.url(font).absoluteString)"); }
            @font-face { font-family: L; src: url("\(TestFonts.url(latinFont).absoluteString)"); }
            body { margin: 0; background: white }
            .v { font-family: T, L; font-size: \(Int(size))px; line-height: \(Int(pitch))px; writing-mode: vertical-rl;
                 text-orientation: mixed; width: \(Int(box.width))px; height: \(Int(box.height))px; position: absolute; left: 0;
                 line-break: strict; text-spacing-trim: space-all; text-autospace: no-autospace; font-kerning: normal }
            </style></head><body>\(boxes.joined())\(script)</body></html>
            """
    }

    /// Each UTF-16 index's box in Chromium (left, top, width, height in CSS pixels from the box's top left), for
    /// every sample at once.
    static func chromiumBoxes(autospace: Bool = false) throws -> [[Int: CGRect]] {
        let script = """
            <pre id=out></pre><script>
            document.fonts.ready.then(() => {
              const all = [];
              for (const div of document.querySelectorAll('.v')) {
                const node = div.firstChild, top = div.getBoundingClientRect().top, boxes = [];
                for (let i = 0; i < node.data.length; i++) {
                  const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
                  const rects = range.getClientRects();
                  if (rects.length) boxes.push([i, rects[0].left, rects[0].top - top, rects[0].width, rects[0].height]);
                }
                all.push(boxes);
              }
              document.getElementById('out').textContent = JSON.stringify(all);
            });
            </script>
            """
        var html = page(samples.map(\.text), script: script)
        if autospace { html = html.replacingOccurrences(of: "text-autospace: no-autospace", with: "text-autospace: normal") }
        let dump = try Chromium.dom(of: html)
        let json = try #require(dump.components(separatedBy: "<pre id=\"out\">").dropFirst().first?.components(separatedBy: "</pre>").first)
        let decoded = try JSONDecoder().decode([[[Double]]].self, from: Data(json.utf8))
        return decoded.map { boxes in
            Dictionary(uniqueKeysWithValues: boxes.map { (Int($0[0]), CGRect(x: $0[1], y: $0[2], width: $0[3], height: $0[4])) })
        }
    }

    /// Also with CSS's `text-autospace: normal` against `eastAsianAutospace = 0.125`: an eighth of an em between the
    /// Japanese and the Latin words and digits of the mixed sample.
    @Test(arguments: [false, true])
    func columnsAndPositionsEqualChromiumVerticalRightToLeft(autospace: Bool) throws {
        let chromium = try Self.chromiumBoxes(autospace: autospace)
        try #require(chromium.count == Self.samples.count)
        var compared = 0, columns = 0
        for (sample, theirs) in zip(Self.samples, chromium) {
            let frame = try Self.frame(sample.text, autospace: autospace ? 0.125 : 0)
            let units = Array(sample.text.utf16)
            try #require(!frame.lines.isEmpty)
            for (index, line) in frame.lines.enumerated() {
                // The column: the n-th from the box's right edge, one pitch wide.
                let fragment = frame.lineFragments[index]
                #expect(abs(fragment.maxX - (Self.box.width - CGFloat(index) * Self.pitch)) < 0.001 && abs(fragment.width - Self.pitch) < 0.001,
                        "\(sample.name): column \(index) spans \(fragment.minX)…\(fragment.maxX)")
                #expect(abs(frame.lineOrigins[index].y - Self.box.height) < 0.001, "\(sample.name): column \(index) starts below the top")
                columns += 1
                for unit in line.stringRange where !CharacterClasses.isWhitespace(units[unit]) && !UTF16.isTrailSurrogate(units[unit]) {
                    guard let box = theirs[unit] else {
                        Issue.record("\(sample.name): Chromium has no box for unit \(unit)")
                        continue
                    }
                    // Chromium's column: the slot its box is centred in, counted from the right.
                    let column = Int(((Self.box.width - box.midX) / Self.pitch).rounded(.down))
                    // Down the column: the caret offset along the line, from the top.
                    let down = line.offset(forStringIndex: unit).primary
                    // Across: upright forms centred on the column's centre line, as Chromium centres their boxes —
                    // within half a pixel, since Chromium rounds the font's ascent and descent and the half-leading
                    // to whole pixels (its box is 21 px of the 24 px column, 1 px from its right edge).
                    if line.runs.first(where: { $0.stringRange.contains(unit) })?.isVertical == true {
                        let centre = frame.lineOrigins[index].x
                        if abs(centre - box.midX) > 0.51 { Issue.record("\(sample.name): unit \(unit) centred at \(centre), Chromium at \(box.midX)") }
                    }
                    if column != index || abs(down - box.minY) > 0.05 {
                        Issue.record("\(sample.name): unit \(unit) (\(String(utf16CodeUnits: [units[unit]], count: 1))) in column \(index) at \(down), Chromium: column \(column) at \(box.minY)")
                    }
                    compared += 1
                }
            }
            // What Galley leaves out for lack of room, Chromium sets in columns past the box's left edge.
            if frame.visibleStringRange.upperBound < units.count, let next = theirs[frame.visibleStringRange.upperBound] {
                #expect(next.midX < 0, "\(sample.name): Chromium's next character is inside the box")
            }
        }
        print("vertical frames\(autospace ? ", autospace" : ""): \(compared) characters in \(columns) columns of \(Self.samples.count) texts as Chromium places them")
        if autospace {
            // The spacing moves characters: the mixed sample's columns are not what they are without it.
            let mixed = try #require(Self.samples.last?.text)
            let (spaced, plain) = (try Self.frame(mixed, autospace: 0.125), try Self.frame(mixed))
            let moved = zip(spaced.lines, plain.lines).contains { $0.stringRange != $1.stringRange || $0.typographicBounds.width != $1.typographicBounds.width }
            #expect(moved)
        }
        #expect(compared > 1000)
    }

    /// The frame of `text` with other attributes and shape (the samples' font, vertical forms, pitch).
    static func frame(_ text: String, path: Path, strictness: LineBreakStrictness = .automatic, trims: Bool = false,
                      change: (inout FrameAttributes) -> Void) throws -> (Framesetter, Frame) {
        let font = try TestFonts.font(Self.font, size: size)
        var style = ParagraphStyle()
        style.lineBreakStrictness = strictness
        style.trimsAdjacentPunctuation = trims
        style.trimsPunctuationAtLineStarts = trims
        style.trimsPunctuationAtLineEnds = trims
        style.minimumLineHeight = pitch
        style.maximumLineHeight = pitch
        let string = NSAttributedString(string: text, attributes: [.font: font, .verticalForms: true, .paragraphStyle: style])
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        change(&attributes)
        let framesetter = Framesetter(attributedString: string)
        return (framesetter, framesetter.frame(path: path, attributes: attributes))
    }

    /// Columns from the left (Mongolian's progression) are the columns from the right mirrored: the same lines, each
    /// the same distance from the left edge as the other is from the right, ascents on the right in both.
    @Test func leftToRightMirrorsRightToLeft() throws {
        let text = Self.samples[0].text
        let path = Path(rect: CGRect(origin: .zero, size: Self.box))
        let (_, right) = try Self.frame(text, path: path) { _ in }
        let (_, left) = try Self.frame(text, path: path) { $0.progression = .leftToRight }
        #expect(right.lines.count > 5 && left.lines.map(\.stringRange) == right.lines.map(\.stringRange))
        for index in right.lines.indices {
            #expect(abs(left.lineFragments[index].minX - (Self.box.width - right.lineFragments[index].maxX)) < 1e-9)
            #expect(abs(left.lineOrigins[index].x - (Self.box.width - right.lineOrigins[index].x)) < 1e-9)
            #expect(left.lineOrigins[index].y == right.lineOrigins[index].y)
        }
    }

    /// A suggested size holds its text in a vertical frame: as wide as its columns, and a frame a point narrower shows
    /// less.
    @Test func suggestedSizeHoldsTheText() throws {
        let text = Self.samples[1].text
        let (framesetter, _) = try Self.frame(text, path: Path()) { _ in }
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        let suggestion = framesetter.suggestFrameSize(attributes: attributes, constraints: CGSize(width: .greatestFiniteMagnitude, height: Self.box.height))
        #expect(suggestion.fitRange == 0..<text.utf16.count)
        let frame = framesetter.frame(path: Path(rect: CGRect(origin: CGPoint(x: 40, y: -7), size: suggestion.size)), attributes: attributes)
        #expect(frame.visibleStringRange == suggestion.fitRange)
        #expect(abs(suggestion.size.width - CGFloat(frame.lines.count) * Self.pitch) < 1e-6)
        #expect(suggestion.size.height <= Self.box.height)
        let narrower = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: suggestion.size.width - 1, height: suggestion.size.height)),
                                         attributes: attributes)
        #expect(narrower.visibleStringRange.upperBound < text.utf16.count)
    }

    /// Text flows around an exclusion in a vertical frame as in a horizontal one: no column's fragment crosses it,
    /// and the text still lands in exactly one line or after the frame.
    @Test func columnsFlowAroundAnExclusion() throws {
        let text = Self.samples[0].text + Self.samples[2].text
        let hole = CGRect(x: 100, y: 80, width: 90, height: 70)
        let (_, frame) = try Self.frame(text, path: Path(rect: CGRect(origin: .zero, size: Self.box))) {
            $0.clippingPaths = [ClippingPath(Path(rect: hole))]
        }
        var covered = 0
        for (line, fragment) in zip(frame.lines, frame.lineFragments) {
            #expect(!fragment.insetBy(dx: 0.01, dy: 0.01).intersects(hole), "\(fragment) crosses the exclusion")
            #expect(line.stringRange.lowerBound == covered)
            covered = line.stringRange.upperBound
        }
        #expect(covered == frame.visibleStringRange.upperBound && frame.lines.count > 10)
        // Columns beside the hole are cut in two: fragments above and below it in the same column.
        #expect(frame.lineFragments.contains { $0.maxY <= hole.minY + 0.01 } && frame.lineFragments.contains { $0.minY >= hole.maxY - 0.01 })
    }

    /// An upright run's text matrix turns its glyphs a quarter counter-clockwise (the frame's clockwise turn undoes
    /// it), a sideways run's is the font's; ink bounds turn with the glyphs.
    @Test func uprightRunsCarryTheTurnInTheirTextMatrix() throws {
        let (_, frame) = try Self.frame("漢字 ABC", path: Path(rect: CGRect(origin: .zero, size: Self.box))) { _ in }
        let runs = frame.lines[0].runs
        let upright = try #require(runs.first { $0.isVertical }), sideways = try #require(runs.first { $0.status.contains(.rotated) })
        let matrix = upright.textMatrix
        #expect(matrix.m11 == 0 && matrix.m12 == 1 && matrix.m21 == -1 && matrix.m22 == 0)
        #expect(upright.status.contains(.hasNonIdentityMatrix) && !sideways.status.contains(.hasNonIdentityMatrix))
        #expect(sideways.textMatrix == AffineTransform())
        let glyph = upright.glyphs[0], position = upright.positions[0]
        let extents = try #require(upright.font.inkExtents(of: glyph))
        let turned = CGRect(x: position.x - extents.maxY, y: position.y + extents.minX, width: extents.height, height: extents.width)
        let ink = upright.imageBounds(in: 0..<1)
        #expect(abs(ink.minX - turned.minX) < 1e-9 && abs(ink.minY - turned.minY) < 1e-9 && abs(ink.width - turned.width) < 1e-9)
        // Sideways text is centred on the column's centre line: its ascent and descent reach equally far.
        let bounds = sideways.typographicBounds()
        #expect(abs(bounds.ascent - bounds.descent) < 1e-9)
    }

    /// Right-to-left text in a vertical column is set sideways (shaped horizontally, turned with the column), even
    /// characters that stand upright in a column otherwise: kana under a right-to-left override, beside Arabic, which
    /// Unicode turns anyway (UAX #50).
    @Test func rightToLeftTextInAColumnIsSetSideways() throws {
        let cjk = try TestFonts.font(Self.font, size: Self.size), arabic = try TestFonts.font("NotoNaskhArabic-Regular.ttf", size: Self.size)
        let string = NSMutableAttributedString(string: "漢字\u{202E}仮名\u{202C}漢字", attributes: [.font: cjk, .verticalForms: true])
        string.append(NSAttributedString(string: "مرحبا", attributes: [.font: arabic, .verticalForms: true]))
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        let frame = Framesetter(attributedString: string).frame(path: Path(rect: CGRect(origin: .zero, size: Self.box)), attributes: attributes)
        let runs = frame.lines[0].runs
        let kana = try #require(runs.first { $0.stringRange.contains(4) })
        #expect(kana.status.contains(.rightToLeft) && kana.status.contains(.rotated) && !kana.isVertical)
        let letters = try #require(runs.first { $0.stringRange.contains(9) })
        #expect(letters.status.contains(.rotated) && !letters.isVertical)
        #expect(runs.filter { $0.stringRange.contains(0) }.allSatisfy { $0.isVertical && !$0.status.contains(.rotated) })
    }

    /// Every corpus text set vertically, paragraph by paragraph in frames a column of 20 em long and a few columns
    /// wide, frame after frame: each UTF-16 index in exactly one column or after the last frame, no column longer
    /// than the frame, columns from right to left inside it.
    @Test(arguments: Corpus.files)
    func everyCorpusTextSetsVertically(file: String) throws {
        let text = try Corpus.lines(file).prefix(40).joined(separator: "\n")
        let fonts = [try TestFonts.font(Self.font, size: 12), try TestFonts.font("DejaVuSans.ttf", size: 12)]
        let string = NSAttributedString(string: text, attributes: [.font: fonts[0], .verticalForms: true])
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        let box = CGRect(x: 10, y: -20, width: 150, height: 240)
        let frames = Framesetter(attributedString: string).frames(paths: Array(repeating: Path(rect: box), count: 400), attributes: attributes)
        var next = 0
        for frame in frames {
            var right = CGFloat.infinity
            for (line, fragment) in zip(frame.lines, frame.lineFragments) {
                #expect(line.stringRange.lowerBound == next, "\(file): a column starts at \(line.stringRange.lowerBound), not \(next)")
                next = line.stringRange.upperBound
                #expect(fragment.maxX <= right + 1e-9 && fragment.minX >= -1e-9 && fragment.maxX <= box.width + 1e-9)
                right = fragment.minX
                let visible = line.typographicBounds.width - line.trailingWhitespaceWidth
                #expect(fragment.height <= box.height + 1e-9 && visible <= fragment.height + 0.01 || line.stringRange.count == 1,
                        "\(file): a column of \(visible) pt in a frame \(box.height) pt tall")
            }
        }
        #expect(next == text.utf16.count, "\(file): the frames show \(next) of \(text.utf16.count) units")
    }

    /// Column breaks of every paragraph of Rashomon (Project Gutenberg, reflowed) against Chromium's vertical-rl in
    /// the same font, size and column length: the share of paragraphs whose columns end at the same characters.
    @Test func rashomonColumnBreaksAgreeWithChromium() throws {
        let raw = try String(contentsOf: Corpus.directory.appendingPathComponent("rashomon.txt"), encoding: .utf8)
        let body = raw.components(separatedBy: "--------\n")[1]
        var paragraphs = AttributedDocument.reflowed(body).split(separator: "\n").map(String.init)
        // Each CSS line-break value against Galley's strictness of the same name (both ICU's `lb` tailorings), at
        // two column lengths; with two paragraphs of small kana, ー and iteration marks, where the values differ.
        // The Universal Declaration in Japanese too: a paragraph a line.
        paragraphs += try Corpus.lines("ja_Jpan.txt").filter { $0.unicodeScalars.contains { $0.value >= 0x3000 } }
        paragraphs += ["きゃっきゃっと笑うキャットフードのチョコレートショップで、ニャーニャーと鳴く猫々がジャンプしてキャッチした。",
                       "ちょっとしたことでびっくりしたシャーロックは、ゆっくりとジョッキのビールをチョコチョコ飲む人々を見た。"]
        var columns: [LineBreakStrictness: [[Range<Int>]]] = [:]
        for strictness in [LineBreakStrictness.strict, .normal, .loose] {
            for length in [320, 208] {
                let ours = try compareRashomonColumns(paragraphs, length: CGFloat(length), strictness: strictness)
                columns[strictness, default: []] += ours
            }
        }
        // The values break differently somewhere, so the comparison tells them apart.
        #expect(columns[.strict] != columns[.normal] && columns[.normal] != columns[.loose])
        // And with fullwidth punctuation trimmed where it meets and at line starts (`text-spacing-trim: space-first`,
        // Chromium's default), where some columns open with a bracket that hangs half into the margin.
        var opened = 0
        for length in [320, 208] {
            let trimmed = try compareRashomonColumns(paragraphs, length: CGFloat(length), strictness: .strict, trims: true)
            for (paragraph, ranges) in zip(paragraphs, trimmed) {
                let units = Array(paragraph.utf16)
                opened += ranges.dropFirst().filter { PunctuationTrimming.role(units[$0.lowerBound]) == .opening }.count
            }
        }
        #expect(opened > 0, "no column opens with a bracket")
        print("vertical column breaks, punctuation trimmed: \(opened) columns open with a trimmed bracket")
    }

    /// The paragraphs in columns `length` px long, in Galley and in Chromium: at least 98% break alike, with and
    /// without punctuation trimmed (where it meets, at line starts and, where a line would not fit otherwise, at line
    /// ends). Returns Galley's columns.
    private func compareRashomonColumns(_ paragraphs: [String], length: CGFloat, strictness: LineBreakStrictness,
                                        trims: Bool = false) throws -> [[Range<Int>]] {
        let tall = CGSize(width: 2000, height: length)
        let script = """
            <pre id=out></pre><script>
            document.fonts.ready.then(() => {
              const all = [];
              for (const div of document.querySelectorAll('.v')) {
                const node = div.firstChild, starts = []; let last = null;
                for (let i = 0; i < node.data.length; i++) {
                  const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
                  const rects = range.getClientRects();
                  if (!rects.length || /\\s/.test(node.data[i])) continue;
                  const x = Math.round(rects[0].left + rects[0].width / 2);
                  if (last !== null && x !== last) starts.push(i);
                  last = x;
                }
                all.push(starts);
              }
              document.getElementById('out').textContent = JSON.stringify(all);
            });
            </script>
            """
        let page = Self.page(paragraphs, top: 400, script: script).replacingOccurrences(
            of: "width: \(Int(Self.box.width))px; height: \(Int(Self.box.height))px", with: "width: \(Int(tall.width))px; height: \(Int(tall.height))px")
            .replacingOccurrences(of: "line-break: strict", with: "line-break: \(strictness.rawValue)")
            .replacingOccurrences(of: "text-spacing-trim: space-all", with: "text-spacing-trim: \(trims ? "space-first" : "space-all")")
        let dump = try Chromium.dom(of: page)
        let json = try #require(dump.components(separatedBy: "<pre id=\"out\">").dropFirst().first?.components(separatedBy: "</pre>").first)
        let theirs = try JSONDecoder().decode([[Int]].self, from: Data(json.utf8))
        try #require(theirs.count == paragraphs.count)
        var same = 0
        var differences: [String] = []
        var columns: [[Range<Int>]] = []
        for (paragraph, chromium) in zip(paragraphs, theirs) {
            let (_, frame) = try Self.frame(paragraph, path: Path(rect: CGRect(origin: .zero, size: tall)), strictness: strictness, trims: trims) { _ in }
            columns.append(frame.lines.map(\.stringRange))
            // Where each column after the first starts, at its first character that is not white space.
            let units = Array(paragraph.utf16)
            let ours = frame.lines.dropFirst().map { line in
                var start = line.stringRange.lowerBound
                while start < line.stringRange.upperBound, CharacterClasses.isWhitespace(units[start]) { start += 1 }
                return start
            }
            if ours == chromium { same += 1 } else { differences.append("\(paragraph.prefix(12))…: Galley \(ours), Chromium \(chromium)") }
        }
        print("vertical column breaks, Rashomon and the Japanese declaration, \(Int(length)) px columns, line-break \(strictness)\(trims ? ", punctuation trimmed" : ""): \(same) of \(paragraphs.count) paragraphs as Chromium breaks them")
        for difference in differences { print("  " + difference) }
        #expect(paragraphs.count > 30 && same * 100 >= paragraphs.count * 98)
        return columns
    }

    /// Justified vertical columns end flush with the frame's bottom (inter-character spacing, as horizontal CJK lines
    /// get), the paragraph's last excepted; a line limit truncates the last column with its token.
    @Test func justifiedAndTruncatedColumns() throws {
        let text = Self.samples[0].text
        let font = try TestFonts.font(Self.font, size: Self.size)
        var style = ParagraphStyle()
        style.alignment = .justified
        let string = NSAttributedString(string: text, attributes: [.font: font, .verticalForms: true, .paragraphStyle: style])
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        let box = CGRect(x: 0, y: 0, width: 300, height: 229)  // not a whole number of ems
        let frame = Framesetter(attributedString: string).frame(path: Path(rect: box), attributes: attributes)
        try #require(frame.lines.count > 3)
        for (line, fragment) in zip(frame.lines.dropLast(), frame.lineFragments) {
            let visible = line.typographicBounds.width - line.trailingWhitespaceWidth
            #expect(abs(visible - fragment.height) < 0.01, "a justified column \(visible) pt long in \(fragment.height) pt")
        }
        attributes.maximumNumberOfLines = 2
        let truncated = Framesetter(attributedString: string).frame(path: Path(rect: box), attributes: attributes)
        #expect(truncated.lines.count == 2 && truncated.lines[1].runs.contains(where: \.isTruncationToken))
        #expect(truncated.lines[1].typographicBounds.width <= box.height + 0.01)
    }

    /// Fullwidth punctuation that meets takes half its width (`trimsAdjacentPunctuation`) where Chromium's
    /// `text-spacing-trim: space-first` trims it, and nowhere when neither trims (`space-all`): every character of a
    /// text dense with brackets, stops and middle dots at the same place down one long column, and across one line.
    @Test(arguments: [false, true])
    func adjacentPunctuationIsTrimmedAsChromiumTrimsIt(vertical: Bool) throws {
        // (Every character in the bundled font: a fallback font without `halt` would trim nothing.)
        let text = "「下人」『羅生門』。（雨：「京都」）、「はい」・「いいえ」。　「下人」』」。"
        let long: CGFloat = 2000
        let script = """
            <pre id=out></pre><script>
            document.fonts.ready.then(() => {
              const all = [];
              for (const div of document.querySelectorAll('.v')) {
                const node = div.firstChild, r0 = div.getBoundingClientRect(), boxes = [];
                for (let i = 0; i < node.data.length; i++) {
                  const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
                  const rects = range.getClientRects();
                  boxes.push(rects.length ? (\(vertical) ? rects[0].top - r0.top : rects[0].left - r0.left) : -1);
                }
                all.push(boxes);
              }
              document.getElementById('out').textContent = JSON.stringify(all);
            });
            </script>
            """
        var html = Self.page([text, text], top: 400, script: script)
            .replacingOccurrences(of: "width: \(Int(Self.box.width))px; height: \(Int(Self.box.height))px",
                                  with: vertical ? "width: 100px; height: \(Int(long))px" : "width: \(Int(long))px; height: 100px")
        if !vertical { html = html.replacingOccurrences(of: "writing-mode: vertical-rl;", with: "") }
        // The first box as Galley sets it by default, the second trimmed.
        html = html.replacingOccurrences(of: "<div class=v style=\"top:400px\">", with: "<div class=v style=\"top:400px; text-spacing-trim: space-first\">")
        let dump = try Chromium.dom(of: html)
        let json = try #require(dump.components(separatedBy: "<pre id=\"out\">").dropFirst().first?.components(separatedBy: "</pre>").first)
        let theirs = try JSONDecoder().decode([[Double]].self, from: Data(json.utf8))
        var offsets: [[CGFloat]] = []
        for trims in [false, true] {
            var style = ParagraphStyle()
            style.trimsAdjacentPunctuation = trims
            let string = NSAttributedString(string: text, attributes: [.font: try TestFonts.font(Self.font, size: Self.size), .verticalForms: vertical,
                                                                       .paragraphStyle: style])
            let line = Line(attributedString: string)
            offsets.append((0..<text.utf16.count).map { line.offset(forStringIndex: $0).primary })
        }
        for (ours, chromium) in zip(offsets, theirs) {
            for (index, (a, b)) in zip(ours, chromium).enumerated() where abs(a - CGFloat(b)) > 0.05 {
                Issue.record("\(vertical ? "vertical" : "horizontal"), unit \(index): Galley \(a), Chromium \(b)")
            }
        }
        #expect(offsets[0] != offsets[1] && offsets[1].last! < offsets[0].last! - Self.size * 3)
        let font = try TestFonts.font(Self.font, size: Self.size)
        #expect(text.unicodeScalars.allSatisfy { font.glyph(forCodePoint: $0.value) != nil })
    }

    /// `text` in 10-point vertical forms and `style`, in columns from the right of a box of `size`.
    static func columns(_ text: String, style: ParagraphStyle, size: CGSize) throws -> Frame {
        let string = NSAttributedString(string: text, attributes: [.font: try TestFonts.font(Self.font, size: 10), .verticalForms: true,
                                                                   .paragraphStyle: style])
        var attributes = FrameAttributes()
        attributes.progression = .rightToLeft
        return Framesetter(attributedString: string).frame(path: Path(rect: CGRect(origin: .zero, size: size)), attributes: attributes)
    }

    /// Burasage (`CharacterProtrusion.eastAsianStops`): with greedy or optimal breaking, justified columns may end with
    /// a stop hanging wholly below their foot; without it no column passes the frame; every character is set either way.
    @Test(arguments: [LineBreakStrategy.greedy, .optimal()])
    func stopsHangBelowTheirColumns(strategy: LineBreakStrategy) throws {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("rashomon.txt"), encoding: .utf8)
            .components(separatedBy: "--------\n")[1].split(separator: "\n").prefix(30).joined()
        func hanging(_ protrusion: CharacterProtrusion?) throws -> (hung: Int, lines: Int, shown: Int) {
            var style = ParagraphStyle()
            style.alignment = .justified
            style.lineBreakStrategy = strategy
            style.characterProtrusion = protrusion
            style.lineBreakStrictness = .strict
            let frame = try Self.columns(text, style: style, size: CGSize(width: 4000, height: 155))
            var hung = 0
            for (line, fragment) in zip(frame.lines, frame.lineFragments) {
                let visible = line.typographicBounds.width - line.trailingWhitespaceWidth
                if visible > fragment.height + 5 { hung += 1 }  // a stop of 10 pt past the foot
            }
            return (hung, frame.lines.count, frame.visibleStringRange.count)
        }
        let plain = try hanging(nil), hung = try hanging(.eastAsianStops)
        #expect(plain.hung == 0 && hung.hung > 0, "\(plain) \(hung)")
        print("burasage, \(strategy): \(hung.hung) of \(hung.lines) columns end with a hanging stop (\(plain.lines) columns without)")
        #expect(plain.shown == text.utf16.count && hung.shown == text.utf16.count)
    }

    /// Greedy burasage by hand: ten ideographs and a stop in a column ten ems long. Without hanging, strict kinsoku
    /// keeps the stop off the next column's top by taking the tenth ideograph along (nine in the first column); with
    /// `eastAsianStops` the stop hangs wholly below the foot (eleven, one em past). A bracket does not hang so.
    @Test func greedyBreakingHangsAStopThatWouldNotFit() throws {
        func firstColumn(_ text: String, _ protrusion: CharacterProtrusion?) throws -> Line {
            var style = ParagraphStyle()
            style.characterProtrusion = protrusion
            style.lineBreakStrictness = .strict
            return try #require(try Self.columns(text, style: style, size: CGSize(width: 300, height: 100)).lines.first)
        }
        for stop in ["。", "、", "，", "．"] {
            #expect(try firstColumn("永永永永永永永永永永\(stop)永永", nil).stringRange.count == 9)
            let hung = try firstColumn("永永永永永永永永永永\(stop)永永", .eastAsianStops)
            #expect(hung.stringRange.count == 11 && abs(hung.typographicBounds.width - 110) < 0.01, "\(stop): \(hung.stringRange)")
        }
        #expect(try firstColumn("永永永永永永永永永永」永永", .eastAsianStops).stringRange.count == 9)
    }

    /// Hit testing goes down the columns: a point a quarter of the way down a character (as the line's caret offsets
    /// put it), anywhere across its column, gives the caret before it, three quarters down the caret after it — over
    /// upright kanji and kana, sideways Latin words and digits alike; a point beside the frame gives the nearest
    /// column's caret. A horizontal frame answers by x, as `Line.stringIndex(forPosition:)` does.
    @Test func hitTestingGoesDownTheColumns() throws {
        let sample = try #require(Self.samples.first { $0.name == "mixed" })
        let frame = try Self.frame(sample.text)
        try #require(frame.lines.count > 2)
        var checked = 0
        for (lineIndex, (line, origin)) in zip(frame.lines, frame.lineOrigins).enumerated() {
            let fragment = frame.lineFragments[lineIndex]
            for index in line.stringRange.dropLast() {
                let top = line.offset(forStringIndex: index).primary, bottom = line.offset(forStringIndex: index + 1).primary
                guard bottom - top > 2 else { continue }  // (spaces that hang, nothing between)
                for x in [fragment.minX + 0.5, fragment.midX, fragment.maxX - 0.5] {
                    #expect(frame.stringIndex(forPosition: CGPoint(x: x, y: origin.y - (top + (bottom - top) / 4))) == index)
                    #expect(frame.stringIndex(forPosition: CGPoint(x: x, y: origin.y - (top + 3 * (bottom - top) / 4))) == index + 1)
                }
                checked += 1
            }
        }
        #expect(checked > 60, "\(checked) characters hit")
        // Right of the frame, level with the first column's second character: that column.
        let first = frame.lines[0], firstOrigin = frame.lineOrigins[0]
        let second = (first.offset(forStringIndex: 1).primary + first.offset(forStringIndex: 2).primary) / 2
        #expect(frame.lineIndex(forPosition: CGPoint(x: Self.box.width + 50, y: firstOrigin.y - second)) == 0)
        #expect(frame.stringIndex(forPosition: CGPoint(x: Self.box.width + 50, y: firstOrigin.y - second + 1)) == 1)
        #expect(frame.lineIndex(forPosition: CGPoint(x: -500, y: 10)) == frame.lines.count - 1)
        #expect(frame.stringIndex(forPosition: CGPoint(x: CGFloat.nan, y: 0)) == nil)
        // Horizontal: the line under y, then x.
        let horizontal = Framesetter(attributedString: NSAttributedString(string: sample.text, attributes: [.font: try TestFonts.font(Self.font, size: Self.size)]))
            .frame(path: Path(rect: CGRect(origin: .zero, size: Self.box)))
        let line = horizontal.lines[1], origin = horizontal.lineOrigins[1]
        let x = (line.offset(forStringIndex: line.stringRange.lowerBound + 3).primary + line.offset(forStringIndex: line.stringRange.lowerBound + 4).primary) / 2
        #expect(horizontal.stringIndex(forPosition: CGPoint(x: origin.x + x - 1, y: origin.y + 2)) == line.stringRange.lowerBound + 3)
    }
}
