import Foundation
import Galley

/// The project's bundled fonts and the hermetic catalog every test matches against: Fonts/fonts.conf,
/// which lists only Fonts/ and is also what the fc-match oracle reads (FONTCONFIG_FILE).
enum TestFonts {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let directory = root.appendingPathComponent("Fonts")
    static let configurationFile = directory.appendingPathComponent("fonts.conf")
    static let catalog: FontCatalog = try! FontCatalog(configurationFile: configurationFile)

    static func url(_ file: String) -> URL { directory.appendingPathComponent(file) }

    /// Every bundled font file.
    static let files = [
        "LinLibertine_R.otf", "LinLibertine_RB.otf", "LinLibertine_RI.otf", "DejaVuSerif.ttf", "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "Karla[wght].ttf", "Inter-roman.var.ttf", "Amiri-Regular.ttf",
        "NotoNaskhArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
        "NotoSansThai-Regular.ttf", "Loma.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji-subset-retaingids.ttf",
        "NotoSerifCJKjp-Regular-Subset.otf",
    ]

    static func font(_ file: String, size: CGFloat = 12) throws -> Font {
        try Font(url: url(file), size: size, catalog: catalog)
    }
}

/// Runs a program, with `input` on its standard input, and returns its standard output (standard error is
/// discarded). The input is written whole before the output is read: for programs that read it all first, or
/// answer in less than a pipe's buffer.
func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { $1 }
    process.environment = merged
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let standardInput = input.map { _ in Pipe() }
    if let standardInput { process.standardInput = standardInput }
    try process.run()
    if let input, let standardInput {
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
