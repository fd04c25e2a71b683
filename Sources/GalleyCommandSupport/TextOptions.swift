import ArgumentParser
import Foundation
import Galley

/// Options shared by the commands that lay out text: the font, size, features, language and paragraph style.
package struct TextOptions: ParsableArguments {
    @Option(help: "A font name: PostScript, full or family name (default: sans-serif).") package var font: String?
    @Option(name: .customLong("font-file"), help: "A font file instead of a name.") package var fontFile: String?
    @Option(name: .customLong("font-dir"), help: "Use only the fonts under this directory (repeatable).")
    package var fontDirectories: [String] = []
    @Option(help: "Point size.") package var size: Double = 12
    @Option(help: "Features in hb-shape's syntax, comma-separated (+smcp,-liga).") package var features: String?
    @Option(help: "BCP 47 language of the text.") package var language: String?
    @Option(help: "Alignment (centre and justify also do).") package var align = AlignmentArgument.natural
    @Option(help: "Base direction.") package var direction = DirectionArgument.natural
    @Option(name: .customLong("line-height"), help: "Line height multiple (0: the font's).") package var lineHeight: Double = 0
    @Option(name: .customLong("paragraph-spacing"), help: "Points after each paragraph.") package var paragraphSpacing: Double = 0
    @Option(help: "Tab stops in points, comma-separated; a trailing r, c or d makes a right, centre or decimal stop (100,200r,300d).")
    package var tabs: String?
    @Option(name: .customLong("line-break"), help: "How lines break or are cut.") package var lineBreak = LineBreakArgument.word
    @Option(help: "Text colour as #rrggbb or #rrggbbaa.") package var color = "#000000"
    @Option(help: "Hyphenate with the dictionary of this language (en-US, de, fr); sets the text's language.")
    package var hyphenate: String?
    @Option(name: .customLong("hyphenation-factor"), help: "Hyphenate lines filled less than this (0…1; default 1 with --hyphenate).")
    package var hyphenationFactor: Double?
    @Flag(help: "Justify (the same as --align justified).") package var justify = false
    @Flag(help: "Vertical text: columns from the right, Chinese, Japanese and Korean upright in their vertical forms, Latin and digits turned sideways.")
    package var vertical = false
    @Option(name: .customLong("line-break-strictness"), help: "Kinsoku: how strictly small kana, ー and closing punctuation are kept off line starts (automatic, strict, normal, loose).")
    package var lineBreakStrictness = LineBreakStrictness.automatic
    @Option(help: "Space between Chinese or Japanese characters and Latin letters or digits beside them, in ems (0.25: JIS X 4051; 0.125: CSS).")
    package var autospace: Double = 0
    @Flag(name: .customLong("trim-punctuation"), help: "Set fullwidth brackets, commas and stops half-width where they meet, brackets that open a line, and closing brackets that end a line that would not fit otherwise (CSS text-spacing-trim: normal).")
    package var trimPunctuation = false
    @Flag(help: "Let punctuation and open-sided letters hang into the margins (character protrusion, Galley's standard table).")
    package var protrusion = false
    @Flag(help: "Let justified lines widen or narrow their glyphs by up to 2% (font expansion).")
    package var expansion = false
    @Option(name: .customLong("line-breaking"), help: "greedy, or optimal (Knuth–Plass).") package var lineBreaking = LineBreakingArgument.greedy
    @Option(help: "How justified lines stretch: automatic (spaces; clusters in lines without spaces), inter-word (Core Text's) or inter-cluster (spaces to 150 %, then clusters).")
    package var justification = JustificationArgument.automatic
    @Option(name: .customLong("break-parameters"), help: "Optimal breaking's parameters: default (Galley's) or tex (plain TeX's, tolerant).")
    package var breakParameters = BreakParametersArgument.default
    @Option(name: .customLong("line-penalty"), help: "Optimal breaking: TeX's \\linepenalty.") package var linePenalty: Double?
    @Option(name: .customLong("hyphen-penalty"), help: "Optimal breaking: TeX's \\hyphenpenalty.") package var hyphenPenalty: Double?
    @Option(name: .customLong("explicit-hyphen-penalty"), help: "Optimal breaking: TeX's \\exhyphenpenalty.")
    package var explicitHyphenPenalty: Double?
    @Option(name: .customLong("adjacent-demerits"), help: "Optimal breaking: TeX's \\adjdemerits.") package var adjacentDemerits: Double?
    @Option(name: .customLong("double-hyphen-demerits"), help: "Optimal breaking: TeX's \\doublehyphendemerits.")
    package var doubleHyphenDemerits: Double?
    @Option(name: .customLong("final-hyphen-demerits"), help: "Optimal breaking: TeX's \\finalhyphendemerits.")
    package var finalHyphenDemerits: Double?
    @Option(name: .customLong("very-loose-demerits"), help: "Optimal breaking: demerits for a very loose line (Galley's, not TeX's).")
    package var veryLooseDemerits: Double?
    @Option(name: .customLong("last-line-fill"), help: "Optimal breaking: how much of its width a paragraph's last line should fill (0 to 1).")
    package var lastLineFill: Double?
    @Option(help: "Optimal breaking: TeX's \\pretolerance (badness; negative skips the first pass).") package var pretolerance: Double?
    @Option(help: "Optimal breaking: TeX's \\tolerance (badness).") package var tolerance: Double?
    @Option(name: .customLong("emergency-stretch"), help: "Optimal breaking: TeX's \\emergencystretch, in ems.")
    package var emergencyStretch: Double?

    /// The catalog the options name.
    package init() {}

    package func catalog() throws -> FontCatalog {
        fontDirectories.isEmpty ? .system : try FontCatalog(directories: fontDirectories.map { URL(fileURLWithPath: $0) })
    }

    package func primaryFont(_ catalog: FontCatalog) throws -> Font {
        if let fontFile { return try Font(url: URL(fileURLWithPath: fontFile), size: CGFloat(size), catalog: catalog) }
        return try Font(name: font ?? "sans-serif", size: CGFloat(size), catalog: catalog)
    }

    package func paragraphStyle() throws -> ParagraphStyle {
        var style = ParagraphStyle()
        style.alignment = align.alignment
        style.baseWritingDirection = direction.writingDirection
        style.lineBreakMode = lineBreak.mode
        if justify { style.alignment = .justified }
        if hyphenate != nil || hyphenationFactor != nil { style.hyphenationFactor = Float(hyphenationFactor ?? 1) }
        style.lineBreakStrategy = lineBreaking == .optimal ? .optimal() : .greedy
        style.lineBreakStrictness = lineBreakStrictness
        style.eastAsianAutospace = CGFloat(autospace)
        style.trimsAdjacentPunctuation = trimPunctuation
        style.trimsPunctuationAtLineStarts = trimPunctuation
        style.trimsPunctuationAtLineEnds = trimPunctuation
        if protrusion { style.characterProtrusion = .standard }
        if expansion { style.fontExpansion = .standard }
        style.optimalBreakParameters = optimalBreakParameters
        style.justification = justification.justification
        style.lineHeightMultiple = CGFloat(lineHeight)
        style.paragraphSpacing = CGFloat(paragraphSpacing)
        for entry in (tabs ?? "").split(separator: ",") {
            var text = String(entry)
            var alignment = TextAlignment.left
            var decimal = false
            if let last = text.last, "rcd".contains(last) {
                text.removeLast()
                alignment = last == "c" ? .center : .right
                decimal = last == "d"
            }
            guard let location = Double(text) else { throw ValidationError("tab stop \"\(entry)\" is not a number") }
            style.tabStops.append(decimal ? .decimal(location: CGFloat(location)) : TextTab(alignment: alignment, location: CGFloat(location)))
        }
        return style
    }

    /// The attributed string for a text with these options.
    package func attributedString(_ text: String, font: Font) throws -> NSAttributedString {
        var attributes = try attributesButTheFont()
        attributes[.font] = font
        return NSAttributedString(string: text, attributes: attributes)
    }

    /// The attributes the options give the text, all but its font (which may wait for fontconfig): colour, paragraph
    /// style, features, language, vertical forms.
    package func attributesButTheFont() throws -> [NSAttributedString.Key: Any] {
        guard let foreground = Color(hex: color) else { throw ValidationError("colour \(color) is not #rrggbb") }
        var attributes: [NSAttributedString.Key: Any] = [.foregroundColor: foreground, .paragraphStyle: try paragraphStyle()]
        if let features {
            attributes[.fontFeatureSettings] = try features.split(separator: ",").map { entry in
                guard let setting = FontFeatureSetting(string: String(entry)) else {
                    throw ValidationError("feature \"\(entry)\" is not in hb-shape's syntax")
                }
                return setting
            }
        }
        if let language = language ?? hyphenate { attributes[NSAttributedString.Key.language] = language }
        if vertical { attributes[.verticalForms] = true }
        return attributes
    }

    /// A file's text, or the argument itself when no such file exists.
    package static func text(_ argument: String) throws -> (text: String, isFile: Bool) {
        guard FileManager.default.fileExists(atPath: argument) else { return (argument, false) }
        return (try String(contentsOfFile: argument, encoding: .utf8), true)
    }
}

