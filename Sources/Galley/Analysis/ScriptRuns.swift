internal import CHarfBuzz
internal import CUnicode

/// The Unicode script of each grapheme cluster, with Common and Inherited characters (spaces, punctuation,
/// digits, emoji, combining marks) taking the script of the text before them — or after them at the start —
/// so that shaping sees whole words and sentences of one script.
enum ScriptRuns {
    /// ICU's script codes for Common, Inherited and Unknown.
    private static let common: Int32 = 0
    private static let inherited: Int32 = 1
    private static let unknown: Int32 = 103
    private static let latin: Int32 = 25  // USCRIPT_LATIN

    /// One ICU script code per grapheme cluster (`boundaries` as from `GraphemeBoundaries`).
    static func scripts(_ units: [UInt16], boundaries: BoundaryOffsets) -> [Int32] {
        let count = boundaries.count - 1
        guard count > 0 else { return [] }
        var scripts = [Int32](repeating: common, count: count)
        let firstReal: Int?
        if let range = boundaries.everyUnit {
            firstReal = ownScripts(&scripts, ofUnitsFrom: range.lowerBound, in: units)
        } else {
            firstReal = ownScripts(&scripts, ofClusters: boundaries, in: units)
        }
        guard let firstReal else { return scripts }
        inheritScripts(&scripts, from: firstReal, units: units, boundaries: boundaries)
        return scripts
    }

    /// Each cluster's own script, where every unit is its own cluster (no marks or joiners): one plain pass, ASCII
    /// without lookups. Common, Inherited and Unknown stay Common. Returns the first cluster with a script of its own.
    private static func ownScripts(_ scripts: inout [Int32], ofUnitsFrom start: Int, in units: [UInt16]) -> Int? {
        var firstReal: Int? = nil
        scripts.withUnsafeMutableBufferPointer { scripts in
            units.withUnsafeBufferPointer { units in
                for cluster in scripts.indices {
                    let unit = units[start + cluster]
                    let script: Int32
                    if unit < 0x80 {
                        script = asciiScript(UInt32(unit))
                    } else {
                        let own = blockScript(unit) ?? galley_script_code(Int32(unit))
                        script = own == inherited || own == unknown ? common : own
                    }
                    if script != common {
                        scripts[cluster] = script
                        if firstReal == nil { firstReal = cluster }
                    }
                }
            }
        }
        return firstReal
    }

    /// Each cluster's own script: that of its first character with a real script (Common when none has one).
    /// Returns the first cluster with a script of its own.
    private static func ownScripts(_ scripts: inout [Int32], ofClusters boundaries: BoundaryOffsets, in units: [UInt16]) -> Int? {
        var firstReal: Int? = nil
        var end = boundaries[0]
        for cluster in scripts.indices {
            var index = end
            end = boundaries[cluster + 1]
            var script = common
            if end - index == 1, units[index] < 0x80 {
                // A lone ASCII character: Latin or Common.
                if asciiScript(UInt32(units[index])) == latin {
                    scripts[cluster] = latin
                    if firstReal == nil { firstReal = cluster }
                }
                continue
            }
            while index < end {
                let (codePoint, width) = UnicodeScalarReader.codePoint(in: units, at: index)
                let own = codePoint < 0x80 ? asciiScript(codePoint)
                    : (codePoint < 0x10000 ? blockScript(UInt16(codePoint)) : nil) ?? galley_script_code(Int32(codePoint))
                if own != common, own != inherited, own != unknown {
                    script = own
                    break
                }
                index += width
            }
            scripts[cluster] = script
            if script != common, firstReal == nil { firstReal = cluster }
        }
        return firstReal
    }

