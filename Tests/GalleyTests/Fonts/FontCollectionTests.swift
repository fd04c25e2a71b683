import Foundation
import Galley
import Testing

@Suite struct FontCollectionTests {
    @Test func availableFontsAreEveryBundledFaceInStandardOrder() throws {
        let faces = FontCollection.availableFonts(in: TestFonts.catalog).matchingDescriptors()
        // fc-list on the same configuration is the reference for which faces exist (variable-font
        // patterns standing for the whole axis range left out).
        let listed = try runProgram(
            "/usr/bin/fc-list", ["--format", "%{postscriptname}|%{variable}\n"],
            environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
        let expected = Set(listed.split(separator: "\n").filter { !$0.hasSuffix("True") }.map { String($0.split(separator: "|")[0]) })
        #expect(Set(faces.compactMap(\.postScriptName)) == expected)
        #expect(faces.count == expected.count, "no duplicates")
        for (a, b) in zip(faces, faces.dropFirst()) {
            #expect(!FontCollection.standardOrder(b, a), "\(a.postScriptName ?? "") before \(b.postScriptName ?? "")")
        }
        let families = FontCollection.availableFonts(in: TestFonts.catalog).familyNames
        #expect(families.first == "Amiri" && families.contains("Noto Color Emoji"))
    }

    @Test func queryDescriptors() {
        let collection = FontCollection(queryDescriptors: [FontDescriptor(family: "DejaVu Sans")], catalog: TestFonts.catalog)
        #expect(collection.matchingDescriptors().map(\.postScriptName) == ["DejaVuSans", "DejaVuSans-Bold"])
        let more = collection.adding(queryDescriptors: [FontDescriptor(family: "Linux Libertine O", traits: FontTraits(symbolic: .italic))])
        #expect(more.matchingDescriptors().map(\.postScriptName) == ["DejaVuSans", "DejaVuSans-Bold", "LinLibertineOI"])
        #expect(more.matchingDescriptors(forFamily: "dejavu sans").count == 2)
        let byName = more.matchingDescriptors { ($0.postScriptName ?? "") > ($1.postScriptName ?? "") }
        #expect(byName.first?.postScriptName == "LinLibertineOI")
    }
}
