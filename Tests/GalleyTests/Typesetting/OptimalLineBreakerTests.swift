import Foundation
import Testing

@testable import Galley

/// Knuth–Plass breaking: the chosen breaks minimise the demerits (checked against every possible set of breaks on
/// small paragraphs), and on the corpus they never cost more than greedy breaking's.
@Suite struct OptimalLineBreakerTests {
    static let font = try! TestFonts.font("DejaVuSerif.ttf", size: 12)

    static func typesetter(_ text: String, hyphenate: Bool, parameters: OptimalBreakParameters = .default) -> Typesetter {
        var style = ParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = hyphenate ? 1 : 0
        style.lineBreakStrategy = .optimal()
        style.optimalBreakParameters = parameters
        return Typesetter(attributedString: NSAttributedString(
            string: text, attributes: [.font: font, .paragraphStyle: style, NSAttributedString.Key.language: "en-US"]))
    }

    @Test(arguments: [
        ("Optimal line breaking minimises the demerits of a paragraph.", 150.0),
        ("The quick brown fox jumps over the lazy dog while typesetting.", 140.0),
        ("Typographical considerations include hyphenation.", 130.0),
        ("Short words a b c d e f wrap.", 50.0),
    ])
    func breaksEqualAnExhaustiveSearch(text: String, width: Double) throws {
        var filling = OptimalBreakParameters.default
        filling.lastLineFill = 0.6
        for parameters in [OptimalBreakParameters.default, .tex, filling] {
            try Self.checkExhaustively(text: text, width: width, parameters: parameters)
        }
    }

