import Foundation
import Galley
import Testing

/// The best match for a descriptor equals what `fc-match` prints for the same pattern on the same private
/// configuration (Fonts/fonts.conf), run live.
@Suite struct FontconfigAgreementTests {
    /// (fc-match pattern, the same query as a descriptor)
    static let cases: [(String, FontDescriptor)] = {
        func family(_ name: String, _ symbolic: SymbolicTraits = [], weight: CGFloat? = nil, width: CGFloat? = nil,
                    languages: [String] = []) -> FontDescriptor {
            var descriptor = FontDescriptor(family: name)
            if !symbolic.isEmpty || weight != nil || width != nil {
                descriptor.traits = FontTraits(symbolic: symbolic, weight: weight, width: width)
            }
            descriptor.languages = languages
            return descriptor
        }
        func language(_ tag: String) -> FontDescriptor {
            var descriptor = FontDescriptor()
            descriptor.languages = [tag]
            return descriptor
        }
        var cases: [(String, FontDescriptor)] = []
        for name in ["DejaVu Serif", "DejaVu Sans", "DejaVu Sans Mono", "Linux Libertine O", "Inter", "Karla",
                     "Amiri", "Loma", "serif", "sans-serif", "monospace", "Helvetica"] {
            // fc-match's pattern syntax reads "-" as the start of a size: escape it.
            let escaped = name.replacingOccurrences(of: "-", with: "\\-")
            cases.append(("\(escaped)", family(name)))
            cases.append(("\(escaped):bold", family(name, .bold)))
            cases.append(("\(escaped):italic", family(name, .italic)))
            cases.append(("\(escaped):bold:italic", family(name, [.bold, .italic])))
        }
        for (fcName, weight) in [("light", FontWeight.light), ("medium", FontWeight.medium),
                                 ("semibold", FontWeight.semibold), ("black", FontWeight.black),
                                 ("thin", FontWeight.ultraLight), ("extrabold", FontWeight.heavy)] {
            cases.append(("Inter:\(fcName)", family("Inter", weight: weight)))
            cases.append(("Karla:\(fcName)", family("Karla", weight: weight)))
        }
        cases.append(("DejaVu Sans:condensed", family("DejaVu Sans", .condensed)))
        cases.append(("DejaVu Serif:spacing=mono", family("DejaVu Serif", .monoSpace)))
        for tag in ["ar", "he", "hi", "th", "ja", "zh-cn", "zh-tw", "ru", "el", "fa", "en"] {
            cases.append((":lang=\(tag)", language(tag)))
            cases.append(("DejaVu Serif:lang=\(tag)", family("DejaVu Serif", languages: [tag])))
        }
        cases.append(("Inter:bold:lang=ar", family("Inter", .bold, languages: ["ar"])))
        cases.append(("Linux Libertine O:italic:lang=de", family("Linux Libertine O", .italic, languages: ["de"])))
        return cases
    }()

