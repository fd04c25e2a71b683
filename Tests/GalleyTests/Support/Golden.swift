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

    /// Records `data` as the new golden and fails the test.
    static func record(_ data: Data, to golden: URL) {
        try? data.write(to: golden)
        Issue.record("GALLEY_RECORD=1: rewrote \(golden.lastPathComponent); run again without it")
    }
}
