import Foundation

/// Registers font files with a catalog for the life of the process, and reads descriptors out of font
/// files or data without registering them.
///
/// Registration is process-scoped (fontconfig's application fonts, `FcConfigAppFontAddFile`); persistent
/// and user scopes are Apple-only and not offered.
///
/// Core Text: `CTFontManager`.
public enum FontManager {
    /// Posted (on `NotificationCenter.default`, with the catalog as its object) after fonts were registered or
    /// unregistered. Core Text: `kCTFontManagerRegisteredFontsChangedNotification`.
    public static let registeredFontsDidChange = Notification.Name("CTFontManagerFontChangedNotification")

    /// Makes the fonts of a file (every face and named instance) or of every font file under a directory
    /// available to `catalog`'s matching.
    ///
    /// - Throws: `FontError` with Core Text's codes: `.fileNotFound`, `.unrecognizedFormat`,
    ///   `.invalidFontData`, `.alreadyRegistered`, `.registrationFailed`; for a directory, the first file
    ///   that failed (the others are still registered).
    /// Core Text: `CTFontManagerRegisterFontsForURL` with `kCTFontManagerScopeProcess`.
    public static func registerFonts(at url: URL, in catalog: FontCatalog = .system) throws(FontError) {
        let errors = registerFonts(at: [url], in: catalog)
        if let first = errors.first { throw first }
    }

    /// Registers several files or directories; returns the errors (empty when all succeeded).
    /// Core Text: `CTFontManagerRegisterFontURLs` (the handler's errors, as an array).
    @discardableResult
    public static func registerFonts(at urls: [URL], in catalog: FontCatalog = .system) -> [FontError] {
        var errors: [FontError] = []
        for url in urls {
            do {
                for file in try fontFiles(at: url) {
                    do {
                        try validate(file: file)
                        try catalog.register(file: file.path)
                    } catch { errors.append(error) }
                }
            } catch { errors.append(error) }
        }
        if errors.count < urls.count { NotificationCenter.default.post(name: registeredFontsDidChange, object: catalog) }
        return errors
    }

    /// Makes a font held in memory (every face of it) available to `catalog`'s matching and fallback, as a file does:
    /// fontconfig finds fonts by file, so the bytes are written to a folder of this process's own under the temporary
    /// directory, and that file is registered. Returns the file (unregister it with `unregisterFonts(at:in:)`; the
    /// file itself stays until the temporary directory is cleaned).
    ///
    /// - Throws: `FontError` with `.invalidFontData` for bytes that are not a font, or the registration's error.
    /// Core Text: `CTFontManagerRegisterGraphicsFont`.
    @discardableResult
    public static func registerFont(data: Data, in catalog: FontCatalog = .system) throws(FontError) -> URL {
        _ = try descriptors(from: data)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-registered-fonts-\(getpid())", isDirectory: true)
        let file = folder.appendingPathComponent("\(UUID().uuidString).font")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw FontError(.registrationFailed, url: file, "cannot write the font's bytes for fontconfig: \(error)")
        }
        try registerFonts(at: file, in: catalog)
        return file
    }

    /// Removes what `registerFonts(at:)` added for a file or directory.
    ///
    /// - Throws: `FontError` with `.notRegistered` for a file that was not registered.
    /// Core Text: `CTFontManagerUnregisterFontsForURL`.
    public static func unregisterFonts(at url: URL, in catalog: FontCatalog = .system) throws(FontError) {
        for file in try fontFiles(at: url) {
            try catalog.unregister(file: file.path)
        }
        NotificationCenter.default.post(name: registeredFontsDidChange, object: catalog)
    }

    /// The files registered with `catalog` through this type.
    /// Core Text: `CTFontManagerCopyRegisteredFontDescriptors` (as files).
    public static func registeredFontURLs(in catalog: FontCatalog = .system) -> [URL] {
        catalog.registeredFiles.map { URL(fileURLWithPath: $0) }
    }

    /// The descriptors of every face in a file (a collection file gives one per face; a variable font one
    /// per named instance), without registering it.
    ///
    /// - Throws: `FontError` for a missing, unreadable, damaged or non-font file.
    /// Core Text: `CTFontManagerCreateFontDescriptorsFromURL`.
    public static func descriptors(fromFileAt url: URL) throws(FontError) -> [FontDescriptor] {
        let file = url.standardizedFileURL
        try validate(file: file)
        return fontconfigPatterns(inFile: file.path).map(FontDescriptor.init(fontconfig:))
    }

    /// The descriptors of every face in font data, without registering it. The descriptors have no URL;
    /// open the data with `Font(data:faceIndex:size:)`.
    ///
    /// - Throws: `FontError` for empty, damaged or non-font data.
    /// Core Text: `CTFontManagerCreateFontDescriptorsFromData`.
    public static func descriptors(from data: Data) throws(FontError) -> [FontDescriptor] {
        _ = try FontFace.load(data: data, index: 0)
        // fontconfig reads files only: query a private temporary copy.
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("galley-font-\(UUID().uuidString)")
        do { try data.write(to: temporary) } catch {
            throw FontError(.insufficientPermissions, url: temporary, "cannot write a temporary copy: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        return fontconfigPatterns(inFile: temporary.path).map { pattern in
            var descriptor = FontDescriptor(fontconfig: pattern)
            descriptor.url = nil
            return descriptor
        }
    }

    /// The PostScript names of every face in `catalog`, sorted.
    /// Core Text: `CTFontManagerCopyAvailablePostScriptNames`.
    public static func availablePostScriptNames(in catalog: FontCatalog = .system) -> [String] {
        Array(Set(catalog.allDescriptors().compactMap(\.postScriptName))).sorted()
    }

    /// The family names of every face in `catalog`, sorted.
    /// Core Text: `CTFontManagerCopyAvailableFontFamilyNames`.
    public static func availableFamilyNames(in catalog: FontCatalog = .system) -> [String] {
        Array(Set(catalog.allDescriptors().compactMap(\.family))).sorted()
    }

    // MARK: Helpers

    /// The file itself, or the font files under a directory (recursively, by extension).
    static func fontFiles(at url: URL) throws(FontError) -> [URL] {
        guard url.isFileURL else { throw FontError(.invalidFilePath, url: url, "\(url) is not a file URL") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw FontError(.fileNotFound, url: url, "no font file at \(url.path)")
        }
        guard isDirectory.boolValue else { return [url.standardizedFileURL] }
        let extensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfb", "pfa"]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let next = enumerator?.nextObject() as? URL {
            if extensions.contains(next.pathExtension.lowercased()) { files.append(next.standardizedFileURL) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Opens every face of a file once, so that registration refuses what Galley could not use.
    private static func validate(file: URL) throws(FontError) {
        let count = max(FontFace.faceCount(ofFileAt: file.path), 1)
        for index in 0..<count { _ = try FontFace.load(url: file, index: index) }
    }
}
