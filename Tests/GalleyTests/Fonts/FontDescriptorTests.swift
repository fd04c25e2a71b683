import Foundation
import Galley
import Testing

@Suite struct FontDescriptorTests {
    let catalog = TestFonts.catalog

    @Test func matchingWithMandatoryFamilyListsTheFamilyBestFirst() {
        let regular = FontDescriptor(family: "Linux Libertine O")
        let faces = regular.matchingDescriptors(in: catalog)
        #expect(faces.map(\.postScriptName) == ["LinLibertineO", "LinLibertineOI", "LinLibertineOB"]
                || faces.first?.postScriptName == "LinLibertineO")
        #expect(Set(faces.compactMap(\.postScriptName)) == ["LinLibertineO", "LinLibertineOI", "LinLibertineOB"])
        let bold = FontDescriptor(family: "Linux Libertine O", traits: FontTraits(symbolic: .bold))
        #expect(bold.matchingDescriptors(mandatoryKeys: [.family, .traits], in: catalog).map(\.postScriptName) == ["LinLibertineOB"])
        #expect(bold.matchingDescriptor(in: catalog)?.postScriptName == "LinLibertineOB")
    }

    @Test func postScriptNameAlsoMatchesFullName() throws {
        #expect(FontDescriptor(name: "DejaVuSerif").matchingDescriptor(in: catalog)?.family == "DejaVu Serif")
        #expect(FontDescriptor(name: "Linux Libertine O Italic").matchingDescriptor(in: catalog)?.postScriptName == "LinLibertineOI")
        let font = try Font(name: "LinLibertineOB", size: 14, catalog: catalog)
        #expect(font.symbolicTraits.contains(.bold))
        #expect(font.familyName == "Linux Libertine O")
    }

    @Test func matchedDescriptorsCarryTraitsLanguagesAndCoverage() throws {
        let italic = try #require(FontDescriptor(name: "LinLibertineOI").matchingDescriptor(in: catalog))
        #expect(italic.traits?.symbolic.contains(.italic) == true)
        #expect(abs((italic.traits?.slant ?? 0) - 0.4) < 0.001, "12° italic angle over 30°")
        #expect(italic.format == .openTypePostScript)
        let mono = try #require(FontDescriptor(family: "DejaVu Sans Mono").matchingDescriptor(in: catalog))
        #expect(mono.traits?.symbolic.contains(.monoSpace) == true)
        #expect(mono.format == .openTypeTrueType)
        let emoji = try #require(FontDescriptor(family: "Noto Color Emoji").matchingDescriptor(in: catalog))
        #expect(emoji.traits?.symbolic.contains(.colorGlyphs) == true)
        let hebrew = try #require(FontDescriptor(family: "Noto Sans Hebrew").matchingDescriptor(in: catalog))
        #expect(hebrew.languages.contains("he"))
        #expect(hebrew.characterSet?.contains(0x05D0) == true)
        #expect(hebrew.characterSet?.contains(0x0041) == false, "Noto Sans Hebrew has no ASCII letters")
    }

    @Test func languageAndCharacterSetQueries() throws {
        var query = FontDescriptor()
        query.languages = ["th"]
        let thai = query.matchingDescriptors(mandatoryKeys: [.languages], in: catalog)
        #expect(Set(thai.compactMap(\.family)) == ["Noto Sans Thai", "Loma"])
        var coverage = FontDescriptor()
        coverage.characterSet = CodePointSet("अब")
        #expect(Set(coverage.matchingDescriptors(mandatoryKeys: [.characterSet], in: catalog).compactMap(\.family))
                == ["Noto Sans Devanagari", "Noto Serif Devanagari"])
    }

    @Test func copies() {
        let base = FontDescriptor(name: "DejaVuSerif", size: 10)
        let family = base.withFamily("Inter")
        #expect(family.family == "Inter" && family.postScriptName == nil && family.size == 10)
        let bold = base.withSymbolicTraits(.bold, mask: .bold)
        #expect(bold.traits?.symbolic == .bold && bold.postScriptName == nil)
        let variation = base.withVariation("wght", 650).withVariation("wght", 700)
        #expect(variation.variation == ["wght": 700])
        let features = base.withFeature("liga", value: 0).withFeature("smcp", value: 1).withFeature("liga", value: 1)
        #expect(features.featureSettings == [FontFeatureSetting("smcp", 1), FontFeatureSetting("liga", 1)])
        #expect(base.attributeKeys == [.postScriptName, .size])
        var extra = FontDescriptor()
        extra.languages = ["de"]
        #expect(base.merging(extra).languages == ["de"] && base.merging(extra).postScriptName == "DejaVuSerif")
        #expect(FontDescriptor.AttributeKey.family.rawValue == "NSFontFamilyAttribute")
    }

    @Test func fontCopies() throws {
        let regular = try Font(name: "Linux Libertine O", size: 11, catalog: catalog)
        #expect(regular.postScriptName == "LinLibertineO")
        let bold = try #require(regular.withSymbolicTraits(.bold, mask: .bold))
        #expect(bold.postScriptName == "LinLibertineOB" && bold.size == 11)
        let italic = try #require(regular.withSymbolicTraits(.italic, mask: .italic))
        #expect(italic.postScriptName == "LinLibertineOI")
        #expect(regular.withSymbolicTraits(.condensed, mask: .condensed) == nil, "the family has no condensed face")
        let dejaVu = try #require(bold.withFamily("DejaVu Sans"))
        #expect(dejaVu.postScriptName == "DejaVuSans-Bold")
        #expect(regular.withFamily("No Such Family") == nil)
        let bigger = try regular.withSize(30)
        #expect(bigger.size == 30 && abs(bigger.ascent - regular.ascent * 30 / 11) < 1e-9)
        let featured = try regular.withAttributes(FontDescriptor().withFeature("smcp", value: 1))
        #expect(featured.featureSettings == [FontFeatureSetting("smcp", 1)])
        #expect(featured.postScriptName == regular.postScriptName)
        #expect(regular == (try Font(name: "LinLibertineO", size: 11, catalog: catalog)))
    }
}
