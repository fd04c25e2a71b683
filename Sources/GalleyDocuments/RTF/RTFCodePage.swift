internal import CUnicode

/// A legacy encoding of RTF text bytes (`\'hh` escapes and raw bytes above 0x7F): a Windows code page number, as
/// `\ansicpgN`, `\cpgN` and the font table's `\fcharsetN` name them. Bytes are decoded by ICU's converters.
struct RTFCodePage: Hashable, Sendable {
    /// The Windows code page number (1252, 932, 10000 for Mac Roman, 65001 for UTF-8).
    let number: Int

    static let windowsLatin1 = RTFCodePage(number: 1252)
    static let macRoman = RTFCodePage(number: 10000)

    /// The code page a font's `\fcharsetN` names (RTF 1.9.1, "Font table"); nil for charsets that mean "the
    /// document's" (0 ANSI, 1 default) or that name no code page (2 symbol, unknown numbers).
    init?(charset: Int) {
        let numbers: [Int: Int] = [
            77: 10000, 78: 10001, 79: 10003, 80: 10008, 81: 10002, 83: 10005, 84: 10004, 85: 10006, 86: 10081,
            87: 10021, 88: 10029, 89: 10007, 128: 932, 129: 949, 130: 1361, 134: 936, 136: 950, 161: 1253,
            162: 1254, 163: 1258, 177: 1255, 178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250, 254: 437,
            255: 850,
        ]
        guard let number = numbers[charset] else { return nil }
        self.number = number
    }

    init(number: Int) {
        self.number = number
    }

    /// ICU's name for the code page: Windows code pages by their "windows-N" aliases, the Mac ones by ICU's
    /// own tables (Mac Roman, Japanese, Chinese, Korean, Arabic, Hebrew, Greek, Cyrillic, Central European, Turkish,
    /// Icelandic, Croatian, Romanian, Ukrainian), DOS code pages as "ibm-N".
    var converterName: String {
        switch number {
        case 10000: "macintosh"
        case 10001: "Shift_JIS"
        case 10002: "Big5"
        case 10003: "EUC-KR"
        case 10008: "GB2312"
        case 10004: "x-mac-arabic"
        case 10005: "x-mac-hebrew"
        case 10006: "x-mac-greek"
        case 10007: "x-mac-cyrillic"
        case 10029: "x-mac-centraleurroman"
        case 10081: "x-mac-turkish"
        case 10021: "x-mac-thai"
        case 65001: "UTF-8"
        case 437, 850, 852, 855, 857, 860, 861, 862, 863, 864, 865, 866, 869: "ibm-\(number)"
        default: "windows-\(number)"
        }
    }

    /// The bytes as UTF-16; bytes ICU cannot convert (an unknown code page) are read as Windows Latin 1, and ones
    /// the code page does not map become U+FFFD.
    func decode(_ bytes: [UInt8]) -> [UInt16] {
        guard !bytes.isEmpty else { return [] }
        var output = [UInt16](repeating: 0, count: 2 * bytes.count + 4)
        let count = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                galley_convert_to_utf16(converterName, source.baseAddress, Int32(source.count), target.baseAddress,
                                        Int32(target.count))
            }
        }
        if count == -1, self != .windowsLatin1 { return RTFCodePage.windowsLatin1.decode(bytes) }
        guard count >= 0 else { return bytes.map { UInt16($0) } }
        return Array(output.prefix(Int(count)))
    }

}