    static func checkExhaustively(text: String, width: Double, parameters: OptimalBreakParameters) throws {
        // Without hyphenation, the breaker's passes differ only in their tolerance and emergency stretch.
        let typesetter = Self.typesetter(text, hyphenate: false, parameters: parameters)
        let paragraph = typesetter.paragraphs[0]
        let breaker = OptimalLineBreaker(typesetter: typesetter, paragraph: paragraph, start: 0, width: { _ in CGFloat(width) }, looseness: 0)
        let candidates = breaker.candidates()
        let last = try #require(candidates.last)
        let inner = candidates.dropLast()
        #expect(inner.count <= 12, "too many candidates for an exhaustive search")
        let table = Dictionary(candidates.map { ($0.position, $0) }) { first, _ in first }
        let sums = OptimalLineBreaker.Sums(typesetter: typesetter, paragraph: paragraph, from: 0)
        // The breaker's passes: the best set within the first pass that has one.
        func best(_ pass: OptimalLineBreaker.Pass) -> CGFloat {
            var best: CGFloat = .infinity
            for mask in 0..<(1 << min(inner.count, 12)) {
                var ends: [LineEnd] = []
                for (bit, candidate) in inner.enumerated() where mask & (1 << bit) != 0 {
                    ends.append(LineEnd(end: candidate.position, hyphenated: candidate.isHyphen))
                }
                ends.append(LineEnd(end: last.position, hyphenated: false))
                if let demerits = breaker.demerits(of: ends, maximumRatio: pass.ratio, candidates: table, sums: sums,
                                                   emergencyStretch: pass.emergencyStretch) {
                    best = min(best, demerits)
                }
            }
            return best
        }
        let pass = try #require(breaker.passes.first { best($0).isFinite }, "no settable breaks: choose a wider test width")
        let expected = best(pass)
        let chosen = breaker.breaks()
        let chosenDemerits = try #require(breaker.demerits(of: chosen, maximumRatio: pass.ratio, candidates: table, sums: sums,
                                                           emergencyStretch: pass.emergencyStretch))
        #expect(abs(chosenDemerits - expected) <= max(expected * 1e-9, 1e-6), "chosen \(chosenDemerits), best \(expected)")
    }

    /// TeX's parameters by hand: the same lines cost exactly the double-hyphen and final-hyphen demerits more when
    /// two hyphenated lines precede the last, explicit hyphens take \exhyphenpenalty and count as hyphenated, and the
    /// passes are TeX's (badness 100, 1,000, then 1,000 with an em of emergency stretch) before Galley's last resort.
    @Test func texParametersByHand() throws {
        let text = "Typographical hyphenation considerations include well-known hyphenation dictionaries."
        let tex = Self.typesetter(text, hyphenate: true, parameters: .tex)
        var free = OptimalBreakParameters.tex
        free.doubleHyphenDemerits = 0
        free.finalHyphenDemerits = 0
        let plain = Self.typesetter(text, hyphenate: true, parameters: free)
        func breaker(_ typesetter: Typesetter) -> OptimalLineBreaker {
            OptimalLineBreaker(typesetter: typesetter, paragraph: typesetter.paragraphs[0], start: 0, width: { _ in 1000 }, looseness: 0)
        }
        let candidates = breaker(tex).candidates()
        let hyphens = candidates.filter(\.isHyphen)
        #expect(hyphens.count >= 3)
        // Two hyphenated lines, then the rest: +10,000 for the second, +5,000 for the last after it.
        let ends = [LineEnd(end: hyphens[0].position, hyphenated: true), LineEnd(end: hyphens[hyphens.count - 1].position, hyphenated: true),
                    LineEnd(end: text.utf16.count, hyphenated: false)]
        let withHyphenDemerits = try #require(breaker(tex).demerits(of: ends))
        let without = try #require(breaker(plain).demerits(of: ends))
        #expect(abs(withHyphenDemerits - without - 15_000) < 1e-6, "\(withHyphenDemerits - without)")
        // The explicit hyphen of "well-known": TeX's penalty, and flagged; Galley's default: free, not flagged.
        let explicit = try #require(candidates.first { $0.position == (text as NSString).range(of: "well-").upperBound })
        #expect(explicit.penalty == 50 && explicit.isFlagged && !explicit.isHyphen)
        let defaultExplicit = try #require(breaker(Self.typesetter(text, hyphenate: true)).candidates().first { $0.position == explicit.position })
        #expect(defaultExplicit.penalty == 0 && !defaultExplicit.isFlagged)
        // The passes.
        let passes = breaker(tex).passes
        #expect(passes.map(\.hyphenating) == [false, true, true, true])
        // TeX's badness is whole (tex.web §108): badness 100 holds up to ratio 298/297 (297³ + 2¹⁷ < 101 · 2¹⁸),
        // 1,000 up to 641/297, 2,700 up to 892/297.
        #expect(passes[0].ratio == (298.0 / 297).nextDown && passes[1].ratio == (641.0 / 297).nextDown && passes[2].emergencyStretch == 12)
        #expect(passes[3].ratio == 10)
        let defaults = breaker(Self.typesetter(text, hyphenate: true)).passes
        #expect(defaults.map(\.ratio) == [(892.0 / 297).nextDown, 10], "Galley's defaults: hyphenation from the first pass, within ratio 3")
    }

    /// A last line shorter than `lastLineFill` of the width is charged the badness of a line stretched by three times
    /// the fill it lacks: on Newton's paragraphs at 400 pt, last lines under a quarter of the width go with a fill of
    /// a quarter, and a paragraph that cannot avoid a runt is still set.
    @Test func lastLineFillAvoidsRunts() throws {
        let text = try String(contentsOf: Corpus.directory.appendingPathComponent("newton-opticks.txt"), encoding: .utf8)
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { $0.split(separator: " ").count >= 40 }
        let width: CGFloat = 400
        func lastLineFills(_ fill: CGFloat) -> [CGFloat] {
            var parameters = OptimalBreakParameters.default
            parameters.lastLineFill = fill
            return paragraphs.map { paragraph in
                let typesetter = Self.typesetter(paragraph, hyphenate: true, parameters: parameters)
                let last = typesetter.optimalLineBreaks(startingAt: 0) { _ in width }.dropLast().last ?? 0
                return typesetter.line(stringRange: last..<paragraph.utf16.count).typographicBounds.width / width
            }
        }
        let free = lastLineFills(0), filled = lastLineFills(0.25)
        #expect(free.filter { $0 < 0.25 }.count >= 2, "the test needs runts to start with: \(free)")
        #expect(filled.allSatisfy { $0 >= 0.25 }, "\(filled)")
        // The charge by hand: a tenth of the width where a quarter is wanted lacks 60% of it, charged as ratio 1.8:
        // badness 581 (TeX's whole 297ths: 534³ + 2¹⁷ over 2¹⁸).
        #expect(Badness.of(ratio: 1.8) == 581)
        // One word alone cannot fill anything: still set.
        var parameters = OptimalBreakParameters.default
        parameters.lastLineFill = 1
        #expect(Self.typesetter("Word", hyphenate: false, parameters: parameters).optimalLineBreaks(startingAt: 0) { _ in 300 } == [4])
    }

    /// Hostile parameters still give a breaking of the whole paragraph: NaN takes the default, infinities ±10¹²;
    /// hostile protrusion and expansion tables are clamped.
    @Test func hostileParametersStillBreak() throws {
        let text = "Typographical hyphenation considerations include well-known hyphenation dictionaries and their patterns."
        for value in [CGFloat.nan, .infinity, -.infinity, -1e300, 1e300] {
            let parameters = OptimalBreakParameters(linePenalty: value, hyphenPenalty: value, explicitHyphenPenalty: value,
                                                    adjacentDemerits: value, doubleHyphenDemerits: value, finalHyphenDemerits: value,
                                                    veryLooseDemerits: value, pretolerance: value, tolerance: value, emergencyStretchEms: value,
                                                    lastLineFill: value)
            #expect(parameters.sanitized.linePenalty.isFinite && parameters.sanitized.tolerance.isFinite)
            var style = ParagraphStyle()
            style.alignment = .justified
            style.hyphenationFactor = 1
            style.lineBreakStrategy = .optimal()
            style.optimalBreakParameters = parameters
            style.characterProtrusion = CharacterProtrusion(factors: [0x2E: .init(start: value, end: value), 0x54: .init(start: -value, end: 2)])
            style.fontExpansion = FontExpansion(stretch: value, shrink: -value, step: value)
            let setter = Framesetter(attributedString: NSAttributedString(string: text, attributes: [.font: Self.font, .paragraphStyle: style,
                                                                                                    .language: "en-US"]))
            let frame = setter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: 150, height: 10_000)))
            #expect(frame.visibleStringRange == 0..<text.utf16.count, "\(value)")
            for (line, origin) in zip(frame.lines, frame.lineOrigins) {
                #expect(origin.x.isFinite && line.typographicBounds.width.isFinite, "\(value)")
            }
        }
    }

    /// TeX's badness function by hand (tex.web §108: r = t·297 div s, badness = (r³ + 2¹⁷) div 2¹⁸, 10,000 past
    /// r = 1290), and TeX's fitness classes by it (loose above 12, very loose above 99, tight when shrinking above 12).
    /// A line wider than its measure by a rounding error fits, as in greedy breaking (LayoutTolerance.lineFit); one
    /// measurably wider without shrink cannot be set (regression input frames/regression-optimal-line-a-rounding-…).
    @Test func aRoundingErrorTooWideStillFits() {
        #expect(OptimalLineBreaker.ratio(natural: 6627.603721618652, stretch: 0, shrink: 0, width: 6627.603721618651, isLast: false) == 0)
        #expect(OptimalLineBreaker.ratio(natural: 100.01, stretch: 0, shrink: 0, width: 100, isLast: false) == -.infinity)
        #expect(OptimalLineBreaker.ratio(natural: 101, stretch: 0, shrink: 2, width: 100, isLast: false) == -0.5)
    }

    @Test func badnessAndFitnessAreTeXs() {
        // ratio → whole 297ths → badness: 0.5 → 148 → 12 (decent, where 100 · 0.5³ = 12.5 would be loose).
        let table: [(CGFloat, CGFloat)] = [(0, 0), (0.1, 0), (0.5, 12), (-0.5, 12), (0.51, 13), (1, 100), (1.01, 102), (2, 800), (4.34, 8_151)]
        for (ratio, badness) in table { #expect(Badness.of(ratio: ratio) == badness, "ratio \(ratio)") }
        #expect(FitnessClass(ratio: 0.5) == .decent && FitnessClass(ratio: 0.51) == .loose && FitnessClass(ratio: -0.51) == .tight)
        #expect(FitnessClass(ratio: 0.99) == .loose && FitnessClass(ratio: 1) == .veryLoose)
        // Past TeX's infinite badness Galley goes on with 100 · ratio³ (its last resort still orders such lines).
        #expect(Badness.of(ratio: 5) == 12_500 && Badness.of(ratio: 6) > Badness.of(ratio: 5))
    }

    @Test(arguments: [300.0, 400.0])
    func neverWorseThanGreedyOnTheCorpus(width: Double) throws {
        var compared = 0
        var better = 0
        for file in ["newton-opticks.txt", "candide.txt", "en_Latn.txt"] {
            let text = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
            let typesetter = Self.typesetter(text.replacingOccurrences(of: "\n\n", with: "\u{2029}").replacingOccurrences(of: "\n", with: " "), hyphenate: file != "candide.txt")
            for paragraph in typesetter.paragraphs where paragraph.range.count > 20 {
                let breaker = OptimalLineBreaker(typesetter: typesetter, paragraph: paragraph, start: paragraph.range.lowerBound,
                                                 width: { _ in CGFloat(width) }, looseness: 0)
                guard let greedy = breaker.demerits(of: breaker.greedyBreaks()) else { continue }
                let optimal = try #require(breaker.demerits(of: breaker.breaks()), "optimal breaks of a settable paragraph are settable")
                #expect(optimal <= greedy + 1e-6)
                // Merging nodes past the last differing line width (TeX's easy line) keeps the optimum: a first line
                // indented by 20 pt, then equal widths, with and without the hint.
                func indented(_ line: Int) -> CGFloat { CGFloat(width) - (line == 0 ? 20 : 0) }
                let exact = OptimalLineBreaker(typesetter: typesetter, paragraph: paragraph, start: paragraph.range.lowerBound,
                                               width: indented, looseness: 0)
                let merged = OptimalLineBreaker(typesetter: typesetter, paragraph: paragraph, start: paragraph.range.lowerBound,
                                                width: indented, looseness: 0, uniformFrom: 1)
                let exactDemerits = try #require(exact.demerits(of: exact.breaks()))
                let mergedDemerits = try #require(exact.demerits(of: merged.breaks()))
                #expect(abs(exactDemerits - mergedDemerits) <= max(exactDemerits * 1e-9, 1e-6))
                compared += 1
                if optimal < greedy - 1e-6 { better += 1 }
            }
        }
        print("optimal vs greedy at \(width) pt: \(better) of \(compared) paragraphs have fewer demerits, none more")
        #expect(compared > 30)
        #expect(better > 0)
    }

    /// The breaker's two shortcuts (TeX's pruning of nodes more than the adjacent demerits behind the best at their
    /// place, and skipping the active nodes whose lines to a candidate are all too short) change nothing: the same
    /// breaks with and without them, in English, French and Russian, with and without protrusion and expansion, with Galley's
    /// and TeX's parameters, on rectangles with an indented first line (where the skipping applies) — and the
    /// shortcuts do skip work there.
    @Test func shortcutsKeepTheBreaks() throws {
        var paragraphs = 0
        var differing = 0
        let withShortcuts = OptimalLineBreaker.Counter(), without = OptimalLineBreaker.Counter()
        for (file, language) in [("newton-opticks.txt", "en-US"), ("candide.txt", "fr"), ("ru_Cyrl.txt", "ru")] {
            // Paragraphs as the files' blank lines separate them.
            let text = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
                .replacingOccurrences(of: "\n\n", with: "\u{2029}").replacingOccurrences(of: "\n", with: " ")
            for microtype in [false, true] {
                for parameters in [OptimalBreakParameters.default, .tex] {
                    var style = ParagraphStyle()
                    style.alignment = .justified
                    style.hyphenationFactor = 1
                    style.lineBreakStrategy = .optimal()
                    style.optimalBreakParameters = parameters
                    if microtype {
                        style.characterProtrusion = .standard
                        style.fontExpansion = .standard
                    }
                    let typesetter = Typesetter(attributedString: NSAttributedString(
                        string: text, attributes: [.font: Self.font, .paragraphStyle: style, NSAttributedString.Key.language: language]))
                    for paragraph in typesetter.paragraphs where paragraph.range.count > 20 {
                        for width in [250.0, 330.0] {
                            func indented(_ line: Int) -> CGFloat { CGFloat(width) - (line == 0 ? 15 : 0) }
                            var fast = OptimalLineBreaker(typesetter: typesetter, paragraph: paragraph, start: paragraph.range.lowerBound,
                                                          width: indented, looseness: 0, uniformFrom: 1)
                            fast.measuredLines = withShortcuts
                            let shortcut = fast.breaks()
                            fast.usesShortcuts = false
                            fast.measuredLines = without
                            let full = fast.breaks()
                            #expect(shortcut == full, "\(file) \(paragraph.range) at \(width) pt, microtype \(microtype), \(parameters == .tex ? "tex" : "default")")
                            if shortcut != full { differing += 1 }
                            paragraphs += 1
                        }
                    }
                }
            }
        }
        print("breaker shortcuts: \(paragraphs) paragraphs, the same breaks; lines measured \(withShortcuts.count) against \(without.count)")
        #expect(paragraphs > 200 && differing == 0)
        #expect(withShortcuts.count * 2 < without.count)
    }

    /// Pass two merges the hyphenation points into pass one's candidates and continues their sums from the candidate
    /// before each: the same candidates, in the same order, with bit-identical sums as summing the merged list afresh
    /// (in English, German and French, from a paragraph's start and from inside it).
    @Test func mergedHyphenationCandidatesEqualFreshOnes() throws {
        var points = 0
        for (file, language) in [("newton-opticks.txt", "en-US"), ("de_Latn.txt", "de"), ("fr_Latn.txt", "fr")] {
            let text = try String(contentsOf: Corpus.directory.appendingPathComponent(file), encoding: .utf8)
            var style = ParagraphStyle()
            style.hyphenationFactor = 1
            style.lineBreakStrategy = .optimal()
            let typesetter = Typesetter(attributedString: NSAttributedString(
                string: text, attributes: [.font: Self.font, .paragraphStyle: style, NSAttributedString.Key.language: language]))
            for paragraph in typesetter.paragraphs where paragraph.range.count > 20 {
                for start in [paragraph.range.lowerBound, paragraph.range.lowerBound + paragraph.range.count / 3] {
                    let breaker = OptimalLineBreaker(typesetter: typesetter, paragraph: paragraph, start: start,
                                                     width: { _ in 300 }, looseness: 0)
                    let merged = breaker.addingHyphenation(to: breaker.withPrefixes(breaker.candidates(hyphenating: false)))
                    let fresh = breaker.withPrefixes(breaker.candidates(hyphenating: true))
                    try #require(merged.count == fresh.count, "\(file) \(paragraph.range)")
                    for (a, b) in zip(merged, fresh) {
                        #expect(a.position == b.position && a.visibleEnd == b.visibleEnd && a.isHyphen == b.isHyphen
                                && a.penalty == b.penalty && a.hyphenWidth == b.hyphenWidth && a.isForced == b.isForced)
                        #expect(a.visiblePrefix.width == b.visiblePrefix.width && a.visiblePrefix.stretch == b.visiblePrefix.stretch
                                && a.visiblePrefix.shrink == b.visiblePrefix.shrink && a.endPrefix.width == b.endPrefix.width
                                && a.endPrefix.stretch == b.endPrefix.stretch && a.endPrefix.shrink == b.endPrefix.shrink)
                    }
                    points += fresh.filter(\.isHyphen).count
                }
            }
        }
        #expect(points > 1000)
    }

    @Test func optimalBeatsGreedyOnSpacing() throws {
        let text = String(try String(contentsOf: Corpus.directory.appendingPathComponent("candide.txt"), encoding: .utf8)
            .replacingOccurrences(of: "\n\n", with: "\u{2029}").replacingOccurrences(of: "\n", with: " ").prefix(12_000))
        for width in [300.0, 400.0] {
            var statistics: [LayoutStatistics] = []
            for strategy in [LineBreakStrategy.greedy, .optimal()] {
                var style = ParagraphStyle()
                style.alignment = .justified
                style.lineBreakStrategy = strategy
                let framesetter = Framesetter(attributedString: NSAttributedString(string: text, attributes: [.font: Self.font, .paragraphStyle: style]))
                let frame = framesetter.frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 1e6)))
                statistics.append(framesetter.statistics(of: frame))
            }
            print("candide at \(width) pt\n  greedy:  \(statistics[0])\n  optimal: \(statistics[1])")
            #expect(statistics[1].sumOfSquaredAdjustmentRatios < statistics[0].sumOfSquaredAdjustmentRatios)
            #expect(statistics[1].looseLines <= statistics[0].looseLines)
            #expect(statistics[1].overfullLines == 0)
        }
    }

    @Test func unbreakableTextFallsBackToGreedy() {
        let typesetter = Self.typesetter(String(repeating: "x", count: 5_000) + " end", hyphenate: true)
        let breaks = typesetter.optimalLineBreaks(startingAt: 0) { _ in 100 }
        #expect(breaks.count > 10)
        #expect(breaks.last == 5_004)
        let varying = typesetter.optimalLineBreaks(startingAt: 0) { line in line % 2 == 0 ? 60 : 200 }
        #expect(varying.last == 5_004)
    }
}

