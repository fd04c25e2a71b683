import Foundation
import Testing

/// The `galley` tool, run as a user runs it (built beside the test bundle by `swift build --build-tests`).
@Suite struct GalleyCommandTests {
    static var tool: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("galley")
    }

    @Test(arguments: [
        ("LinLibertine_R.otf", "office AVATAR", [String]()),
        ("LinLibertine_R.otf", "Small Caps", ["--features=+smcp,kern=0"]),
        ("Amiri-Regular.ttf", "السلام عليكم", []),
        ("Inter-roman.var.ttf", "Variable", ["--variations=wght=700"]),
        ("NotoSansDevanagari-Regular.ttf", "क्षत्रिय", ["--language=hi"]),
        ("DejaVuSans.ttf", "abc", ["--direction=rtl"]),
        ("DroidSansFallbackFull.ttf", "縦書き、テスト。（ア）ー", ["--direction=ttb"]),
    ])
    func shapePrintsWhatHarfBuzzPrints(font: String, text: String, options: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.tool.path) else {
            Issue.record("galley is not built at \(Self.tool.path)")
            return
        }
        let path = TestFonts.url(font).path
        let galley = try runProgram(Self.tool.path, ["shape", path, text] + options)
        let harfBuzz = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names"] + options + [path, text])
        #expect(galley == harfBuzz)
    }

    /// Without --font-dir, the tool reads the system's font configuration on a helper thread while it parses the
    /// arguments. Pointed at the test fonts' configuration (FONTCONFIG_FILE), that gives the layout a private catalog of
    /// the same fonts gives, run after run (a race on the catalog would show as a crash, a hang or another answer).
    @Test func theSystemCatalogReadBesideTheParserGivesTheSameLayout() throws {
        let corpus = TestFonts.root.appendingPathComponent("Tests/GalleyTests/Corpus")
        for (file, font) in [("en_Latn.txt", "DejaVu Serif"), ("zh_Hans.txt", "Noto Serif CJK SC")] {
            let arguments = ["layout", corpus.appendingPathComponent(file).path, "--font", font, "--width", "300", "--json"]
            let expected = try runProgram(Self.tool.path, arguments + ["--font-dir", TestFonts.directory.path])
            #expect(expected.contains("\"lines\""))
            for _ in 0..<6 {
                let output = try runProgram(Self.tool.path, arguments, environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
                #expect(output == expected, "\(file)")
            }
        }
    }

    @Test func shapeJSONIsInPointsWithUTF16Indices() throws {
        let output = try runProgram(Self.tool.path, ["shape", TestFonts.url("DejaVuSans.ttf").path, "a😀b", "--font-size", "10"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        let glyphs = runs.flatMap { $0["glyphs"] as? [[String: Any]] ?? [] }
        #expect(glyphs.compactMap { $0["index"] as? Int } == [0, 1, 3])  // the emoji is two UTF-16 units
        #expect((json["width"] as? Double ?? 0) > 10)
    }

    /// Every JSON the tool prints parses as JSON — layout (justified, hyphenated, optimal: widths with decimals, the
    /// case that printed "303."), shape with and without a size, and the archive convert writes — in several scripts.
    @Test func everyCommandsJSONParses() throws {
        let fonts = ["--font-dir", TestFonts.directory.path]
        let corpus = TestFonts.root.appendingPathComponent("Tests/GalleyTests/Corpus")
        var outputs: [(String, String)] = []
        for (file, font) in [("en_Latn.txt", "DejaVu Serif"), ("ar_Arab.txt", "Noto Naskh Arabic"), ("hi_Deva.txt", "Noto Sans Devanagari")] {
            let path = corpus.appendingPathComponent(file).path
            for width in ["300", "400"] {
                for options in [["--justify", "--hyphenate", "en-US", "--line-breaking", "optimal"], ["--align", "center"]] {
                    let arguments = ["layout", path, "--width", width, "--json", "--font", font] + fonts + options
                    outputs.append(("\(file) \(width) \(options)", try runProgram(Self.tool.path, arguments)))
                }
            }
        }
        for arguments in [["shape", TestFonts.url("DejaVuSans.ttf").path, "o\"ffice\\ A", "--json"],
                          ["shape", TestFonts.url("Amiri-Regular.ttf").path, "السلام", "--font-size", "13.3"]] {
            outputs.append(("\(arguments)", try runProgram(Self.tool.path, arguments)))
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let markdown = directory.appendingPathComponent("doc.md"), archive = directory.appendingPathComponent("doc.json")
        try "# Title\n\nSome *text* with \"quotes\".\n".write(to: markdown, atomically: true, encoding: .utf8)
        _ = try runProgram(Self.tool.path, ["convert", markdown.path, "-o", archive.path])
        outputs.append(("archive", try String(contentsOf: archive, encoding: .utf8)))
        for (name, output) in outputs {
            #expect((try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "\(name) is not JSON: \(output.prefix(300))")
            #expect(!output.contains(".,") && !output.contains(".]") && !output.contains(".}"), "\(name): a number ends in a point")
        }
    }

    /// `galley layout --vertical --height H`: columns H long from the right, each origin the top of its column, in
    /// reading order, equal to the library's vertical frame; `galley render --vertical` writes pages whose PDF text
    /// reads in column order.
    @Test func verticalLayoutAndRender() throws {
        let fonts = ["--font-dir", TestFonts.directory.path, "--font", "Noto Serif CJK JP"]
        let text = "羅生門の下で雨やみを待っていた。広い門の下には、この男の外に誰もいない。"
        let output = try runProgram(Self.tool.path, ["layout", text, "--vertical", "--height", "120", "--size", "12", "--json"] + fonts)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let lines = try #require(json["lines"] as? [[String: Any]])
        let origins = lines.compactMap { ($0["origin"] as? [Double]).map { CGPoint(x: $0[0], y: $0[1]) } }
        #expect(lines.count == 4 && origins.count == 4)
        // From the right, each at the top of its column; a column no longer than the frame is tall.
        #expect(zip(origins, origins.dropFirst()).allSatisfy { $0.x > $1.x } && origins.allSatisfy { abs($0.y - 120) < 1e-6 })
        #expect(lines.allSatisfy { ($0["width"] as? Double ?? .infinity) <= 120 + 1e-6 })
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("text.txt"), pdf = directory.appendingPathComponent("vertical.pdf")
        try String(repeating: text, count: 20).write(to: file, atomically: true, encoding: .utf8)
        _ = try runProgram(Self.tool.path, ["render", file.path, "--vertical", "--page-size", "300x200", "-o", pdf.path] + fonts)
        let extracted = try runProgram("/usr/bin/pdftotext", ["-raw", "-l", "1", pdf.path, "-"]).filter { !$0.isWhitespace }
        #expect(extracted.hasPrefix(String(repeating: text, count: 2)), "\(extracted.prefix(60))")
    }

    @Test func renderWritesPNGPDFAndSVG() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for kind in ["png", "pdf", "svg"] {
            let output = directory.appendingPathComponent("line.\(kind)")
            let message = try runProgram(Self.tool.path, [
                "render", "office مرحبا 👋🏽", "--font-dir", TestFonts.directory.path, "--font", "DejaVu Serif",
                "--size", "20", "-o", output.path,
            ])
            #expect(message.hasPrefix("wrote"))
            let data = try Data(contentsOf: output)
            let magic: [UInt8] = kind == "png" ? [0x89, 0x50, 0x4E, 0x47] : kind == "pdf" ? Array("%PDF".utf8) : Array("<?xm".utf8)
            #expect(Array(data.prefix(4)) == magic, "\(kind)")
        }
    }

    @Test func renderRefusesAnUnknownExtension() throws {
        let output = try runProgram(Self.tool.path, ["render", "x", "--font-file", TestFonts.url("DejaVuSans.ttf").path, "-o", "/tmp/x.bmp"])
        #expect(!output.hasPrefix("wrote"))
    }

    /// Markdown to Galley's archive to plain text, and the archive and the Markdown rendered: the plain text is the
    /// document's, which pandoc's plain text agrees with word for word.
    @Test(.enabled(if: MarkdownReadingTests.pandocAvailable)) func convertGoesBetweenFormats() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let markdown = directory.appendingPathComponent("doc.md"), archive = directory.appendingPathComponent("doc.json")
        let plain = directory.appendingPathComponent("doc.txt")
        try "# Title\n\nSome *text* with `code`, a [link](https://example.com) and\na soft break.\n\n- one\n- two\n".write(to: markdown, atomically: true, encoding: .utf8)
        let fonts = ["--font-dir", TestFonts.directory.path, "--font", "DejaVu Serif"]
        #expect(try runProgram(Self.tool.path, ["convert", markdown.path, "-o", archive.path] + fonts).hasPrefix("wrote"))
        #expect(try runProgram(Self.tool.path, ["convert", archive.path, "-o", plain.path] + fonts).hasPrefix("wrote"))
        let text = try String(contentsOf: plain, encoding: .utf8)
        let pandoc = try runProgram("/usr/bin/pandoc", ["-f", "gfm", "-t", "plain", markdown.path])
        // (List markers differ: Galley's bullet and tab against pandoc's "-".)
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0.isWhitespace || $0 == "•" || $0 == "-" }) }
        #expect(words(text) == words(pandoc))
        for file in [markdown, archive] {
            let page = directory.appendingPathComponent("\(file.pathExtension).png")
            #expect(try runProgram(Self.tool.path, ["render", file.path, "--page-size", "300x300", "-o", page.path] + fonts).hasPrefix("wrote"))
        }
        #expect(!(try runProgram(Self.tool.path, ["convert", archive.path, "-o", markdown.path] + fonts)).hasPrefix("wrote"))
    }
}
