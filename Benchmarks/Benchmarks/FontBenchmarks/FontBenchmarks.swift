import Benchmark
import Foundation
import Galley

/// The font layer: matching a descriptor, creating fonts, fallback for multi-script text (cached after
/// the first answer), glyph outlines.
let fontsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts")

let benchmarks: @Sendable () -> Void = {
    let catalog = try! FontCatalog(configurationFile: fontsDirectory.appendingPathComponent("fonts.conf"))
    let serif = try! Font(name: "DejaVu Serif", size: 12, catalog: catalog)

    Benchmark("Match a family with traits (FcFontMatch)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(FontDescriptor(family: "Linux Libertine O", traits: FontTraits(symbolic: .bold)).matchingDescriptor(in: catalog))
        }
    }
    Benchmark("Create a font by name") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Font(name: "LinLibertineO", size: 11, catalog: catalog))
        }
    }
    Benchmark("Fallback for six scripts (cached)") { benchmark in
        for _ in benchmark.scaledIterations {
            for text in ["中", "ب", "א", "क", "ก", "😀"] { blackHole(serif.forString(text)) }
        }
    }
    Benchmark("Outline of 100 glyphs") { benchmark in
        let glyphs = (1...100).map { Glyph($0) }
        for _ in benchmark.scaledIterations {
            for glyph in glyphs { blackHole(serif.path(for: glyph)) }
        }
    }
}
