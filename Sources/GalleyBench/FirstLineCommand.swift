import ArgumentParser
import Foundation
import Galley

/// `galley-bench first-line`: what a process's first line costs — the font by name, then the line — the first time,
/// when nothing is set up yet (fontconfig, ICU, HarfBuzz). Issue 25's target: the first `Line` within 5 ms.
struct FirstLineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-line",
        abstract: "Time the first font and line of a fresh process.",
        discussion: "Run it as a fresh process each time (bench-peers does): the second call in a process is cached."
    )

    @Option(help: "The font family.") var family = "DejaVu Sans"
    @Option(name: .customLong("font-file"), help: "A font file instead of a family: the system catalog's configuration is then never read.")
    var fontFile: String?
    @Option(help: "The text.") var text = "Hello office AVATAR"

    func run() throws {
        let start = DispatchTime.now()
        let font = try fontFile.map { try Font(url: URL(fileURLWithPath: $0), size: 18) } ?? Font(name: family, size: 18)
        let fontSeconds = seconds(since: start)
        let line = Line(string: text, font: font)
        let total = seconds(since: start)
        let width = line.typographicBounds.width
        print("{\"font_s\": \(String(format: "%.5f", fontSeconds)), \"line_s\": \(String(format: "%.5f", total - fontSeconds)), "
              + "\"total_s\": \(String(format: "%.5f", total)), \"width\": \(String(format: "%.2f", Double(width)))}")
    }
}
