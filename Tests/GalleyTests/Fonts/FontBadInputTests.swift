import Foundation
import Galley
import Testing

/// Bad files and values give a thrown `FontError` naming the file or value, or Core Text's documented
/// default — never a crash.
@Suite struct FontBadInputTests {
    func expectError(_ code: FontError.Code, naming text: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected FontError \(code.rawValue)")
        } catch let error as FontError {
            #expect(error.code == code, "\(error)")
            #expect(error.message.contains(text), "\(error.message) should name \(text)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func missingFile() {
        let path = "/nonexistent/galley/font.ttf"
        expectError(.fileNotFound, naming: path) { _ = try Font(url: URL(fileURLWithPath: path)) }
        expectError(.fileNotFound, naming: path) { _ = try FontManager.descriptors(fromFileAt: URL(fileURLWithPath: path)) }
    }

    @Test func damagedFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try Data(contentsOf: TestFonts.url("DejaVuSans.ttf"))

        let empty = directory.appendingPathComponent("empty.ttf")
        try Data().write(to: empty)
        expectError(.unrecognizedFormat, naming: empty.path) { _ = try Font(url: empty) }

        let text = directory.appendingPathComponent("text.ttf")
        try Data("This is not a font file at all, just some words.\n".utf8).write(to: text)
        expectError(.unrecognizedFormat, naming: text.path) { _ = try Font(url: text) }

        let truncated = directory.appendingPathComponent("truncated.ttf")
        try original.prefix(2000).write(to: truncated)
        expectError(.invalidFontData, naming: truncated.path) { _ = try Font(url: truncated) }

        // The table directory survives, the tables are overwritten with noise.
        var noisy = original
        var generator = SystemRandomNumberGenerator()
        for index in 400..<noisy.count { noisy[index] = UInt8.random(in: 0...255, using: &generator) }
        let corrupted = directory.appendingPathComponent("corrupted.ttf")
        try noisy.write(to: corrupted)
        do {
            let font = try Font(url: corrupted, size: 12)
            // If the tables still parse, every query still answers without crashing.
            _ = font.glyphs(forCharacters: Array("Hello".utf16))
            _ = font.path(for: 3)
            _ = font.boundingRects(for: [1, 2, 3])
        } catch {
            #expect([.invalidFontData, .unrecognizedFormat].contains(error.code))
            #expect(error.message.contains(corrupted.path))
        }

        expectError(.invalidFontData, naming: "font data") { _ = try Font(data: original.prefix(2000)) }
        expectError(.unrecognizedFormat, naming: "font data") { _ = try FontManager.descriptors(from: Data()) }
    }

    @Test func faceIndexOutOfRange() {
        let url = TestFonts.url("DejaVuSans.ttf")
        expectError(.faceIndexOutOfRange, naming: url.path) { _ = try Font(url: url, faceIndex: 3) }
        expectError(.faceIndexOutOfRange, naming: url.path) { _ = try Font(url: url, faceIndex: -1) }
    }

    @Test func sizes() throws {
        let url = TestFonts.url("DejaVuSans.ttf")
        #expect(try Font(url: url, size: 0).size == 12, "size 0 is Core Text's 12 pt")
        for bad: CGFloat in [-1, .nan, .infinity, -.infinity] {
            expectError(.invalidSize, naming: "\(bad)") { _ = try Font(url: url, size: bad) }
            expectError(.invalidSize, naming: "\(bad)") { _ = try Font(name: "DejaVu Sans", size: bad, catalog: TestFonts.catalog) }
        }
        let font = try Font(url: url, size: 10)
        #expect(throws: FontError.self) { _ = try font.withSize(.nan) }
        let scaled = try font.withSize(0)
        #expect(scaled.size == 12)
    }

    @Test func unknownFamilyGetsTheCatalogDefault() throws {
        // Core Text substitutes a default font for an unknown name; Galley's substitute is fontconfig's
        // best match, which the configuration's rules decide (fc-match prints the same).
        let expected = try runProgram(
            "/usr/bin/fc-match", ["--format", "%{file}", "No Such Family"],
            environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
        let font = try Font(name: "No Such Family", size: 12, catalog: TestFonts.catalog)
        #expect(font.url?.path == expected)
        // With the family mandatory, matching says there is none.
        #expect(FontDescriptor(family: "No Such Family").matchingDescriptor(mandatoryKeys: [.family], in: TestFonts.catalog) == nil)
        #expect(FontDescriptor(family: "No Such Family").matchingDescriptors(in: TestFonts.catalog).isEmpty)
    }

    @Test func emptyCatalog() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = try FontCatalog(directories: [directory])
        #expect(FontCollection.availableFonts(in: catalog).matchingDescriptors().isEmpty)
        do {
            _ = try Font(name: "DejaVu Sans", catalog: catalog)
            Issue.record("an empty catalog has no font")
        } catch {
            #expect(error.code == .noFontsAvailable)
            #expect(error.message.contains("DejaVu Sans"))
        }
        #expect(throws: FontError.self) { _ = try FontCatalog(directories: [directory.appendingPathComponent("missing")]) }
        #expect(throws: FontError.self) { _ = try FontCatalog(configurationFile: directory.appendingPathComponent("missing.conf")) }
    }
}
