internal import CHarfBuzz
import Foundation
import Synchronization

/// One face of one font file (or of font data), opened once and shared by every `Font` over it: the
/// bytes, HarfBuzz's immutable face, one HarfBuzz font per variation (at design-unit scale, so sizes
/// share it), and a FreeType face for outlines behind its own lock.
final class FontFace: Sendable {
    /// Where the face comes from: a file path, or data handed to Galley (identified by a serial number).
    enum Source: Hashable, Sendable {
        case file(String)
        case data(Int)
    }

    struct Key: Hashable, Sendable {
        let source: Source
        let index: Int
    }

    let key: Key
    let url: URL?
    let harfBuzz: HarfBuzzFace
    /// The font file's bytes (mapped or copied), shared with HarfBuzz and FreeType.
    let blob: HarfBuzzBlob
    let unitsPerEm: Int
    let glyphCount: Int
    let axes: [VariationAxis]
    /// Whether the face has outline tables (glyf, CFF or CFF2); bitmap-only colour fonts do not.
    let hasOutlines: Bool
    private let freeType: Locked<FreeTypeFace>
    private let fonts = Locked<[[OpenTypeTag: Double]: HarfBuzzFont]>([:])
    private let lazyCodePoints = Locked<CodePointSet?>(nil)
    private let lazyLanguages = Locked<[String]?>(nil)
    /// The itemizer's table of the face's simple units (`Itemizer.simpleUnits(of:)`), made on first use.
    let lazySimpleUnits = Locked<[UInt64]?>(nil)

    private init(blob: HarfBuzzBlob, index: Int, key: Key, url: URL?, describe: String) throws(FontError) {
        guard blob.length > 0 else { throw FontError(.unrecognizedFormat, url: url, "\(describe) is empty") }
        let faceCount = blob.faceCount
        guard faceCount > 0 else {
            throw FontError(.unrecognizedFormat, url: url, "\(describe) is not a font file HarfBuzz recognises")
        }
        guard index >= 0, index < faceCount else {
            throw FontError(
                .faceIndexOutOfRange, url: url, "\(describe) has \(faceCount) face(s); face index \(index) is out of range")
        }
        let face = HarfBuzzFace(blob: blob, index: index)
        // HarfBuzz's sanitizer drops tables that run past the end of the data: a truncated or corrupted
        // file shows up as a missing head or maxp table.
        guard face.tableLength("head") >= 54, face.tableLength("maxp") >= 6, face.glyphCount > 0,
            face.unitsPerEm >= 16
        else {
            throw FontError(.invalidFontData, url: url, "\(describe) is damaged: its head or maxp table is missing or truncated")
        }
        let freeTypeFace: FreeTypeFace
        do {
            freeTypeFace = try FreeTypeFace(blob: blob, index: index)
        } catch {
            throw FontError(.invalidFontData, url: url, "\(describe) is damaged: \(error)")
        }
        self.key = key
        self.url = url
        self.harfBuzz = face
        self.blob = blob
        self.unitsPerEm = face.unitsPerEm
        self.glyphCount = face.glyphCount
        self.axes = VariationAxis.axes(of: face)
        self.hasOutlines = ["glyf", "CFF ", "CFF2"].contains { face.tableLength($0) > 0 }
        self.freeType = Locked(freeTypeFace)
    }

    // MARK: The face cache

    private static let cache = Locked<[Key: FontFace]>([:])
    private static let dataSerial = Atomic<Int>(0)

