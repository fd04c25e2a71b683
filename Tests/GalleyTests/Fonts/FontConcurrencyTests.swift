import Foundation
import Galley
import Testing

/// Eight tasks creating and querying the same fonts and descriptors give identical answers.
@Suite struct FontConcurrencyTests {
    struct Answer: Equatable {
        var names: [String] = []
        var metrics: [CGFloat] = []
        var glyphs: [Glyph] = []
        var pathBoxes: [CGRect] = []
        var fallbacks: [String] = []
    }

    static func work() throws -> Answer {
        var answer = Answer()
        let catalog = TestFonts.catalog
        for family in ["DejaVu Serif", "Linux Libertine O", "Inter", "Amiri", "Droid Sans Fallback"] {
            let descriptor = try #require(FontDescriptor(family: family, traits: FontTraits(symbolic: .bold)).matchingDescriptor(in: catalog))
            answer.names.append(descriptor.postScriptName ?? "")
            let font = try Font(descriptor: descriptor, size: 17, catalog: catalog)
            answer.metrics += [font.ascent, font.descent, font.leading, font.capHeight, font.xHeight]
            let glyphs = font.glyphs(forCharacters: Array("Quick brown".utf16)).glyphs
            answer.glyphs += glyphs
            answer.pathBoxes += glyphs.map { font.path(for: $0)?.boundingBoxOfPath ?? .null }
            answer.fallbacks += ["中", "ب", "א", "क", "ก", "😀"].map { font.forString($0).postScriptName }
        }
        answer.names += FontCollection.availableFonts(in: catalog).matchingDescriptors().compactMap(\.postScriptName)
        return answer
    }

    @Test func eightTasksAgree() async throws {
        let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
            for _ in 0..<8 { group.addTask { try Self.work() } }
            var answers: [Answer] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.count == 8)
        for answer in answers { #expect(answer == answers[0]) }
        #expect(answers[0].fallbacks.count == 30)
    }
}
