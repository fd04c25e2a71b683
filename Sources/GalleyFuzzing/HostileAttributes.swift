import Foundation
import Galley

/// The fonts the harnesses use: the project's Fonts/ only (found from this file's place in the repository, or
/// from `GALLEY_FONTS`), at a few sizes, made once.
public enum FuzzFonts {
    public static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["GALLEY_FONTS"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts")
    }()

    public static let catalog: FontCatalog = try! FontCatalog(configurationFile: directory.appendingPathComponent("fonts.conf"))

    static let files = ["DejaVuSerif.ttf", "DejaVuSans.ttf", "LinLibertine_R.otf", "Amiri-Regular.ttf",
                        "NotoSansDevanagari-Regular.ttf", "NotoColorEmoji-subset-retaingids.ttf", "Inter-roman.var.ttf"]

    /// Each bundled face at 1, 12 and 150 pt (and 0.01 pt for the first).
    public static let fonts: [Font] = files.flatMap { file in
        [1, 12, 150].compactMap { size in try? Font(url: directory.appendingPathComponent(file), size: size, catalog: catalog) }
    } + [try! Font(url: directory.appendingPathComponent(files[0]), size: 0.01, catalog: catalog)]

    /// The default font for text without one.
    public static let base = fonts[1]
}

/// Attribute runs and paragraph styles made from the fuzzer's bytes, hostile values included.
public enum HostileAttributes {
    /// Runs over text of `length` units: ranges that overlap, nest, reach past the end or lie wholly outside.
    public static func runs(_ input: inout FuzzInput, length: Int) -> [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] {
        var runs: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] = []
        for _ in 0..<input.int(0...6) {
            let start = input.int(0...max(length, 0) + 2)
            let end = start + input.int(0...max(length, 1))
            runs.append((start..<end, attributes(&input)))
        }
        return runs
    }

    /// One attribute dictionary with Core Text's keys.
    public static func attributes(_ input: inout FuzzInput) -> [NSAttributedString.Key: Any] {
        var attributes: [NSAttributedString.Key: Any] = [:]
        let mask = input.word()
        if mask & 1 != 0 { attributes[.font] = input.choose(FuzzFonts.fonts) }
        if mask & 2 != 0 { attributes[.kern] = input.length(ordinary: -5...20) }
        if mask & 4 != 0 { attributes[.tracking] = input.length(ordinary: -2...10) }
        if mask & 8 != 0 { attributes[.ligature] = input.int(0...3) }
        if mask & 16 != 0 { attributes[.baselineOffset] = input.length(ordinary: -20...20) }
        if mask & 32 != 0 { attributes[.superscript] = input.int(0...4) - 2 }
        if mask & 64 != 0 {
            var embeddings: [WritingDirectionEmbedding] = []
            for _ in 0..<input.int(0...4) {
                embeddings.append(WritingDirectionEmbedding(input.bool() ? .rightToLeft : .leftToRight, isOverride: input.bool()))
            }
            attributes[.writingDirection] = embeddings
        }
        if mask & 128 != 0 { attributes[.paragraphStyle] = paragraphStyle(&input) }
        if mask & 256 != 0 { attributes[.language] = input.choose(["en-US", "de", "fr", "ar", "hi", "ja", "xx-invalid", ""]) }
        if mask & 512 != 0 {
            attributes[.runDelegate] = RunDelegate(width: input.length(ordinary: 0...200), ascent: input.length(ordinary: 0...200),
                                                   descent: input.length(ordinary: 0...50))
        }
        if mask & 1024 != 0 { attributes[.underlineStyle] = input.choose([1, 2, 9, 0x0101, 0x8001]) }
        if mask & 2048 != 0 { attributes[.strokeWidth] = input.length(ordinary: -10...10) }
        if mask & 4096 != 0 { attributes[.strikethroughStyle] = 1 }
        // Vertical forms from bits already read (no new reads: older inputs keep their meaning elsewhere): an eighth
        // of the runs, those with an underline, a stroke and a strikethrough.
        if mask & 0x1C00 == 0x1C00 { attributes[.verticalForms] = true }
        // Tate-chu-yoko, from bits no attribute read before: −1 to 6 characters (clamped to 0…4).
        if mask & 0x2000 != 0 { attributes[.horizontalInVerticalForms] = Int((mask >> 14) & 7) - 1 }
        // Ruby, from bits already read as well: a sixteenth of the runs, with every alignment and overhang and texts
        // empty, long, right to left and of emoji, before and after, inline and inter-character.
        if mask & 0x8800 == 0x8800 {
            let texts = ["とうきょう", "", String(repeating: "ルビ", count: 40), "مرحبا", "👋🏽❤️", "a\u{0301}\n"]
            let text = texts[Int(mask >> 4) % texts.count]
            let other = texts[Int(mask) % texts.count]
            let positions: [RubyPosition: String] = switch (mask >> 8) & 3 {
            case 0: [.before: text]
            case 1: [.before: text, .after: other]
            case 2: [.inline: text, .after: other]
            default: [.interCharacter: text, .before: other]
            }
            attributes[.rubyAnnotation] = RubyAnnotation(
                text: positions,
                alignment: RubyAlignment(rawValue: Int(mask & 7) % 7) ?? .auto, overhang: RubyOverhang(rawValue: Int(mask >> 3) & 3) ?? .auto,
                sizeFactor: [0.5, 0.01, 1, .nan][Int(mask >> 6) & 3])
        }
        return attributes
    }

    /// A paragraph style with any alignment, indents, spacing, line heights, tabs, breaking and hyphenation.
    public static func paragraphStyle(_ input: inout FuzzInput) -> ParagraphStyle {
        var style = ParagraphStyle(baseWritingDirection: input.choose([.natural, .leftToRight, .rightToLeft]))
        let mask = input.word()
        style.alignment = input.choose([.natural, .left, .right, .center, .justified])
        if mask & 1 != 0 { style.firstLineHeadIndent = input.length(ordinary: 0...100) }
        if mask & 2 != 0 { style.headIndent = input.length(ordinary: 0...100) }
        if mask & 4 != 0 { style.tailIndent = input.length(ordinary: -100...100) }
        if mask & 8 != 0 {
            style.tabStops = (0..<input.int(0...4)).map { _ in
                TextTab(alignment: input.choose([.left, .right, .center, .natural]), location: input.length(ordinary: 0...400))
            }
            if input.bool() { style.tabStops.append(.decimal(location: input.length(ordinary: 0...400))) }
        }
        if mask & 16 != 0 { style.defaultTabInterval = input.length(ordinary: 0...100) }
        style.lineBreakMode = input.choose([.byWordWrapping, .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead,
                                            .byTruncatingTail, .byTruncatingMiddle])
        if mask & 32 != 0 { style.lineHeightMultiple = input.length(ordinary: 0...3) }
        if mask & 64 != 0 { style.minimumLineHeight = input.length(ordinary: 0...100) }
        if mask & 128 != 0 { style.maximumLineHeight = input.length(ordinary: 0...100) }
        if mask & 256 != 0 { style.lineSpacingAdjustment = input.length(ordinary: -10...30) }
        if mask & 512 != 0 { style.paragraphSpacing = input.length(ordinary: 0...50) }
        if mask & 1024 != 0 { style.paragraphSpacingBefore = input.length(ordinary: 0...50) }
        if mask & 2048 != 0 { style.lineHeightPolicy = .strut }
        if mask & 4096 != 0 { style.hyphenationFactor = Float(input.int(0...10)) / 10 }
        if mask & 8192 != 0 { style.lineBreakStrategy = .optimal(looseness: input.int(0...4) - 2) }
        if mask & 16384 != 0 { style.justification = input.choose([.automatic, .interWord, .interCluster]) }
        if mask & 32768 != 0 { style.minimumLineSpacing = input.length(ordinary: 0...20) }
        // Widows and orphans from bits already read (no new reads: older inputs keep their meaning elsewhere): a
        // sixteenth of the styles, the paragraphs with both kinds of paragraph spacing.
        if mask & 0x0C00 == 0x0C00 {
            style.orphans = 2 + Int(mask & 1)
            style.widows = 2 + Int((mask >> 1) & 3)
        }
        // Microtypography from bits already read, as above: protrusion with hyphenation and optimal breaking, font
        // expansion with hyphenation and a justification rule, a last-line fill with optimal breaking and a spacing
        // adjustment.
        if mask & 0x3000 == 0x3000 { style.characterProtrusion = .standard }
        if mask & 0x5000 == 0x5000 { style.fontExpansion = .standard }
        if mask & 0x2100 == 0x2100 { style.optimalBreakParameters.lastLineFill = 0.5 }
        // East Asian composition, from bits already read as well: strictness, punctuation trimming (where punctuation
        // meets, at line starts and at line ends) and CJK–Latin spacing, each on a quarter of the styles.
        if mask & 0x0120 == 0x0120 { style.lineBreakStrictness = [.strict, .normal, .loose, .automatic][Int(mask >> 2) & 3] }
        if mask & 0x0240 == 0x0240 { style.trimsAdjacentPunctuation = true }
        if mask & 0x0440 == 0x0440 { style.trimsPunctuationAtLineStarts = true }
        if mask & 0x0840 == 0x0840 { style.trimsPunctuationAtLineEnds = true }
        if mask & 0x8040 == 0x8040 { style.eastAsianAutospace = 0.25 }
        return style
    }

    /// A shape for a frame or an exclusion: rectangles, ellipses, rounded rectangles, polygons and curves, with
    /// hostile sizes.
    public static func path(_ input: inout FuzzInput) -> Path {
        let rect = CGRect(x: input.length(ordinary: -50...300), y: input.length(ordinary: -50...300),
                          width: input.length(ordinary: 0...600), height: input.length(ordinary: 0...800))
        switch input.int(0...5) {
        case 0, 1: return Path(rect: rect)
        case 2: return Path(ellipseIn: rect)
        case 3: return Path(roundedRect: rect, cornerWidth: input.length(ordinary: 0...60), cornerHeight: input.length(ordinary: 0...60))
        case 4:
            var path = Path()
            path.move(to: CGPoint(x: input.length(ordinary: 0...400), y: input.length(ordinary: 0...400)))
            for _ in 0..<input.int(2...8) {
                path.addLine(to: CGPoint(x: input.length(ordinary: 0...400), y: input.length(ordinary: 0...400)))
            }
            path.closeSubpath()
            return path
        default:
            var path = Path(rect: rect)
            path.addCurve(to: CGPoint(x: input.length(), y: input.length()), control1: CGPoint(x: input.length(), y: input.length()),
                          control2: CGPoint(x: input.length(), y: input.length()))
            path.closeSubpath()
            return path
        }
    }
}
