import CCairo
import CHyphen
import CUnicode
import Foundation
import Testing

/// The system libraries the later layers use are linked and answer: ICU through the plain-C wrapper (next
/// to Foundation), libhyphen with Debian's dictionaries, Cairo.
@Suite struct NativeLibraryTests {
    @Test func icuThroughTheCWrapper() {
        var buffer = [CChar](repeating: 0, count: 32)
        galley_icu_version(&buffer, 32)
        let version = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(version.hasPrefix("72"))
        // Scripts against Unicode's own Scripts.txt (Debian's unicode-data).
        let scripts = try? String(contentsOfFile: "/usr/share/unicode/Scripts.txt", encoding: .utf8)
        var checked = 0
        for line in (scripts ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";")
            guard fields.count >= 2 else { continue }
            let first = UInt32(fields[0].split(separator: ".")[0].trimmingCharacters(in: .whitespaces), radix: 16)!
            let name = fields[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            guard ["Latin", "Arabic", "Hebrew", "Devanagari", "Thai", "Han", "Common", "Inherited"].contains(name) else { continue }
            let code = galley_script_code(Int32(first))
            let short = galley_script_short_name(code).map { String(cString: $0) }
            let expected = ["Latin": "Latn", "Arabic": "Arab", "Hebrew": "Hebr", "Devanagari": "Deva", "Thai": "Thai",
                            "Han": "Hani", "Common": "Zyyy", "Inherited": "Zinh"][name]
            #expect(short == expected, "U+\(String(first, radix: 16)) \(name)")
            checked += 1
        }
        #expect(checked > 500)
    }

    @Test func libhyphenLoadsDebianDictionaries() {
        let dictionary = hnj_hyphen_load("/usr/share/hyphen/hyph_en_US.dic")
        #expect(dictionary != nil)
        if let dictionary { hnj_hyphen_free(dictionary) }
        #expect(hnj_hyphen_load("/nonexistent.dic") == nil)
    }

    @Test func cairoIsLinked() {
        #expect(cairo_version() >= 11600)
    }
}
