import ArgumentParser
import Foundation
import Galley

/// What every demo takes: the fonts it draws with and the files it writes.
struct DemoOptions: ParsableArguments {
    @Option(name: .customLong("font-dir"), help: "The fonts to use (the project's Fonts/).") var fontDirectory = "Fonts"
    @Option(name: .shortAndLong, help: "Output files: .pdf, .png or .svg (repeatable).") var output: [String]

    /// The fonts under `fontDirectory`, and nothing else.
    func catalog() throws -> FontCatalog { try FontCatalog(directories: [URL(fileURLWithPath: fontDirectory)]) }
}