/// The breaker measures a line as it will be set: a word hyphenated inside a ligature (ef-fect, of-fice) shows the
/// reshaped pieces, not the ligature's advance counted whole on one side — every line's natural width as the breaker
/// and the statistics give it equals the set line's to 0.01 pt.
@Suite struct BreakerMeasuresSetLinesTests {
    @Test(arguments: ["DejaVuSerif.ttf", "LinLibertine_R.otf"])
    func naturalWidthsEqualTheSetLines(font file: String) throws {
        let font = try TestFonts.font(file, size: 12)
        let text = String(repeating: "The office staff offered effective and efficient suffixes; affluent officials suffered afflictions. ", count: 6)
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        style.lineBreakStrategy = .optimal()
        let typesetter = Typesetter(attributedString: NSAttributedString(string: text, attributes: [
            .font: font, .paragraphStyle: style, NSAttributedString.Key.language: "en-US",
        ]))
        var insideLigatures = 0
        for width in stride(from: 60.0, through: 160.0, by: 7.0) {
            let frame = Framesetter(typesetter: typesetter).frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 10_000)))
            let paragraph = typesetter.paragraphs[0]
            for line in frame.lines {
                let natural = OptimalLineBreaker.naturalWidth(of: line.stringRange, in: paragraph, textEnd: text.utf16.count, typesetter: typesetter)
                let set = line.typographicBounds.width - line.trailingWhitespaceWidth
                #expect(abs(natural - set) < 0.01, "\(file) at \(width): \(line.stringRange) measured \(natural), set \(set)")
                let end = line.stringRange.upperBound
                if line.runs.contains(where: \.isInsertedHyphen), end < text.utf16.count,
                    ["ff", "fi", "fl"].contains(String(decoding: Array(text.utf16)[(end - 1)...end], as: UTF16.self)) { insideLigatures += 1 }
            }
        }
        #expect(insideLigatures > 0, "some lines break inside ff, fi or fl")
    }
}
