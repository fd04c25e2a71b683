import Foundation
@testable import Galley
import Testing

/// The system catalog reads fontconfig's configuration on the first question that needs it, not when it is named:
/// a font from a file drawing characters it has never waits for it. Checked on a catalog loaded the same way (the
/// system's own is shared by the whole test process, and tests keep off the machine's fonts).
@Suite struct LazyCatalogTests {
    /// A catalog of the test fonts, read the way the system catalog is, counting its reads.
    final class CountingLoader: @unchecked Sendable {
        let lock = NSLock()
        var reads = 0
        func read() -> Int { lock.withLock { reads } }

        func catalog() -> FontCatalog {
            FontCatalog(loading: {
                self.lock.withLock { self.reads += 1 }
                let configuration = try! FontconfigConfiguration.empty()
                try! configuration.load(configurationFile: TestFonts.configurationFile.path)
                return configuration
            })
        }
    }

    @Test func aFontFromAFileDrawingItsOwnCharactersNeverReadsTheConfiguration() throws {
        let loader = CountingLoader()
        let catalog = loader.catalog()
        let font = try Font(url: TestFonts.url("DejaVuSerif.ttf"), size: 14, catalog: catalog)
        let line = Line(string: "Hello office AVATAR, Ωμέγα, Жж", font: font)
        #expect(line.runs.allSatisfy { $0.font === font && !$0.glyphs.contains(0) })
        let frame = Framesetter(attributedString: NSAttributedString(string: "A paragraph\nand another", attributes: [.font: font]))
            .frame(path: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(frame.lines.count >= 2)
        #expect(loader.read() == 0 && !catalog.isLoaded)

        // A character the font lacks asks for fallback, which reads it, once.
        let mixed = Line(string: "a中b", font: font)
        #expect(mixed.runs.count == 3)
        #expect(loader.read() == 1)
        _ = try Font(name: "Amiri", size: 12, catalog: catalog)
        #expect(loader.read() == 1)
    }

    @Test func preloadReadsOnceWhoeverAsksFirst() async throws {
        let loader = CountingLoader()
        let catalog = loader.catalog()
        let names = await withTaskGroup(of: String.self) { group in
            for index in 0..<8 {
                group.addTask {
                    if index % 2 == 0 { catalog.preload() }
                    return (try? Font(name: "DejaVu Serif", size: 12, catalog: catalog))?.postScriptName ?? "none"
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: "DejaVuSerif", count: 8))
        #expect(loader.read() == 1 && catalog.isLoaded)
        // A catalog made from a configuration has read it already; preloading it does nothing.
        #expect(TestFonts.catalog.isLoaded)
        TestFonts.catalog.preload()
    }
}
