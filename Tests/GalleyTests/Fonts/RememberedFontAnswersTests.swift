import Foundation
@testable import Galley
import Testing

/// The system catalog remembers fontconfig's answers from one process to the next. Checked on catalogs loaded the way
/// the system's is, from private configurations, each catalog standing for a fresh process: a later one gets the same
/// descriptors without reading the configuration, and any change to what fontconfig read, a damaged file or fonts a
/// process registered make it ask fontconfig again.
@Suite struct RememberedFontAnswersTests {
    /// A private configuration of a few of the test fonts in a folder of its own, which a test may change.
    struct Setup {
        let directory: URL
        let fonts: URL
        let configurationFile: URL
        let answersFile: URL
        let loader = LazyCatalogTests.CountingLoader()

        init(fonts files: [String] = ["DejaVuSerif.ttf", "DejaVuSans.ttf", "Amiri-Regular.ttf"]) throws {
            directory = try temporaryDirectory()
            fonts = directory.appendingPathComponent("fonts")
            try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
            for file in files { try FileManager.default.copyItem(at: TestFonts.url(file), to: fonts.appendingPathComponent(file)) }
            configurationFile = directory.appendingPathComponent("fonts.conf")
            try Self.configuration(fonts: fonts.path).write(to: configurationFile, atomically: true, encoding: .utf8)
            answersFile = directory.appendingPathComponent("cache/galley/answers")
        }

        static func configuration(fonts: String, sansSerif: String = "DejaVu Sans") -> String {
            """
            <?xml version="1.0"?>
            <fontconfig>
              <dir>\(fonts)</dir>
              <alias binding="same"><family>sans-serif</family><prefer><family>\(sansSerif)</family></prefer></alias>
            </fontconfig>
            """
        }

        /// A catalog as a fresh process's system catalog: lazily loaded, with answers from the file.
        func catalog(environment: String = "test") -> FontCatalog {
            let file = configurationFile.path
            return FontCatalog(loading: {
                loader.lock.withLock { loader.reads += 1 }
                let configuration = try! FontconfigConfiguration.empty()
                try! configuration.load(configurationFile: file)
                return configuration
            }, answers: RememberedFontAnswers(path: answersFile.path, environment: environment))
        }

        /// The questions a program asks: names (one a family, one unknown), a descriptor, a generic family.
        func ask(_ catalog: FontCatalog) throws -> [FontDescriptor] {
            try [
                Font(name: "DejaVuSerif", size: 12, catalog: catalog).descriptor,
                Font(name: "DejaVu Sans", size: 12, catalog: catalog).descriptor,
                Font(name: "No Such Font", size: 12, catalog: catalog).descriptor,
                Font(descriptor: FontDescriptor(family: "Amiri"), size: 12, catalog: catalog).descriptor,
                Font(descriptor: FontDescriptor(family: "DejaVu Serif", traits: FontTraits(symbolic: .bold)), size: 12,
                     catalog: catalog).descriptor,
                Font(name: "sans-serif", size: 12, catalog: catalog).descriptor,
            ]
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func everyFaceReadsBackFromFontconfigsTextForm() throws {
        let patterns = TestFonts.catalog.state.withLock { $0.configuration.allPatterns() }
        #expect(patterns.count == 34)
        for pattern in patterns {
            let text = try #require(pattern.text)
            let read = try #require(FontconfigPattern(text: text))
            // (fontconfig's own FcPatternEqual crashes on patterns from its caches: the text forms are compared.)
            #expect(read.text == text)
            #expect(FontDescriptor(fontconfig: read) == FontDescriptor(fontconfig: pattern), "\(pattern.string("file") ?? "")")
        }
    }

    @Test func aLaterProcessGetsTheSameAnswersWithoutReadingTheConfiguration() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let first = setup.catalog()
        let answers = try setup.ask(first)
        #expect(setup.loader.read() == 1)
        // (The unknown name gets fontconfig's default face, whichever it is.)
        #expect(answers.map(\.postScriptName).enumerated().filter { $0.offset != 2 }.map(\.element)
                == ["DejaVuSerif", "DejaVuSans", "Amiri-Regular", "DejaVuSerif", "DejaVuSans"])
        #expect(FileManager.default.fileExists(atPath: setup.answersFile.path))

        let later = setup.catalog()
        #expect(try setup.ask(later) == answers)
        let line = Line(string: "Hello office", font: try Font(name: "DejaVuSerif", size: 12, catalog: later))
        #expect(line.runs.count == 1 && !line.runs[0].glyphs.contains(0))
        #expect(setup.loader.read() == 1 && !later.isLoaded)

        // A question no process asked yet reads the configuration, and is remembered with the others.
        #expect(try Font(name: "Amiri", size: 12, catalog: later).postScriptName == "Amiri-Regular")
        #expect(setup.loader.read() == 2)
        let third = setup.catalog()
        #expect(try setup.ask(third) == answers)
        #expect(try Font(name: "Amiri", size: 12, catalog: third).postScriptName == "Amiri-Regular")
        #expect(setup.loader.read() == 2)
    }

    @Test func aChangeToWhatFontconfigReadIsNoticed() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let before = try setup.ask(setup.catalog())
        #expect(try setup.ask(setup.catalog()) == before)
        #expect(setup.loader.read() == 1)

