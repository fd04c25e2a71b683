import Foundation
import GalleyFuzzing
import Testing

/// Every input in Fuzz/Corpus — the seeds, and each crash or wrong answer a fuzzing run found, minimized — replayed
/// through its harness: no landing can bring a found crash back.
@Suite struct FuzzCorpusTests {
    @Test(arguments: FuzzTarget.allCases)
    func corpusReplaysCleanly(target: FuzzTarget) throws {
        let files = try FileManager.default.contentsOfDirectory(at: target.corpusDirectory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        #expect(files.count >= 5, "the \(target.rawValue) corpus has \(files.count) inputs")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            #expect(throws: Never.self, "\(target.rawValue)/\(file.lastPathComponent)") { try target.run(bytes) }
        }
    }
}
