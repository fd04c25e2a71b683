import Foundation
import Galley
import Testing

/// Apple's feature type/selector pairs, as `UIFontDescriptor` and Core Text code set them, shape exactly as HarfBuzz's
/// own `hb-shape` does with the OpenType feature Apple's registry names for them — and differently from the
/// default, so each case shows the feature took effect.
@Suite struct AATFeatureTests {
    struct Case: CustomStringConvertible, Sendable {
        let font: String
        let text: String
        let type: Int
        let selector: Int
        let openType: String
        var description: String { "\(font) \(type)/\(selector) → \(openType) on \"\(text)\"" }
    }

    static let cases = [
        Case(font: "Inter-roman.var.ttf", text: "1111 2024", type: 6, selector: 0, openType: "tnum"),  // number spacing: monospaced
        Case(font: "Inter-roman.var.ttf", text: "(h) -x- @a", type: 33, selector: 0, openType: "case"),  // case-sensitive layout
        Case(font: "Inter-roman.var.ttf", text: "100", type: 14, selector: 4, openType: "zero"),  // slashed zero
        Case(font: "Inter-roman.var.ttf", text: "1/2 3/4", type: 11, selector: 2, openType: "frac"),  // diagonal fractions
        Case(font: "Inter-roman.var.ttf", text: "6 9 4 3 1", type: 35, selector: 2, openType: "ss01"),  // stylistic set 1 (open digits)
        Case(font: "LinLibertine_R.otf", text: "Small Caps", type: 3, selector: 3, openType: "smcp"),  // letter case (old)
        Case(font: "LinLibertine_R.otf", text: "Small Caps", type: 37, selector: 1, openType: "smcp"),  // lower case: small caps
        Case(font: "LinLibertine_R.otf", text: "Small Caps", type: 38, selector: 1, openType: "c2sc"),  // upper case: small caps
        Case(font: "LinLibertine_R.otf", text: "1984 2025", type: 21, selector: 0, openType: "onum"),  // lower-case numbers
        Case(font: "LinLibertine_R.otf", text: "office affluent", type: 1, selector: 3, openType: "liga=0"),  // common ligatures off
    ]

    static func line(_ testCase: Case, settings: Any?) throws -> Line {
        let plain = try TestFonts.font(testCase.font, size: 0)
        let font = try plain.withSize(CGFloat(plain.unitsPerEm))
        var attributes: [NSAttributedString.Key: Any] = [.font: font]
        attributes[.fontFeatureSettings] = settings
        return Line(attributedString: NSAttributedString(string: testCase.text, attributes: attributes))
    }

    @Test(arguments: cases)
    func aatPairsShapeAsHarfBuzzWithTheirOpenTypeFeature(_ testCase: Case) throws {
        let dictionary: [String: Any] = ["CTFeatureTypeIdentifier": testCase.type, "CTFeatureSelectorIdentifier": testCase.selector]
        let galley = try Self.line(testCase, settings: [dictionary]).harfBuzzDescription
        let reference = try runProgram("/usr/bin/hb-shape", ["--no-glyph-names", "--features=\(testCase.openType)",
                                                              TestFonts.url(testCase.font).path, testCase.text])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(galley == reference)
        #expect(galley != (try Self.line(testCase, settings: nil)).harfBuzzDescription, "the feature changes the glyphs")
        // An NSDictionary inside an NSArray, as Objective-C-era code builds it, reads the same.
        let bridged = NSArray(array: [NSDictionary(dictionary: dictionary)])
        #expect((try Self.line(testCase, settings: bridged)).harfBuzzDescription == reference)
    }

    @Test func theMappingRoundTripsAndReadsOpenTypeDictionaries() {
        #expect(FontFeatureSetting.settings(aatFeatureType: 6, selector: 1) == [FontFeatureSetting("pnum")])
        #expect(FontFeatureSetting.settings(aatFeatureType: 35, selector: 41) == [FontFeatureSetting("ss20", 0)])
        // A selector that returns a type to its default turns each of its features off.
        #expect(Set(FontFeatureSetting.settings(aatFeatureType: 10, selector: 0).map(\.tag)) == ["sups", "subs", "ordn", "sinf"])
        #expect(FontFeatureSetting.settings(aatFeatureType: 999, selector: 0).isEmpty)
        #expect(FontFeatureSetting("tnum").aatFeature.map { [$0.type, $0.selector] } == [6, 0])
        #expect(FontFeatureSetting("liga", 0).aatFeature.map { [$0.type, $0.selector] } == [1, 3])
        #expect(FontFeatureSetting.settings(coreTextDictionary: ["CTFeatureOpenTypeTag": "smcp", "CTFeatureOpenTypeValue": 1])
                == [FontFeatureSetting("smcp")])
        // Every mapped OpenType setting comes back from its AAT pair.
        for tag in ["liga", "dlig", "smcp", "c2sc", "tnum", "pnum", "onum", "lnum", "frac", "sups", "case", "swsh", "ss07", "vert", "zero"] {
            for value in [1, 0] {
                let setting = FontFeatureSetting(OpenTypeTag(string: tag)!, value)
                guard let aat = setting.aatFeature else { continue }
                #expect(FontFeatureSetting.settings(aatFeatureType: aat.type, selector: aat.selector).contains(setting), "\(setting)")
            }
        }
    }
}
