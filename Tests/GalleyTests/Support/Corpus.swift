import Foundation

/// The texts of Tests/GalleyTests/Corpus (see its README for sources).
enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
    }

    /// The non-empty lines of a corpus file.
    static func lines(_ file: String) throws -> [String] {
        try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