/// `--align`: the paragraph's alignment (`centre` and `justify` are accepted too).
package enum AlignmentArgument: String, ChoiceArgument {
    case left, right, center, justified, natural

    package init?(argument: String) {
        switch argument.lowercased() {
        case "centre": self = .center
        case "justify": self = .justified
        default: self.init(rawValue: argument.lowercased())
        }
    }

    var alignment: TextAlignment {
        switch self {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        case .natural: return .natural
        }
    }
}

/// `--direction`: the paragraph's base writing direction.
package enum DirectionArgument: String, ChoiceArgument {
    case natural, ltr, rtl

    var writingDirection: WritingDirection {
        switch self {
        case .natural: return .natural
        case .ltr: return .leftToRight
        case .rtl: return .rightToLeft
        }
    }
}

/// `--line-break`: wrapping by words or characters, or one line per paragraph clipped or truncated.
package enum LineBreakArgument: String, ChoiceArgument {
    case word, char, clip, head, tail, middle

    var mode: LineBreakMode {
        switch self {
        case .word: return .byWordWrapping
        case .char: return .byCharWrapping
        case .clip: return .byClipping
        case .head: return .byTruncatingHead
        case .tail: return .byTruncatingTail
        case .middle: return .byTruncatingMiddle
        }
    }
}

