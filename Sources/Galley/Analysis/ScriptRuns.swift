internal import CHarfBuzz
internal import CUnicode

/// The Unicode script of a paragraph's text, as runs: Common and Inherited characters (spaces, punctuation, digits,
/// emoji, combining marks) take the script of the text before them — or after them at the start — and a closing
/// bracket its opening bracket's, so that shaping sees whole words and sentences of one script. Each grapheme cluster
/// has one script (its first character with a real one), so runs change only between clusters. Found in one pass
/// over the clusters; asked once a run (`run(at:)`), as bidi levels are.
struct ScriptRuns {
    /// ICU's script codes for Common, Inherited and Unknown.
    static let common: Int32 = 0
    private static let inherited: Int32 = 1
    private static let unknown: Int32 = 103
    private static let latin: Int32 = 25  // USCRIPT_LATIN
    private static let han: Int32 = 17  // USCRIPT_HAN

    /// Where each run ends (a text offset), ascending, and its script; neighbouring runs differ in script. (One array,
    /// not two: a paragraph's runs are made once a layout.)
    private var runs: [(end: Int, script: Int32)] { storage.runs }

    /// The arrays a walk writes, which the paragraphs of a text hand on (`Itemizer.Memory`): a paragraph's runs and open
    /// brackets, made again for each, were a sixth of a Chinese paragraph's allocations.
    struct Storage {
        fileprivate var runs: [(end: Int, script: Int32)] = []
        fileprivate var openBrackets: [(closing: UInt32, script: Int32)] = []
    }

    /// The runs, in the storage they were written to (for the text's next paragraph).
    private(set) var storage: Storage

    /// The script runs of the clusters `boundaries` gives (as from `GraphemeBoundaries`, offsets in `units`).
    init(_ units: [UInt16], boundaries: BoundaryOffsets) {
        var storage = Storage()
        self.init(units, boundaries: boundaries, storage: &storage)
    }

    /// The same, written over `storage` (whose arrays are taken: it is left empty).
    init(_ units: [UInt16], boundaries: BoundaryOffsets, storage: inout Storage) {
        var walk = Walk(current: Self.common, storage: &storage)
        let count = boundaries.count - 1
        guard count > 0 else {
            self.storage = walk.storage
            return
        }
        let everyUnit = boundaries.everyUnit
        // The script the text starts in: its first real script (leading common characters take it), else Common.
        for cluster in 0..<count {
            let start = boundaries[cluster]
            let own = Self.ownScript(units, start: start, end: everyUnit != nil ? start + 1 : boundaries[cluster + 1])
            if own != Self.common {
                walk.current = own
                break
            }
        }
        if let range = everyUnit {
            // Every unit a cluster (most text): a plain pass, ASCII letters and the big blocks' letters without lookups.
            units.withUnsafeBufferPointer { text in
                guard let base = text.baseAddress else { return }
                let raw = UnsafeRawPointer(base)
                var start = range.lowerBound
                while start < range.upperBound {
                    // Units that leave the run as it is, skipped four at once (`leavesRunAlone`), and in the word that
                    // stops that, those before the first that may not (`unitsLeavingRunAlone`).
                    if let script = walk.runScript, script == walk.current, script == Self.latin || script == Self.han {
                        while start + 4 <= range.upperBound {
                            let word = raw.loadUnaligned(fromByteOffset: start &* 2, as: UInt64.self)
                            if Self.leavesRunAlone(word, script: script) {
                                start += 4
                            } else {
                                start += Self.unitsLeavingRunAlone(word, script: script)
                                break
                            }
                        }
                        guard start < range.upperBound else { break }
                    }
                    let unit = text[start]
                    let own = unit < 0x80 ? Self.asciiScript(UInt32(unit))
                        : Self.blockScript(unit) ?? Self.ownScript(units, start: start, end: start + 1)
                    if own != Self.common, own == walk.runScript {
                        walk.current = own  // (a letter inside a run of its script: nothing else to do)
                    } else {
                        walk.visit(start, own, units)
                    }
                    start += 1
                }
            }
        } else {
            boundaries.forEachSpan { start, end in walk.visit(start, Self.ownScript(units, start: start, end: end), units) }
        }
        if let runScript = walk.runScript {
            walk.storage.runs.append((boundaries[count], runScript))
        }
        self.storage = walk.storage
    }

