import Foundation
import Galley

/// A wrong answer a harness found: what it checked and what it saw. Crashes and hangs are found by the fuzzer
/// itself; wrong answers are thrown as this, and the fuzzing driver turns them into a crash.
public struct FuzzFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Throws a `FuzzFailure` unless `condition` holds.
@inline(__always)
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw FuzzFailure(message()) }
}

/// The harnesses, by name: each derives everything from the bytes it is given and checks what it can of the answer.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Lines of hostile text and attribute runs: breaking, lines, carets, hit testing, truncation, justification.
    case lines
    /// Frames of any shape with exclusions and paragraph styles: every character in exactly one line or in the
    /// unshown remainder, finite positions, suggested sizes that frames then fill as suggested.
    case frames
    /// Font files as bytes (mutated real fonts): loading, metrics, glyphs, outlines, a line.
    case fontBytes = "font-bytes"
    /// Edit scripts on a text storage with a layout manager: after every edit the incremental layout must equal a
    /// fresh one.
    case editing
    /// Non-contiguous layout: edits, viewports and jumps over estimated text; a viewport's lines must be a full
    /// layout's.
    case viewport
    /// Words of any letters in every bundled hyphenation language.
    case hyphenator
    /// Lines and frames drawn to PNG, PDF and SVG.
    case rendering
    /// Markdown from its own syntax and hostile text: read, then laid out.
    case markdown
    /// RTF from its own syntax, hostile text and raw bytes: read, written and read again, then laid out.
    case rtf
    /// HTML from its own syntax, inline CSS, hostile text and raw bytes: read, written and read again, then laid out.
    case html
    /// Image attachments (PNG and JPEG, whole, damaged or made up) fitted to or clipped by hostile frames, drawn.
    case attachments
    /// Edit scripts in long paragraphs (laid out in pieces where their text allows): the incremental layout must
    /// equal a fresh one, and, with internal checks, a pieced paragraph's lines the whole paragraph's.
    case longParagraphs = "long-paragraphs"

    /// Does the one-time work of a process before the first input, so that no input is charged with it: the fonts,
    /// and the hyphenation dictionaries (libhyphen takes about five seconds to load Debian's 1 MB German one).
    public static func prepare() {
        _ = FuzzFonts.fonts
        for language in ["en-US", "de", "fr"] { _ = Hyphenator.forLanguage(language) }
    }

    /// Runs the harness on one input.
    public func run(_ bytes: [UInt8]) throws {
        var input = FuzzInput(bytes)
        switch self {
        case .lines: try LinesHarness.run(&input)
        case .frames: try FramesHarness.run(&input)
        case .fontBytes: try FontBytesHarness.run(bytes)
        case .editing: try EditingHarness.run(&input)
        case .viewport: try ViewportHarness.run(&input)
        case .hyphenator: try HyphenatorHarness.run(&input)
        case .rendering: try RenderingHarness.run(&input)
        case .markdown: try MarkdownHarness.run(&input)
        case .rtf: try RTFHarness.run(&input)
        case .html: try HTMLHarness.run(&input)
        case .attachments: try AttachmentsHarness.run(&input)
        case .longParagraphs: try LongParagraphHarness.run(&input)
        }
    }

    /// The folder of this target's seed inputs and minimized regressions in the repository (Fuzz/Corpus/NAME).
    public var corpusDirectory: URL {
        FuzzFonts.directory.deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus").appendingPathComponent(rawValue)
    }
}