    /// The face `index` of a file, opened once per process and shared.
    static func load(url: URL, index: Int) throws(FontError) -> FontFace {
        guard url.isFileURL else { throw FontError(.invalidFilePath, url: url, "\(url) is not a file URL") }
        let path = url.standardizedFileURL.path
        let key = Key(source: .file(path), index: index)
        if let face = cache.withLock({ $0[key] }) { return face }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw FontError(.fileNotFound, url: url, "no font file at \(path)")
        }
        guard FileManager.default.isReadableFile(atPath: path), let blob = HarfBuzzBlob(contentsOfFile: path) else {
            throw FontError(.insufficientPermissions, url: url, "cannot read the font file \(path)")
        }
        let face = try FontFace(blob: blob, index: index, key: key, url: URL(fileURLWithPath: path), describe: path)
        return cache.withLock { faces in
            if let existing = faces[key] { return existing }
            faces[key] = face
            return face
        }
    }

    /// A face over font data (copied); not cached by content — every call makes a new face.
    static func load(data: Data, index: Int) throws(FontError) -> FontFace {
        let serial = dataSerial.add(1, ordering: .relaxed).newValue
        let blob = HarfBuzzBlob(copying: data)
        return try FontFace(
            blob: blob, index: index, key: Key(source: .data(serial), index: index), url: nil,
            describe: "font data of \(data.count) bytes")
    }

    /// The number of faces in a file (1 for plain font files, n for collections).
    static func faceCount(ofFileAt path: String) -> Int {
        HarfBuzzBlob(contentsOfFile: path)?.faceCount ?? 0
    }

    // MARK: Shared per-face objects

    /// The HarfBuzz font for a variation (axis values clamped by HarfBuzz), created once.
    func harfBuzzFont(variation: [OpenTypeTag: Double]) -> HarfBuzzFont {
        let relevant = variation.filter { entry in axes.contains { $0.tag == entry.key } }
        return fonts.withLock { fonts in
            if let font = fonts[relevant] { return font }
            let font = HarfBuzzFont(face: harfBuzz, variation: relevant)
            fonts[relevant] = font
            return font
        }
    }

    /// Runs `body` with the FreeType face set to `variation`, under the face's lock.
    func withFreeType<T>(variation: [OpenTypeTag: Double], _ body: (FreeTypeFace) -> T) -> T {
        freeType.withLock { face in
            face.setVariation(variation, axes: axes.map(\.tag))
            return body(face)
        }
    }

    /// Every code point the cmap maps.
    var codePoints: CodePointSet {
        lazyCodePoints.withLock { cached in
            if let cached { return cached }
            let set = harfBuzz.codePoints
            cached = set
            return set
        }
    }

    /// The languages fontconfig judges the face to support (from its coverage), for files; empty for data.
    var languages: [String] {
        lazyLanguages.withLock { cached in
            if let cached { return cached }
            var result: [String] = []
            if case .file(let path) = key.source {
                result = fontconfigPatterns(inFile: path).first { ($0.integer("index") ?? 0) == key.index }?
                    .languages() ?? []
            }
            cached = result
            return result
        }
    }
}

/// One variation axis of a variable font.
///
/// Core Text: a dictionary of `CTFontCopyVariationAxes` (`kCTFontVariationAxisIdentifierKey`,
/// `…MinimumValueKey`, `…MaximumValueKey`, `…DefaultValueKey`, `…NameKey`, `…HiddenKey`).
public struct VariationAxis: Hashable, Sendable {
    /// The axis tag ("wght"). Core Text: `kCTFontVariationAxisIdentifierKey` (as a number there).
    public let tag: OpenTypeTag
    /// The axis name from the name table ("Weight"). Core Text: `kCTFontVariationAxisNameKey`.
    public let name: String
    /// Core Text: `kCTFontVariationAxisMinimumValueKey`.
    public let minimum: Double
    /// Core Text: `kCTFontVariationAxisDefaultValueKey`.
    public let defaultValue: Double
    /// Core Text: `kCTFontVariationAxisMaximumValueKey`.
    public let maximum: Double
    /// Whether the font asks applications not to show the axis. Core Text: `kCTFontVariationAxisHiddenKey`.
    public let isHidden: Bool

    static func axes(of face: HarfBuzzFace) -> [VariationAxis] {
        var count = hb_ot_var_get_axis_count(face.pointer)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        hb_ot_var_get_axis_infos(face.pointer, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            let tag = OpenTypeTag(rawValue: info.tag)
            return VariationAxis(
                tag: tag, name: face.name(id: info.name_id) ?? tag.description, minimum: Double(info.min_value),
                defaultValue: Double(info.default_value), maximum: Double(info.max_value),
                isHidden: info.flags.rawValue & HB_OT_VAR_AXIS_FLAG_HIDDEN.rawValue != 0)
        }
    }
}