    /// The walk over a text's clusters that gives each its script after those before it (a plain value: its fields
    /// are checked for exclusive access when compiled, not as it runs).
    private struct Walk {
        /// The script Common characters take.
        var current: Int32
        /// The run being made: its script (nil before the first cluster); it ends where the last cluster did.
        var runScript: Int32? = nil
        /// The runs made and the brackets open.
        var storage: Storage

        /// (Room for a few runs from the start: most paragraphs have a few, and growing from one took three copies.)
        init(current: Int32, storage: inout Storage) {
            self.current = current
            self.storage = Storage()
            swap(&self.storage, &storage)
            self.storage.runs.removeAll(keepingCapacity: true)
            self.storage.openBrackets.removeAll(keepingCapacity: true)
            if self.storage.runs.capacity < 8 { self.storage.runs.reserveCapacity(8) }
        }

        /// The cluster starting at `start`, whose own script is `own`.
        @inline(__always)
        mutating func visit(_ start: Int, _ own: Int32, _ units: [UInt16]) {
            var script = own
            if own != ScriptRuns.common {
                current = own
            } else {
                script = current
                let first = units[start]
                // ASCII but for brackets is neither an opening nor a closing bracket, nor is CJK prose's plain punctuation.
                if (first >= 0x80 && !ScriptRuns.isPlainCJKPunctuation(first)) || first == 0x28 || first == 0x29 || first == 0x5B || first == 0x5D || first == 0x7B || first == 0x7D {
                    let (codePoint, _) = UnicodeScalarReader.codePoint(in: units, at: start)
                    switch ScriptRuns.bracket(codePoint) {
                    case .open(let closing):
                        if storage.openBrackets.count < 64 { storage.openBrackets.append((closing, current)) }
                    case .close:
                        if let match = storage.openBrackets.lastIndex(where: { $0.closing == codePoint }) {
                            script = storage.openBrackets[match].script
                            current = script
                            storage.openBrackets.removeSubrange(match...)
                        }
                    case .none:
                        break
                    }
                }
            }
            if script != runScript {
                if let runScript {
                    storage.runs.append((start, runScript))
                }
                runScript = script
            }
        }
    }

    /// The script of the cluster starting at text offset `index` (inside the runs), and where its run ends.
    func run(at index: Int) -> (script: Int32, end: Int) {
        let run = runs.partitioningIndex { $0.end > index }
        guard run < runs.count else { return (Self.common, Int.max) }
        return (runs[run].script, runs[run].end)
    }