    /// Common clusters take the script before them (the first real script, before it); a closing bracket takes its
    /// opening bracket's, so "Latin (漢字) Latin" keeps both brackets Latin (Pango and ICU's script iterator do the
    /// same).
    private static func inheritScripts(_ scripts: inout [Int32], from firstReal: Int, units: [UInt16], boundaries: BoundaryOffsets) {
        var current = scripts[firstReal]
        var openBrackets: [(closing: UInt32, script: Int32)] = []
        for cluster in scripts.indices {
            guard scripts[cluster] == common else {
                current = scripts[cluster]
                continue
            }
            scripts[cluster] = current
            let first = units[boundaries[cluster]]
            if first < 0x80, first != 0x28, first != 0x29, first != 0x5B, first != 0x5D, first != 0x7B, first != 0x7D {
                continue  // ASCII but for brackets is neither an opening nor a closing bracket
            }
            let (codePoint, _) = UnicodeScalarReader.codePoint(in: units, at: boundaries[cluster])
            switch bracket(codePoint) {
            case .open(let closing):
                if openBrackets.count < 64 { openBrackets.append((closing, current)) }
            case .close:
                if let match = openBrackets.lastIndex(where: { $0.closing == codePoint }) {
                    scripts[cluster] = openBrackets[match].script
                    current = openBrackets[match].script
                    openBrackets.removeSubrange(match...)
                }
            case .none:
                break
            }
        }
    }

    private enum Bracket {
        case open(closing: UInt32)
        case close
        case none
    }

    /// Whether a code point opens (with its closing partner) or closes a bracket pair.
    private static func bracket(_ codePoint: UInt32) -> Bracket {
        switch codePoint {
        case 0x28: return .open(closing: 0x29)
        case 0x5B: return .open(closing: 0x5D)
        case 0x7B: return .open(closing: 0x7D)
        case 0x29, 0x5D, 0x7D: return .close
        case 0..<0x80: return .none
        default:
            var pair: Int32 = 0
            switch galley_paired_bracket(Int32(codePoint), &pair) {
            case 1: return .open(closing: UInt32(pair))
            case 2: return .close
            default: return .none
            }
        }
    }

    /// The script of the letters of the big blocks whose every letter has the block's script (ICU's codes: Arabic 2,
    /// Han 17, Hangul 18, Hebrew 19, Hiragana 20, Katakana 22), without asking ICU; nil for any other unit.
    @inline(__always)
    static func blockScript(_ unit: UInt16) -> Int32? {
        if unit < 0x3000 {
            switch unit {
            case 0x0621...0x063F, 0x0641...0x064A, 0x0671...0x06D3: return 2  // (0x0640, the tatweel, is Common)
            case 0x05D0...0x05EA: return 19
            default: return nil
            }
        }
        switch unit {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return 17
        case 0xAC00...0xD7A3: return 18
        case 0x3041...0x3096, 0x309D...0x309F: return 20
        case 0x30A1...0x30FA, 0x30FD...0x30FF: return 22
        default: return nil
        }
    }

    private static func asciiScript(_ codePoint: UInt32) -> Int32 {
        switch codePoint {
        case 0x41...0x5A, 0x61...0x7A: return latin
        default: return common
        }
    }

    /// HarfBuzz's script for an ICU script code (through the ISO 15924 name), cached.
    static func harfBuzzScript(_ code: Int32) -> hb_script_t {
        if code == 25 { return HB_SCRIPT_LATIN }
        guard let name = galley_script_short_name(code) else { return HB_SCRIPT_COMMON }
        return hb_script_from_string(name, -1)
    }
}

/// Reads code points out of UTF-16, treating unpaired surrogates as themselves.
enum UnicodeScalarReader {
    /// The code point at `index` and how many units it takes.
    @inline(__always)
    static func codePoint(in units: [UInt16], at index: Int) -> (UInt32, Int) {
        let unit = units[index]
        if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
            return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00), 2)
        }
        return (UInt32(unit), 1)
    }

    /// Where the character holding unit `index` starts: one unit earlier for the second half of a surrogate pair
    /// (not before `lower`).
    @inline(__always)
    static func characterStart(at index: Int, in units: [UInt16], notBefore lower: Int = 0) -> Int {
        index > lower && UTF16.isTrailSurrogate(units[index]) && UTF16.isLeadSurrogate(units[index - 1]) ? index - 1 : index
    }
}