        // A new font in a font directory: the same name now means the face that file adds first in fontconfig's order.
        try FileManager.default.copyItem(at: TestFonts.url("DejaVuSansMono.ttf"),
                                         to: setup.fonts.appendingPathComponent("DejaVuSansMono.ttf"))
        try Self.age(setup.fonts)
        let afterFont = setup.catalog()
        #expect(try Font(name: "DejaVu Sans Mono", size: 12, catalog: afterFont).postScriptName == "DejaVuSansMono")
        #expect(setup.loader.read() == 2)
        // The file now holds that process's answers only, with the new stamps; once it asked the rest, they hold too.
        #expect(try setup.ask(afterFont) == before)
        #expect(try setup.ask(setup.catalog()) == before)
        #expect(setup.loader.read() == 2)

        // An edited configuration: sans-serif now prefers another family.
        try Setup.configuration(fonts: setup.fonts.path, sansSerif: "Amiri")
            .write(to: setup.configurationFile, atomically: false, encoding: .utf8)
        try Self.age(setup.configurationFile)
        let afterConfiguration = setup.catalog()
        #expect(try Font(name: "sans-serif", size: 12, catalog: afterConfiguration).postScriptName == "Amiri-Regular")
        #expect(setup.loader.read() == 3)

        // Another environment (program, locale, variables) keeps its own answers.
        let elsewhere = setup.catalog(environment: "another")
        _ = try Font(name: "DejaVuSerif", size: 12, catalog: elsewhere)
        #expect(setup.loader.read() == 4)
    }

    @Test func aDamagedFileIsNotTrustedAndIsWrittenAnew() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let expected = try setup.ask(setup.catalog())
        let good = try String(contentsOf: setup.answersFile, encoding: .utf8)
        let lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var generator = SystemRandomNumberGenerator()
        let damaged: [String] = [
            "",
            "galley fontconfig answers 1\n",
            String(decoding: (0..<4000).map { _ in UInt8.random(in: 0...255, using: &generator) }, as: UTF8.self),
            lines.prefix(3).joined(separator: "\n"),  // header, environment, one stamp, no answers: still fine
            lines.map { $0.hasPrefix("S") ? $0 + "x" : $0 }.joined(separator: "\n"),
            lines.map { $0.hasPrefix("A") ? String($0.prefix(40)) : $0 }.joined(separator: "\n"),
            lines.map { $0.hasPrefix("A") ? "A\t\($0.split(separator: "\t")[1])\t=:=:\u{1}" : $0 }.joined(separator: "\n"),
            lines.map { $0.hasPrefix("E") ? "E\tsomewhere else" : $0 }.joined(separator: "\n"),
            lines.filter { !$0.hasPrefix("E") }.joined(separator: "\n"),
            String(good.dropFirst()),
        ]
        for (index, text) in damaged.enumerated() {
            try text.write(to: setup.answersFile, atomically: true, encoding: .utf8)
            #expect(try setup.ask(setup.catalog()) == expected, "damage \(index)")
            // Whatever it was, the file now holds fontconfig's answers again.
            let reads = setup.loader.read()
            #expect(try setup.ask(setup.catalog()) == expected, "damage \(index)")
            #expect(setup.loader.read() == reads, "damage \(index)")
        }
    }

    @Test func aProcessThatRegistersFontsAsksFontconfig() throws {
        let setup = try Setup(fonts: ["DejaVuSerif.ttf"])
        defer { setup.remove() }
        _ = try setup.ask(setup.catalog())
        let catalog = setup.catalog()
        #expect(try Font(name: "Amiri", size: 12, catalog: catalog).postScriptName == "DejaVuSerif")
        try FontManager.registerFonts(at: TestFonts.url("Amiri-Regular.ttf"), in: catalog)
        #expect(try Font(name: "Amiri", size: 12, catalog: catalog).postScriptName == "Amiri-Regular")
        // What it learnt with its own fonts is not remembered for others.
        let later = setup.catalog()
        let reads = setup.loader.read()
        #expect(try Font(name: "Amiri", size: 12, catalog: later).postScriptName == "DejaVuSerif")
        #expect(setup.loader.read() == reads)
    }

    /// Eight tasks at once, each a fresh process's catalog over the same file, some asking what is remembered, some
    /// what is not (and writing the file): the same answers. `make test-tsan` runs this under ThreadSanitizer.
    @Test func answersUnderConcurrencyAgree() async throws {
        let setup = try Setup()
        defer { setup.remove() }
        let expected = try setup.ask(setup.catalog())
        let amiri = try Font(name: "Amiri", size: 12, catalog: setup.catalog()).descriptor
        let shared = setup.catalog()
        let results = await withTaskGroup(of: [FontDescriptor]?.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let catalog = task % 2 == 0 ? shared : setup.catalog(environment: task % 4 == 1 ? "test" : "other \(task)")
                    guard var answers = try? setup.ask(catalog) else { return nil }
                    if let font = try? Font(name: "Amiri", size: 12, catalog: catalog) { answers.append(font.descriptor) }
                    return answers
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected + [amiri]) }
    }

    /// Sets a file's modification time an hour back, so that the change shows whatever the file system's clock grain.
    static func age(_ url: URL) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
    }
}
