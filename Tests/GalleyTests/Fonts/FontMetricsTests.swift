import Foundation
import Galley
import Testing

/// Font metrics and glyph answers against fontTools' reading of the same file's tables
/// (Tests/References/font_reference.py, run live with Debian's python3-fonttools).
@Suite struct FontMetricsTests {
    struct Reference: Decodable {
        struct GlyphInfo: Decodable {
            let id: Int
            let name: String
            let advance: Double
            let bounds: [Double]?
        }
        let unitsPerEm: Int
        let glyphCount: Int
        let ascent: Double
        let descent: Double
        let lineGap: Double
        let capHeight: Double?
        let xHeight: Double?
        let underlinePosition: Double
        let underlineThickness: Double
        let italicAngle: Double
        let isFixedPitch: Bool
        let bbox: [Double]
        let names: [String: String]
        let cmapCount: Int
        let glyphNames: [String]
        let glyphs: [String: GlyphInfo]
        let ligatureCarets: [String: [Double]]
    }

    static func reference(_ file: String, characters: String = "AWgfi") throws -> Reference {
        let output = try runProgram(
            "/usr/bin/python3", [TestFonts.root.appendingPathComponent("Tests/References/font_reference.py").path,
                                 TestFonts.url(file).path, characters])
        return try JSONDecoder().decode(Reference.self, from: Data(output.utf8))
    }

    /// Fonts whose cmap covers "AWgfi"; the others are checked with characters of their script.
    static let samples: [(String, String)] = [
        ("LinLibertine_R.otf", "AWgfi"), ("LinLibertine_RB.otf", "AWgfi"), ("LinLibertine_RI.otf", "AWgfi"),
        ("DejaVuSerif.ttf", "AWgfi"), ("DejaVuSans.ttf", "AWgfi"), ("DejaVuSans-Bold.ttf", "AWgfi"),
        ("DejaVuSansMono.ttf", "AWgfi"), ("Karla[wght].ttf", "AWgfi"), ("Inter-roman.var.ttf", "AWgfi"),
        ("Amiri-Regular.ttf", "Aبج"), ("NotoNaskhArabic-Regular.ttf", "بجه"), ("NotoSansHebrew-Regular.ttf", "אבג"),
        ("NotoSansDevanagari-Regular.ttf", "कखग"), ("NotoSansThai-Regular.ttf", "กขค"), ("Loma.ttf", "Aกข"),
        ("DroidSansFallbackFull.ttf", "A中文"), ("NotoColorEmoji-subset-retaingids.ttf", "😀"),
    ]

