internal import CFontconfig
import Foundation

/// Owns one `FcConfig`. Not thread-safe by itself: `FontCatalog` serialises every use behind its lock.
final class FontconfigConfiguration {
    let pointer: OpaquePointer

    /// The system's configuration (fonts.conf, its rules and directories), loaded anew.
    static func system() throws(NativeError) -> FontconfigConfiguration {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw NativeError.fontconfig("could not load the system configuration")
        }
        return FontconfigConfiguration(owning: config)
    }

    /// An empty configuration: no rules, no directories — fonts are added explicitly.
    static func empty() throws(NativeError) -> FontconfigConfiguration {
        guard let config = FcConfigCreate() else { throw NativeError.fontconfig("FcConfigCreate failed") }
        return FontconfigConfiguration(owning: config)
    }

    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    deinit { FcConfigDestroy(pointer) }

    /// Parses a fonts.conf file (its `<dir>`s, aliases and rules) and scans its fonts.
    func load(configurationFile path: String) throws(NativeError) {
        guard FcConfigParseAndLoad(pointer, path, 1) != 0 else {
            throw NativeError.fontconfig("could not parse the configuration file \(path)")
        }
        guard FcConfigBuildFonts(pointer) != 0 else { throw NativeError.fontconfig("FcConfigBuildFonts failed") }
    }

    /// Adds every font under a directory (recursively) to the application font set.
    func addDirectory(_ path: String) -> Bool { FcConfigAppFontAddDir(pointer, path) != 0 }

    /// Adds one font file (every face and named instance in it) to the application font set.
    func addFile(_ path: String) -> Bool { FcConfigAppFontAddFile(pointer, path) != 0 }

    /// Removes every application font (fontconfig cannot remove a single one).
    func clearApplicationFonts() { FcConfigAppFontClear(pointer) }

    /// Every configuration file and directory of them the configuration read (`FcConfigGetConfigFiles`).
    var configurationFiles: [String] { Self.strings(FcConfigGetConfigFiles(pointer)) }

    /// Every directory whose fonts the configuration holds, with the subdirectories it scanned, existing or not
    /// (`FcConfigGetFontDirs`).
    var fontDirectories: [String] { Self.strings(FcConfigGetFontDirs(pointer)) }

    private static func strings(_ list: OpaquePointer?) -> [String] {
        guard let list else { return [] }
        defer { FcStrListDone(list) }
        var strings: [String] = []
        while let next = FcStrListNext(list) { strings.append(String(cString: next)) }
        return strings
    }

    /// The first pattern, in `allPatterns()`'s order, whose `object` string equals `name` ignoring case, as fontconfig
    /// compares names (`FcStrCmpIgnoreCase`), and that `accepts`: names are compared in fontconfig's own patterns, and
    /// only the patterns with the name are wrapped and offered to `accepts`.
    func firstPattern(named name: UnsafePointer<FcChar8>, object: String,
                      where accepts: (FontconfigPattern) -> Bool) -> FontconfigPattern? {
        object.withCString { object in
            for set in [FcSetSystem, FcSetApplication] {
                guard let fonts = FcConfigGetFonts(pointer, set) else { continue }
                for index in 0..<Int(fonts.pointee.nfont) {
                    guard let pattern = fonts.pointee.fonts[index] else { continue }
                    var value: UnsafeMutablePointer<FcChar8>?
                    guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value, FcStrCmpIgnoreCase(value, name) == 0
                    else { continue }
                    let found = FontconfigPattern(referencing: pattern)
                    if accepts(found) { return found }
                }
            }
            return nil
        }
    }

    /// Every font pattern the configuration knows: system fonts, then application fonts.
    func allPatterns() -> [FontconfigPattern] {
        var patterns: [FontconfigPattern] = []
        for set in [FcSetSystem, FcSetApplication] {
            guard let fonts = FcConfigGetFonts(pointer, set) else { continue }
            for index in 0..<Int(fonts.pointee.nfont) {
                if let pattern = fonts.pointee.fonts[index] {
                    patterns.append(FontconfigPattern(referencing: pattern))
                }
            }
        }
        return patterns
    }

    /// Applies the configuration's and fontconfig's default substitutions to a query, as fc-match does.
    func prepareQuery(_ query: FontconfigPattern) {
        FcConfigSubstitute(pointer, query.pointer, FcMatchPattern)
        FcDefaultSubstitute(query.pointer)
    }

    /// The best match for a prepared query (`FcFontMatch`), or nil when the configuration has no fonts.
    func bestMatch(_ query: FontconfigPattern) -> FontconfigPattern? {
        var result = FcResultNoMatch
        guard let match = FcFontMatch(pointer, query.pointer, &result) else { return nil }
        return FontconfigPattern(owning: match)
    }

    /// Every font sorted by closeness to a prepared query (`FcFontSort`, untrimmed unless asked).
    func sortedMatches(_ query: FontconfigPattern, trim: Bool = false) -> [FontconfigPattern] {
        var result = FcResultNoMatch
        guard let set = FcFontSort(pointer, query.pointer, trim ? 1 : 0, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var patterns: [FontconfigPattern] = []
        patterns.reserveCapacity(Int(set.pointee.nfont))
        for index in 0..<Int(set.pointee.nfont) {
            if let pattern = set.pointee.fonts[index] { patterns.append(FontconfigPattern(referencing: pattern)) }
        }
        return patterns
    }
}

/// Every pattern fontconfig finds in one file: each face and each named instance of a variable font.
func fontconfigPatterns(inFile path: String) -> [FontconfigPattern] {
    guard let set = FcFontSetCreate() else { return [] }
    defer { FcFontSetDestroy(set) }
    var count: Int32 = 0
    FcFreeTypeQueryAll(path, UInt32.max, nil, &count, set)
    var patterns: [FontconfigPattern] = []
    for index in 0..<Int(set.pointee.nfont) {
        if let pattern = set.pointee.fonts[index] { patterns.append(FontconfigPattern(referencing: pattern)) }
    }
    return patterns
}
