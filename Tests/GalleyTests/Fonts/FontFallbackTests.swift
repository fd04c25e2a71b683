import Foundation
import Galley
import Testing

/// Fallback picks what fontconfig's own sorted list for the family and language puts first among the
/// fonts covering the character (read from `fc-match -s` with each font's charset), and follows an
/// explicit cascade list first.
@Suite struct FontFallbackTests {
    /// fc-match's answer: the first font in the sorted list whose charset holds the code point.
    static func fcFallback(family: String, language: String?, codePoint: UInt32) throws -> String? {
        let pattern = family + (language.map { ":lang=\($0)" } ?? "")
        let output = try runProgram(
            "/usr/bin/fc-match", ["-s", "--format", "%{file}\t%{charset}\n", pattern],
            environment: ["FONTCONFIG_FILE": TestFonts.configurationFile.path])
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count == 2 else { continue }
            for range in parts[1].split(separator: " ") {
                let bounds = range.split(separator: "-").compactMap { UInt32($0, radix: 16) }
                guard let low = bounds.first else { continue }
                if codePoint >= low && codePoint <= (bounds.last ?? low) { return String(parts[0]) }
            }
        }
        return nil
    }

    @Test(arguments: [("مرحبا", nil), ("שלום", nil), ("नमस्ते", nil), ("สวัสดี", "th"), ("中文", "ja"), ("中文", "zh-tw"),
                      ("😀", nil), ("Ω", nil), ("A", nil)] as [(String, String?)])
    func fallbackAgreesWithFontconfig(text: String, language: String?) throws {
        let font = try Font(name: "DejaVu Serif", size: 12, catalog: TestFonts.catalog)
        let chosen = font.forString(text, language: language)
        let codePoint = text.unicodeScalars.first!.value
        #expect(chosen.characterSet.contains(codePoint))
        #expect(chosen.size == 12)
        let expected = try Self.fcFallback(family: "DejaVu Serif", language: language, codePoint: codePoint)
        #expect(chosen.url?.path == expected, "\(text): \(chosen) vs \(expected ?? "-")")
    }

    @Test func cascadeListComesFirst() throws {
        var descriptor = FontDescriptor(family: "DejaVu Serif")
        descriptor.cascadeList = [FontDescriptor(family: "Noto Naskh Arabic")]
        let font = try Font(descriptor: descriptor, size: 12, catalog: TestFonts.catalog)
        #expect(font.forString("مرحبا").postScriptName == "NotoNaskhArabic-Regular")
        #expect(font.forString("Hello") === font)
    }

    @Test func rangesAndIgnorables() throws {
        let font = try Font(name: "DejaVu Serif", size: 12, catalog: TestFonts.catalog)
        let text = "ab中c"
        #expect(font.forString(text, range: 0..<2) === font)
        // (The CJK face fc-match's sorted list puts first for the serif family, and with Japanese.)
        let han = try #require(try Self.fcFallback(family: "DejaVu Serif", language: nil, codePoint: 0x4E2D))
        let japaneseHan = try #require(try Self.fcFallback(family: "DejaVu Serif", language: "ja", codePoint: 0x4E2D))
        #expect(font.forString(text, range: 2..<3).url?.path == han)
        #expect(font.forString("\u{200D}\u{FE0F}中", language: "ja").url?.path == japaneseHan, "joiners and selectors need no glyph")
        #expect(font.forString("") === font)
        #expect(font.forCharacters([0xD800, 0x41, 0xDC00]) === font, "an unpaired surrogate needs no font")
        #expect(font.forString("\u{10FFFD}") === font, "no font covers a private-use plane: the primary font draws .notdef")
        #expect(font.forString(text, range: 5..<9) === font, "a range past the end is clamped")
        // Repeated questions are answered from the cache with the same face.
        #expect(font.forString("中") == font.forString("文"))
    }

    @Test func defaultCascadeList() throws {
        let font = try Font(name: "DejaVu Serif", size: 12, catalog: TestFonts.catalog)
        let list = font.defaultCascadeList(forLanguages: ["ar"])
        #expect(!list.contains { $0.postScriptName == "DejaVuSerif" })
        #expect(list.first?.languages.contains("ar") == true)
    }
}