    @Test(arguments: samples)
    func metricsEqualFontTools(file: String, characters: String) throws {
        let reference = try Self.reference(file, characters: characters)
        let size: CGFloat = 20
        let font = try TestFonts.font(file, size: size)
        let scale = size / CGFloat(reference.unitsPerEm)
        func close(_ a: CGFloat, _ b: Double, _ what: String) {
            #expect(abs(a - CGFloat(b) * scale) < 0.001, "\(file) \(what): \(a) vs \(CGFloat(b) * scale)")
        }
        #expect(font.unitsPerEm == reference.unitsPerEm)
        #expect(font.glyphCount == reference.glyphCount)
        close(font.ascent, reference.ascent, "ascent")
        close(font.descent, reference.descent, "descent")
        close(font.leading, reference.lineGap, "leading")
        if let capHeight = reference.capHeight, capHeight != 0 { close(font.capHeight, capHeight, "cap height") }
        if let xHeight = reference.xHeight, xHeight != 0 { close(font.xHeight, xHeight, "x height") }
        close(font.underlinePosition, reference.underlinePosition, "underline position")
        close(font.underlineThickness, reference.underlineThickness, "underline thickness")
        #expect(abs(font.slantAngle - CGFloat(reference.italicAngle)) < 0.01)
        close(font.boundingBox.minX, reference.bbox[0], "bbox xMin")
        close(font.boundingBox.minY, reference.bbox[1], "bbox yMin")
        close(font.boundingBox.maxX, reference.bbox[2], "bbox xMax")
        close(font.boundingBox.maxY, reference.bbox[3], "bbox yMax")
        #expect(font.postScriptName == reference.names["6"])
        #expect(font.familyName == (reference.names["16"] ?? reference.names["1"]))
        #expect(font.fullName == reference.names["4"])
        #expect(font.characterSet.count == reference.cmapCount)
        #expect(font.symbolicTraits.contains(.monoSpace) == reference.isFixedPitch)

        for (character, glyph) in reference.glyphs {
            let units = Array(character.utf16)
            let (glyphs, allMapped) = font.glyphs(forCharacters: units)
            #expect(allMapped)
            #expect(Int(glyphs[0]) == glyph.id, "\(file) \(character)")
            let advance = font.advances(for: [glyphs[0]]).total
            close(advance, glyph.advance, "advance of \(character)")
            guard let bounds = glyph.bounds else { continue }
            // Exact outline bounds from fontTools against the path FreeType gives Galley.
            let path = try #require(font.path(for: glyphs[0]))
            let box = path.boundingBoxOfPath
            for (value, expected) in zip([box.minX, box.minY, box.maxX, box.maxY], bounds) {
                // Within one design unit: FreeType's CFF engine and fontTools round curve extrema differently.
                #expect(abs(value - CGFloat(expected) * scale) <= scale, "\(file) \(character) outline bounds")
            }
        }
    }

    @Test func glyphNamesRoundTripAgainstFontTools() throws {
        for file in ["LinLibertine_R.otf", "DejaVuSans.ttf", "Amiri-Regular.ttf"] {
            let reference = try Self.reference(file)
            let font = try TestFonts.font(file)
            try #require(!reference.glyphNames.isEmpty)
            for (id, name) in reference.glyphNames.enumerated() {
                #expect(font.name(for: Glyph(id)) == name, "\(file) glyph \(id)")
                #expect(font.glyph(named: name) == Glyph(id), "\(file) \(name)")
            }
        }
    }

    @Test func ligatureCaretsEqualGDEF() throws {
        for file in ["LinLibertine_R.otf", "Amiri-Regular.ttf"] {
            let reference = try Self.reference(file)
            let font = try TestFonts.font(file, size: 1000)
            try #require(!reference.ligatureCarets.isEmpty, "\(file) has GDEF ligature carets")
            let scale = 1000 / CGFloat(font.unitsPerEm)
            for (glyph, carets) in reference.ligatureCarets {
                let positions = font.ligatureCaretPositions(for: Glyph(glyph)!)
                #expect(positions == carets.map { CGFloat($0) * scale }, "\(file) glyph \(glyph)")
            }
        }
    }

    /// Every glyph's outline bounds equal its bounding rect (HarfBuzz's extents, an independent reader of
    /// the same outlines) for the first glyphs of each bundled outline font.
    @Test func pathBoundsEqualBoundingRects() throws {
        for file in TestFonts.files where !file.contains("Emoji") {
            let font = try TestFonts.font(file, size: 100)
            let glyphs = (0..<min(font.glyphCount, 300)).map { Glyph($0) }
            let rects = font.boundingRects(for: glyphs).rects
            for (glyph, rect) in zip(glyphs, rects) {
                guard let path = font.path(for: glyph), !path.isEmpty else {
                    #expect(rect == .zero, "\(file) glyph \(glyph) has ink but no outline")
                    continue
                }
                // TrueType extents are the glyph header's box (control points); CFF's are the exact box.
                let exact = path.boundingBoxOfPath
                let control = path.boundingBox
                let tolerance: CGFloat = 100 / CGFloat(font.unitsPerEm) + 0.001
                let matchesExact = abs(exact.minX - rect.minX) <= tolerance && abs(exact.maxY - rect.maxY) <= tolerance
                    && abs(exact.maxX - rect.maxX) <= tolerance && abs(exact.minY - rect.minY) <= tolerance
                let matchesControl = abs(control.minX - rect.minX) <= tolerance && abs(control.maxY - rect.maxY) <= tolerance
                    && abs(control.maxX - rect.maxX) <= tolerance && abs(control.minY - rect.minY) <= tolerance
                #expect(matchesExact || matchesControl, "\(file) glyph \(glyph): path \(exact) vs rect \(rect)")
            }
        }
    }

