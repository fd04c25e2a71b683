import ArgumentParser
import Foundation
import Galley
import GalleyCommandSupport
import GalleyDocuments

/// `galley-bench rtf`: reading RTF against laying the text out, and against LibreOffice converting the same file.
struct DocumentBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rtf",
        abstract: "Time reading an RTF document, against laying it out and against LibreOffice's conversion.",
        discussion: "Writes CORPUS (one paragraph per line) as RTF with formatting every fourth word — bold, italic, "
            + "colour, underline, another font — and times reading it into an "
            + "attributed string (best of five), laying that out in one frame WIDTH points wide (best of three), writing "
            + "it back as RTF (best of three) and, in the same run, `soffice --headless --convert-to txt` on the file "
            + "(best of three; LibreOffice's start-up included, measured alone with an empty document and given too)."
    )

    @Argument(help: "The corpus: UTF-8, one paragraph per line (the peers' en.txt for the README's figure).") var corpus: String
    @OptionGroup var text: TextOptions
    @Option(help: "Line width in points.") var width = 400.0
    @Option(help: "Where to keep the RTF made (a temporary file by default).") var output: String?

    func run() throws {
        let paragraphs = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let font = try text.primaryFont(try text.catalog())
        let rtf = try Self.document(paragraphs, font: font)
        let url = URL(fileURLWithPath: output ?? FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-\(getpid()).rtf").path)
        try rtf.write(to: url)
        defer { if output == nil { try? FileManager.default.removeItem(at: url) } }
        let megabytes = Double(rtf.count) / 1_000_000
        let style = MarkdownStyle(font: font)

        var read = NSAttributedString(string: "")
        let reading = try best(of: 5) { read = try AttributedDocument.read(rtf, type: .rtf, style: style) }
        let layingOut = best(of: 3) {
            let frame = Framesetter(attributedString: read, defaultFont: font)
                .frame(path: Path(rect: CGRect(x: 0, y: 0, width: width, height: 1e7)))
            precondition(frame.visibleStringRange.upperBound == read.length, "the frame must hold the whole text")
        }
        let writing = try best(of: 3) { _ = try AttributedDocument.write(read, type: .rtf) }
        print(String(format: "RTF: %.2f MB, %d paragraphs, %d UTF-16 units read", megabytes, paragraphs.count, read.length))
        print(String(format: "reading: %.3f s (%.1f MB/s); layout of the text read: %.3f s; reading / layout = %.2f",
                     reading, megabytes / reading, layingOut, reading / layingOut))
        print(String(format: "writing it back: %.3f s (%.1f MB/s)", writing, megabytes / writing))

        guard let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("LibreOffice: not installed (Debian's libreoffice-writer-nogui), no comparison")
            return
        }
        let empty = url.deletingLastPathComponent().appendingPathComponent("galley-bench-empty-\(getpid()).rtf")
        try Data("{\\rtf1 }".utf8).write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let startUp = try best(of: 3) { try Self.convert(soffice, empty) }
        let libreOffice = try best(of: 3) { try Self.convert(soffice, url) }
        print(String(format: "LibreOffice --convert-to txt: %.3f s (%.3f s of it starting up: an empty document); "
                     + "Galley reading / LibreOffice = %.3f (%.3f without its start-up)",
                     libreOffice, startUp, reading / libreOffice, reading / max(libreOffice - startUp, 1e-6)))
    }

    /// The corpus as RTF with formatting every few words, written by Galley's writer: every fourth word bold,
    /// italic, coloured, underlined or in the other font in turn, paragraphs justified with space after.
    static func document(_ paragraphs: [Substring], font: Font) throws -> Data {
        let sans = (try? Font(name: "DejaVu Sans", size: font.size, catalog: font.catalog)) ?? font
        var paragraph = ParagraphStyle()
        paragraph.alignment = .justified
        paragraph.paragraphSpacing = 6
        let plain: [NSAttributedString.Key: Any] = [.font: font, .paragraphStyle: paragraph]
        func with(_ key: NSAttributedString.Key, _ value: Any) -> [NSAttributedString.Key: Any] {
            plain.merging([key: value]) { $1 }
        }
        let formats = [with(.font, font.withSymbolicTraits(.bold, mask: [.bold, .italic]) ?? font),
                       with(.font, font.withSymbolicTraits(.italic, mask: [.bold, .italic]) ?? font),
                       with(.foregroundColor, Color(red: 0.7, green: 0, blue: 0)), with(.underlineStyle, UnderlineStyle.single.rawValue),
                       with(.font, sans), with(.foregroundColor, Color(red: 0, green: 0, blue: 0.8))]
        var text = ""
        var length = 0  // text's UTF-16 length, kept as it grows (counting it each time made this quadratic)
        var runs: [(NSRange, [NSAttributedString.Key: Any])] = []
        var count = 0
        for line in paragraphs {
            for word in line.split(separator: " ") {
                count += 1
                let wordLength = word.utf16.count
                if count % 4 == 0 { runs.append((NSRange(location: length, length: wordLength), formats[(count / 4) % formats.count])) }
                text += word + " "
                length += wordLength + 1
            }
            text += "\n"
            length += 1
        }
        let attributed = NSMutableAttributedString(string: text, attributes: plain)
        for (range, attributes) in runs { attributed.setAttributes(attributes, range: range) }
        return try AttributedDocument.write(attributed, type: .rtf)
    }

    private static func convert(_ soffice: String, _ file: URL) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-lo-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: soffice)
        process.arguments = ["--headless", "--norestore", "-env:UserInstallation=file://\(directory.path)/profile",
                             "--convert-to", "txt:Text (encoded):UTF8", "--outdir", directory.path, file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
}
