import Foundation
import Testing

@testable import Galley

/// Lines built on many threads at once, with fallback through the shared catalog, are identical.
@Suite struct LineConcurrencyTests {
    @Test func concurrentLinesAreIdentical() async throws {
        let font = try TestFonts.font("DejaVuSerif.ttf", size: 13)
        let texts = try ["ar_Arab.txt", "hi_Deva.txt", "th_Thai.txt", "he_Hebr.txt", "rashomon.txt", "candide.txt"]
            .flatMap { try Corpus.lines($0).prefix(6) }
        func describe() -> [String] {
            texts.map { text in
                let line = Line(attributedString: NSAttributedString(string: text, attributes: [.font: font]))
                return line.jsonDescription
            }
        }
        let reference = describe()
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { describe() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == reference) }
    }
}