    @Test func bestMatchEqualsFcMatch() throws {
        #expect(Self.cases.count >= 30)
        var agreements = 0
        var disagreements: [String] = []
        for (pattern, descriptor) in Self.cases {
            let expected = try runProgram(
                "/usr/bin/fc-match", ["--format", "%{file}|%{index}", pattern],
                environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
            let parts = expected.split(separator: "|")
            try #require(parts.count == 2, "fc-match printed \(expected) for \(pattern)")
            let match = try #require(descriptor.matchingDescriptor(mandatoryKeys: [], in: TestFonts.catalog))
            let rawIndex = Int(parts[1]) ?? -1
            let instance = rawIndex >> 16
            let sameFile = match.url?.path == String(parts[0]) && match.faceIndex == rawIndex & 0xFFFF
            // A named instance of a variable font: the descriptor carries its coordinates.
            let sameInstance = instance == 0 ? true : !match.variation.isEmpty
            if sameFile && sameInstance {
                agreements += 1
            } else {
                disagreements.append("\(pattern): fc-match \(expected), Galley \(match.url?.path ?? "-"):\(match.faceIndex ?? -1) \(match.styleName ?? "")")
            }
        }
        print("fc-match agreement: \(agreements) of \(Self.cases.count)")
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// A font by PostScript name, or by a full name only one face has, in any case, is that face: every face fc-list
    /// prints on the same configuration (variable fonts' whole-axis patterns, which have neither name, left out).
    @Test func fontsByNameAreTheFacesFcListNames() throws {
        let output = try runProgram("/usr/bin/fc-list", ["-f", "%{postscriptname}\t%{fullname}\t%{variable}\n"],
                                    environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
        let faces = output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.count == 3 && $0[2] == "False" && !$0[0].isEmpty }
        #expect(faces.count >= 30)
        let postScriptNames = Set(faces.map { $0[0].lowercased() })
        for face in faces {
            let byPostScriptName = try Font(name: face[0].uppercased(), size: 12, catalog: TestFonts.catalog)
            #expect(byPostScriptName.postScriptName == face[0], "\(face[0])")
            let full = face[1]
            guard faces.filter({ $0[1] == full }).count == 1, !postScriptNames.contains(full.lowercased()) else { continue }
            let byFullName = try Font(name: full.lowercased(), size: 12, catalog: TestFonts.catalog)
            #expect(byFullName.postScriptName == face[0], "\(full)")
        }
    }

    @Test func namedInstanceMatchesFcMatchStyle() throws {
        for (fcName, weight) in [("semibold", FontWeight.semibold), ("black", FontWeight.black)] {
            let expected = try runProgram(
                "/usr/bin/fc-match", ["--format", "%{style[0]}", "Inter:\(fcName)"],
                environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
            let match = try #require(
                FontDescriptor(family: "Inter", traits: FontTraits(weight: weight)).matchingDescriptor(in: TestFonts.catalog))
            #expect(match.styleName == expected)
            let font = try Font(descriptor: match, catalog: TestFonts.catalog)
            #expect(abs((font.traits.weight ?? 0) - weight) < 0.01, "the instance's wght reaches the font's traits")
        }
    }

    /// UIKit's interface fonts are fontconfig's `system-ui` (and `monospace`) at the style's weight: the same face
    /// `fc-match` picks for the same pattern, at Apple's sizes.
    @Test func interfaceFontsAreFontconfigs() throws {
        let cases: [(pattern: String, font: Font, size: CGFloat)] = [
            ("system\\-ui", try Font.systemFont(ofSize: 17, catalog: TestFonts.catalog), 17),
            ("system\\-ui:bold", try Font.boldSystemFont(ofSize: 12, catalog: TestFonts.catalog), 12),
            ("system\\-ui:semibold", try Font.preferredFont(forTextStyle: .headline, catalog: TestFonts.catalog), 17),
            ("system\\-ui", try Font.preferredFont(forTextStyle: .caption2, catalog: TestFonts.catalog), 11),
            ("monospace", try Font.monospacedSystemFont(ofSize: 13, catalog: TestFonts.catalog), 13),
        ]
        for (pattern, font, size) in cases {
            let expected = try runProgram("/usr/bin/fc-match", ["--format", "%{file}", pattern],
                                          environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
            #expect(font.url?.path == expected && font.size == size, "\(pattern): fc-match \(expected), Galley \(font.url?.path ?? "-")")
        }
        #expect(TextStyle.allCases.map(\.size) == [34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11])
    }

    /// Core Text's interface font roles (`CTFontCreateUIFontForLanguage`): the face `fc-match` gives the role's
    /// family at its weight and language, at Apple's default sizes unless a size is given.
    @Test func uiFontRolesAreFontconfigs() throws {
        let cases: [(pattern: String, font: Font, size: CGFloat)] = [
            ("system\\-ui", try Font.uiFont(.system, catalog: TestFonts.catalog), 13),
            ("system\\-ui:bold", try Font.uiFont(.emphasizedSystem, catalog: TestFonts.catalog), 13),
            ("system\\-ui", try Font.uiFont(.label, catalog: TestFonts.catalog), 10),
            ("system\\-ui:bold", try Font.uiFont(.alertHeader, size: 20, catalog: TestFonts.catalog), 20),
            ("sans\\-serif", try Font.uiFont(.user, catalog: TestFonts.catalog), 12),
            ("monospace", try Font.uiFont(.userFixedPitch, size: -3, catalog: TestFonts.catalog), 10),
            ("system\\-ui:lang=he", try Font.uiFont(.message, language: "he", catalog: TestFonts.catalog), 13),
            ("system\\-ui:lang=th", try Font.uiFont(.toolTip, language: "th", catalog: TestFonts.catalog), 11),
        ]
        for (pattern, font, size) in cases {
            let expected = try runProgram("/usr/bin/fc-match", ["--format", "%{file}", pattern],
                                          environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
            #expect(font.url?.path == expected && font.size == size, "\(pattern): fc-match \(expected), Galley \(font.url?.path ?? "-") at \(font.size)")
        }
        #expect(UIFontType.allCases.count == 26 && UIFontType.menuItem.rawValue == 12 && UIFontType.controlContent.rawValue == 26)
    }
}
