import Foundation
import Testing

/// Golden files: compared by default; rewritten with GALLEY_RECORD=1, which also fails the run so that
/// nothing is recorded silently. Mismatches write the actual output into a git-ignored Failures/ folder
/// beside the golden.
enum Golden {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["GALLEY_RECORD"] == "1" }

    /// Writes the actual output of a failed comparison next to the golden, in Failures/.
    static func writeFailure(_ data: Data, besides golden: URL) {
        let folder = golden.deletingLastPathComponent().appendingPathComponent("Failures")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: folder.appendingPathComponent(golden.lastPathComponent))
    }

    /// Compares a text dump with its golden (or records it), writing the actual dump to Failures/ when they differ.
    static func compare(_ actual: String, to url: URL) {
        if isRecording {
            record(Data(actual.utf8), to: url)
            return
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        #expect(actual == expected, "\(url.lastPathComponent) differs; the actual dump is in \(url.deletingLastPathComponent().lastPathComponent)/Failures/")
        if actual != expected { writeFailure(Data(actual.utf8), besides: url) }
    }

    /// Records `data` as the new golden and fails the test.
    static func record(_ data: Data, to golden: URL) {
        try? data.write(to: golden)
        Issue.record("GALLEY_RECORD=1: rewrote \(golden.lastPathComponent); run again without it")
    }

    /// Compares a PNG with its golden (or records it): at most 0.5% of pixels may differ (by more than 48 in a
    /// channel), and the actual picture goes to Failures/ when more do.
    static func comparePNG(_ actual: URL, to golden: URL) throws {
        if isRecording {
            record(try Data(contentsOf: actual), to: golden)
            return
        }
        let difference = try #require(CanvasTests.difference(actual, golden), "\(golden.lastPathComponent): missing golden or size changed")
        #expect(difference < 0.005, "\(golden.lastPathComponent): \(difference * 100)% of pixels differ")
        if difference >= 0.005 { writeFailure(try Data(contentsOf: actual), besides: golden) }
    }
}
