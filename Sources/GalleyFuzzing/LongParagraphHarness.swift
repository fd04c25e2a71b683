import Foundation
import Galley
import GalleyText

/// Edit scripts in long paragraphs, which the layout manager lays out in pieces where their text allows (words after
/// spaces, one left-to-right level) and whole where it does not: after every edit the incremental layout must equal
/// a fresh one, and builds with internal checks lay every paragraph laid out in pieces out whole too and compare
/// every line.
enum LongParagraphHarness {
    /// Words the paragraphs are made of, in several scripts, with marks, digits and punctuation.
    static let words = ["layout", "of", "text", "Galley", "lines", "a", "typesetting", "съешь", "ещё", "κείμενο", "हिन्दी", "x\u{301}",
                        "(quoted)", "2026", "hyphen-ated", "“Proposed", "Updates”).", "AV", "Wa", "To", "ﬁne", "e\u{2060}e", "—"]

    static func run(_ input: inout FuzzInput) throws {
        // A phrase of chosen words, sometimes with hostile text, repeated to a paragraph of 2,100 to 6,000 units;
        // sometimes a second paragraph after it.
        var phrase = (0..<input.int(1...12)).map { _ in input.choose(words) }.joined(separator: " ")
        if input.int(0...3) == 0 { phrase += " " + HostileText.string(&input, maximum: 40) }
        var paragraphs: [String] = []
        for _ in 0..<input.int(1...2) {
            let length = input.int(2100...6000)
            var paragraph = ""
            var units = 0
            while units < length {
                paragraph += phrase + " "
                units += phrase.utf16.count + 1
            }
            paragraphs.append(paragraph)
        }
        var style = ParagraphStyle()
        switch input.int(0...3) {
        case 0: style.alignment = .justified
        case 1: style.firstLineHeadIndent = input.length(ordinary: 0...40)
        case 2: style.hyphenationFactor = 0.9
        default: break
        }
        style.lineSpacingAdjustment = input.length(ordinary: 0...4)
        let text = paragraphs.joined(separator: "\n")
        let storage = TextStorage(attributedString: NSAttributedString(string: text, attributes: [.font: FuzzFonts.base, .paragraphStyle: style]))
        // A growing rectangle, as an editor has (where pieces apply), sometimes another container.
        let container = TextContainer(size: CGSize(width: input.length(ordinary: 40...500), height: .infinity),
                                      lineFragmentPadding: input.length(ordinary: 0...10))
        let containers = input.int(0...7) == 0 ? [EditingHarness.container(&input)] : [container]
        let manager = LayoutManager(textStorage: storage, textContainers: containers)
        manager.ensureLayoutForAllText()
        var log = ["paragraphs of \(paragraphs.map(\.utf16.count)) units of \(phrase.debugDescription.prefix(200)), \(style)"]
        try EditingHarness.edit(&input, storage: storage, manager: manager, containers: containers, log: &log)
    }
}