    /// The cluster's own script: that of its first character with a real script (Common when none has one: Common,
    /// Inherited and Unknown all count as Common).
    @inline(__always)
    static func ownScript(_ units: [UInt16], start: Int, end: Int) -> Int32 {
        let unit = units[start]
        if unit < 0x80 {
            // ASCII: Latin or Common (an ASCII character starts a cluster of one, or CR LF, or a keycap).
            if asciiScript(UInt32(unit)) == latin || end - start == 1 { return asciiScript(UInt32(unit)) }
        } else if end - start == 1, let block = blockScript(unit) {
            return block
        }
        var index = start
        while index < end {
            let (codePoint, width) = UnicodeScalarReader.codePoint(in: units, at: index)
            let own = codePoint < 0x80 ? asciiScript(codePoint)
                : (codePoint < 0x10000 ? blockScript(UInt16(codePoint)) : nil) ?? galley_script_code(Int32(codePoint))
            if own != common, own != inherited, own != unknown { return own }
            index += width
        }
        return common
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
        default: return isPlainCJKPunctuation(unit) ? common : nil
        }
    }

    /// The Common punctuation of Chinese and Japanese prose that pairs with nothing (ideographic space, comma, full
    /// stop and ditto mark, the middle dot and prolonged sound mark, and the fullwidth ! , . : ; ?): known without
    /// asking ICU for its script or its bracket pair (a tenth of a Chinese paragraph's characters).
    @inline(__always)
    static func isPlainCJKPunctuation(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3000...0x3003, 0x30FB, 0x30FC, 0xFF01, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F: return true
        default: return false
        }
    }

    /// Whether a word of four units changes nothing inside a run of `script` (Latin or Han) that Common characters
    /// take: four ASCII units without a bracket in a Latin run (their letters are Latin, the rest take the run's
    /// script; brackets go one by one, as they open and close the pairs later text may take its script from), or four
    /// ideographs in a Han run.
    @inline(__always)
    private static func leavesRunAlone(_ word: UInt64, script: Int32) -> Bool {
        script == latin ? !UnitLanes.hasLane(word, atLeast: 0x80) && !mayHoldBracket(word) : UnitLanes.allIdeographs(word)
    }

    /// How many units of a word from its first change nothing inside a run of `script` (Latin or Han), as
    /// `leavesRunAlone` tells, lane by lane: in a Latin run, ASCII but for brackets; in a Han run, ideographs and the
    /// commonest punctuation of Chinese (`UnitLanes.ideographsAndPunctuation`, Common characters that pair with
    /// nothing). It may stop short of a unit that changes nothing (then asked on its own).
    @inline(__always)
    private static func unitsLeavingRunAlone(_ word: UInt64, script: Int32) -> Int {
        let alone: UInt64
        if script == latin {
            alone = ~UnitLanes.lanes(word, atLeast: 0x80) & ~bracketLanes(word)
        } else {
            alone = UnitLanes.ideographsAndPunctuation(word)
        }
        return UnitLanes.leadingLanes(outside: ~alone & UnitLanes.topBits)
    }

    /// Whether some lane of a word of four ASCII units is one of the brackets `bracket` pairs: ( ) [ ] { }.
    @inline(__always)
    private static func mayHoldBracket(_ word: UInt64) -> Bool { bracketLanes(word) != 0 }

    /// The lanes of a word of four ASCII units that may be such brackets (`UnitLanes.zeroLanes`: exact up to the first,
    /// one above it may show falsely).
    @inline(__always)
    private static func bracketLanes(_ word: UInt64) -> UInt64 {
        // ( and ) are 0x28 and 0x29; [ and { are 0x5B and 0x7B, ] and } 0x5D and 0x7D.
        UnitLanes.zeroLanes((word | UnitLanes.repeated(0x01)) ^ UnitLanes.repeated(0x29))
            | UnitLanes.zeroLanes((word | UnitLanes.repeated(0x20)) ^ UnitLanes.repeated(0x7B))
            | UnitLanes.zeroLanes((word | UnitLanes.repeated(0x20)) ^ UnitLanes.repeated(0x7D))
    }

    /// The script of an ASCII character (below 0x80): Latin for letters (A–Z and a–z, told apart from the rest with one
    /// comparison), else Common.
    @inline(__always)
    private static func asciiScript(_ codePoint: UInt32) -> Int32 {
        (codePoint | 0x20) &- 0x61 < 26 ? latin : common
    }

    /// HarfBuzz's script for an ICU script code (through the ISO 15924 name), from a table made at the first call
    /// (asked once an item: the names' lookups were a Chinese layout's hundredth).
    static func harfBuzzScript(_ code: Int32) -> hb_script_t {
        guard code >= 0, Int(code) < harfBuzzScripts.count else { return harfBuzzScriptByName(code) }
        return harfBuzzScripts[Int(code)]
    }

    /// HarfBuzz's scripts for ICU's codes below 256 (ICU 72 has 199).
    private static let harfBuzzScripts: [hb_script_t] = (0..<256).map { harfBuzzScriptByName(Int32($0)) }

    private static func harfBuzzScriptByName(_ code: Int32) -> hb_script_t {
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
