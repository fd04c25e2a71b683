import Foundation
import Galley
import Testing

@Suite struct FontManagerTests {
    @Test func registerAndUnregister() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = try FontCatalog(directories: [directory])
        #expect(FontManager.availablePostScriptNames(in: catalog).isEmpty)

        let file = TestFonts.url("DejaVuSans.ttf")
        try FontManager.registerFonts(at: file, in: catalog)
        #expect(FontManager.availablePostScriptNames(in: catalog) == ["DejaVuSans"])
        #expect(try Font(name: "DejaVu Sans", catalog: catalog).url == file.standardizedFileURL)
        #expect(FontManager.registeredFontURLs(in: catalog) == [file.standardizedFileURL])
        do {
            try FontManager.registerFonts(at: file, in: catalog)
            Issue.record("registering twice must fail")
        } catch { #expect(error.code == .alreadyRegistered && error.url == file.standardizedFileURL) }

        try FontManager.registerFonts(at: TestFonts.url("Loma.ttf"), in: catalog)
        try FontManager.unregisterFonts(at: file, in: catalog)
        #expect(FontManager.availablePostScriptNames(in: catalog) == ["Loma"])
        do {
            try FontManager.unregisterFonts(at: file, in: catalog)
            Issue.record("unregistering twice must fail")
        } catch { #expect(error.code == .notRegistered) }

        let bad = directory.appendingPathComponent("bad.ttf")
        try Data("no font".utf8).write(to: bad)
        let errors = FontManager.registerFonts(at: [bad, TestFonts.url("Amiri-Regular.ttf")], in: catalog)
        #expect(errors.map(\.code) == [.unrecognizedFormat])
        #expect(FontManager.availableFamilyNames(in: catalog) == ["Amiri", "Loma"])
    }

    @Test func registerADirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = try FontCatalog(directories: [directory])
        let errors = FontManager.registerFonts(at: [TestFonts.directory], in: catalog)
        #expect(errors.isEmpty)
        #expect(FontManager.availableFamilyNames(in: catalog) == FontManager.availableFamilyNames(in: TestFonts.catalog))
    }

    @Test func descriptorsFromFileAndData() throws {
        let inter = try FontManager.descriptors(fromFileAt: TestFonts.url("Inter-roman.var.ttf"))
        // fc-query is the reference: one pattern per named instance plus the default and the variable one.
        let queried = try runProgram("/usr/bin/fc-query", ["--format", "%{style[0]}\n", TestFonts.url("Inter-roman.var.ttf").path])
        #expect(inter.count == queried.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        #expect(inter.contains { $0.styleName == "Bold" && $0.variation == ["wght": 700] })

        let data = try Data(contentsOf: TestFonts.url("LinLibertine_RB.otf"))
        let fromData = try FontManager.descriptors(from: data)
        #expect(fromData.map(\.postScriptName) == ["LinLibertineOB"])
        #expect(fromData[0].url == nil)
        let font = try Font(data: data, size: 9)
        #expect(font.postScriptName == "LinLibertineOB" && font.url == nil && font.size == 9)
    }

    @Test func collectionFileGivesOneDescriptorPerFace() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let collection = directory.appendingPathComponent("pair.ttc")
        // fontTools builds the TTC: an independent writer of the collection format.
        let script = """
            import sys
            from fontTools.ttLib import TTFont, TTCollection
            c = TTCollection()
            c.fonts = [TTFont(sys.argv[1]), TTFont(sys.argv[2])]
            c.save(sys.argv[3])
            """
        _ = try runProgram("/usr/bin/python3", ["-c", script, TestFonts.url("DejaVuSans.ttf").path,
                                               TestFonts.url("DejaVuSerif.ttf").path, collection.path])
        let descriptors = try FontManager.descriptors(fromFileAt: collection)
        #expect(descriptors.map(\.postScriptName) == ["DejaVuSans", "DejaVuSerif"])
        #expect(descriptors.map(\.faceIndex) == [0, 1])
        #expect(try Font(url: collection, faceIndex: 1).postScriptName == "DejaVuSerif")
        #expect(throws: FontError.self) { _ = try Font(url: collection, faceIndex: 2) }
    }
}
