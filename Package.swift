// swift-tools-version:6.1
import PackageDescription

/// Galley: Core Text's model (and TextKit's layer above it) for Swift on Linux, on HarfBuzz, FreeType,
/// fontconfig, ICU, libhyphen and Cairo. The `Galley` library depends on no Swift package; only the
/// command-line tool uses swift-argument-parser.
let package = Package(
    name: "Galley",
    products: [
        .library(name: "Galley", targets: ["Galley"]),
        .library(name: "GalleyRendering", targets: ["GalleyRendering"]),
        .library(name: "GalleyText", targets: ["GalleyText"]),
        .library(name: "GalleySpelling", targets: ["GalleySpelling"]),
        .library(name: "GalleyDocuments", targets: ["GalleyDocuments"]),
        .library(name: "GalleyCoreText", targets: ["GalleyCoreText"]),
        .executable(name: "galley", targets: ["GalleyCommand"]),
        .executable(name: "galley-bench", targets: ["GalleyBench"]),
        .executable(name: "galley-demos", targets: ["GalleyDemos"]),
        .executable(name: "galley-fuzz", targets: ["GalleyFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the DocC catalogue (a build-time plugin; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found through pkg-config (Debian's -dev packages; `make deps` installs them).
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        .systemLibrary(name: "CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // glibc's heap statistics, for the benchmarks' memory figures.
        .systemLibrary(name: "CHeapStatistics"),
        .systemLibrary(name: "CStartup"),
        // ICU behind plain C types (system ICU headers clash with Foundation's in Swift modules).
        .target(
            name: "CUnicode",
            linkerSettings: [.linkedLibrary("icuuc")]
        ),
        // libxml2's HTML parser behind plain C types (its headers include ICU's, which clash with Foundation's).
        .target(
            name: "CHTMLParser",
            dependencies: ["CLibXML2"]
        ),
        // libjpeg-turbo behind plain C types (its errors longjmp, which Swift cannot).
        .target(
            name: "CJPEG",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .target(
            name: "Galley",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "CHyphen", "CUnicode", "CJPEG"]
        ),
        // Drawing lines and runs into PNG, PDF and SVG through Cairo (cairo-ft over FreeType faces of its own).
        .target(
            name: "GalleyRendering",
            dependencies: ["Galley", "CCairo", "CFreeType", "CJPEG"]
        ),
        // The editing layer (TextKit's): text storage, layout manager, text containers, caret and selection geometry, and
        // drawing into a Canvas (as NSLayoutManager draws into the current Core Graphics context).
        .target(
            name: "GalleyText",
            dependencies: ["Galley", "GalleyRendering", "CUnicode"]
        ),
        // Spell checking (UITextChecker) on Hunspell, with ICU's word boundaries: kept out of Galley and GalleyText so
        // that only its users link Hunspell.
        .target(
            name: "GalleySpelling",
            dependencies: ["Galley", "GalleyText", "CHunspell", "CUnicode"]
        ),
        // Documents in and out (issue 19): Markdown through cmark-gfm, HTML through libxml2, RTF with ICU's converters
        // for its legacy code pages; only its users link the parsers.
        .target(
            name: "GalleyDocuments",
            dependencies: ["Galley", "CCmarkGFM", "CHTMLParser", "CUnicode"]
        ),
        // Core Text's, Core Graphics' and CoreFoundation's own names over Galley and GalleyRendering (issue 22), so that
        // Core Text code compiles with `import GalleyCoreText` in place of `import CoreText`/`CoreGraphics`.
        .target(
            name: "GalleyCoreText",
            dependencies: ["Galley", "GalleyRendering"]
        ),
        // The fuzzing harnesses (issue 16): each derives text, attributes, shapes, fonts or edits from a fuzzer's
        // bytes and checks the answers; the tests replay Fuzz/Corpus through them.
        .target(
            name: "GalleyFuzzing",
            dependencies: ["Galley", "GalleyRendering", "GalleyText", "GalleyDocuments"]
        ),
        // `galley-fuzz TARGET`: libFuzzer over a harness when built by `make fuzz` (-sanitize=fuzzer,address
        // -DGALLEY_LIBFUZZER), else a replayer of inputs.
        .executableTarget(
            name: "GalleyFuzz",
            dependencies: ["GalleyFuzzing"]
        ),
        // What the command-line tools share: text options (argument-parser enums) and output canvases.
        .target(
            name: "GalleyCommandSupport",
            dependencies: ["Galley", "GalleyRendering", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // `galley`: fonts, shaping, layout, drawing and hyphenation over the public API.
        .executableTarget(
            name: "GalleyCommand",
            dependencies: [
                "GalleyDocuments", "Galley", "GalleyRendering", "GalleyText", "GalleySpelling", "GalleyCommandSupport", "CStartup",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `galley-bench`: the corpus layout benchmark the peers are compared with, and the editing benchmark.
        .executableTarget(
            name: "GalleyBench",
            dependencies: [
                "Galley", "GalleyText", "GalleySpelling", "GalleyDocuments", "GalleyCommandSupport", "CHeapStatistics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `galley-demos`: the README's pictures.
        .executableTarget(
            name: "GalleyDemos",
            dependencies: [
                "Galley", "GalleyRendering", "GalleyText", "GalleySpelling", "GalleyCommandSupport", "GalleyDocuments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "GalleyTests",
            dependencies: [
                "Galley", "GalleyRendering", "GalleyText", "GalleySpelling", "GalleyDocuments", "GalleyFuzzing", "GalleyCoreText", "GalleyCommandSupport", "CHarfBuzz", "CFreeType", "CFontconfig", "CCairo", "CHyphen", "CUnicode",
            ],
            // Read through #filePath, not bundled: the corpus and the goldens (GALLEY_RECORD=1 rewrites them).
            exclude: ["Corpus", "Typesetting/Golden", "Rendering/Golden", "Framesetting/Golden", "Text/Golden", "CoreTextPorts/Golden"]
        ),

    ]
)