/// `--line-breaking`: greedy (Core Text's), or Knuth and Plass's optimal breaking.
package enum LineBreakingArgument: String, ChoiceArgument {
    case greedy, optimal
}

/// `--break-parameters`: which preset optimal breaking starts from.
package enum BreakParametersArgument: String, ChoiceArgument {
    case `default`, tex
}

extension TextOptions {
    /// The preset `--break-parameters` names, with each parameter flag given laid over it.
    package var optimalBreakParameters: OptimalBreakParameters {
        var parameters = breakParameters == .tex ? OptimalBreakParameters.tex : .default
        func set(_ value: Double?, _ keyPath: WritableKeyPath<OptimalBreakParameters, CGFloat>) {
            if let value, value.isFinite { parameters[keyPath: keyPath] = CGFloat(value) }
        }
        set(linePenalty, \.linePenalty)
        set(hyphenPenalty, \.hyphenPenalty)
        set(explicitHyphenPenalty, \.explicitHyphenPenalty)
        set(adjacentDemerits, \.adjacentDemerits)
        set(doubleHyphenDemerits, \.doubleHyphenDemerits)
        set(finalHyphenDemerits, \.finalHyphenDemerits)
        set(veryLooseDemerits, \.veryLooseDemerits)
        set(lastLineFill, \.lastLineFill)
        set(pretolerance, \.pretolerance)
        set(tolerance, \.tolerance)
        set(emergencyStretch, \.emergencyStretchEms)
        return parameters
    }
}

/// `--justification`: what stretches in justified lines.
package enum JustificationArgument: String, ChoiceArgument {
    case automatic
    case interWord = "inter-word"
    case interCluster = "inter-cluster"

    var justification: Justification {
        switch self {
        case .automatic: return .automatic
        case .interWord: return .interWord
        case .interCluster: return .interCluster
        }
    }
}

/// `--truncate`: where a frame's last line is cut when the line limit leaves text over.
package enum TruncationArgument: String, ChoiceArgument {
    case end, middle, start

    package var type: TruncationType {
        switch self {
        case .end: return .end
        case .middle: return .middle
        case .start: return .start
        }
    }
}

extension LineBreakStrictness: ExpressibleByArgument {}
