import Benchmark
import BenchmarkSupport
import Foundation
import Galley

/// The font layer: matching a descriptor, creating fonts, fallback for multi-script text (cached after
/// the first answer), glyph outlines.
let fontsDirectory = BenchmarkSupport.root.appendingPathComponent("Fonts")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkSupport.configuration()
    let catalog = try! FontCatalog(configurationFile: fontsDirectory.appendingPathComponent("fonts.conf"))
    let serif = try! Font(name: "DejaVu Serif", size: 12, catalog: catalog)

    Benchmark("Match_a_family_with_traits_(FcFontMatch)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(FontDescriptor(family: "Linux Libertine O", traits: FontTraits(symbolic: .bold)).matchingDescriptor(in: catalog))
        }
    }
    Benchmark("Create_a_font_by_name") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Font(name: "LinLibertineO", size: 11, catalog: catalog))
        }
    }
    Benchmark("Fallback_for_six_scripts_(cached)") { benchmark in
        for _ in benchmark.scaledIterations {
            for text in ["中", "ب", "א", "क", "ก", "😀"] { blackHole(serif.forString(text)) }
        }
    }
    Benchmark("Outline_of_100_glyphs") { benchmark in
        let glyphs = (1...100).map { Glyph($0) }
        for _ in benchmark.scaledIterations {
            for glyph in glyphs { blackHole(serif.path(for: glyph)) }
        }
    }
}