    @Test func variationReachesAdvancesAndTraits() throws {
        // hb-shape is the reference for advances of an instance of a variable font.
        let file = TestFonts.url("Inter-roman.var.ttf").path
        let regular = try TestFonts.font("Inter-roman.var.ttf", size: 2816)  // 1 pt per design unit
        let bold = try Font(
            descriptor: FontDescriptor().withVariation("wght", 700).merging({
                var d = FontDescriptor(); d.url = TestFonts.url("Inter-roman.var.ttf"); return d
            }()), size: 2816, catalog: TestFonts.catalog)
        for (font, variations) in [(regular, "wght=400"), (bold, "wght=700")] {
            let output = try runProgram(
                "/usr/bin/hb-shape", ["--variations=\(variations)", "--no-glyph-names", "--no-clusters", "--features=-kern",
                                      file, "W"])
            // "[gid+advance]" in design units (the font is 1 pt per unit).
            let advance = Double(output.split(separator: "+").last!.filter(\.isNumber))!
            let glyph = font.glyphs(forCharacters: Array("W".utf16)).glyphs[0]
            #expect(abs(Double(font.advances(for: [glyph]).total) - advance) < 0.5, "\(variations): \(output)")
        }
        #expect(bold.symbolicTraits.contains(.bold))
        #expect(abs((bold.traits.weight ?? 0) - FontWeight.bold) < 0.001)
        #expect(bold.variation["wght"] == 700)
        #expect(regular.variation["wght"] == 400)
        #expect(regular.variationAxes.map(\.tag) == ["wght"])
    }

    @Test func colourEmojiFont() throws {
        let font = try TestFonts.font("NotoColorEmoji-subset-retaingids.ttf")
        #expect(font.symbolicTraits.contains(.colorGlyphs))
        let (glyphs, allMapped) = font.glyphs(forCharacters: Array("😀".utf16))
        #expect(allMapped)
        #expect(glyphs[0] != 0 && glyphs[1] == 0, "a surrogate pair fills the first slot, as Core Text does")
        #expect(font.path(for: glyphs[0]) == nil, "bitmap glyphs have no outline")
    }

    @Test func unmappedAndUnpairedCharacters() throws {
        let font = try TestFonts.font("DejaVuSerif.ttf")
        let (glyphs, allMapped) = font.glyphs(forCharacters: [0x41, 0xD800, 0x42, 0x4E2D])
        #expect(!allMapped)
        #expect(glyphs[0] != 0 && glyphs[1] == 0 && glyphs[2] != 0 && glyphs[3] == 0)
    }

    @Test func tablesAndFeatures() throws {
        let font = try TestFonts.font("LinLibertine_R.otf")
        let tags = font.availableTables
        #expect(tags.contains("CFF ") && tags.contains("GSUB") && tags.contains("head"))
        let head = try #require(font.table("head"))
        #expect(head.count == 54)
        #expect(font.table("glyf") == nil)
        for feature: OpenTypeTag in ["liga", "smcp", "onum", "frac", "dlig", "kern"] {
            #expect(font.openTypeFeatures.contains(feature), "\(feature)")
        }
        #expect(font.supportedLanguages.contains("en") && font.supportedLanguages.contains("de"))
        #expect(font.name(for: .postScript) == "LinLibertineO")
        #expect(font.name(for: .license) != nil)
    }
}
